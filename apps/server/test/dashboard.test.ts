import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildUser } from './factories.ts';

let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
  await seedHomeContent();
});
afterAll(() => t.close());

const userId = (username: string) => world.users[username]?.id ?? 0;
const schoolA = () => world.users.teacher?.schoolId ?? 0;

/** Something in every section, so a section equal to its endpoint is not merely two empty lists. */
async function seedHomeContent() {
  const db = t.database.db;
  const now = new Date().toISOString();
  const material = (creator: string, title: string, visibility: 'SCHOOL' | 'PUBLIC') => ({
    creatorId: userId(creator),
    schoolId: world.users[creator]?.schoolId ?? null,
    libraryType: 'SUMMARY',
    materialType: 'summary',
    input: '{}',
    title,
    status: 3 as const,
    visibility,
    editable: 1,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insertInto('libraryItem')
    .values([
      material('teacher', '나의 요약 자료', 'SCHOOL'),
      material('teacher3', '동료가 나눈 자료', 'SCHOOL'),
      material('teacher2', '다른 학교가 공개한 자료', 'PUBLIC'),
    ])
    .execute();
  await db
    .insertInto('conversation')
    .values({
      id: 'dashboard-conversation',
      userId: userId('teacher'),
      title: '수업 준비 대화',
      endpoint: 'agents',
      model: 'fake-model',
      gadgetId: null,
      isPinned: 0,
      pinOrder: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const notice = (scope: 'SERVICE' | 'SCHOOL', title: string) => ({
    scope,
    schoolId: scope === 'SCHOOL' ? schoolA() : null,
    title,
    bodyHtml: `<p>${title}</p>`,
    bodyText: title,
    authorId: userId('admin'),
    writer: '관리자',
    pinned: 0,
    pinnedAt: null,
    views: 0,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insertInto('notice')
    .values([notice('SERVICE', '서비스 점검 안내'), notice('SCHOOL', '우리 학교 연수 안내')])
    .execute();
  const newcomer = await buildUser(db);
  await db
    .insertInto('schoolMembershipRequest')
    .values({
      userId: newcomer.id,
      schoolId: schoolA(),
      role: 'ROLE_TEACHER',
      status: 'PENDING',
      createdAt: now,
      decidedBy: null,
      decidedAt: null,
    })
    .execute();
}

async function get(persona: AnyPersona, url: string) {
  return t.app.inject({ url, headers: { ...(await world.headersFor(persona)), 'accept-language': 'ko' } });
}

async function json(persona: AnyPersona, url: string) {
  const res = await get(persona, url);
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

/** What the home used to read one endpoint at a time. */
async function separately(persona: AnyPersona) {
  return {
    info: await json(persona, '/api/v1/users/info'),
    licence: await json(persona, '/api/v1/user-license/check-validity'),
    notices: (await json(persona, '/api/v1/board/list?pageIndex=0&pageSize=3')).items,
  };
}

async function teachingSeparately(persona: AnyPersona) {
  return {
    tools: await json(persona, '/api/v1/tool/list?useYn=Y'),
    recentMaterials: await json(persona, '/api/v1/library/recent/5'),
    sharedMaterials: await json(persona, '/api/v1/library/shared/recent/5'),
    conversations: await json(persona, '/api/v1/conversations/paged?pageNo=0&pageSize=50'),
  };
}

describe('GET /api/v1/dashboard', () => {
  it('refuses a caller who is not signed in', async () => {
    const res = await get('anonymous', '/api/v1/dashboard');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('E_UNAUTHORIZED');
  });

  it('gives a licensed teacher every teaching section and the recommendations, as their own endpoints do', async () => {
    const dashboard = await json('teacher', '/api/v1/dashboard');
    expect(dashboard).toEqual({
      ...(await separately('teacher')),
      ...(await teachingSeparately('teacher')),
      recommendations: await json('teacher', '/api/v1/recommendation/goods/list?size=4'),
      pendingRequests: null,
    });
    expect(dashboard.licence.isValid).toBe(true);
    expect(dashboard.recentMaterials.map((card: { title: string }) => card.title)).toEqual([
      '나의 요약 자료',
    ]);
    expect(dashboard.sharedMaterials.map((card: { title: string }) => card.title)).toEqual(
      expect.arrayContaining(['동료가 나눈 자료', '다른 학교가 공개한 자료']),
    );
    expect(dashboard.conversations.conversations).toHaveLength(1);
    expect(dashboard.tools.length).toBeGreaterThan(0);
    expect(dashboard.notices.map((notice: { title: string }) => notice.title)).toEqual(
      expect.arrayContaining(['서비스 점검 안내', '우리 학교 연수 안내']),
    );
  });

  it('gives a teacher without a licence only what the licence wall shows', async () => {
    const dashboard = await json('unlicensed', '/api/v1/dashboard');
    expect(dashboard).toEqual({
      ...(await separately('unlicensed')),
      tools: null,
      recentMaterials: null,
      sharedMaterials: null,
      conversations: null,
      recommendations: null,
      pendingRequests: null,
    });
    expect(dashboard.licence.isValid).toBe(false);
  });

  it('gives a student nothing their own endpoints refuse them', async () => {
    const dashboard = await json('student', '/api/v1/dashboard');
    expect(dashboard).toEqual({
      ...(await separately('student')),
      tools: null,
      recentMaterials: null,
      sharedMaterials: null,
      conversations: null,
      recommendations: null,
      pendingRequests: null,
    });
    for (const url of [
      '/api/v1/library/recent/5',
      '/api/v1/conversations/paged',
      '/api/v1/recommendation/goods/list?size=4',
      '/api/v1/users/school-requests?status=PENDING',
    ]) {
      expect((await get('student', url)).statusCode, url).toBe(403);
    }
  });

  it("gives a school administrator their school's pending requests and the teaching sections, not the strip", async () => {
    const dashboard = await json('admin', '/api/v1/dashboard');
    expect(dashboard).toEqual({
      ...(await separately('admin')),
      ...(await teachingSeparately('admin')),
      pendingRequests: await json('admin', '/api/v1/users/school-requests?status=PENDING'),
      recommendations: null,
    });
    expect(dashboard.pendingRequests).toHaveLength(1);
    expect(dashboard.pendingRequests[0].schoolId).toBe(schoolA());
  });

  it("does not give another school's administrator school A's requests or notices", async () => {
    const dashboard = await json('otherSchoolAdmin', '/api/v1/dashboard');
    expect(dashboard.pendingRequests).toEqual(
      await json('otherSchoolAdmin', '/api/v1/users/school-requests?status=PENDING'),
    );
    expect(dashboard.pendingRequests).toEqual([]);
    expect(dashboard.notices.map((notice: { title: string }) => notice.title)).not.toContain(
      '우리 학교 연수 안내',
    );
  });

  it("gives the super administrator every school's pending requests", async () => {
    const dashboard = await json('superAdmin', '/api/v1/dashboard');
    expect(dashboard).toEqual({
      ...(await separately('superAdmin')),
      ...(await teachingSeparately('superAdmin')),
      pendingRequests: await json('superAdmin', '/api/v1/users/school-requests?status=PENDING'),
      recommendations: null,
    });
    expect(dashboard.pendingRequests.length).toBeGreaterThanOrEqual(1);
  });

  it("gives the tool labels in the caller's language, as the tool list does", async () => {
    const headers = { ...(await world.headersFor('teacher')), 'accept-language': 'en' };
    const dashboard = (await t.app.inject({ url: '/api/v1/dashboard', headers })).json();
    const tools = (await t.app.inject({ url: '/api/v1/tool/list?useYn=Y', headers })).json();
    expect(dashboard.tools).toEqual(tools);
  });

  it('refuses a query it does not read', async () => {
    expect((await get('teacher', '/api/v1/dashboard?size=100')).statusCode).toBe(400);
  });
});
