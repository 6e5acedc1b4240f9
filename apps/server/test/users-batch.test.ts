import { verify } from '@node-rs/argon2';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClassRecordsContext, type ClassRecordsContext, upload } from './class-records-context.ts';

let c: ClassRecordsContext;
beforeAll(async () => {
  c = await buildClassRecordsContext();
});
afterAll(() => c.t.close());

async function accountsSheet(rows: (string | null)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('계정');
  sheet.addRow(['아이디', '이름', '이메일', '역할', '직함', '초기 비밀번호']);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('users batch create', () => {
  it('creates every account of a valid sheet in the admin’s school, with a password shown once when none was given', async () => {
    const bytes = await accountsSheet([
      ['kim.teacher', '김선생', 'kim@example.test', '교사', '4학년 1반 담임', null],
      ['lee.pupil', '이학생', null, '학생', null, 'pupil-pass-1'],
    ]);
    const res = await c.request('admin', 'POST', '/api/v1/users/batch', upload(bytes, '계정.xlsx'));
    expect(res.status).toBe(201);
    const report = await res.json();
    expect(report.problems).toEqual([]);
    expect(report.created.map((a: { username: string; role: string }) => [a.username, a.role])).toEqual([
      ['kim.teacher', 'ROLE_TEACHER'],
      ['lee.pupil', 'ROLE_STUDENT'],
    ]);
    const generated = report.created[0].initialPassword as string;
    expect(generated).toMatch(/^[A-Za-z2-9]{10}$/);
    expect(report.created[1].initialPassword).toBeNull();
    const rows = await c.db
      .selectFrom('users')
      .selectAll()
      .where('username', 'in', ['kim.teacher', 'lee.pupil'])
      .execute();
    for (const row of rows) expect(row.schoolId).toBe(c.users.admin?.schoolId);
    const kim = rows.find((r) => r.username === 'kim.teacher');
    expect(kim?.title).toBe('4학년 1반 담임');
    expect(await verify(kim?.passwordHash ?? '', generated)).toBe(true);
    const lee = rows.find((r) => r.username === 'lee.pupil');
    expect(await verify(lee?.passwordHash ?? '', 'pupil-pass-1')).toBe(true);
  });

  it('writes nothing when any row is wrong, and reports each problem by row and column', async () => {
    const bytes = await accountsSheet([
      ['park.one', '박하나', null, '교사', null, null],
      ['teacher', '중복', null, '교사', null, null],
      ['Bad Name', '', 'not-mail', '교장', null, 'short'],
      ['park.one', '박둘', null, '학생', null, null],
    ]);
    const res = await c.request('admin', 'POST', '/api/v1/users/batch', upload(bytes));
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report.created).toEqual([]);
    expect(report.problems).toEqual([
      { row: 3, column: '아이디', message: '이미 등록된 아이디입니다.' },
      {
        row: 4,
        column: '아이디',
        message: '아이디는 영문 소문자로 시작하는 4~30자(영문 소문자, 숫자, _ . -)로 입력해주세요.',
      },
      { row: 4, column: '이름', message: '이름을 입력해주세요.' },
      { row: 4, column: '이메일', message: '이메일 형식이 올바르지 않습니다.' },
      { row: 4, column: '역할', message: '역할은 교사 또는 학생으로 입력해주세요.' },
      { row: 4, column: '초기 비밀번호', message: '초기 비밀번호는 8자 이상이어야 합니다.' },
      { row: 5, column: '아이디', message: '2행과 아이디가 같습니다.' },
    ]);
    expect(await c.db.selectFrom('users').select('id').where('username', '=', 'park.one').execute()).toEqual(
      [],
    );
  });

  it('keeps a school administrator to their school; a super administrator names any school', async () => {
    const bytes = await accountsSheet([['choi.new', '최새로', null, '교사', null, null]]);
    const elsewhere = await c.request(
      'admin',
      'POST',
      '/api/v1/users/batch',
      upload(bytes, 'a.xlsx', { schoolId: String(c.users.teacher2?.schoolId) }),
    );
    expect(elsewhere.status).toBe(403);
    const noSchool = await c.request('superAdmin', 'POST', '/api/v1/users/batch', upload(bytes));
    expect((await noSchool.json()).details[0].message).toBe('학교를 선택해주세요.');
    const created = await c.request(
      'superAdmin',
      'POST',
      '/api/v1/users/batch',
      upload(bytes, 'a.xlsx', { schoolId: String(c.users.teacher2?.schoolId) }),
    );
    expect(created.status).toBe(201);
    const row = await c.db
      .selectFrom('users')
      .select('schoolId')
      .where('username', '=', 'choi.new')
      .executeTakeFirst();
    expect(row?.schoolId).toBe(c.users.teacher2?.schoolId);
    expect((await c.request('teacher', 'POST', '/api/v1/users/batch', upload(bytes))).status).toBe(403);
  });

  it('treats the file as hostile: a zip bomb or a non-workbook is E_EXCEL_001, a formula cell a problem', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/workbook.xml', '<workbook/>');
    zip.file('xl/worksheets/sheet1.xml', `<sheetData>${' '.repeat(3 * 1024 * 1024)}</sheetData>`);
    const bomb = await zip.generateAsync({
      type: 'uint8array',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    const refused = await c.request('admin', 'POST', '/api/v1/users/batch', upload(bomb, '계정.xlsx'));
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.code).toBe('E_EXCEL_001');
    expect(body.details[0].message).toBe('압축을 풀면 지나치게 커지는 파일이라 열지 않았습니다.');
    const text = await c.request(
      'admin',
      'POST',
      '/api/v1/users/batch',
      upload(new TextEncoder().encode('아이디,이름'), '계정.csv'),
    );
    expect((await text.json()).code).toBe('E_EXCEL_001');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('계정');
    sheet.addRow(['아이디', '이름', '역할']);
    sheet.addRow(['yoon.one', { formula: 'HYPERLINK("http://evil.example","윤하나")' }, '교사']);
    const withFormula = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await c.request('admin', 'POST', '/api/v1/users/batch', upload(withFormula));
    expect(res.status).toBe(200);
    expect((await res.json()).problems).toEqual([
      { row: 2, column: '이름', message: '수식은 읽지 않습니다. 값으로 입력해주세요.' },
    ]);
    expect(await c.db.selectFrom('users').select('id').where('username', '=', 'yoon.one').execute()).toEqual(
      [],
    );
  });
});
