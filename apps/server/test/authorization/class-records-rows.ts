import ExcelJS from 'exceljs';
import { type MatrixPersona, type MatrixWorld, PERSONAS } from './matrix-world.ts';
import type { Expect, Request, RouteRow } from './route-matrix.ts';

/**
 * Rows of the classes, rosters, student records, access log and users batch routes. The owner is
 * the homeroom teacher of a class of school A with pupils, one record and one draft; colleagues,
 * another school and the super administrator stand at their distances from it. Records are the
 * author's and school A's administrators' only: the super administrator sets classes up but reads
 * no records.
 */
const all = (status: number): Expect =>
  Object.fromEntries(PERSONAS.map((persona) => [persona, status])) as Expect;
const who = (base: Expect, overrides: Partial<Expect>): Expect => ({ ...base, ...overrides });
/** Teachers and administrators (any school), not students, providers or anonymous callers. */
const teachers = (status: number) => who(all(status), { anonymous: 401, student: 403, provider: 403 });
/** The owner's class: its homeroom teacher, school A's administrator, the super administrator. */
const classOf = (status: number) =>
  who(teachers(404), { owner: status, adminHere: status, superAdmin: status });
/** Writing records in the owner's class: the homeroom teacher and school A's administrator. */
const writesRecords = (status: number) => who(classOf(status), { superAdmin: 403 });
/** The owner's record: its author and school A's administrator. */
const readsRecord = (status: number) => who(teachers(404), { owner: status, adminHere: status });
/** Administrators of a school, and the super administrator. */
const admins = (status: number) =>
  who(all(403), { anonymous: 401, adminHere: status, adminElsewhere: status, superAdmin: status });

type Fixture = { classroomId: number; studentId: number; recordId: number; draftId: number };
const fixtures = new WeakMap<MatrixWorld, Promise<Fixture>>();
let sequence = 0;

async function asOwner<T>(w: MatrixWorld, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { ...(await w.headersFor('owner')) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${w.origin}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A pupil nobody has used yet (numbers 3–99 of the owner's class). */
async function freshStudent(w: MatrixWorld): Promise<number> {
  const { classroomId } = await fixture(w);
  sequence += 1;
  const [student] = await asOwner<{ id: number }[]>(w, 'POST', `/api/v1/classroom/${classroomId}/students`, {
    students: [{ number: 2 + sequence, name: `학생${String.fromCharCode(0xac00 + sequence)}`, gender: 'F' }],
  });
  return student?.id ?? 0;
}

function fixture(w: MatrixWorld): Promise<Fixture> {
  let made = fixtures.get(w);
  if (!made) {
    made = (async () => {
      const classroom = await asOwner<{ id: number }>(w, 'POST', '/api/v1/classroom', {
        schoolYear: 2026,
        grade: 3,
        classNumber: 2,
      });
      const [student] = await asOwner<{ id: number }[]>(
        w,
        'POST',
        `/api/v1/classroom/${classroom.id}/students`,
        {
          students: [
            { number: 1, name: '김민준', gender: 'M' },
            { number: 2, name: '이서연', gender: 'F' },
          ],
        },
      );
      const studentId = student?.id ?? 0;
      const record = await asOwner<{ id: number }>(w, 'POST', '/api/v1/student-records', {
        studentId,
        area: 'BEHAVIOR',
        content: '성실함.',
      });
      const draft = await asOwner<{ id: number }>(w, 'POST', '/api/v1/student-records/drafts', {
        studentId,
        area: 'CLUB',
        notes: '합창 연습에 빠짐없이 참여함.',
      });
      return { classroomId: classroom.id, studentId, recordId: record.id, draftId: draft.id };
    })();
    fixtures.set(w, made);
  }
  return made;
}

const at =
  (path: (f: Fixture, w: MatrixWorld, persona: MatrixPersona) => string | Promise<string>, body?: unknown) =>
  async (w: MatrixWorld, persona: MatrixPersona): Promise<Request> => ({
    url: await path(await fixture(w), w, persona),
    ...(body === undefined ? {} : { body }),
  });
const klass = (f: Fixture) => `/api/v1/classroom/${f.classroomId}`;

async function sheet(header: string[], rows: (string | number | null)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('명단');
  worksheet.addRow(header);
  for (const row of rows) worksheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
function upload(bytes: Uint8Array, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), '명단.xlsx');
  return form;
}

export const CLASS_RECORD_ROWS: RouteRow[] = [
  {
    route: 'GET /api/v1/classroom/name',
    cases: [{ request: at(() => '/api/v1/classroom/name'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/classroom/list',
    cases: [{ request: at(() => '/api/v1/classroom/list'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/classroom/is-duplicate',
    cases: [
      {
        label: 'in school A',
        request: at(
          (_f, w) =>
            `/api/v1/classroom/is-duplicate?schoolYear=2026&grade=3&classNumber=2&schoolId=${w.schoolA}`,
        ),
        expect: who(teachers(200), { otherSchool: 403, adminElsewhere: 403 }),
      },
    ],
  },
  {
    route: 'GET /api/v1/classroom/homeroom-teachers',
    // A super administrator has no school of their own: without a schoolId there is none to list.
    cases: [
      {
        request: at(() => '/api/v1/classroom/homeroom-teachers'),
        expect: who(admins(200), { superAdmin: 403 }),
      },
    ],
  },
  {
    route: 'GET /api/v1/classroom/students/template',
    cases: [{ request: at(() => '/api/v1/classroom/students/template'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/classroom/access-log',
    cases: [{ request: at(() => '/api/v1/classroom/access-log'), expect: admins(200) }],
  },
  {
    route: 'GET /api/v1/classroom/access-log/export',
    cases: [{ request: at(() => '/api/v1/classroom/access-log/export'), expect: admins(200) }],
  },
  { route: 'GET /api/v1/classroom/:id', cases: [{ request: at(klass), expect: classOf(200) }] },
  {
    route: 'POST /api/v1/classroom',
    cases: [
      {
        label: 'in school A',
        request: async (w) => {
          sequence += 1;
          return {
            url: '/api/v1/classroom',
            body: {
              schoolYear: 2030,
              grade: 1 + (sequence % 6),
              classNumber: 1 + (sequence % 30),
              schoolId: w.schoolA,
            },
          };
        },
        expect: who(teachers(201), { otherSchool: 403, adminElsewhere: 403 }),
      },
    ],
  },
  {
    route: 'PUT /api/v1/classroom/:id',
    cases: [{ request: at(klass, { name: '3학년 2반' }), expect: classOf(200) }],
  },
  {
    route: 'DELETE /api/v1/classroom/:id',
    cases: [
      {
        request: async (w) => {
          sequence += 1;
          const made = await asOwner<{ id: number }>(w, 'POST', '/api/v1/classroom', {
            schoolYear: 2031,
            grade: 1 + (sequence % 6),
            classNumber: 1 + (sequence % 30),
          });
          return { url: `/api/v1/classroom/${made.id}` };
        },
        expect: classOf(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/classroom/:id/students',
    cases: [{ request: at((f) => `${klass(f)}/students`), expect: classOf(200) }],
  },
  {
    route: 'POST /api/v1/classroom/:id/students',
    cases: [
      {
        request: async (w) => {
          const f = await fixture(w);
          sequence += 1;
          return {
            url: `${klass(f)}/students`,
            body: {
              students: [
                { number: 2 + sequence, name: `추가${String.fromCharCode(0xac00 + sequence)}`, gender: 'M' },
              ],
            },
          };
        },
        expect: classOf(201),
      },
    ],
  },
  {
    route: 'POST /api/v1/classroom/:id/students/duplicate-check',
    cases: [
      { request: at((f) => `${klass(f)}/students/duplicate-check`, { number: 1 }), expect: classOf(200) },
    ],
  },
  {
    route: 'POST /api/v1/classroom/:id/students/remove',
    cases: [
      {
        request: async (w) => {
          const studentId = await freshStudent(w);
          return { url: `${klass(await fixture(w))}/students/remove`, body: { studentIds: [studentId] } };
        },
        expect: classOf(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/classroom/:id/students/import',
    cases: [
      {
        label: 'dry run',
        request: async (w) => ({
          url: `${klass(await fixture(w))}/students/import?dryRun=true`,
          body: upload(await sheet(['번호', '이름', '성별'], [[99, '한가람', '여']])),
        }),
        expect: classOf(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/classroom/:id/students/export',
    cases: [{ request: at((f) => `${klass(f)}/students/export`), expect: classOf(200) }],
  },
  {
    route: 'PUT /api/v1/classroom/:id/students/:studentId',
    cases: [
      { request: at((f) => `${klass(f)}/students/${f.studentId}`, { gender: 'M' }), expect: classOf(200) },
    ],
  },
  {
    route: 'GET /api/v1/classroom/:id/students/:studentId/export',
    cases: [{ request: at((f) => `${klass(f)}/students/${f.studentId}/export`), expect: classOf(200) }],
  },
  {
    route: 'DELETE /api/v1/classroom/:id/students/:studentId',
    cases: [
      {
        request: async (w) => ({ url: `${klass(await fixture(w))}/students/${await freshStudent(w)}` }),
        expect: classOf(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/student-records/items',
    cases: [{ request: at(() => '/api/v1/student-records/items'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/student-records',
    cases: [
      {
        label: "the owner's class",
        request: at((f) => `/api/v1/student-records?classroomId=${f.classroomId}`),
        expect: classOf(200),
      },
    ],
  },
  ...['/api/v1/student-records/:id', '/api/v1/student-records/library/:id'].map((pattern) => ({
    route: `GET ${pattern}`,
    cases: [{ request: at((f) => pattern.replace(':id', String(f.recordId))), expect: readsRecord(200) }],
  })),
  {
    route: 'POST /api/v1/student-records',
    cases: [
      {
        request: async (w) => ({
          url: '/api/v1/student-records',
          body: { studentId: await freshStudent(w), area: 'CAREER', content: '꿈을 키움.' },
        }),
        expect: writesRecords(201),
      },
    ],
  },
  {
    route: 'PUT /api/v1/student-records/:id',
    cases: [
      {
        request: at((f) => `/api/v1/student-records/${f.recordId}`, { content: '성실하고 배려심이 깊음.' }),
        // School A's administrator reads the record but does not rewrite a colleague's text.
        expect: who(readsRecord(200), { adminHere: 403 }),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/student-records/:id',
    cases: [
      {
        request: async (w) => {
          const record = await asOwner<{ id: number }>(w, 'POST', '/api/v1/student-records', {
            studentId: await freshStudent(w),
            area: 'CLUB',
            content: '노래함.',
          });
          return { url: `/api/v1/student-records/${record.id}` };
        },
        expect: readsRecord(200),
      },
    ],
  },
  ...[
    '/api/v1/student-records/check',
    '/generate/check-student-record',
    '/openai/generate/check-student-record',
  ].map((url) => ({
    route: `POST ${url}`,
    cases: [
      {
        request: at(() => url, { area: 'BEHAVIOR', text: '성실함.', spelling: false }),
        expect: teachers(200),
      },
    ],
  })),
  ...['/api/v1/student-records/drafts', '/generate/student-record', '/openai/generate/student-record'].map(
    (url) => ({
      route: `POST ${url}`,
      cases: [
        {
          request: async (w: MatrixWorld) => ({
            url,
            body: { studentId: (await fixture(w)).studentId, area: 'CAREER', keywords: '과학' },
          }),
          expect: writesRecords(200),
        },
      ],
    }),
  ),
  {
    route: 'GET /api/v1/student-records/drafts/:id',
    cases: [
      {
        request: at((f) => `/api/v1/student-records/drafts/${f.draftId}`),
        expect: who(teachers(404), { owner: 200 }),
      },
    ],
  },
  ...(['accept', 'reject'] as const).map((decision) => ({
    route: `POST /api/v1/student-records/drafts/:id/${decision}`,
    cases: [
      {
        request: async (w: MatrixWorld) => {
          const f = await fixture(w);
          const draft = await asOwner<{ id: number }>(w, 'POST', '/api/v1/student-records/drafts', {
            studentId: f.studentId,
            area: 'AUTONOMY',
            keywords: '자치',
          });
          return { url: `/api/v1/student-records/drafts/${draft.id}/${decision}` };
        },
        expect: who(teachers(404), { owner: 200 }),
      },
    ],
  })),
  {
    route: 'POST /api/v1/users/batch',
    cases: [
      {
        label: 'one account',
        request: async (w, persona) => {
          sequence += 1;
          const bytes = await sheet(['아이디', '이름', '역할'], [[`batch${sequence}`, '새교사', '교사']]);
          return {
            url: '/api/v1/users/batch',
            body: upload(bytes, persona === 'superAdmin' ? { schoolId: String(w.schoolA) } : {}),
          };
        },
        expect: admins(201),
      },
    ],
  },
  {
    route: 'GET /api/v1/users/batch/template',
    cases: [{ request: at(() => '/api/v1/users/batch/template'), expect: admins(200) }],
  },
];
