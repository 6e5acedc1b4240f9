import ExcelJS from 'exceljs';
import { accessTokenFor } from './auth-helpers.ts';
import type { AnyPersona } from './demo-world.ts';
import { buildSchool, buildUser } from './factories.ts';
import { buildToolTestContext } from './tool-test-context.ts';

/** Every persona the authorization rows name, beyond the demo world's own. */
export type RecordsPersona = AnyPersona | 'unlicensed' | 'otherSchoolAdmin' | 'superAdmin' | 'provider';

export const ALL_PERSONAS: RecordsPersona[] = [
  'anonymous',
  'student',
  'unlicensed',
  'teacher',
  'sameSchoolTeacher',
  'otherSchoolTeacher',
  'admin',
  'otherSchoolAdmin',
  'superAdmin',
  'provider',
];

/** A response whose JSON body the tests read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field.
export type TestResponse = Omit<Response, 'json' | 'clone'> & { json(): Promise<any>; clone(): TestResponse };

/**
 * The demo world with the extra personas (an administrator of the other school, the super
 * administrator, a provider, an unlicensed teacher) and helpers for classes and rosters.
 */
export async function buildClassRecordsContext(env: Record<string, string> = {}) {
  const base = await buildToolTestContext<unknown>('', env);
  const db = base.t.database.db;
  const users = base.world.users;
  const otherSchoolId = users.teacher2?.schoolId ?? (await buildSchool(db)).id;
  const extra = {
    otherSchoolAdmin: await buildUser(db, { roles: ['ROLE_ADMIN', 'ROLE_TEACHER'], schoolId: otherSchoolId }),
  };
  const usernames: Partial<Record<RecordsPersona, string>> = {
    unlicensed: 'unlicensed',
    superAdmin: 'superadmin',
    provider: 'provider',
  };

  async function headersFor(persona: RecordsPersona): Promise<Record<string, string>> {
    if (persona === 'otherSchoolAdmin') {
      return { authorization: `Bearer ${await accessTokenFor(base.t, extra.otherSchoolAdmin)}` };
    }
    const username = usernames[persona];
    if (username) {
      const user = users[username];
      if (!user) throw new Error(`no demo user ${username}`);
      return { authorization: `Bearer ${await accessTokenFor(base.t, user)}` };
    }
    return base.world.headersFor(persona as AnyPersona);
  }

  async function request(
    persona: RecordsPersona,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...(await headersFor(persona)), 'user-agent': 'records-test' };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    return fetch(`${base.t.origin}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
  }

  async function json<T>(persona: RecordsPersona, method: string, path: string, body?: unknown): Promise<T> {
    const res = await request(persona, method, path, body);
    if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  let nextClassNumber = 1;
  /** A class of `teacher` (3학년, the next free class number of 2026) with `count` pupils. */
  async function classWithStudents(count: number, persona: RecordsPersona = 'teacher') {
    const classroom = await json<{ id: number; schoolId: number }>(persona, 'POST', '/api/v1/classroom', {
      schoolYear: 2026,
      grade: 3,
      classNumber: nextClassNumber++,
    });
    const students = count
      ? await json<{ id: number; number: number; name: string }[]>(
          persona,
          'POST',
          `/api/v1/classroom/${classroom.id}/students`,
          { students: Array.from({ length: count }, (_, i) => studentRow(i + 1)) },
        )
      : [];
    return { classroom, students };
  }

  return { ...base, db, users, extra, headersFor, request, json, classWithStudents };
}

const FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '하은',
  '시우',
  '지유',
  '주원',
  '서윤',
  '하준',
  '지우',
  '예준',
  '채원',
];

export function studentRow(n: number) {
  return {
    number: n,
    name: `${FAMILY[n % FAMILY.length]}${GIVEN[(n * 7) % GIVEN.length]}${n > 12 ? String.fromCharCode(0xac00 + n) : ''}`,
    gender: n % 2 ? ('M' as const) : ('F' as const),
    birthDate: `2017-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
  };
}

/** An .xlsx class list as a teacher would type it. */
export async function classListWorkbook(
  rows: (string | number | null | { formula: string })[][],
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('명단');
  sheet.addRow(['번호', '이름', '성별', '생년월일']);
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export function upload(bytes: Uint8Array, name = '명단.xlsx', fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

export type ClassRecordsContext = Awaited<ReturnType<typeof buildClassRecordsContext>>;
