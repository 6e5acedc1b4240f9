import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClassRecordsContext,
  type ClassRecordsContext,
  classListWorkbook,
  studentRow,
  upload,
} from './class-records-context.ts';

let c: ClassRecordsContext;
beforeAll(async () => {
  c = await buildClassRecordsContext();
});
afterAll(() => c.t.close());

async function logOf(persona: 'admin' | 'superAdmin', query = '') {
  return c.json<{
    items: {
      action: string;
      actorName: string;
      studentLabel: string | null;
      ip: string | null;
      userAgent: string | null;
      classroomLabel: string | null;
    }[];
    total: number;
  }>(persona, 'GET', `/api/v1/classroom/access-log?pageSize=200${query}`);
}

describe('classes', () => {
  it('a teacher creates a class of their school as its homeroom teacher, and refuses the same number twice', async () => {
    const res = await c.request('teacher', 'POST', '/api/v1/classroom', {
      schoolYear: 2026,
      grade: 3,
      classNumber: 2,
    });
    expect(res.status).toBe(201);
    const classroom = await res.json();
    expect(classroom).toMatchObject({
      label: '2026학년도 3학년 2반',
      name: '3학년 2반',
      homeroomTeacherId: c.users.teacher?.id,
      schoolId: c.users.teacher?.schoolId,
      studentCount: 0,
      abilities: { view: true, edit: true, delete: true, manageStudents: true },
    });
    const again = await c.request('teacher', 'POST', '/api/v1/classroom', {
      schoolYear: 2026,
      grade: 3,
      classNumber: 2,
    });
    expect(again.status).toBe(400);
    expect((await again.json()).details[0].message).toBe('2026학년도 3학년 2반이 이미 있습니다.');
    const duplicate = await c.json<{ duplicate: boolean; message: string }>(
      'sameSchoolTeacher',
      'GET',
      '/api/v1/classroom/is-duplicate?schoolYear=2026&grade=3&classNumber=2',
    );
    expect(duplicate).toEqual({ duplicate: true, message: '2026학년도 3학년 2반이 이미 있습니다.' });
    // Cleaned up so the helper's numbering (1, 2, …) stays free for the other tests.
    expect((await c.request('teacher', 'DELETE', `/api/v1/classroom/${classroom.id}`)).status).toBe(200);
  });

  it('answers validation errors in Korean, field by field', async () => {
    const res = await c.request('teacher', 'POST', '/api/v1/classroom', {
      schoolYear: 2026,
      grade: 9,
      classNumber: 0,
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('E_VALIDATION');
    expect(body.message).toBe('입력값이 올바르지 않습니다.');
    expect(body.details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining(['학년은 6 이하여야 합니다.', '반은 1 이상이어야 합니다.']),
    );
    const { classroom } = await c.classWithStudents(0);
    const bad = await c.request('teacher', 'POST', `/api/v1/classroom/${classroom.id}/students`, {
      students: [{ number: 1, name: '1234', gender: 'X', birthDate: '2017-02-30' }],
    });
    expect(bad.status).toBe(400);
    const messages = (await bad.json()).details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        '이름은 한글이나 영문으로 입력해주세요.',
        '성별은 남 또는 여로 입력해주세요.',
        '있는 날짜를 입력해주세요.',
      ]),
    );
  });

  it('lists a teacher only their classes, an admin every class of the school, and hides the rest', async () => {
    const mine = await c.classWithStudents(2);
    const colleagues = await c.classWithStudents(1, 'sameSchoolTeacher');
    const teacherList = await c.json<{ id: number }[]>(
      'teacher',
      'GET',
      '/api/v1/classroom/list?schoolYear=2026',
    );
    expect(teacherList.map((x) => x.id)).toContain(mine.classroom.id);
    expect(teacherList.map((x) => x.id)).not.toContain(colleagues.classroom.id);
    const adminList = await c.json<{ id: number }[]>('admin', 'GET', '/api/v1/classroom/list');
    expect(adminList.map((x) => x.id)).toEqual(
      expect.arrayContaining([mine.classroom.id, colleagues.classroom.id]),
    );
    expect(await c.json('otherSchoolAdmin', 'GET', '/api/v1/classroom/list')).toEqual([]);
    expect(
      (await c.request('sameSchoolTeacher', 'GET', `/api/v1/classroom/${mine.classroom.id}`)).status,
    ).toBe(404);
    expect(
      (await c.request('otherSchoolTeacher', 'GET', `/api/v1/classroom/${mine.classroom.id}/students`))
        .status,
    ).toBe(404);
    expect(
      (await c.request('otherSchoolAdmin', 'GET', `/api/v1/classroom/${mine.classroom.id}`)).status,
    ).toBe(404);
    expect((await c.request('student', 'GET', '/api/v1/classroom/list')).status).toBe(403);
    const names = await c.json<{ id: number; label: string }[]>('teacher', 'GET', '/api/v1/classroom/name');
    expect(names.find((n) => n.id === mine.classroom.id)?.label).toMatch(/^2026학년도 3학년 \d+반$/);
  });

  it('an admin creates a class for a colleague and may hand it to another teacher of the school only', async () => {
    const candidates = await c.json<{ id: number; name: string }[]>(
      'admin',
      'GET',
      '/api/v1/classroom/homeroom-teachers',
    );
    expect(candidates.map((t) => t.id)).toEqual(
      expect.arrayContaining([c.users.teacher?.id, c.users.teacher3?.id]),
    );
    expect(candidates.map((t) => t.id)).not.toContain(c.users.student?.id);
    const created = await c.json<{ id: number; homeroomTeacherName: string }>(
      'admin',
      'POST',
      '/api/v1/classroom',
      {
        schoolYear: 2026,
        grade: 4,
        classNumber: 1,
        homeroomTeacherId: c.users.teacher3?.id,
      },
    );
    expect(created.homeroomTeacherName).toBe(c.users.teacher3?.name);
    const foreign = await c.request('admin', 'PUT', `/api/v1/classroom/${created.id}`, {
      homeroomTeacherId: c.users.teacher2?.id,
    });
    expect(foreign.status).toBe(400);
    const handOver = await c.request('sameSchoolTeacher', 'PUT', `/api/v1/classroom/${created.id}`, {
      homeroomTeacherId: c.users.teacher?.id,
    });
    expect(handOver.status).toBe(403);
    const renamed = await c.json<{ name: string }>(
      'sameSchoolTeacher',
      'PUT',
      `/api/v1/classroom/${created.id}`,
      { name: '햇살반' },
    );
    expect(renamed.name).toBe('햇살반');
  });
});

describe('rosters', () => {
  it('refuses duplicate numbers and same name with same birth date, with a clear Korean message', async () => {
    const { classroom, students } = await c.classWithStudents(3);
    const first = students[0];
    const sameNumber = await c.request('teacher', 'POST', `/api/v1/classroom/${classroom.id}/students`, {
      students: [{ number: 2, name: '새학생', gender: 'M' }],
    });
    expect((await sameNumber.json()).details[0].message).toBe('2번 학생이 이미 있습니다.');
    const inEnglish = await fetch(`${c.t.origin}/api/v1/classroom/${classroom.id}/students`, {
      method: 'POST',
      headers: {
        ...(await c.headersFor('teacher')),
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      body: JSON.stringify({ students: [{ number: 2, name: '새학생', gender: 'M' }] }),
    });
    expect(((await inEnglish.json()) as { details: { message: string }[] }).details[0]?.message).toBe(
      'Student number 2 is already on the roster.',
    );
    const sameName = await c.request('teacher', 'POST', `/api/v1/classroom/${classroom.id}/students`, {
      students: [{ ...studentRow(1), number: 30 }],
    });
    expect((await sameName.json()).details[0].message).toBe(
      '이름과 생년월일이 같은 학생(1번)이 이미 있습니다.',
    );
    const check = await c.json<{ duplicate: boolean; message: string | null }>(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/duplicate-check`,
      { number: 3, excludeStudentId: students[2]?.id },
    );
    expect(check).toEqual({ duplicate: false, message: null });
    const updated = await c.json<{ name: string }>(
      'teacher',
      'PUT',
      `/api/v1/classroom/${classroom.id}/students/${first?.id}`,
      {
        name: '김하늘',
      },
    );
    expect(updated.name).toBe('김하늘');
    const clash = await c.request(
      'teacher',
      'PUT',
      `/api/v1/classroom/${classroom.id}/students/${first?.id}`,
      { number: 2 },
    );
    expect((await clash.json()).details[0].message).toBe('2번 학생이 이미 있습니다.');
    const removed = await c.json<{ removed: number }>(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/remove`,
      {
        studentIds: [students[1]?.id],
      },
    );
    expect(removed.removed).toBe(1);
    const roster = await c.json<{ number: number }[]>(
      'teacher',
      'GET',
      `/api/v1/classroom/${classroom.id}/students`,
    );
    expect(roster.map((s) => s.number)).toEqual([1, 3]);
  });

  it('a colleague cannot add to, change or empty another teacher’s roster', async () => {
    const { classroom, students } = await c.classWithStudents(1);
    for (const [method, path, body] of [
      ['POST', `/api/v1/classroom/${classroom.id}/students`, { students: [studentRow(5)] }],
      ['PUT', `/api/v1/classroom/${classroom.id}/students/${students[0]?.id}`, { name: '바꿈' }],
      ['POST', `/api/v1/classroom/${classroom.id}/students/remove`, { studentIds: [students[0]?.id] }],
      ['DELETE', `/api/v1/classroom/${classroom.id}`, undefined],
    ] as const) {
      expect((await c.request('sameSchoolTeacher', method, path, body)).status, `${method} ${path}`).toBe(
        404,
      );
    }
  });
});

describe('Excel import and export', () => {
  const valid = () =>
    Array.from({ length: 25 }, (_, i) => {
      const s = studentRow(i + 1);
      return [s.number, s.name, s.gender === 'M' ? '남' : '여', s.birthDate];
    });

  it('imports a valid sheet of 25 after a dry run that writes nothing', async () => {
    const { classroom } = await c.classWithStudents(0);
    const bytes = await classListWorkbook(valid());
    const dry = await c.request(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/import?dryRun=true`,
      upload(bytes),
    );
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({ rows: 25, problems: [], created: 0 });
    expect(await c.json('teacher', 'GET', `/api/v1/classroom/${classroom.id}/students`)).toEqual([]);
    const res = await c.request(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/import`,
      upload(bytes),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ rows: 25, problems: [], created: 25 });
    const roster = await c.json<{ number: number; gender: string; birthDate: string }[]>(
      'teacher',
      'GET',
      `/api/v1/classroom/${classroom.id}/students`,
    );
    expect(roster).toHaveLength(25);
    expect(roster[0]).toMatchObject({ number: 1, gender: 'M', birthDate: studentRow(1).birthDate });
  });

  it('writes nothing when three rows are bad, and reports the three by row and column', async () => {
    const { classroom } = await c.classWithStudents(0);
    const rows: (string | number | null)[][] = valid().slice(0, 10);
    rows[2] = [3, '', '남', null];
    rows[5] = [6, '정하나', '중', null];
    rows[8] = [2, '최둘', '여', '2017-13-01'];
    const res = await c.request(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/import`,
      upload(await classListWorkbook(rows)),
    );
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report.created).toBe(0);
    expect(report.problems).toEqual([
      { row: 4, column: '이름', message: '이름을 입력해주세요.' },
      { row: 7, column: '성별', message: '성별은 남 또는 여로 입력해주세요.' },
      { row: 10, column: '생년월일', message: '있는 날짜를 입력해주세요.' },
    ]);
    expect(await c.json('teacher', 'GET', `/api/v1/classroom/${classroom.id}/students`)).toEqual([]);
    // A teacher reading the product in English reads the same report in English (the columns are
    // the sheet's own headers).
    const english = await fetch(`${c.t.origin}/api/v1/classroom/${classroom.id}/students/import`, {
      method: 'POST',
      headers: { ...(await c.headersFor('teacher')), 'accept-language': 'en' },
      body: upload(await classListWorkbook(rows)),
    });
    expect(((await english.json()) as { problems: unknown }).problems).toEqual([
      { row: 4, column: '이름', message: 'Enter a name.' },
      { row: 7, column: '성별', message: 'Enter the gender as 남 or 여.' },
      { row: 10, column: '생년월일', message: 'Enter a date that exists.' },
    ]);
  });

  it('refuses a zip bomb with E_EXCEL_001 without opening it', async () => {
    const { classroom } = await c.classWithStudents(0);
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/workbook.xml', '<workbook/>');
    zip.file('xl/worksheets/sheet1.xml', `<sheetData>${' '.repeat(3 * 1024 * 1024)}</sheetData>`);
    const bomb = await zip.generateAsync({
      type: 'uint8array',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    const res = await c.request(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/import`,
      upload(bomb),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('E_EXCEL_001');
    expect(body.details[0].message).toBe('압축을 풀면 지나치게 커지는 파일이라 열지 않았습니다.');
    const notExcel = await c.request(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/import`,
      upload(new TextEncoder().encode('번호,이름'), '명단.csv'),
    );
    expect((await notExcel.json()).details[0].message).toBe('엑셀(.xlsx) 파일이 아닙니다.');
  });

  it('refuses formula cells on import, and exports names that start like formulas as text', async () => {
    const { classroom } = await c.classWithStudents(0);
    const withFormula = await classListWorkbook([
      [1, '김하나', '남', null],
      [2, { formula: 'HYPERLINK("http://evil.example","이둘")' }, '여', null],
    ]);
    const res = await c.request(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/import`,
      upload(withFormula),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).problems).toEqual([
      { row: 3, column: '이름', message: '수식은 읽지 않습니다. 값으로 입력해주세요.' },
    ]);

    await c.json('teacher', 'POST', `/api/v1/classroom/${classroom.id}/students`, {
      students: [studentRow(1), studentRow(2)],
    });
    // Names cannot start like a formula, so plant one the way an old import could have.
    await c.db
      .updateTable('classroomStudent')
      .set({ name: '=1+2' })
      .where('classroomId', '=', classroom.id)
      .where('number', '=', 2)
      .execute();
    const exported = await c.request('teacher', 'GET', `/api/v1/classroom/${classroom.id}/students/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    expect(exported.headers.get('content-disposition')).toContain("filename*=UTF-8''2026");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await exported.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    const cells = [] as unknown[];
    sheet?.eachRow((row) => cells.push(row.getCell(2).value));
    expect(cells).toContain("'=1+2");
    sheet?.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
  });

  it('offers a template with the Korean headers', async () => {
    const res = await c.request('teacher', 'GET', '/api/v1/classroom/students/template');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const values = workbook.worksheets[0]?.getRow(2).values as unknown[];
    expect(values.slice(1)).toEqual(['번호', '이름', '성별', '생년월일']);
  });
});

describe('access log', () => {
  it('records who did what to which pupil from where, for the school admin only', async () => {
    const { classroom, students } = await c.classWithStudents(2);
    await c.json('teacher', 'GET', `/api/v1/classroom/${classroom.id}/students`);
    await c.json('teacher', 'PUT', `/api/v1/classroom/${classroom.id}/students/${students[0]?.id}`, {
      birthDate: null,
    });
    await c.request('teacher', 'GET', `/api/v1/classroom/${classroom.id}/students/export`);
    const log = await logOf('admin', `&classroomId=${classroom.id}`);
    const actions = log.items.map((i) => i.action).reverse();
    expect(actions).toEqual([
      'classroom.create',
      'student.add',
      'student.add',
      'roster.view',
      'student.update',
      'roster.export',
    ]);
    const update = log.items.find((i) => i.action === 'student.update');
    expect(update).toMatchObject({
      actorName: c.users.teacher?.name,
      studentLabel: `1번 ${students[0]?.name}`,
      userAgent: 'records-test',
    });
    expect(update?.ip).toMatch(/127\.0\.0\.1/);
    expect((await c.request('teacher', 'GET', '/api/v1/classroom/access-log')).status).toBe(403);
    expect((await logOf('superAdmin', `&classroomId=${classroom.id}`)).total).toBe(log.total);
    const other = await c.json<{ total: number }>(
      'otherSchoolAdmin',
      'GET',
      `/api/v1/classroom/access-log?classroomId=${classroom.id}`,
    );
    expect(other.total).toBe(0);
    const exported = await c.request(
      'admin',
      'GET',
      `/api/v1/classroom/access-log/export?classroomId=${classroom.id}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await exported.arrayBuffer()) as never);
    const texts: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => texts.push(String(row.getCell(4).value)));
    expect(texts).toEqual(expect.arrayContaining(['동작', '학생 정보 수정', '명단 내보내기']));
    // Taking the log out is itself recorded, in the admin audit log.
    const audit = await c.json<{ items: { action: string; actorName: string; after: { rows: number } }[] }>(
      'superAdmin',
      'GET',
      '/api/v1/admin/audit-log?action=access_log.export',
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]?.after.rows).toBe(texts.length - 2);
  });

  it('logs renaming a class, the Excel import, removals and deleting the class per pupil, then masks their names', async () => {
    const { classroom, students } = await c.classWithStudents(1);
    await c.json('teacher', 'PUT', `/api/v1/classroom/${classroom.id}`, { name: '별빛반' });
    const imported = await c.json<{ created: number }>(
      'teacher',
      'POST',
      `/api/v1/classroom/${classroom.id}/students/import`,
      upload(
        await classListWorkbook([
          [2, '한가람', '여', null],
          [3, '오나래', '남', null],
        ]),
      ),
    );
    expect(imported.created).toBe(2);
    const roster = await c.json<{ id: number; number: number; name: string }[]>(
      'teacher',
      'GET',
      `/api/v1/classroom/${classroom.id}/students`,
    );
    const second = roster.find((s) => s.number === 2);
    await c.json('teacher', 'POST', `/api/v1/classroom/${classroom.id}/students/remove`, {
      studentIds: [second?.id],
    });
    const before = await logOf('admin', `&classroomId=${classroom.id}`);
    expect(before.items.map((i) => i.action)).toEqual(
      expect.arrayContaining(['classroom.update', 'student.import', 'student.remove']),
    );
    expect(before.items.filter((i) => i.action === 'student.import').map((i) => i.studentLabel)).toEqual(
      // 2번 was removed since: their entries keep only a masked name.
      expect.arrayContaining(['2번 한○람', '3번 오나래']),
    );
    expect(before.items.find((i) => i.action === 'student.remove')?.studentLabel).toBe('2번 한○람');

    expect((await c.request('teacher', 'DELETE', `/api/v1/classroom/${classroom.id}`)).status).toBe(200);
    const first = students[0];
    const ofFirst = await logOf('admin', `&studentId=${first?.id}`);
    expect(ofFirst.items[0]).toMatchObject({
      action: 'classroom.delete',
      studentLabel: `1번 ${[...(first?.name ?? '')][0]}○${[...(first?.name ?? '')].at(-1)}`,
    });
    const after = await logOf('admin', `&classroomId=${classroom.id}`);
    expect(after.items.filter((i) => i.action === 'classroom.delete').map((i) => i.studentLabel)).toEqual(
      expect.arrayContaining(['3번 오○래']),
    );
    const text = JSON.stringify(after);
    for (const name of [first?.name ?? '', '한가람', '오나래']) expect(text).not.toContain(name);
  });
});
