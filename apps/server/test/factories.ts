import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewSchool, SchoolRow, UserRow } from '../src/db/schema.ts';

let sequence = 0;
const next = () => ++sequence;

export async function buildSchool(
  db: Kysely<Database>,
  overrides: Partial<NewSchool> = {},
): Promise<SchoolRow> {
  const n = next();
  return db
    .insertInto('school')
    .values({
      schoolCode: `T${Date.now().toString(36)}${n}`,
      name: `테스트초등학교${n}`,
      engName: `Test Elementary School ${n}`,
      level: '초등학교',
      levelCodeSeq: 1,
      officeName: '서울특별시교육청',
      address: '서울특별시 송파구',
      phone: null,
      homepage: null,
      latitude: null,
      longitude: null,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type Role = 'ROLE_SUPER_ADMIN' | 'ROLE_ADMIN' | 'ROLE_TEACHER' | 'ROLE_STUDENT' | 'ROLE_PROVIDER';

export async function buildUser(
  db: Kysely<Database>,
  overrides: Partial<Omit<UserRow, 'roles'>> & { roles?: Role[] } = {},
): Promise<UserRow> {
  const n = next();
  const now = new Date().toISOString();
  const { roles = ['ROLE_TEACHER'], ...rest } = overrides;
  return db
    .insertInto('users')
    .values({
      username: `user${n}_${Date.now().toString(36)}`,
      subject: randomUUID(),
      passwordHash: null,
      name: `교사${n}`,
      nickName: null,
      email: `user${n}@example.test`,
      mobile: null,
      profile: null,
      code: null,
      schoolId: null,
      assignedGrade: null,
      title: null,
      enabled: 1,
      createdAt: now,
      updatedAt: now,
      ...rest,
      roles: JSON.stringify(roles),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
