import { EDUTECH_CATEGORIES } from '@ssaem/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import type { UserRow } from '../src/db/schema.ts';
import { edutechImport } from '../src/db/seed/edutech.seed.ts';
import { addDays, koreaDate } from '../src/modules/edutech/edutech-rules.ts';
import { accessTokenFor } from './auth-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildSchool, buildUser } from './factories.ts';

// The catalogue the repository ships (reference-data/, the default REFERENCE_DATA_DIR).
const referenceDir = loadConfig({}).REFERENCE_DATA_DIR;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
  await edutechImport(referenceDir).load(t.database.db);
}, 120_000);
afterAll(() => t?.close());

type Caller = AnyPersona | UserRow;
async function call(who: Caller, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { 'accept-language': 'ko' };
  Object.assign(
    headers,
    typeof who === 'string'
      ? await world.headersFor(who)
      : { authorization: `Bearer ${await accessTokenFor(t, who)}` },
  );
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

type Product = {
  id: number;
  name: string;
  category: string;
  levels: string[];
  priceType: string;
  originalCategory: { major: string | null; middle: string | null; minor: string | null };
  badges: { bestSeller: boolean; steadySeller: boolean };
  inUse: boolean;
  inUseCount: number;
  likeCount: number;
  liked: boolean;
};
type Licence = {
  id: number;
  productId: number | null;
  name: string;
  linked: boolean;
  daysLeft: number | null;
  state: string;
  endOn: string | null;
  badges: { bestSeller: boolean; steadySeller: boolean };
};

async function productNamed(name: string): Promise<Product> {
  const { body } = await call(
    'teacher',
    'GET',
    `/api/v1/edutech/goods?keyword=${encodeURIComponent(name)}&size=60`,
  );
  const found = (body.items as Product[]).find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

const today = () => koreaDate(new Date());

describe('the reference import', () => {
  it('loads the 87 products with every category mapped and the original kept, and re-imports in place', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('edutechProduct').select(['id', 'sourceKey', 'category']).execute();
    expect(before).toHaveLength(87);
    expect(before.every((row) => (EDUTECH_CATEGORIES as readonly string[]).includes(row.category))).toBe(
      true,
    );

    const math = await productNamed('똑똑! 수학탐험대');
    expect(math).toMatchObject({
      category: 'MATH',
      levels: ['ELEMENTARY'],
      priceType: 'FREE',
      originalCategory: { major: '학습 콘텐츠', middle: '교수학습 지원자료', minor: '수업 지원' },
    });
    expect((await productNamed('스크래치 (Scratch)')).category).toBe('INFO_CODING');
    expect((await productNamed('게더타운')).category).toBe('METAVERSE');
    expect((await productNamed('카훗 (Kahoot!)')).category).toBe('CLASSWORK');

    const again = edutechImport(referenceDir);
    expect(again.fingerprint).toBe(edutechImport(referenceDir).fingerprint);
    await again.load(db);
    const after = await db.selectFrom('edutechProduct').select(['id', 'sourceKey', 'category']).execute();
    expect(after.sort((a, b) => a.id - b.id)).toEqual(before.sort((a, b) => a.id - b.id));
  });
});

describe('the catalogue', () => {
  it('finds products by a Korean word of two syllables or one, and by a Latin name in any case', async () => {
    const two = await call('teacher', 'GET', `/api/v1/edutech/goods?keyword=${encodeURIComponent('수학')}`);
    const names = (two.body.items as Product[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['똑똑! 수학탐험대', '토도수학', '노리AI 스쿨수학']));
    expect(names.every((name) => name.includes('수학'))).toBe(true);
    const one = await call('teacher', 'GET', `/api/v1/edutech/goods?keyword=${encodeURIComponent('줌')}`);
    expect((one.body.items as Product[]).map((p) => p.name)).toContain('ZOOM (줌)');
    const latin = await call('teacher', 'GET', '/api/v1/edutech/goods?keyword=SCRATCH');
    expect((latin.body.items as Product[]).map((p) => p.name)).toEqual(['스크래치 (Scratch)']);
  });

  it('filters by category and level, pages, and answers an empty page for no match', async () => {
    const math = await call('teacher', 'GET', '/api/v1/edutech/goods?category=MATH&size=60');
    expect(math.body.total).toBe(7);
    expect((math.body.items as Product[]).every((p) => p.category === 'MATH')).toBe(true);
    const high = await call('teacher', 'GET', '/api/v1/edutech/goods?category=MATH&level=HIGH&size=60');
    expect((high.body.items as Product[]).map((p) => p.name)).not.toContain('토도수학');
    const page = await call('teacher', 'GET', '/api/v1/edutech/goods?size=10&page=8');
    expect(page.body).toMatchObject({ total: 87, page: 8, size: 10 });
    expect(page.body.items).toHaveLength(7);
    const none = await call(
      'teacher',
      'GET',
      `/api/v1/edutech/goods?keyword=${encodeURIComponent('없는도구')}`,
    );
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it('is for teachers and providers, not students', async () => {
    expect((await call('student', 'GET', '/api/v1/edutech/goods')).status).toBe(403);
    expect((await call('provider', 'GET', '/api/v1/edutech/goods')).status).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/edutech/goods' })).statusCode).toBe(401);
  });

  it('counts likes once per teacher', async () => {
    const product = await productNamed('패들렛');
    const liked = await call('teacher', 'POST', `/api/v1/edutech/goods/${product.id}/like`);
    expect(liked.body).toMatchObject({ liked: true, likeCount: 1 });
    await call('teacher', 'POST', `/api/v1/edutech/goods/${product.id}/like`);
    const other = await call('sameSchoolTeacher', 'POST', `/api/v1/edutech/goods/${product.id}/like`);
    expect(other.body.likeCount).toBe(2);
    const undone = await call('teacher', 'DELETE', `/api/v1/edutech/goods/${product.id}/like`);
    expect(undone.body).toMatchObject({ liked: false, likeCount: 1 });
    expect((await call('provider', 'POST', `/api/v1/edutech/goods/${product.id}/like`)).status).toBe(403);
  });
});

describe('licences in use', () => {
  it('registers a catalogue product once, with its D-day, and lists it under "in use"', async () => {
    const product = await productNamed('띵커벨 (ThinkerBell)');
    const endOn = addDays(today(), 10);
    const created = await call('teacher', 'POST', '/api/v1/edutech/user-license', {
      productId: product.id,
      startOn: today(),
      endOn,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ linked: true, daysLeft: 10, state: 'IN_USE', name: product.name });
    const twice = await call('teacher', 'POST', '/api/v1/edutech/user-license', {
      productId: product.id,
      startOn: today(),
    });
    expect(twice).toMatchObject({ status: 409, body: { code: 'E_ALREADY_IN_USE' } });

    const check = await call(
      'teacher',
      'GET',
      `/api/v1/edutech/user-license/check-validity?productId=${product.id}`,
    );
    expect(check.body).toMatchObject({ valid: true, endOn, daysLeft: 10 });
    const colleague = await call(
      'sameSchoolTeacher',
      'GET',
      `/api/v1/edutech/user-license/check-validity?productId=${product.id}`,
    );
    expect(colleague.body.valid).toBe(false);
    expect((await productNamed('띵커벨 (ThinkerBell)')).inUse).toBe(true);
  });

  it('puts D-0 in use, yesterday under "used before", and an unlimited licence without a countdown', async () => {
    const teacher = await buildUser(t.database.db, { schoolId: world.users.teacher?.schoolId ?? null });
    const register = (name: string, endOn: string | null) =>
      call(teacher, 'POST', '/api/v1/edutech/user-license', {
        name,
        siteUrl: 'https://example.com/',
        startOn: addDays(today(), -30),
        endOn,
      });
    expect((await register('오늘 끝나는 도구', today())).body).toMatchObject({
      daysLeft: 0,
      state: 'IN_USE',
    });
    expect((await register('어제 끝난 도구', addDays(today(), -1))).body).toMatchObject({
      daysLeft: -1,
      state: 'EXPIRED',
      linked: false,
    });
    expect((await register('기한 없는 도구', null)).body).toMatchObject({ daysLeft: null, state: 'IN_USE' });

    const inUse = await call(teacher, 'GET', '/api/v1/edutech/user-license/my-list?tab=IN_USE');
    expect((inUse.body.items as Licence[]).map((l) => l.name)).toEqual([
      '오늘 끝나는 도구',
      '기한 없는 도구',
    ]);
    expect(inUse.body.counts).toEqual({ inUse: 2, usedBefore: 1 });
    const before = await call(teacher, 'GET', '/api/v1/edutech/user-license/my-list?tab=USED_BEFORE');
    expect((before.body.items as Licence[]).map((l) => l.name)).toEqual(['어제 끝난 도구']);
    const nearest = await call(teacher, 'GET', '/api/v1/edutech/user-license/my/nearest-end');
    expect(nearest.body).toMatchObject({ name: '오늘 끝나는 도구', daysLeft: 0 });
  });

  it('updates and deletes only the teacher’s own licences, and refuses an end before the start', async () => {
    const created = await call('teacher', 'POST', '/api/v1/edutech/user-license', {
      name: '학교 구독 영어 앱',
      siteUrl: 'https://english.example.com/',
      startOn: '2026-03-02',
      endOn: '2027-02-28',
    });
    const id = created.body.id as number;
    const renamed = await call('teacher', 'PUT', `/api/v1/edutech/user-license/${id}`, {
      name: '영어 말하기 앱',
      endOn: null,
    });
    expect(renamed.body).toMatchObject({ name: '영어 말하기 앱', endOn: null, daysLeft: null });
    const backwards = await call('teacher', 'PUT', `/api/v1/edutech/user-license/${id}`, {
      endOn: '2026-01-01',
    });
    expect(backwards).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } });
    expect(
      (await call('sameSchoolTeacher', 'PUT', `/api/v1/edutech/user-license/${id}`, { name: 'x' })).status,
    ).toBe(404);
    expect((await call('sameSchoolTeacher', 'DELETE', `/api/v1/edutech/user-license/${id}`)).status).toBe(
      404,
    );
    expect((await call('teacher', 'DELETE', `/api/v1/edutech/user-license/${id}`)).status).toBe(200);
    expect((await call('teacher', 'DELETE', `/api/v1/edutech/user-license/${id}`)).status).toBe(404);
    const invalid = await call('teacher', 'POST', '/api/v1/edutech/user-license', {
      startOn: '2026-03-02',
      endOn: '2026-03-01',
    });
    expect(invalid.status).toBe(400);
  });

  it('offers what colleagues at the school use as unlinked edutech', async () => {
    const product = await productNamed('클래스팅');
    await call('sameSchoolTeacher', 'POST', '/api/v1/edutech/user-license', {
      productId: product.id,
      startOn: today(),
    });
    const offered = await call('teacher', 'GET', '/api/v1/edutech/user-license/unlinked');
    expect(offered.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ colleagues: 1, product: expect.objectContaining({ id: product.id }) }),
      ]),
    );
    const elsewhere = await call('otherSchoolTeacher', 'GET', '/api/v1/edutech/user-license/unlinked');
    expect((elsewhere.body as { product: Product }[]).map((u) => u.product.id)).not.toContain(product.id);
  });

  it('gives the best-seller badge at three teachers and the steady-seller badge after a year of use', async () => {
    const best = await productNamed('멘티미터');
    const steady = await productNamed('WordWall');
    const school = world.users.teacher?.schoolId ?? null;
    const teachers = await Promise.all([1, 2, 3].map(() => buildUser(t.database.db, { schoolId: school })));
    for (const [i, teacher] of teachers.entries()) {
      await call(teacher, 'POST', '/api/v1/edutech/user-license', { productId: best.id, startOn: today() });
      if (i < 2) {
        await call(teacher, 'POST', '/api/v1/edutech/user-license', {
          productId: steady.id,
          startOn: addDays(today(), -400),
        });
      }
    }
    expect((await productNamed('멘티미터')).badges).toEqual({ bestSeller: true, steadySeller: false });
    expect((await productNamed('WordWall')).badges.steadySeller).toBe(false);
    await call(teachers[2] as UserRow, 'POST', '/api/v1/edutech/user-license', {
      productId: steady.id,
      startOn: addDays(today(), -365),
    });
    expect((await productNamed('WordWall')).badges.steadySeller).toBe(true);
    expect((await productNamed('WordWall')).inUseCount).toBe(3);
  });
});

describe('recommendations', () => {
  it('gives a grade-3 math teacher math and elementary products first, each with a reason', async () => {
    const school = await buildSchool(t.database.db);
    const teacher = await buildUser(t.database.db, { schoolId: school.id, assignedGrade: 13 });
    const now = new Date().toISOString();
    for (const title of ['분수 수업', '곱셈 평가']) {
      await t.database.db
        .insertInto('libraryItem')
        .values({
          creatorId: teacher.id,
          schoolId: school.id,
          libraryType: 'LESSON',
          materialType: 'LESSON',
          title,
          status: 3,
          error: null,
          visibility: 'PRIVATE',
          editable: 0,
          gradeSeq: 13,
          subjectSeq: 13004,
          promptSeq: null,
          input: '{}',
          content: null,
          idempotencyKey: null,
          createdAt: now,
          updatedAt: now,
          completedAt: now,
          copiedFromId: null,
        })
        .execute();
    }
    const strip = await call(teacher, 'GET', '/api/v1/recommendation/goods/list?size=5');
    expect(strip.status).toBe(200);
    expect(strip.body.profile).toMatchObject({ level: 'ELEMENTARY', grade: 3, categories: ['MATH'] });
    const first = strip.body.aiRecommended.slice(0, 3) as {
      product: Product;
      reason: { kind: string; text: string };
    }[];
    expect(
      first.every((item) => item.product.category === 'MATH' && item.product.levels.includes('ELEMENTARY')),
    ).toBe(true);
    expect(first[0]?.reason.kind).toBe('FIT');
    expect(first[0]?.reason.text).toMatch(/^초등 3학년 수학 수업에 맞는 .*도구입니다\.$/);
    for (const list of ['aiRecommended', 'newGoods'] as const) {
      expect(strip.body[list].length).toBeGreaterThan(0);
      expect(
        strip.body[list].every((item: { reason: { text: string } }) => item.reason.text.length > 0),
      ).toBe(true);
    }
  });

  it('ranks what similar teachers and the education office use, and leaves out what the teacher has', async () => {
    const busan = await buildSchool(t.database.db, { officeName: '부산광역시교육청' });
    const peers = await Promise.all(
      [1, 2].map(() => buildUser(t.database.db, { schoolId: busan.id, assignedGrade: 21 })),
    );
    const me = await buildUser(t.database.db, { schoolId: busan.id, assignedGrade: 21 });
    const entry = await productNamed('엔트리 (Entry)');
    const padlet = await productNamed('패들렛');
    for (const peer of peers) {
      await call(peer, 'POST', '/api/v1/edutech/user-license', { productId: entry.id, startOn: today() });
    }
    await call(peers[0] as UserRow, 'POST', '/api/v1/edutech/user-license', {
      productId: padlet.id,
      startOn: today(),
    });
    const strip = await call(me, 'GET', '/api/v1/recommendation/goods/list');
    expect(strip.body.similarTeachers[0]).toMatchObject({
      product: { id: entry.id },
      reason: {
        kind: 'SIMILAR',
        values: { count: 2 },
        text: '같은 중학교 1학년 선생님 2명이 쓰고 있습니다.',
      },
    });
    const office = await call(me, 'GET', '/api/v1/recommendation/education-office-ranking');
    expect(office.body.map((item: { product: Product }) => item.product.id)).toEqual([entry.id, padlet.id]);
    expect(office.body[0].reason).toMatchObject({
      kind: 'OFFICE',
      values: { office: '부산광역시교육청', count: 2 },
    });

    await call(me, 'POST', '/api/v1/edutech/user-license', { productId: entry.id, startOn: today() });
    const after = await call(me, 'GET', '/api/v1/recommendation/goods/list');
    expect(after.body.similarTeachers.map((item: { product: Product }) => item.product.id)).not.toContain(
      entry.id,
    );
    expect(after.body.aiRecommended.map((item: { product: Product }) => item.product.id)).not.toContain(
      entry.id,
    );

    const orders = await call(me, 'GET', '/api/v1/recommendation/order-ranking?size=3');
    expect(orders.body).toHaveLength(3);
    expect(orders.body[0].reason.kind).toBe('ORDERS');
    const popular = await call(me, 'GET', '/api/v1/recommendation/popular-goods');
    expect(popular.body[0]).toMatchObject({ product: { name: '패들렛' }, reason: { kind: 'LIKES' } });
    const fresh = await call(me, 'GET', '/api/v1/recommendation/new-goods?size=2');
    expect(fresh.body[0].reason.kind).toBe('NEW');
    // The day in the Korean sentence is written as Korean pages write it, not as an ISO date.
    const day = fresh.body[0].reason.values.date as string;
    const [year, month, date] = day.split('-').map(Number);
    expect(fresh.body[0].reason.text).toBe(`${year}년 ${month}월 ${date}일에 카탈로그에 새로 올라왔습니다.`);
  });
});

describe('vendors', () => {
  it('registers a company once, lists a product that teachers see after approval, and withdraws it', async () => {
    const unknown = await call('provider', 'GET', '/api/v1/edutech/vendor/me');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'E_NOT_FOUND_003' } });
    const noCompany = await call('provider', 'POST', '/api/v1/edutech/vendor/goods', {
      name: '받아쓰기 왕',
      category: 'KOREAN_READING',
      levels: ['ELEMENTARY'],
      pricePolicy: '무료',
      priceType: 'FREE',
      description: '초등 받아쓰기 연습',
      siteUrl: 'https://dictation.example.com/',
    });
    expect(noCompany.body.code).toBe('E_NOT_FOUND_003');

    const company = {
      name: '쌤에듀 주식회사',
      description: '초등 국어 학습 도구를 만듭니다.',
      homepage: 'https://ssaem-edu.example.com/',
    };
    const created = await call('provider', 'POST', '/api/v1/edutech/vendor', company);
    expect(created.status).toBe(201);
    expect((await call('provider', 'POST', '/api/v1/edutech/vendor', company)).body.code).toBe(
      'E_CONFLICT_003',
    );
    const rival = await buildUser(t.database.db, { roles: ['ROLE_PROVIDER'] });
    const sameName = await call(rival, 'POST', '/api/v1/edutech/vendor', {
      ...company,
      name: '쌤에듀  주식회사',
    });
    expect(sameName).toMatchObject({ status: 409, body: { code: 'E_CONFLICT_003' } });
    expect((await call('teacher', 'GET', '/api/v1/edutech/vendors/999999')).body.code).toBe(
      'E_NOT_FOUND_003',
    );

    const product = await call('provider', 'POST', '/api/v1/edutech/vendor/goods', {
      name: '받아쓰기 왕',
      category: 'KOREAN_READING',
      levels: ['ELEMENTARY'],
      pricePolicy: '무료',
      priceType: 'FREE',
      description: '초등 받아쓰기 연습',
      siteUrl: 'https://dictation.example.com/',
    });
    expect(product.body).toMatchObject({ reviewStatus: 'PENDING', vendor: { name: '쌤에듀 주식회사' } });
    const id = product.body.id as number;
    const search = `/api/v1/edutech/goods?keyword=${encodeURIComponent('받아쓰기')}`;
    expect((await call('teacher', 'GET', search)).body.total).toBe(0);
    expect((await call('teacher', 'GET', `/api/v1/edutech/goods/${id}`)).status).toBe(404);
    expect((await call(rival, 'GET', `/api/v1/edutech/goods/${id}`)).status).toBe(404);
    expect(
      (await call(rival, 'PUT', `/api/v1/edutech/vendor/goods/${id}`, { name: '가로채기' })).status,
    ).toBe(404);
    expect((await call('provider', 'GET', `/api/v1/edutech/goods/${id}`)).status).toBe(200);

    const form = new FormData();
    form.append('image', new Blob([PNG]), 'logo.png');
    const logo = await t.app.inject({
      method: 'POST',
      url: `/api/v1/edutech/vendor/goods/${id}/images/logo`,
      headers: { ...(await world.headersFor('provider')) },
      payload: form as never,
    });
    expect(logo.statusCode).toBe(200);
    const logoUrl = logo.json().logoUrl as string;
    const image = await t.app.inject({ url: logoUrl });
    expect(image.headers['content-type']).toBe('image/png');

    const pending = await call('superAdmin', 'GET', '/api/v1/edutech/review');
    expect(pending.body.map((p: { id: number }) => p.id)).toContain(id);
    expect((await call('teacher', 'GET', '/api/v1/edutech/review')).status).toBe(403);
    const approved = await call('superAdmin', 'PUT', `/api/v1/edutech/review/${id}`, { decision: 'APPROVE' });
    expect(approved.body.reviewStatus).toBe('APPROVED');
    expect(
      (await call('superAdmin', 'PUT', `/api/v1/edutech/review/${id}`, { decision: 'REJECT' })).status,
    ).toBe(409);
    expect((await call('teacher', 'GET', search)).body.items[0]).toMatchObject({ id, logoUrl });
    // The company's name is searched with its products.
    expect(
      (await call('teacher', 'GET', `/api/v1/edutech/goods?keyword=${encodeURIComponent('쌤에듀')}`)).body
        .total,
    ).toBe(1);
    const fresh = await call('teacher', 'GET', '/api/v1/recommendation/new-goods?size=1');
    expect(fresh.body[0].product.id).toBe(id);

    await call('teacher', 'POST', '/api/v1/edutech/user-license', { productId: id, startOn: today() });
    const withdrawn = await call('provider', 'DELETE', `/api/v1/edutech/vendor/goods/${id}`);
    expect(withdrawn.body.reviewStatus).toBe('WITHDRAWN');
    expect((await call('teacher', 'GET', search)).body.total).toBe(0);
    expect(
      (await call('provider', 'PUT', `/api/v1/edutech/vendor/goods/${id}`, { name: '다시' })).status,
    ).toBe(403);
    // The teacher's licence stays, by its name.
    const mine = await call('teacher', 'GET', '/api/v1/edutech/user-license/my-list');
    expect((mine.body.items as Licence[]).map((l) => l.name)).toContain('받아쓰기 왕');
  });
});
