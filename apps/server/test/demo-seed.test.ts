import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed/demo.seed.ts';
import { createTestDatabase } from './test-database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('demo seed', () => {
  it('creates the seven accounts at two real schools with the demo password', async () => {
    await seedDemoData(database.db, 'demo1234!');
    const users = await database.db
      .selectFrom('users')
      .leftJoin('school', 'school.id', 'users.schoolId')
      .select(['users.username', 'users.roles', 'users.passwordHash', 'school.name as schoolName'])
      .execute();
    expect(users.map((u) => u.username).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
    const byName = Object.fromEntries(users.map((u) => [u.username, u]));
    expect(byName.teacher?.schoolName).toBe('서울가락초등학교');
    expect(byName.teacher2?.schoolName).toBe('가락중학교');
    expect(JSON.parse(byName.superadmin?.roles ?? '[]')).toContain('ROLE_SUPER_ADMIN');
    expect(JSON.parse(byName.provider?.roles ?? '[]')).toEqual(['ROLE_PROVIDER']);
    expect(await verify(byName.teacher?.passwordHash ?? '', 'demo1234!')).toBe(true);
    expect(byName.teacher?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('is idempotent and leaves changed profiles alone', async () => {
    await database.db
      .updateTable('users')
      .set({ name: '김하늘(수정)' })
      .where('username', '=', 'teacher')
      .execute();
    await seedDemoData(database.db, 'demo1234!');
    const rows = await database.db.selectFrom('users').select(['username', 'name']).execute();
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    expect(rows.find((r) => r.username === 'teacher')?.name).toBe('김하늘(수정)');
    const schools = await database.db.selectFrom('school').select('schoolCode').execute();
    expect(schools).toHaveLength(2);
  });
});
