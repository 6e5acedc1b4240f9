import type { UserRow } from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed/demo.seed.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { seedToolCatalogue } from '../src/db/seed/tools.seed.ts';
import { accessTokenFor } from './auth-helpers.ts';
import type { TestApp } from './build-test-app.ts';

export type Persona = 'anonymous' | 'student' | 'teacher' | 'otherSchoolTeacher' | 'admin';
export const PERSONAS: Persona[] = ['anonymous', 'student', 'teacher', 'otherSchoolTeacher', 'admin'];

/** A teacher at `teacher`'s school, for rules that separate colleagues from the creator. */
export type AnyPersona = Persona | 'sameSchoolTeacher';

const USERNAMES: Record<Exclude<AnyPersona, 'anonymous'>, string> = {
  sameSchoolTeacher: 'teacher3',
  student: 'student',
  teacher: 'teacher',
  otherSchoolTeacher: 'teacher2',
  admin: 'admin',
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
