import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERSONAS,
  buildClassRecordsContext,
  type ClassRecordsContext,
  classListWorkbook,
  type RecordsPersona,
  studentRow,
  upload,
} from './class-records-context.ts';

/**
 * Roles × routes for classes, rosters, student records, the access log and users batch create:
 * every route, every persona. Statuses: 401 anonymous; 403 for a role the route is not for; 404
 * for a record the caller may not see (another teacher's class, another school).
 */
let c: ClassRecordsContext;
let fixture: { classroomId: number; studentId: number; recordId: number; draftId: number; schoolId: number };
beforeAll(async () => {
  c = await buildClassRecordsContext();
  const { classroom, students } = await c.classWithStudents(2);
  const record = await c.json<{ id: number }>('teacher', 'POST', '/api/v1/student-records', {
    studentId: students[0]?.id,
    area: 'BEHAVIOR',
    content: '성실함.',
  });
  const draft = await c.json<{ id: number }>('teacher', 'POST', '/api/v1/student-records/drafts', {
    studentId: students[0]?.id,
    area: 'CLUB',
    notes: '합창 연습에 빠짐없이 참여함.',
  });
  fixture = {
    classroomId: classroom.id,
    studentId: students[0]?.id ?? 0,
    recordId: record.id,
    draftId: draft.id,
    schoolId: classroom.schoolId,
  };
});
afterAll(() => c.t.close());

type Expect = Record<RecordsPersona, number>;
function row(
  teacher: number,
  others: {
    admin?: number;
    superAdmin?: number;
    colleague?: number;
    otherSchool?: number;
    otherAdmin?: number;
  } = {},
): Expect {
  const colleague = others.colleague ?? 404;
  const otherSchool = others.otherSchool ?? 404;
  return {
    anonymous: 401,
    student: 403,
    provider: 403,
    unlicensed: colleague,
    teacher,
    sameSchoolTeacher: colleague,
    otherSchoolTeacher: otherSchool,
    admin: others.admin ?? teacher,
    otherSchoolAdmin: others.otherAdmin ?? otherSchool,
    superAdmin: others.superAdmin ?? teacher,
  };
}
const anyTeacher = (status = 200) => row(status, { colleague: status, otherSchool: status });
const adminsOnly = (status = 200, superAdmin = status): Expect => ({
  ...row(403, { colleague: 403, otherSchool: 403 }),
  admin: status,
  otherSchoolAdmin: status,
  superAdmin,
});

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Builds the request; may create what a destructive call will consume. */
  build: (persona: RecordsPersona) => Promise<{ url: string; body?: unknown }>;
  expected: Expect;
}

let counter = 10;
const next = () => ++counter;
const klass = () => `/api/v1/classroom/${fixture.classroomId}`;

// Roster numbers 3–99 of the fixture class, one per student the cases add.
let rosterNumber = 2;
const nextStudent = () => studentRow(++rosterNumber);

async function spareStudent() {
  const [student] = await c.json<{ id: number }[]>('teacher', 'POST', `${klass()}/students`, {
    students: [nextStudent()],
  });
  return student?.id ?? 0;
}

const cases: Case[] = [
  {
    name: 'GET classroom/name',
    method: 'GET',
    build: async () => ({ url: '/api/v1/classroom/name' }),
    expected: anyTeacher(),
  },
  {
    name: 'GET classroom/list',
    method: 'GET',
    build: async () => ({ url: '/api/v1/classroom/list' }),
    expected: anyTeacher(),
  },
  {
    name: 'GET classroom/is-duplicate (this school)',
    method: 'GET',
    build: async () => ({
      url: `/api/v1/classroom/is-duplicate?schoolYear=2026&grade=3&classNumber=1&schoolId=${fixture.schoolId}`,
    }),
    expected: row(200, { colleague: 200, otherSchool: 403 }),
  },
  {
    name: 'GET classroom/homeroom-teachers',
    method: 'GET',
    build: async () => ({ url: '/api/v1/classroom/homeroom-teachers' }),
    // A super administrator has no school of their own: they name one.
    expected: adminsOnly(200, 403),
  },
  {
    name: 'GET classroom/students/template',
    method: 'GET',
    build: async () => ({ url: '/api/v1/classroom/students/template' }),
    expected: anyTeacher(),
  },
  {
    name: 'GET classroom/access-log',
    method: 'GET',
    build: async () => ({ url: '/api/v1/classroom/access-log' }),
    expected: adminsOnly(),
  },
  {
    name: 'GET classroom/access-log/export',
    method: 'GET',
    build: async () => ({ url: '/api/v1/classroom/access-log/export' }),
    expected: adminsOnly(),
  },
  { name: 'GET classroom/{id}', method: 'GET', build: async () => ({ url: klass() }), expected: row(200) },
  {
    name: 'POST classroom (in this school)',
    method: 'POST',
    build: async () => ({
      url: '/api/v1/classroom',
      body: { schoolYear: 2030, grade: 1, classNumber: next() % 30 || 1, schoolId: fixture.schoolId },
    }),
    expected: row(201, { colleague: 201, otherSchool: 403 }),
  },
  {
    name: 'PUT classroom/{id}',
    method: 'PUT',
    build: async () => ({ url: klass(), body: { name: '3학년 1반' } }),
    expected: row(200),
  },
  {
    name: 'DELETE classroom/{id}',
    method: 'DELETE',
    build: async () => {
      const created = await c.json<{ id: number }>('teacher', 'POST', '/api/v1/classroom', {
        schoolYear: 2031,
        grade: 2,
        classNumber: next() % 30 || 1,
      });
      return { url: `/api/v1/classroom/${created.id}` };
    },
    expected: row(200),
  },
  {
    name: 'GET classroom/{id}/students',
    method: 'GET',
    build: async () => ({ url: `${klass()}/students` }),
    expected: row(200),
  },
  {
    name: 'POST classroom/{id}/students',
    method: 'POST',
    build: async () => ({ url: `${klass()}/students`, body: { students: [nextStudent()] } }),
    expected: row(201),
  },
  {
    name: 'POST classroom/{id}/students/duplicate-check',
    method: 'POST',
    build: async () => ({ url: `${klass()}/students/duplicate-check`, body: { number: 1 } }),
    expected: row(200),
  },
  {
    name: 'POST classroom/{id}/students/remove',
    method: 'POST',
    build: async () => ({ url: `${klass()}/students/remove`, body: { studentIds: [await spareStudent()] } }),
    expected: row(200),
  },
  {
    name: 'POST classroom/{id}/students/import (dry run)',
    method: 'POST',
    build: async () => ({
      url: `${klass()}/students/import?dryRun=true`,
      body: upload(await classListWorkbook([[99, '한가람', '여', null]])),
    }),
    expected: row(200),
  },
  {
    name: 'GET classroom/{id}/students/export',
    method: 'GET',
    build: async () => ({ url: `${klass()}/students/export` }),
    expected: row(200),
  },
  {
    name: 'PUT classroom/{id}/students/{studentId}',
    method: 'PUT',
    build: async () => ({ url: `${klass()}/students/${fixture.studentId}`, body: { gender: 'M' } }),
    expected: row(200),
  },
  {
    name: 'GET classroom/{id}/students/{studentId}/export',
    method: 'GET',
    build: async () => ({ url: `${klass()}/students/${fixture.studentId}/export` }),
    expected: row(200),
  },
  {
    name: 'DELETE classroom/{id}/students/{studentId}',
    method: 'DELETE',
    build: async () => ({ url: `${klass()}/students/${await spareStudent()}` }),
    expected: row(200),
  },
  {
    name: 'GET student-records/items',
    method: 'GET',
    build: async () => ({ url: '/api/v1/student-records/items' }),
    expected: anyTeacher(),
  },
  {
    name: 'GET student-records?classroomId',
    method: 'GET',
    build: async () => ({ url: `/api/v1/student-records?classroomId=${fixture.classroomId}` }),
    expected: row(200),
  },
  {
    name: 'GET student-records/{id}',
    method: 'GET',
    build: async () => ({ url: `/api/v1/student-records/${fixture.recordId}` }),
    // Records are the author's and the school administrators': a super administrator has none.
    expected: row(200, { superAdmin: 404 }),
  },
  {
    name: 'GET student-records/library/{id}',
    method: 'GET',
    build: async () => ({ url: `/api/v1/student-records/library/${fixture.recordId}` }),
    expected: row(200, { superAdmin: 404 }),
  },
  {
    name: 'POST student-records',
    method: 'POST',
    build: async () => ({
      url: '/api/v1/student-records',
      body: { studentId: await spareStudent(), area: 'CAREER', content: '꿈을 키움.' },
    }),
    expected: row(201, { superAdmin: 403 }),
  },
  {
    name: 'PUT student-records/{id}',
    method: 'PUT',
    build: async () => ({
      url: `/api/v1/student-records/${fixture.recordId}`,
      body: { content: '성실하고 배려심이 깊음.' },
    }),
    expected: row(200, { admin: 403, superAdmin: 404 }),
  },
  {
    name: 'DELETE student-records/{id}',
    method: 'DELETE',
    build: async () => {
      const record = await c.json<{ id: number }>('teacher', 'POST', '/api/v1/student-records', {
        studentId: await spareStudent(),
        area: 'CLUB',
        content: '노래함.',
      });
      return { url: `/api/v1/student-records/${record.id}` };
    },
    expected: row(200, { superAdmin: 404 }),
  },
  ...[
    '/api/v1/student-records/check',
    '/generate/check-student-record',
    '/openai/generate/check-student-record',
  ].map(
    (url): Case => ({
      name: `POST ${url}`,
      method: 'POST',
      build: async () => ({ url, body: { area: 'BEHAVIOR', text: '성실함.', spelling: false } }),
      expected: anyTeacher(),
    }),
  ),
  ...['/api/v1/student-records/drafts', '/generate/student-record', '/openai/generate/student-record'].map(
    (url): Case => ({
      name: `POST ${url}`,
      method: 'POST',
      build: async () => ({ url, body: { studentId: fixture.studentId, area: 'CAREER', keywords: '과학' } }),
      expected: row(200, { superAdmin: 403 }),
    }),
  ),
  {
    name: 'GET student-records/drafts/{id}',
    method: 'GET',
    build: async () => ({ url: `/api/v1/student-records/drafts/${fixture.draftId}` }),
    expected: row(200, { admin: 404, superAdmin: 404 }),
  },
  ...(['accept', 'reject'] as const).map(
    (decision): Case => ({
      name: `POST student-records/drafts/{id}/${decision}`,
      method: 'POST',
      build: async () => {
        const draft = await c.json<{ id: number }>('teacher', 'POST', '/api/v1/student-records/drafts', {
          studentId: fixture.studentId,
          area: 'AUTONOMY',
          keywords: '자치',
        });
        return { url: `/api/v1/student-records/drafts/${draft.id}/${decision}` };
      },
      expected: row(200, { admin: 404, superAdmin: 404 }),
    }),
  ),
  {
    name: 'POST users/batch',
    method: 'POST',
    build: async (persona) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('계정');
      sheet.addRow(['아이디', '이름', '이메일', '역할', '직함', '초기 비밀번호']);
      sheet.addRow([`batch${next()}`, '새교사', null, '교사', null, null]);
      const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
      return {
        url: '/api/v1/users/batch',
        body: upload(
          bytes,
          '계정.xlsx',
          persona === 'superAdmin' ? { schoolId: String(fixture.schoolId) } : {},
        ),
      };
    },
    expected: adminsOnly(201),
  },
  {
    name: 'GET users/batch/template',
    method: 'GET',
    build: async () => ({ url: '/api/v1/users/batch/template' }),
    expected: adminsOnly(),
  },
];

describe('authorization matrix: classes, rosters, student records, access log, users batch', () => {
  for (const route of cases) {
    for (const persona of ALL_PERSONAS) {
      it(`${route.name} as ${persona} → ${route.expected[persona]}`, async () => {
        const { url, body } = await route.build(persona);
        const res = await c.request(persona, route.method, url, body);
        expect(res.status, await res.clone().text()).toBe(route.expected[persona]);
        if (res.status >= 400) expect(Object.keys(await res.json()).sort()).toEqual(['code', 'message']);
      });
    }
  }
});
