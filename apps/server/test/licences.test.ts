import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPARE_KEY } from '../src/db/seed/demo.seed.ts';
import { createLicencesRepository } from '../src/modules/licences/licences.repository.ts';
import { createTokenTracker } from '../src/modules/licences/licences.service.ts';
import { accessTokenFor } from './auth-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildUser } from './factories.ts';

let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

async function licenceWithRoom(tokenLimit: number, tokenUsed = 0) {
  const db = t.database.db;
  const user = await buildUser(db);
  const now = new Date().toISOString();
  const licence = await db
    .insertInto('license')
    .values({
      name: `L${user.id}`,
      description: null,
      tokenLimit,
      periodDays: 30,
      useYn: 'Y',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = await db
    .insertInto('licenseKey')
    .values({
      licenseId: licence.id,
      licenseKey: `TEST-${String(user.id).padStart(4, '0')}-0000-0000`,
      groupName: null,
      status: 'USED',
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userLicence = await db
    .insertInto('userLicense')
    .values({
      userId: user.id,
      licenseKeyId: key.id,
      startAt: new Date(Date.now() - 1000).toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      tokenLimit,
      tokenUsed,
      tokenReserved: 0,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, userLicenceId: userLicence.id };
}

const counters = (id: number) =>
  t.database.db
    .selectFrom('userLicense')
    .select(['tokenUsed', 'tokenReserved'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('token tracker', () => {
  it('lets exactly one of 20 concurrent reservations through a licence with room for one', async () => {
    const { user, userLicenceId } = await licenceWithRoom(1000);
    const tracker = createTokenTracker(createLicencesRepository(t.database.db));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => tracker.reserve(user.id, 800, 'chat')),
    );
    const granted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(granted).toHaveLength(1);
    expect(refused.every((r) => r.reason.code === 'E_LICENSE_002')).toBe(true);
    expect(await counters(userLicenceId)).toEqual({ tokenUsed: 0, tokenReserved: 800 });
  });

  it('settles the real usage and releases failures, each only once', async () => {
    const { user, userLicenceId } = await licenceWithRoom(1000);
    const tracker = createTokenTracker(createLicencesRepository(t.database.db));
    const first = await tracker.reserve(user.id, 500, 'chat');
    expect(await tracker.settle(first, 320)).toBe(true);
    expect(await tracker.settle(first, 320)).toBe(false);
    expect(await counters(userLicenceId)).toEqual({ tokenUsed: 320, tokenReserved: 0 });
    const second = await tracker.reserve(user.id, 600, 'document');
    expect(await tracker.release(second)).toBe(true);
    expect(await counters(userLicenceId)).toEqual({ tokenUsed: 320, tokenReserved: 0 });
    await expect(tracker.reserve(user.id, 700, 'chat')).rejects.toMatchObject({ code: 'E_LICENSE_002' });
  });

  it('refuses a user without a valid licence before any model call', async () => {
    const tracker = createTokenTracker(createLicencesRepository(t.database.db));
    await expect(tracker.reserve(world.users.unlicensed?.id ?? 0, 10, 'chat')).rejects.toMatchObject({
      code: 'E_LICENSE_001',
    });
    const { user } = await licenceWithRoom(100, 101);
    await expect(tracker.reserve(user.id, 1, 'chat')).rejects.toMatchObject({ code: 'E_LICENSE_001' });
  });

  it('treats a limit of 0 as unlimited and releases reservations left by a crash', async () => {
    const { user, userLicenceId } = await licenceWithRoom(0);
    const tracker = createTokenTracker(createLicencesRepository(t.database.db));
    await tracker.reserve(user.id, 5_000_000, 'chat');
    expect(await tracker.releaseStale(-1000)).toBeGreaterThanOrEqual(1);
    expect((await counters(userLicenceId)).tokenReserved).toBe(0);
  });
});

describe('user licences', () => {
  it('lets `unlicensed` redeem the spare key once and then be valid', async () => {
    const user = world.users.unlicensed;
    if (!user) throw new Error('missing');
    const headers = { authorization: `Bearer ${await accessTokenFor(t, user)}` };
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-license',
      headers,
      payload: { licenseKey: DEMO_SPARE_KEY.toLowerCase() },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect(redeemed.json()).toMatchObject({ licenseKey: DEMO_SPARE_KEY, isValid: true, status: 'ACTIVE' });
    const valid = await t.app.inject({ url: '/api/v1/user-license/check-validity', headers });
    expect(valid.json().isValid).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-license',
      headers: await world.headersFor('teacher'),
      payload: { licenseKey: DEMO_SPARE_KEY },
    });
    expect(again.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-license',
      headers,
      payload: { licenseKey: 'abc' },
    });
    expect(malformed.json().details[0].message).toContain('XXXX-XXXX-XXXX-XXXX');
  });

  it('lists my active licences ten to a page and finds the nearest end', async () => {
    const headers = await world.headersFor('teacher');
    const list = await t.app.inject({ url: '/api/v1/user-license/my-list', headers });
    expect(list.json()).toMatchObject({ total: 1, pageIndex: 0, pageSize: 10 });
    expect(list.json().items[0]).toMatchObject({ status: 'ACTIVE', tokenLimit: 1_000_000 });
    const nearest = await t.app.inject({ url: '/api/v1/user-license/my/nearest-end', headers });
    expect(nearest.json().licenseKey).toBe(list.json().items[0].licenseKey);
    const expired = await t.app.inject({ url: '/api/v1/user-license/my-list?status=EXPIRED', headers });
    expect(expired.json()).toMatchObject({ total: 0, items: [] });
  });

  it('answers the licence check with total tokens', async () => {
    const id = world.users.teacher?.id;
    const res = await t.app.inject({
      url: `/api/v1/users/license-check/${id}`,
      headers: await world.headersFor('teacher'),
    });
    expect(res.json()).toMatchObject({
      userId: id,
      isValid: true,
      totalTokens: 1_000_000,
      usedTokens: 0,
      remainingTokens: 1_000_000,
    });
  });
});
