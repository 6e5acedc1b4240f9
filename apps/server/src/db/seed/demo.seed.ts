import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database, NewSchool } from '../schema.ts';

/**
 * The demo schools: real rows of the national list (서울가락초등학교 and 가락중학교, both in
 * 송파구). When the reference data is absent they are created from these same values.
 */
export const DEMO_SCHOOLS = {
  elementary: {
    schoolCode: '7130102',
    name: '서울가락초등학교',
    engName: 'Seoul Garak Elementary School',
    level: '초등학교',
    levelCodeSeq: 1,
    officeName: '서울특별시교육청',
    address: '서울특별시 송파구 송파대로37길 45',
    phone: null,
    homepage: null,
    latitude: null,
    longitude: null,
  },
  middle: {
    schoolCode: '7130165',
    name: '가락중학교',
    engName: 'Karak Middle School',
    level: '중학교',
    levelCodeSeq: 2,
    officeName: '서울특별시교육청',
    address: '서울특별시 송파구 송이로 45',
    phone: null,
    homepage: null,
    latitude: null,
    longitude: null,
  },
} satisfies Record<string, NewSchool>;

type DemoSchool = keyof typeof DEMO_SCHOOLS | null;

export interface DemoAccount {
  username: string;
  name: string;
  roles: string[];
  school: DemoSchool;
  title: string | null;
  assignedGrade: number | null;
  email: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'teacher',
    name: '김하늘',
    roles: ['ROLE_TEACHER'],
    school: 'elementary',
    title: '3학년 2반 담임',
    assignedGrade: 13,
    email: 'teacher@demo.ssaem.kr',
  },
  {
    username: 'teacher3',
    name: '정다은',
    roles: ['ROLE_TEACHER'],
    school: 'elementary',
    title: '3학년 1반 담임',
    assignedGrade: 13,
    email: 'teacher3@demo.ssaem.kr',
  },
  {
    username: 'teacher2',
    name: '이서준',
    roles: ['ROLE_TEACHER'],
    school: 'middle',
    title: '국어 교사',
    assignedGrade: 21,
    email: 'teacher2@demo.ssaem.kr',
  },
  {
    username: 'student',
    name: '박지우',
    roles: ['ROLE_STUDENT'],
    school: 'elementary',
    title: '3학년 2반',
    assignedGrade: 13,
    email: 'student@demo.ssaem.kr',
  },
  {
    username: 'admin',
    name: '최민준',
    roles: ['ROLE_ADMIN', 'ROLE_TEACHER'],
    school: 'elementary',
    title: '교무부장',
    assignedGrade: null,
    email: 'admin@demo.ssaem.kr',
  },
  {
    username: 'superadmin',
    name: '정유진',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'],
    school: null,
    title: '서비스 운영자',
    assignedGrade: null,
    email: 'superadmin@demo.ssaem.kr',
  },
  {
    username: 'provider',
    name: '한에듀',
    roles: ['ROLE_PROVIDER'],
    school: null,
    title: '에듀테크 공급자',
    assignedGrade: null,
    email: 'provider@demo.ssaem.kr',
  },
  {
    username: 'unlicensed',
    name: '오세린',
    roles: ['ROLE_TEACHER'],
    school: 'elementary',
    title: '5학년 1반 담임',
    assignedGrade: 15,
    email: 'unlicensed@demo.ssaem.kr',
  },
];

async function ensureSchool(db: Kysely<Database>, school: NewSchool): Promise<number> {
  const existing = await db
    .selectFrom('school')
    .select('id')
    .where('schoolCode', '=', school.schoolCode)
    .executeTakeFirst();
  if (existing) return existing.id;
  const inserted = await db.insertInto('school').values(school).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Creates the demo schools and accounts. Idempotent: existing accounts are left as they are
 * (a teacher may have changed their profile), missing ones are created.
 */
export async function seedDemoData(db: Kysely<Database>, password: string): Promise<DemoAccount[]> {
  const schoolIds = {
    elementary: await ensureSchool(db, DEMO_SCHOOLS.elementary),
    middle: await ensureSchool(db, DEMO_SCHOOLS.middle),
  };
  await createMissingAccounts(db, password, schoolIds);
  await grantDemoLicences(db);
  await offerDemoTrial(db);
  return DEMO_ACCOUNTS;
}

async function createMissingAccounts(
  db: Kysely<Database>,
  password: string,
  schoolIds: Record<'elementary' | 'middle', number>,
): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('users').select('username').execute()).map((row) => row.username),
  );
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.has(account.username));
  if (missing.length === 0) return;
  const passwordHash = await hash(password);
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values(
      missing.map((account) => ({
        username: account.username,
        subject: randomUUID(),
        passwordHash,
        name: account.name,
        nickName: account.name,
        email: account.email,
        mobile: null,
        profile: null,
        code: null,
        schoolId: account.school ? schoolIds[account.school] : null,
        roles: JSON.stringify(account.roles),
        assignedGrade: account.assignedGrade,
        title: account.title,
        enabled: 1,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}

export const DEMO_LICENCE = { name: '쌤 교사 라이선스 (데모)', tokenLimit: 1_000_000, periodDays: 365 };
/** A spare key anyone can redeem on the licence page, e.g. as `unlicensed`. */
export const DEMO_SPARE_KEY = 'SSAM-DEMO-KEY0-0001';
const UNLICENSED = new Set(['unlicensed']);

/** The free trial the demo offers on the licence page (the super administrator may change or replace it). */
export const DEMO_TRIAL = {
  name: '무료 체험',
  description: '한 달 동안 AI 도구와 채팅을 써 볼 수 있는 체험판 (요금제 안내의 무료 체험)',
  tokenLimit: 100_000,
  periodDays: 30,
};

/** Adds the trial plan once; marks it as the trial only when no other plan is, so an operator's choice stands. */
async function offerDemoTrial(db: Kysely<Database>): Promise<void> {
  const exists = await db
    .selectFrom('license')
    .select('id')
    .where('name', '=', DEMO_TRIAL.name)
    .executeTakeFirst();
  if (exists) return;
  const trialTaken = await db
    .selectFrom('license')
    .select('id')
    .where('trialYn', '=', 'Y')
    .executeTakeFirst();
  const iso = new Date().toISOString();
  await db
    .insertInto('license')
    .values({ ...DEMO_TRIAL, useYn: 'Y', trialYn: trialTaken ? 'N' : 'Y', createdAt: iso, updatedAt: iso })
    .execute();
}

/** Every demo account but `unlicensed` holds a valid licence with a token limit. */
async function grantDemoLicences(db: Kysely<Database>): Promise<void> {
  const now = new Date();
  const iso = now.toISOString();
  let licence = await db
    .selectFrom('license')
    .select('id')
    .where('name', '=', DEMO_LICENCE.name)
    .executeTakeFirst();
  licence ??= await db
    .insertInto('license')
    .values({
      ...DEMO_LICENCE,
      description: '데모 계정용 라이선스',
      useYn: 'Y',
      createdAt: iso,
      updatedAt: iso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const licenceId = licence.id;
  await db
    .insertInto('licenseKey')
    .values({
      licenseId: licenceId,
      licenseKey: DEMO_SPARE_KEY,
      groupName: 'demo',
      status: 'ISSUED',
      createdAt: iso,
    })
    .onConflict((oc) => oc.column('licenseKey').doNothing())
    .execute();

  const holders = await db
    .selectFrom('users')
    .leftJoin('userLicense', 'userLicense.userId', 'users.id')
    .select(['users.id', 'users.username'])
    .where('userLicense.id', 'is', null)
    .where(
      'users.username',
      'in',
      DEMO_ACCOUNTS.map((a) => a.username),
    )
    .execute();
  for (const user of holders.filter((u) => !UNLICENSED.has(u.username))) {
    const key = await db
      .insertInto('licenseKey')
      .values({
        licenseId: licenceId,
        licenseKey: `SSAM-DEMO-${String(user.id).padStart(4, '0').slice(-4)}-${randomUUID().slice(0, 4).toUpperCase()}`,
        groupName: 'demo',
        status: 'USED',
        createdAt: iso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('userLicense')
      .values({
        userId: user.id,
        licenseKeyId: key.id,
        startAt: new Date(now.getTime() - 86_400_000).toISOString(),
        expiresAt: new Date(now.getTime() + DEMO_LICENCE.periodDays * 86_400_000).toISOString(),
        tokenLimit: DEMO_LICENCE.tokenLimit,
        tokenUsed: 0,
        tokenReserved: 0,
        status: 'ACTIVE',
        createdAt: iso,
        updatedAt: iso,
      })
      .execute();
  }
}
