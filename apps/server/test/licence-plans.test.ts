import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRIAL } from '../src/db/seed/demo.seed.ts';
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

async function headersOfNewTeacher() {
  const user = await buildUser(t.database.db);
  return { user, headers: { authorization: `Bearer ${await accessTokenFor(t, user)}` } };
}

const trialPlans = () =>
  t.database.db.selectFrom('license').select(['id', 'name']).where('trialYn', '=', 'Y').execute();

describe('licence plans (the super administrator)', () => {
  it('creates, lists with counts, changes only the fields sent, switches off, and audits each step', async () => {
    const headers = await world.headersFor('superAdmin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/license',
      headers,
      payload: { name: '교사 연간 요금제', description: '1년, 토큰 무제한', periodDays: 365 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      name: '교사 연간 요금제',
      tokenLimit: 0,
      useYn: 'Y',
      trial: false,
      keysIssued: 0,
    });

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${plan.id}`,
      headers,
      payload: { tokenLimit: 2_000_000 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      tokenLimit: 2_000_000,
      description: '1년, 토큰 무제한',
      periodDays: 365,
    });

    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${plan.id}/use-yn`,
      headers,
      payload: { useYn: 'N' },
    });
    expect(off.json().useYn).toBe('N');

    const list = await t.app.inject({ url: '/api/v1/license', headers });
    const demo = list.json().items.find((p: { name: string }) => p.name === '쌤 교사 라이선스 (데모)');
    expect(demo.keysUsed).toBeGreaterThan(5);
    expect(demo.activeUsers).toBeGreaterThan(5);

    const actions = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('targetType', '=', 'license')
      .where('targetId', '=', String(plan.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['license.create', 'license.update', 'license.disable']);
    expect(JSON.parse(actions[1]?.after ?? '{}')).toEqual({ tokenLimit: 2_000_000 });
  });

  it('refuses a plan without a name or with a period of 0 days, in Korean', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/license',
      headers: await world.headersFor('superAdmin'),
      payload: { name: ' ', periodDays: 0 },
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining(['요금제 이름을 입력해 주세요.', '기간은 1일 이상이어야 합니다.']),
    );
  });

  it('keeps one trial plan: marking another moves the mark', async () => {
    expect((await trialPlans()).map((p) => p.name)).toEqual([DEMO_TRIAL.name]);
    const headers = await world.headersFor('superAdmin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/license',
      headers,
      payload: { name: '30일 체험', periodDays: 30, tokenLimit: 50_000, trial: true },
    });
    expect(created.json().trial).toBe(true);
    expect((await trialPlans()).map((p) => p.name)).toEqual(['30일 체험']);
    const demoTrial = await t.database.db
      .selectFrom('license')
      .select('id')
      .where('name', '=', DEMO_TRIAL.name)
      .executeTakeFirstOrThrow();
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${demoTrial.id}`,
      headers,
      payload: { trial: true },
    });
    expect((await trialPlans()).map((p) => p.name)).toEqual([DEMO_TRIAL.name]);
  });

  it("is not a school administrator's to change", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/license',
      headers: await world.headersFor('admin'),
      payload: { name: '우리 학교 요금제', periodDays: 365 },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the free trial', () => {
  it('is offered to a teacher without a licence, starts once, and makes them licensed', async () => {
    const headers = await world.headersFor('unlicensed');
    const offer = await t.app.inject({ url: '/api/v1/user-license/trial', headers });
    expect(offer.json()).toEqual({
      status: 'AVAILABLE',
      plan: { name: DEMO_TRIAL.name, periodDays: DEMO_TRIAL.periodDays, tokenLimit: DEMO_TRIAL.tokenLimit },
    });
    const before = await t.app.inject({ url: '/api/v1/user-license/check-validity', headers });
    expect(before.json().isValid).toBe(false);

    const started = await t.app.inject({ method: 'POST', url: '/api/v1/user-license/trial', headers });
    expect(started.statusCode, started.body).toBe(201);
    const licence = started.json();
    expect(licence).toMatchObject({
      isValid: true,
      status: 'ACTIVE',
      tokenLimit: DEMO_TRIAL.tokenLimit,
      tokenUsed: 0,
    });
    const days = (Date.parse(licence.expiresAt) - Date.parse(licence.startAt)) / 86_400_000;
    expect(days).toBe(DEMO_TRIAL.periodDays);
    // The trial's key is not the shape of a sellable key: it can never be redeemed by anyone.
    expect(licence.licenseKey).not.toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);

    const after = await t.app.inject({ url: '/api/v1/user-license/check-validity', headers });
    expect(after.json().isValid).toBe(true);

    const again = await t.app.inject({ method: 'POST', url: '/api/v1/user-license/trial', headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'E_TRIAL_USED',
      message: '무료 체험은 계정마다 한 번만 시작할 수 있습니다.',
    });
    expect((await t.app.inject({ url: '/api/v1/user-license/trial', headers })).json().status).toBe('USED');
  });

  it('grants one licence when two tabs press the button together', async () => {
    const { user, headers } = await headersOfNewTeacher();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/user-license/trial', headers }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const licences = await t.database.db
      .selectFrom('userLicense')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(licences).toHaveLength(1);
    const trialKeys = await t.database.db
      .selectFrom('licenseKey')
      .select('id')
      .where('licenseKey', 'like', `TRIAL-${user.id}-%`)
      .execute();
    expect(trialKeys).toHaveLength(1);
  });

  it('is not for students, and is not offered when the plan is switched off', async () => {
    const student = await world.headersFor('student');
    expect((await t.app.inject({ url: '/api/v1/user-license/trial', headers: student })).json().status).toBe(
      'NOT_ELIGIBLE',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/user-license/trial', headers: student }))
        .statusCode,
    ).toBe(403);

    const { headers } = await headersOfNewTeacher();
    const [trial] = await trialPlans();
    const superAdmin = await world.headersFor('superAdmin');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${trial?.id}/use-yn`,
      headers: superAdmin,
      payload: { useYn: 'N' },
    });
    try {
      expect((await t.app.inject({ url: '/api/v1/user-license/trial', headers })).json()).toEqual({
        status: 'NO_PLAN',
        plan: null,
      });
      const refused = await t.app.inject({ method: 'POST', url: '/api/v1/user-license/trial', headers });
      expect(refused.statusCode).toBe(404);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/license/${trial?.id}/use-yn`,
        headers: superAdmin,
        payload: { useYn: 'Y' },
      });
    }
  });
});
