import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema.ts';
import { errorSignature } from '../src/modules/error-reports/error-signature.ts';
import { accessTokenFor, bearer } from './auth-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';

let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const schoolA = () => world.users.teacher?.schoolId ?? 0;
const schoolB = () => world.users.teacher2?.schoolId ?? 0;

async function as(
  persona: AnyPersona | Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const headers = typeof persona === 'string' ? await world.headersFor(persona) : persona;
  return t.app.inject({
    method,
    url,
    headers: { ...headers, 'accept-language': 'ko' },
    ...(payload ? { payload } : {}),
  });
}

let made = 0;
/** A fresh account with one live provider session (as the embedded provider stores it). */
async function account(schoolId: number | null, roles: string[] = ['ROLE_TEACHER']) {
  const now = new Date().toISOString();
  const subject = randomUUID();
  const user = await db()
    .insertInto('users')
    .values({
      username: `target${++made}_${Date.now().toString(36)}`,
      subject,
      passwordHash: null,
      name: `대상 교사${made}`,
      nickName: null,
      email: `target${made}@example.test`,
      mobile: null,
      profile: null,
      code: null,
      schoolId,
      assignedGrade: null,
      title: null,
      enabled: 1,
      createdAt: now,
      updatedAt: now,
      roles: JSON.stringify(roles),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const sessions: string[] = [];
  for (let i = 0; i < 2; i++) {
    const uid = randomUUID();
    const grantId = randomUUID();
    const loginTs = Math.floor(Date.now() / 1000);
    await db()
      .insertInto('oidcPayload')
      .values([
        {
          model: 'Session',
          id: randomUUID(),
          payload: JSON.stringify({
            accountId: subject,
            uid,
            loginTs,
            exp: loginTs + 3600,
            authorizations: { ssaem: { grantId } },
          }),
          grantId: null,
          userCode: null,
          uid,
          expiresAt: loginTs + 3600,
          consumedAt: null,
          accountId: subject,
        },
        {
          model: 'RefreshToken',
          id: randomUUID(),
          payload: JSON.stringify({ accountId: subject, grantId }),
          grantId,
          userCode: null,
          uid: null,
          expiresAt: loginTs + 3600,
          consumedAt: null,
          accountId: subject,
        },
      ])
      .execute();
    sessions.push(uid);
  }
  return { user, sessions };
}

const tokenOf = async (user: UserRow, sid?: string) =>
  bearer(await accessTokenFor(t, user, sid ? { sid } : {}));

describe('searching accounts', () => {
  it("shows a school administrator only their school's teachers and students, paged and sorted", async () => {
    const response = await as('admin', 'GET', '/api/v1/users?pageSize=100&sort=name&order=asc');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total).toBeGreaterThan(0);
    for (const user of page.items) {
      expect(user.schoolId).toBe(schoolA());
      expect(user.roles).not.toContain('ROLE_ADMIN');
      expect(user.roles).not.toContain('ROLE_SUPER_ADMIN');
    }
    const names = page.items.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Another school is not theirs to list.
    const elsewhere = await as('admin', 'GET', `/api/v1/users?schoolId=${schoolB()}`);
    expect(elsewhere.json().total).toBe(0);
  });

  it("the unfiltered list's total (a kept count) follows accounts made one by one and deleted in one statement", async () => {
    const counted = async () =>
      Number(
        (
          await db()
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const total = async () => (await as('superAdmin', 'GET', '/api/v1/users?pageSize=1')).json().total;
    expect(await total()).toBe(await counted());
    const one = (await account(schoolA())).user;
    const two = (await account(null)).user;
    expect(await total()).toBe(await counted());
    await db().deleteFrom('users').where('id', 'in', [one.id, two.id]).execute();
    expect(await total()).toBe(await counted());
  });

  it('lets the super administrator filter by school, role, status and name or ID', async () => {
    const first = await as(
      'superAdmin',
      'GET',
      `/api/v1/users?schoolId=${schoolA()}&role=ROLE_TEACHER&pageSize=1`,
    );
    const page = first.json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    const second = (
      await as(
        'superAdmin',
        'GET',
        `/api/v1/users?schoolId=${schoolA()}&role=ROLE_TEACHER&pageSize=1&pageIndex=1`,
      )
    ).json();
    expect(second.items[0].id).not.toBe(page.items[0].id);
    const byName = (await as('superAdmin', 'GET', '/api/v1/users?q=TEACHER2')).json();
    expect(byName.items.map((u: { username: string }) => u.username)).toContain('teacher2');
    const literal = (await as('superAdmin', 'GET', '/api/v1/users?q=%25')).json();
    expect(literal.total).toBe(0);
    // Part of a Korean name, one syllable or two, from its middle or its end (on PostgreSQL
    // through the gram index first).
    const someone = byName.items.find((u: { username: string }) => u.username === 'teacher2');
    for (const part of [someone.name.slice(1), someone.name.slice(-1), someone.name.slice(1, 2)]) {
      const found = (
        await as('superAdmin', 'GET', `/api/v1/users?q=${encodeURIComponent(part)}&pageSize=100`)
      ).json();
      expect(
        found.items.map((u: { id: number }) => u.id),
        part,
      ).toContain(someone.id);
    }
  });
});

describe('creating and changing accounts', () => {
  it("creates a teacher in the administrator's school, refuses a taken user name with E_CONFLICT_001, and audits both sides", async () => {
    const created = await as('admin', 'POST', '/api/v1/users', {
      username: 'new-teacher-a',
      password: 'safe-pass-42',
      name: '새 선생님',
      email: 'New@Example.test',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      schoolId: schoolA(),
      roles: ['ROLE_TEACHER'],
      email: 'new@example.test',
      enabled: true,
    });
    const taken = await as('admin', 'POST', '/api/v1/users', {
      username: 'teacher',
      password: 'safe-pass-42',
      name: '중복',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'E_CONFLICT_001', message: '이미 등록된 사용자 이름입니다.' });

    const id = created.json().id;
    const updated = await as('admin', 'PUT', `/api/v1/users/${id}`, { title: '연구부장', name: '새 부장님' });
    expect(updated.json()).toMatchObject({ title: '연구부장', name: '새 부장님' });
    // Moving someone to another school is the super administrator's.
    expect((await as('admin', 'PUT', `/api/v1/users/${id}`, { schoolId: schoolB() })).statusCode).toBe(403);

    const log = (
      await as('superAdmin', 'GET', `/api/v1/admin/audit-log?targetType=user&targetId=${id}`)
    ).json();
    const actions = log.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['user.update', 'user.create']);
    expect(log.items[0]).toMatchObject({
      actorName: expect.stringContaining('(admin)'),
      before: { name: '새 선생님', title: null },
      after: { name: '새 부장님', title: '연구부장' },
      schoolId: schoolA(),
    });
    expect(log.items[0].ip).toBeTruthy();
    expect(log.items[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("hides other schools' accounts and fellow administrators from a school administrator", async () => {
    expect((await as('admin', 'GET', `/api/v1/users/${world.users.teacher2?.id}`)).statusCode).toBe(404);
    expect((await as('admin', 'GET', `/api/v1/users/${world.users.admin?.id}`)).statusCode).toBe(404);
    expect((await as('superAdmin', 'GET', `/api/v1/users/${world.users.admin?.id}`)).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('lets only the super administrator grant administrator roles', async () => {
    const { user } = await account(schoolA());
    const byAdmin = await as('admin', 'PUT', `/api/v1/users/${user.id}/roles`, {
      roles: ['ROLE_TEACHER', 'ROLE_ADMIN'],
    });
    expect(byAdmin.statusCode).toBe(403);
    const toStudent = await as('admin', 'PUT', `/api/v1/users/${user.id}/roles`, { roles: ['ROLE_STUDENT'] });
    expect(toStudent.json().roles).toEqual(['ROLE_STUDENT']);
    const bySuper = await as('superAdmin', 'PUT', `/api/v1/users/${user.id}/roles`, {
      roles: ['ROLE_TEACHER', 'ROLE_ADMIN'],
    });
    expect(bySuper.json().roles).toEqual(['ROLE_TEACHER', 'ROLE_ADMIN']);
    const roles = (await as('admin', 'GET', '/api/v1/roles')).json();
    expect(roles).toContainEqual({ name: 'ROLE_ADMIN', grantable: false });
    expect(roles).toContainEqual({ name: 'ROLE_TEACHER', grantable: true });
  });

  it('never removes or disables the last super administrator', async () => {
    const superAdmin = world.users.superadmin;
    const demoted = await as('superAdmin', 'PUT', `/api/v1/users/${superAdmin?.id}/roles`, {
      roles: ['ROLE_TEACHER'],
    });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().code).toBe('E_LAST_SUPER_ADMIN');
    // With a second one, the first may step down; the second then may not.
    const { user: second } = await account(null, ['ROLE_SUPER_ADMIN']);
    const disabledSecond = await as('superAdmin', 'PUT', `/api/v1/users/${second.id}/enabled`, {
      enabled: false,
    });
    expect(disabledSecond.json().enabled).toBe(false);
    const againDemoted = await as('superAdmin', 'PUT', `/api/v1/users/${superAdmin?.id}/roles`, {
      roles: ['ROLE_TEACHER'],
    });
    expect(againDemoted.json().code).toBe('E_LAST_SUPER_ADMIN');
  });
});

describe('sessions', () => {
  it('lists the sign-in sessions and ends one: its token is refused, the other session works', async () => {
    const { user, sessions } = await account(schoolA());
    const [first = '', second = ''] = sessions;
    const firstToken = await tokenOf(user, first);
    const secondToken = await tokenOf(user, second);
    expect((await as(firstToken, 'GET', '/api/v1/users/info')).statusCode).toBe(200);
    const listed = (await as('admin', 'GET', `/api/v1/users/${user.id}/sessions`)).json();
    expect(listed.map((s: { id: string }) => s.id).sort()).toEqual([...sessions].sort());
    expect(listed[0].clients).toEqual(['ssaem']);

    const ended = await as('admin', 'DELETE', `/api/v1/users/${user.id}/sessions/${first}`);
    expect(ended.json()).toMatchObject({ revoked: 1 });
    expect((await as(firstToken, 'GET', '/api/v1/users/info')).statusCode).toBe(401);
    expect((await as(secondToken, 'GET', '/api/v1/users/info')).statusCode).toBe(200);
    const left = (await as('admin', 'GET', `/api/v1/users/${user.id}/sessions`)).json();
    expect(left.map((s: { id: string }) => s.id)).toEqual([second]);
    // The session's refresh token went with it.
    const refresh = await db()
      .selectFrom('oidcPayload')
      .select('id')
      .where('accountId', '=', user.subject)
      .where('model', '=', 'RefreshToken')
      .execute();
    expect(refresh).toHaveLength(1);
    expect((await as('admin', 'DELETE', `/api/v1/users/${user.id}/sessions/${first}`)).statusCode).toBe(404);
  });

  it('revoke all (not-before): an access token already in use is refused on its next request', async () => {
    const { user } = await account(schoolA());
    const token = await tokenOf(user);
    // Used once, so the server has read and remembered it.
    expect((await as(token, 'GET', '/api/v1/users/info')).statusCode).toBe(200);
    const revoked = await as('admin', 'POST', `/api/v1/users/${user.id}/not-before`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked).toBe(2);
    expect((await as(token, 'GET', '/api/v1/users/info')).statusCode).toBe(401);
    const left = await db()
      .selectFrom('oidcPayload')
      .select('id')
      .where('accountId', '=', user.subject)
      .execute();
    expect(left).toHaveLength(0);
    const log = (
      await as(
        'superAdmin',
        'GET',
        `/api/v1/admin/audit-log?action=user.session.revoke-all&targetId=${user.id}`,
      )
    ).json();
    expect(log.total).toBe(1);
  });

  it('disabling an account refuses its open session at once; enabling lets a new sign-in in', async () => {
    const { user } = await account(schoolA());
    const token = await tokenOf(user);
    expect((await as(token, 'GET', '/api/v1/users/info')).statusCode).toBe(200);
    const disabled = await as('admin', 'PUT', `/api/v1/users/${user.id}/enabled`, { enabled: false });
    expect(disabled.json().enabled).toBe(false);
    expect((await as(token, 'GET', '/api/v1/users/info')).statusCode).toBe(401);
    const listed = (await as('admin', 'GET', `/api/v1/users?status=disabled&q=${user.username}`)).json();
    expect(listed.items.map((u: { id: number }) => u.id)).toEqual([user.id]);
    await as('admin', 'PUT', `/api/v1/users/${user.id}/enabled`, { enabled: true });
    const later = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    // A token issued after the not-before second is accepted again.
    await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
    expect((await as(await tokenOf(later), 'GET', '/api/v1/users/info')).statusCode).toBe(200);
  });
});

describe('audit log export', () => {
  it('gives the super administrator the log as a spreadsheet', async () => {
    const response = await as('superAdmin', 'GET', '/api/v1/admin/audit-log/export');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('일시(UTC)');
    expect(sheet?.rowCount).toBeGreaterThan(3);
    expect((await as('admin', 'GET', '/api/v1/admin/audit-log')).statusCode).toBe(403);
  });
});

describe('token usage', () => {
  /** A reservation the AI gateway settled (the licence row only has to exist). */
  const anyLicence = async () =>
    (await db().selectFrom('userLicense').select('id').executeTakeFirstOrThrow()).id;
  async function settle(
    userId: number,
    used: number,
    purpose: string,
    day: string,
    model: string | null = null,
  ) {
    const userLicenseId = await anyLicence();
    await db()
      .insertInto('tokenReservation')
      .values({
        id: randomUUID(),
        userLicenseId,
        userId,
        amount: used + 10,
        used,
        status: 'SETTLED',
        purpose,
        createdAt: `${day}T09:00:00.000Z`,
        settledAt: `${day}T09:00:01.000Z`,
        model,
      })
      .execute();
  }

  it('sums on the dashboard equal the raw records, and reading twice never counts twice', async () => {
    const teacher = world.users.teacher?.id ?? 0;
    const colleague = world.users.teacher3?.id ?? 0;
    const other = world.users.teacher2?.id ?? 0;
    await settle(teacher, 120, 'summary', '2024-03-04', 'gpt-4o-mini');
    await settle(teacher, 80, 'chat', '2024-03-04', 'offline');
    await settle(colleague, 50, 'chat', '2024-03-05', 'gpt-4o-mini');
    // Settled before models were recorded.
    await settle(other, 1000, 'chat', '2024-03-05');
    await db()
      .insertInto('tokenReservation')
      .values({
        id: randomUUID(),
        userLicenseId: await anyLicence(),
        userId: teacher,
        amount: 500,
        used: null,
        status: 'RELEASED',
        purpose: 'chat',
        createdAt: '2024-03-05T10:00:00.000Z',
        settledAt: '2024-03-05T10:00:01.000Z',
      })
      .execute();
    const url = '/api/v1/token-tracker?from=2024-03-01&to=2024-03-31';
    const response = await as('superAdmin', 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const all = response.json();
    const raw = await db()
      .selectFrom('tokenReservation')
      .select((eb) => [eb.fn.sum<number>('used').as('tokens'), eb.fn.countAll<number>().as('calls')])
      .where('status', '=', 'SETTLED')
      .where('settledAt', '>=', '2024-03-01')
      .where('settledAt', '<', '2024-04-01')
      .executeTakeFirstOrThrow();
    expect(all.totals).toEqual({ tokens: Number(raw.tokens), calls: Number(raw.calls) });
    expect(all.totals).toEqual({ tokens: 1250, calls: 4 });
    expect(all.daily).toEqual([
      { day: '2024-03-04', tokens: 200, calls: 2 },
      { day: '2024-03-05', tokens: 1050, calls: 2 },
    ]);
    expect(all.byTool[0]).toEqual({ purpose: 'chat', tokens: 1130, calls: 3 });
    expect(all.byModel).toEqual([
      { model: '(기록 없음)', tokens: 1000, calls: 1 },
      { model: 'gpt-4o-mini', tokens: 170, calls: 2 },
      { model: 'offline', tokens: 80, calls: 1 },
    ]);
    expect(all.bySchool[0]).toMatchObject({ schoolId: schoolB(), tokens: 1000 });
    expect(all.byTeacher[0]).toMatchObject({ userId: other, tokens: 1000 });
    expect((await as('superAdmin', 'GET', url)).json().totals).toEqual(all.totals);

    // A school administrator sees their school only.
    const mine = (await as('admin', 'GET', url)).json();
    expect(mine.totals).toEqual({ tokens: 250, calls: 3 });
    expect(mine.byModel).toEqual([
      { model: 'gpt-4o-mini', tokens: 170, calls: 2 },
      { model: 'offline', tokens: 80, calls: 1 },
    ]);
    expect((await as('admin', 'GET', `${url}&schoolId=${schoolB()}`)).statusCode).toBe(404);

    const csv = await as(
      'admin',
      'GET',
      `/api/v1/token-tracker/export?from=2024-03-01&to=2024-03-31&format=csv`,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('날짜,학교,사용자 ID,이름,도구,토큰,호출 수');
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[5]), 0)).toBe(250);
    // Teachers at 80% of their licence or beyond are listed for their school's administrator.
    await db()
      .updateTable('userLicense')
      .set({ tokenLimit: 1000, tokenUsed: 900 })
      .where('userId', '=', teacher)
      .execute();
    const near = (await as('admin', 'GET', url)).json().nearLimit;
    expect(near).toContainEqual(
      expect.objectContaining({ userId: teacher, tokenUsed: 900, tokenLimit: 1000 }),
    );
    expect(near.every((r: { userId: number }) => r.userId !== other)).toBe(true);
    const none = await as('admin', 'GET', '/api/v1/token-tracker/export?from=2001-01-01&to=2001-01-02');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('E_NOT_FOUND_002');
  });

  it('shows a teacher their own usage', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const teacher = world.users.teacher3?.id ?? 0;
    const before = (await as('sameSchoolTeacher', 'GET', '/api/v1/token-tracker/me?days=7')).json();
    await settle(teacher, 33, 'feedback', today);
    const after = (await as('sameSchoolTeacher', 'GET', '/api/v1/token-tracker/me?days=7')).json();
    expect(after.totals.tokens - before.totals.tokens).toBe(33);
    expect(after.byTool).toContainEqual(expect.objectContaining({ purpose: 'feedback' }));
  });
});

describe('error reports', () => {
  it('groups reports by signature with counts, first and last seen, and a resolved mark a new report lifts', async () => {
    const report = (line: number) => ({
      errorMessage: 'Cannot read properties of undefined (reading "items")',
      errorType: 'TypeError',
      errorStack: `TypeError: x\n    at UsersTable (https://ssaem.test/assets/users-Ab12Cd34Ef.js:${line}:17)\n    at render (https://ssaem.test/assets/index-Zz99Yy88Xx.js:2:3)`,
      errorUrl: '/admin/users',
      errorBrowser: 'Chrome 142',
      errorOs: 'Windows 11',
    });
    for (const line of [10, 11, 12]) {
      expect((await as('teacher', 'POST', '/api/v1/error-reports', report(line))).statusCode).toBe(201);
    }
    const signature = errorSignature(report(10).errorMessage, report(10).errorStack);
    const open = (await as('superAdmin', 'GET', '/api/v1/admin/error-reports')).json();
    const group = open.items.find((g: { signature: string }) => g.signature === signature);
    expect(group).toMatchObject({
      count: 3,
      users: 1,
      urls: ['/admin/users'],
      browsers: ['Chrome 142'],
      systems: ['Windows 11'],
      resolved: false,
    });
    expect(group.firstSeen <= group.lastSeen).toBe(true);

    const resolved = await as('superAdmin', 'PUT', `/api/v1/admin/error-reports/${signature}`, {
      resolved: true,
    });
    expect(resolved.json().resolved).toBe(true);
    const stillOpen = (await as('superAdmin', 'GET', '/api/v1/admin/error-reports')).json();
    expect(stillOpen.items.map((g: { signature: string }) => g.signature)).not.toContain(signature);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await as('anonymous', 'POST', '/api/v1/error-reports', report(13));
    const reopened = (await as('superAdmin', 'GET', '/api/v1/admin/error-reports')).json();
    expect(reopened.items.find((g: { signature: string }) => g.signature === signature)).toMatchObject({
      count: 4,
      resolved: false,
    });
    expect((await as('admin', 'GET', '/api/v1/admin/error-reports')).statusCode).toBe(403);
  });
});

describe('system prompt versions', () => {
  it('keeps every save as a version, compares them and rolls back (a rollback is a new version, audited)', async () => {
    const prompts = (await as('superAdmin', 'GET', '/api/v1/ai/prompt')).json();
    const seq = prompts[0].seq as number;
    const original = prompts[0].systemPrompt as string;
    const edited = `${original}\n학생의 학년 수준에 맞는 낱말을 쓰세요.`;
    const saved = await as('superAdmin', 'PUT', `/api/v1/ai/prompt/${seq}`, { systemPrompt: edited });
    expect(saved.json().systemPrompt).toBe(edited);
    let versions = (await as('superAdmin', 'GET', `/api/v1/ai/prompt/${seq}/versions`)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({
      systemPrompt: edited,
      live: true,
      createdByName: expect.stringContaining('superadmin'),
    });
    expect(versions[1]).toMatchObject({ systemPrompt: original, live: false });

    const rolledBack = await as('superAdmin', 'POST', `/api/v1/ai/prompt/${seq}/versions/1/rollback`);
    expect(rolledBack.json().systemPrompt).toBe(original);
    versions = (await as('superAdmin', 'GET', `/api/v1/ai/prompt/${seq}/versions`)).json();
    expect(versions.map((v: { version: number; live: boolean }) => [v.version, v.live])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(versions[0]).toMatchObject({ systemPrompt: original, note: 'v1' });
    // The tools read the live prompt.
    const live = await db()
      .selectFrom('aiPrompt')
      .select('systemPrompt')
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow();
    expect(live.systemPrompt).toBe(original);
    const log = (
      await as('superAdmin', 'GET', `/api/v1/admin/audit-log?targetType=prompt&targetId=${seq}`)
    ).json();
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(['prompt.rollback', 'prompt.update']);
    expect(log.items[1].after.systemPrompt).toBe(edited);

    expect((await as('admin', 'GET', `/api/v1/ai/prompt/${seq}/versions`)).statusCode).toBe(403);
    expect((await as('superAdmin', 'POST', `/api/v1/ai/prompt/${seq}/versions/99/rollback`)).statusCode).toBe(
      404,
    );
  });
});

describe('the tool catalogue', () => {
  it("audits the super administrator's changes to a tool", async () => {
    const tools = (await as('superAdmin', 'GET', '/api/v1/tool/list')).json();
    const tool = tools[0];
    const updated = await as('superAdmin', 'PUT', `/api/v1/tool/${tool.id}`, { labelKo: '새 이름의 도구' });
    expect(updated.statusCode).toBe(200);
    const log = (
      await as('superAdmin', 'GET', `/api/v1/admin/audit-log?targetType=tool&targetId=${tool.id}`)
    ).json();
    expect(log.items[0]).toMatchObject({ action: 'tool.update', targetLabel: tool.codeName });
    expect(Object.values(log.items[0].after)).toContain('새 이름의 도구');
  });
});
