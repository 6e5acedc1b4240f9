import { randomUUID } from 'node:crypto';
import type { UserRow } from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed/demo.seed.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { seedToolCatalogue } from '../src/db/seed/tools.seed.ts';
import { accessTokenFor } from './auth-helpers.ts';
import type { TestApp } from './build-test-app.ts';

export type Persona = 'anonymous' | 'student' | 'teacher' | 'otherSchoolTeacher' | 'admin';
export const PERSONAS: Persona[] = ['anonymous', 'student', 'teacher', 'otherSchoolTeacher', 'admin'];

/**
 * Beyond the five: a teacher at `teacher`'s school (rules that separate colleagues from the
 * creator), the super administrator, an edutech provider, a teacher without a licence, and an
 * administrator of the other school.
 */
export type AnyPersona =
  | Persona
  | 'sameSchoolTeacher'
  | 'superAdmin'
  | 'provider'
  | 'unlicensed'
  | 'otherSchoolAdmin';

const USERNAMES: Record<Exclude<AnyPersona, 'anonymous'>, string> = {
  sameSchoolTeacher: 'teacher3',
  student: 'student',
  teacher: 'teacher',
  otherSchoolTeacher: 'teacher2',
  admin: 'admin',
  superAdmin: 'superadmin',
  provider: 'provider',
  unlicensed: 'unlicensed',
  otherSchoolAdmin: 'admin-of-other-school',
};

export interface DemoWorld {
  users: Record<string, UserRow>;
  headersFor(persona: AnyPersona): Promise<Record<string, string>>;
}

/** The demo accounts (two schools, every role) with a way to call the API as each of them. */
export async function buildDemoWorld(t: TestApp): Promise<DemoWorld> {
  // The code table needs no files; the school list is left out to keep tests quick.
  await seedReferenceData(t.database.db, '/nonexistent-reference-dir');
  await seedDemoData(t.database.db, 'demo1234!');
  await seedToolCatalogue(t.database.db);
  await addOtherSchoolAdmin(t);
  const rows = await t.database.db.selectFrom('users').selectAll().execute();
  const users = Object.fromEntries(rows.map((row) => [row.username, row]));
  return {
    users,
    async headersFor(persona): Promise<Record<string, string>> {
      if (persona === 'anonymous') return {};
      const user = users[USERNAMES[persona]];
      if (!user) throw new Error(`no demo user for ${persona}`);
      return { authorization: `Bearer ${await accessTokenFor(t, user)}` };
    },
  };
}

/** The demo has one administrator; rules that stop at a school need one at the other school too. */
async function addOtherSchoolAdmin(t: TestApp): Promise<void> {
  const db = t.database.db;
  if (
    await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', USERNAMES.otherSchoolAdmin)
      .executeTakeFirst()
  )
    return;
  const colleague = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', 'teacher2')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      username: USERNAMES.otherSchoolAdmin,
      subject: randomUUID(),
      passwordHash: null,
      name: '다른학교관리자',
      nickName: null,
      email: 'admin-of-other-school@example.test',
      mobile: null,
      profile: null,
      code: null,
      schoolId: colleague.schoolId,
      assignedGrade: null,
      title: null,
      enabled: 1,
      createdAt: now,
      updatedAt: now,
      roles: JSON.stringify(['ROLE_ADMIN', 'ROLE_TEACHER']),
    })
    .execute();
}
