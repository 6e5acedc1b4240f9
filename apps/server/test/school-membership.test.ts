import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const schoolA = () => world.users.teacher?.schoolId ?? 0;
const schoolB = () => world.users.teacher2?.schoolId ?? 0;

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'ko', ...headers } });

async function as(persona: AnyPersona, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...(await world.headersFor(persona)), 'accept-language': 'ko' },
    ...(payload ? { payload } : {}),
  });
}

async function verifiedToken(email: string): Promise<string> {
  await post('/api/v1/users/public/send-verification', { email, purpose: 'SIGNUP' });
  const mail = await t.database.db
    .selectFrom('mailOutbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /(\d{6})/.exec(mail.body)?.[1] ?? '';
  return (await post('/api/v1/users/public/verification', { email, purpose: 'SIGNUP', code })).json()
    .verificationToken;
}

async function signup(username: string, email: string, schoolId: number, inviteToken?: string) {
  return post('/api/v1/users/public/signup', {
    username,
    password: 'safe-pass-42',
    name: `${username} 선생님`,
    email,
    schoolId,
    verificationToken: await verifiedToken(email),
    ...(inviteToken ? { inviteToken } : {}),
  });
}

async function userNamed(username: string) {
  return t.database.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

async function headersOf(username: string) {
  return { ...bearer(await accessTokenFor(t, await userNamed(username))), 'accept-language': 'ko' };
}

/** A SCHOOL-visibility material made by `teacher`, which only members of school A may read. */
async function schoolMaterial(): Promise<number> {
  const created = await t.database.db
    .insertInto('libraryItem')
    .values({
      creatorId: world.users.teacher?.id ?? 0,
      schoolId: schoolA(),
      libraryType: 'SUMMARY',
      materialType: 'summary',
      input: '{}',
      title: '우리 학교만 보는 자료',
      status: 3,
      visibility: 'SCHOOL',
      editable: 1,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

describe('joining a school needs proof', () => {
  it('without proof, the account waits for its school administrator, who alone may approve it', async () => {
    const material = await schoolMaterial();
    const res = await signup('stranger1', 'stranger1@gmail.com', schoolA());
    expect(res.json()).toEqual({ username: 'stranger1', membership: 'PENDING' });
    expect((await userNamed('stranger1')).schoolId).toBeNull();
    const info = await t.app.inject({ url: '/api/v1/users/info', headers: await headersOf('stranger1') });
    expect(info.json()).toMatchObject({ schoolInfo: null, pendingSchool: { id: schoolA() } });
    const before = await t.app.inject({
      url: `/api/v1/library/${material}`,
      headers: await headersOf('stranger1'),
    });
    expect(before.statusCode).toBe(404);

    // The school's administrators are told by mail.
    const mail = await t.database.db
      .selectFrom('mailOutbox')
      .select(['recipient', 'subject'])
      .where('recipient', '=', world.users.admin?.email ?? '')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('가입 승인 요청');

    const request = (await as('admin', 'GET', '/api/v1/users/school-requests'))
      .json()
      .find((r: { username: string }) => r.username === 'stranger1');
    expect(request).toMatchObject({ status: 'PENDING', schoolId: schoolA(), email: 'stranger1@gmail.com' });
    // Another school's administrator neither sees it nor decides it; teachers and students may not ask.
    expect((await as('otherSchoolAdmin', 'GET', '/api/v1/users/school-requests')).json()).toEqual([]);
    expect(
      (await as('otherSchoolAdmin', 'POST', `/api/v1/users/school-requests/${request.id}/approve`))
        .statusCode,
    ).toBe(404);
    for (const persona of ['teacher', 'student', 'provider'] as const) {
      expect(
        (await as(persona, 'POST', `/api/v1/users/school-requests/${request.id}/approve`)).statusCode,
        persona,
      ).toBe(403);
    }
    expect((await post(`/api/v1/users/school-requests/${request.id}/approve`, {})).statusCode).toBe(401);

    const approved = await as('admin', 'POST', `/api/v1/users/school-requests/${request.id}/approve`);
    expect(approved.json()).toMatchObject({ status: 'APPROVED' });
    expect((await userNamed('stranger1')).schoolId).toBe(schoolA());
    const after = await t.app.inject({
      url: `/api/v1/library/${material}`,
      headers: await headersOf('stranger1'),
    });
    expect(after.statusCode).toBe(200);
    const again = await as('admin', 'POST', `/api/v1/users/school-requests/${request.id}/reject`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('E_ALREADY_DECIDED');
  });

  it('a rejected request leaves the account without a school', async () => {
    await signup('stranger2', 'stranger2@gmail.com', schoolB());
    const requests = (
      await as('superAdmin', 'GET', `/api/v1/users/school-requests?schoolId=${schoolB()}`)
    ).json();
    const request = requests.find((r: { username: string }) => r.username === 'stranger2');
    expect(
      (await as('otherSchoolAdmin', 'POST', `/api/v1/users/school-requests/${request.id}/reject`)).json(),
    ).toMatchObject({ status: 'REJECTED' });
    expect((await userNamed('stranger2')).schoolId).toBeNull();
    const info = await t.app.inject({ url: '/api/v1/users/info', headers: await headersOf('stranger2') });
    expect(info.json()).toMatchObject({ schoolInfo: null, pendingSchool: null });
  });

  it('an address at a domain the school lists joins at once; only that school sets its domains', async () => {
    const url = `/api/v1/schools/${schoolA()}/email-domains`;
    expect((await as('otherSchoolAdmin', 'PUT', url, { domains: ['garak.es.kr'] })).statusCode).toBe(404);
    expect((await as('teacher', 'PUT', url, { domains: ['garak.es.kr'] })).statusCode).toBe(403);
    const bad = await as('admin', 'PUT', url, { domains: ['not a domain'] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('도메인 형식이 올바르지 않습니다');
    expect((await as('admin', 'PUT', url, { domains: ['Garak.ES.kr', 'garak.es.kr'] })).json()).toEqual({
      domains: ['garak.es.kr'],
    });
    expect((await as('admin', 'GET', url)).json()).toEqual({ domains: ['garak.es.kr'] });
    const res = await signup('domainteacher', 'kim@garak.es.kr', schoolA());
    expect(res.json()).toEqual({ username: 'domainteacher', membership: 'ACTIVE' });
    expect((await userNamed('domainteacher')).schoolId).toBe(schoolA());
    // The listed domain proves school A only, not another school.
    expect((await signup('domainteacher2', 'lee@garak.es.kr', schoolB())).json().membership).toBe('PENDING');
  });

  it('an invitation from the school proves membership', async () => {
    const invitation = (
      await as('admin', 'POST', '/api/v1/users/invitations', { email: 'invited@gmail.com' })
    ).json();
    const res = await signup('invitedteacher', 'invited@gmail.com', schoolB(), invitation.token);
    expect(res.json()).toEqual({ username: 'invitedteacher', membership: 'ACTIVE' });
    // The invitation's school wins over the one in the form.
    expect((await userNamed('invitedteacher')).schoolId).toBe(schoolA());
  });
});
