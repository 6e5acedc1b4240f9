import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLicenceKey } from '../src/modules/licences/licence-keys.service.ts';
import { accessTokenFor } from './auth-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildUser } from './factories.ts';

let t: TestApp;
let world: DemoWorld;
let planId: number;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
  planId = (await t.database.db.selectFrom('license').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

const KEY_SHAPE = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;

async function batch(groupName: string, count: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/license-key/batch',
    headers: await world.headersFor('superAdmin'),
    payload: { licenseId: planId, groupName, count },
  });
}

describe('licence keys by group', () => {
  it('makes a group of distinct, redeemable keys without look-alike characters', async () => {
    const made = await batch('2026 서울 연수', 300);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: '2026 서울 연수', issued: 300, used: 0, sent: 0 });

    const headers = await world.headersFor('superAdmin');
    const page = await t.app.inject({
      url: '/api/v1/license-key?groupName=2026 서울 연수&pageSize=100',
      headers,
    });
    expect(page.json().total).toBe(300);
    const keys: string[] = page.json().items.map((k: { licenseKey: string }) => k.licenseKey);
    expect(new Set(keys).size).toBe(100);
    for (const key of keys) {
      expect(key).toMatch(KEY_SHAPE);
      expect(key).not.toMatch(/[01IO]/);
    }

    // A key of the group opens the app for a teacher without a licence.
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-license',
      headers: await world.headersFor('unlicensed'),
      payload: { licenseKey: keys[0] },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const groups = await t.app.inject({ url: '/api/v1/license-key/groups', headers });
    expect(groups.json().find((g: { name: string }) => g.name === '2026 서울 연수')).toMatchObject({
      issued: 300,
      used: 1,
    });
    const used = await t.app.inject({
      url: '/api/v1/license-key?groupName=2026 서울 연수&status=USED',
      headers,
    });
    expect(used.json().items[0].redeemedBy).toMatch(/\(unlicensed\)$/);
  });

  it('refuses a group name that exists, and more than 1,000 keys at once, in Korean', async () => {
    await batch('중복 묶음', 1);
    const again = await batch('중복 묶음', 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('E_KEY_GROUP_TAKEN');
    const tooMany = await batch('큰 묶음', 1001);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0].message).toBe('한 번에 1,000개까지 만들 수 있습니다.');
  });

  it('mails one key to each address once, remembers where each went, and refuses when keys run short', async () => {
    await batch('메일 묶음', 3);
    const headers = await world.headersFor('superAdmin');
    const url = `/api/v1/license-key/groups/${encodeURIComponent('메일 묶음')}/send-email`;
    const sent = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { emails: ['a@school.example', 'B@school.example', 'b@school.example'] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: 2, remaining: 1 });

    const mails = await t.database.db
      .selectFrom('mailOutbox')
      .select(['recipient', 'body'])
      .where('recipient', 'in', ['a@school.example', 'b@school.example'])
      .execute();
    expect(mails).toHaveLength(2);
    const mailedKeys = mails.map((m) => /\b[A-Z0-9]{4}(?:-[A-Z0-9]{4}){3}\b/.exec(m.body)?.[0]);
    expect(new Set(mailedKeys).size).toBe(2);

    const short = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { emails: ['c@school.example', 'd@school.example'] },
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('E_KEYS_SHORT');
  });

  it("exports a group's keys as a sheet, audited, and is the super administrator's alone", async () => {
    await batch('내보낼 묶음', 5);
    const response = await t.app.inject({
      url: `/api/v1/license-key/groups/${encodeURIComponent('내보낼 묶음')}/keys`,
      headers: await world.headersFor('superAdmin'),
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const cells: string[] = [];
    sheet?.eachRow((row) => cells.push(String(row.getCell(1).value)));
    expect(cells.filter((c) => KEY_SHAPE.test(c))).toHaveLength(5);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', '내보낼 묶음')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['license-key.batch', 'license-key.export']);

    const admin = await t.app.inject({
      url: '/api/v1/license-key/groups',
      headers: await world.headersFor('admin'),
    });
    expect(admin.statusCode).toBe(403);
  });

  it('makes a single key into the plan’s group of single keys', async () => {
    const headers = await world.headersFor('superAdmin');
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/v1/license-key',
      headers,
      payload: { licenseId: planId },
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ groupName: '개별 발급', status: 'ISSUED', redeemedBy: null });
    expect(one.json().licenseKey).toMatch(KEY_SHAPE);
    // A named group of another plan is refused rather than mixed.
    const trialPlan = await t.database.db
      .selectFrom('license')
      .select('id')
      .where('trialYn', '=', 'Y')
      .executeTakeFirstOrThrow();
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/license-key',
      headers,
      payload: { licenseId: trialPlan.id, groupName: '개별 발급' },
    });
    expect(mixed.json().code).toBe('E_KEY_GROUP_TAKEN');
  });

  it('draws keys from the whole alphabet but never a look-alike', () => {
    const letters = new Set(Array.from({ length: 2000 }, generateLicenceKey).join('').replaceAll('-', ''));
    expect(letters.size).toBe(32);
    for (const c of '01IO') expect(letters.has(c)).toBe(false);
  });
});

describe('withdrawing keys and a licence history', () => {
  it('revokes the keys nobody redeemed; a redeemed key keeps its licence, a revoked one cannot be redeemed', async () => {
    await batch('회수할 묶음', 3);
    const headers = await world.headersFor('superAdmin');
    const page = await t.app.inject({
      url: `/api/v1/license-key?groupName=${encodeURIComponent('회수할 묶음')}`,
      headers,
    });
    const [first, second] = page.json().items.map((k: { licenseKey: string }) => k.licenseKey);
    const user = await buildUser(t.database.db);
    const teacher = { authorization: `Bearer ${await accessTokenFor(t, user)}` };
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-license',
      headers: teacher,
      payload: { licenseKey: first },
    });
    expect(redeemed.statusCode).toBe(201);

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/license-key/groups/${encodeURIComponent('회수할 묶음')}/revoke`,
      headers,
    });
    expect(revoked.json()).toEqual({ revoked: 2 });
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-license',
      headers: teacher,
      payload: { licenseKey: second },
    });
    expect(late.statusCode).toBe(404);
    const group = (await t.app.inject({ url: '/api/v1/license-key/groups', headers }))
      .json()
      .find((g: { name: string }) => g.name === '회수할 묶음');
    expect(group).toMatchObject({ issued: 3, used: 1, revoked: 2 });

    // The teacher's licence is untouched, and shows in their history and to their school's administrator.
    expect(
      (await t.app.inject({ url: '/api/v1/user-license/check-validity', headers: teacher })).json().isValid,
    ).toBe(true);
    const history = await t.app.inject({ url: `/api/v1/user-license?userId=${user.id}`, headers: teacher });
    expect(history.json()).toMatchObject({ total: 1, items: [{ licenseKey: first, status: 'ACTIVE' }] });
    const stranger = await t.app.inject({
      url: `/api/v1/user-license?userId=${user.id}`,
      headers: await world.headersFor('teacher'),
    });
    expect(stranger.statusCode).toBe(404);
  });
});
