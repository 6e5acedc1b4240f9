import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginRepository } from '../src/modules/auth/login.repository.ts';
import { createLoginService } from '../src/modules/auth/login.service.ts';
import { createUsersRepository } from '../src/modules/users/users.repository.ts';
import { createVerificationRepository } from '../src/modules/users/verification.repository.ts';
import { createVerificationService } from '../src/modules/users/verification.service.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';

let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers,
    remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

async function lastCodeFor(email: string): Promise<string> {
  const mail = await t.database.db
    .selectFrom('mailOutbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(mail.body)?.[1] ?? '';
}

async function verifiedToken(email: string, purpose: 'SIGNUP' | 'FIND_ID' = 'SIGNUP'): Promise<string> {
  expect((await post('/api/v1/users/public/send-verification', { email, purpose })).statusCode).toBe(200);
  const res = await post('/api/v1/users/public/verification', {
    email,
    purpose,
    code: await lastCodeFor(email),
  });
  expect(res.statusCode).toBe(200);
  return res.json().verificationToken;
}

describe('users/info', () => {
  it('returns the user, the school with grades and subjects, and a valid licence', async () => {
    const res = await t.app.inject({ url: '/api/v1/users/info', headers: await world.headersFor('teacher') });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info.userInfo).toMatchObject({
      preferredUsername: 'teacher',
      name: '김하늘',
      title: '3학년 2반 담임',
      roles: ['ROLE_TEACHER'],
      primaryRole: 'ROLE_TEACHER',
    });
    expect(info.schoolInfo).toMatchObject({ name: '서울가락초등학교', level: '초등학교', assignedGrade: 13 });
    expect(info.schoolInfo.grades.map((g: { name: string }) => g.name)).toEqual([
      '초1',
      '초2',
      '초3',
      '초4',
      '초5',
      '초6',
    ]);
    expect(info.schoolInfo.subjects['13'].map((s: { name: string }) => s.name)).toContain('과학');
    expect(info.licenseInfo).toMatchObject({
      isValid: true,
      status: 'ACTIVE',
      tokenLimit: 1_000_000,
      tokenUsed: 0,
    });
    expect(info.licenseInfo.licenseKey).toMatch(/^SSAM-DEMO-/);
  });

  it('reports no licence for `unlicensed` as ERROR and invalid', async () => {
    const { accessTokenFor } = await import('./auth-helpers.ts');
    const user = world.users.unlicensed;
    if (!user) throw new Error('missing');
    const res = await t.app.inject({
      url: '/api/v1/user-license/check-validity',
      headers: { authorization: `Bearer ${await accessTokenFor(t, user)}` },
    });
    expect(res.json()).toMatchObject({ isValid: false, status: 'ERROR', licenseKey: null });
  });

  it('updates the profile and validates the assigned grade against the school level', async () => {
    const headers = await world.headersFor('teacher');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/info',
      headers,
      payload: { nickName: '하늘쌤', assignedGrade: 14, mobile: '010-1234-5678' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().userInfo).toMatchObject({ nickName: '하늘쌤', mobile: '010-1234-5678' });
    expect(ok.json().schoolInfo.assignedGrade).toBe(14);
    const middleGrade = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/info',
      headers,
      payload: { assignedGrade: 21 },
    });
    expect(middleGrade.statusCode).toBe(400);
    const unknownField = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/info',
      headers,
      payload: { roles: ['ROLE_ADMIN'] },
    });
    expect(unknownField.statusCode).toBe(400);
    const badMobile = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/info',
      headers,
      payload: { mobile: '12345' },
    });
    expect(badMobile.json().details[0].message).toBe('휴대전화 번호 형식이 올바르지 않습니다.');
  });
});

describe('sign-up', () => {
  it('verifies the e-mail with a 6-digit code and creates a teacher who can sign in', async () => {
    const email = 'new.teacher@example.test';
    expect(
      (await t.app.inject({ url: '/api/v1/users/public/name-exists?username=newteacher' })).json(),
    ).toEqual({ exists: false });
    const token = await verifiedToken(email);
    const res = await post('/api/v1/users/public/signup', {
      username: 'newteacher',
      password: 'safe-pass-42',
      name: '신규교사',
      email,
      schoolId: world.users.teacher2?.schoolId,
      verificationToken: token,
    });
    expect(res.statusCode, res.body).toBe(201);
    // No invitation and no listed domain: the school's administrator approves the membership first.
    expect(res.json()).toEqual({ username: 'newteacher', membership: 'PENDING' });
    expect(
      (await t.app.inject({ url: '/api/v1/users/public/name-exists?username=NewTeacher' })).json(),
    ).toEqual({ exists: true });
    const user = await createUsersRepository(t.database.db).findByUsername('newteacher');
    expect(JSON.parse(user?.roles ?? '[]')).toEqual(['ROLE_TEACHER']);
    expect(user?.schoolId).toBeNull();
    const login = createLoginService(
      createUsersRepository(t.database.db),
      createLoginRepository(t.database.db),
      createVerificationService(
        createVerificationRepository(t.database.db),
        createMailer({ db: t.database.db, smtpUrl: undefined, from: 'test@ssaem.local', log: t.app.log }),
      ),
    );
    expect(
      (await login.signIn({ username: 'newteacher', password: 'safe-pass-42', ip: '1.1.1.1' })).outcome,
    ).toBe('success');

    const reused = await post('/api/v1/users/public/signup', {
      username: 'another',
      password: 'safe-pass-42',
      name: '재사용',
      email,
      schoolId: world.users.teacher2?.schoolId,
      verificationToken: token,
    });
    expect(reused.json().code).toBe('E_VERIFICATION_001');
  });

  it('refuses a taken username, an unknown school, weak passwords and bad codes', async () => {
    const email = 'second@example.test';
    const base = { password: 'safe-pass-42', name: '교사', email, schoolId: world.users.teacher?.schoolId };
    const taken = await post('/api/v1/users/public/signup', {
      ...base,
      username: 'teacher',
      verificationToken: await verifiedToken(email),
    });
    expect(taken.json().code).toBe('E_CONFLICT_001');
    const school = await post('/api/v1/users/public/signup', {
      ...base,
      username: 'freshname',
      schoolId: 99999999,
      verificationToken: await verifiedToken(email),
    });
    expect(school.json().code).toBe('E_NOT_FOUND_001');
    const weak = await post('/api/v1/users/public/signup', {
      ...base,
      username: 'freshname',
      password: 'short',
      verificationToken: 'x'.repeat(20),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.map((d: { message: string }) => d.message)).toContain(
      '비밀번호는 8자 이상이어야 합니다.',
    );
  });

  it('locks a code after five wrong tries', async () => {
    const email = 'tries@example.test';
    await post('/api/v1/users/public/send-verification', { email });
    const right = await lastCodeFor(email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/v1/users/public/verification', { email, code: wrong });
      expect(res.json().code).toBe('E_VERIFICATION_001');
    }
    const afterLock = await post('/api/v1/users/public/verification', { email, code: right });
    expect(afterLock.json().code).toBe('E_VERIFICATION_001');
  });

  it('issues invitation links an invited teacher can read and use', async () => {
    const admin = await world.headersFor('admin');
    const created = await post(
      '/api/v1/users/invitations',
      { email: 'invited@example.test', role: 'ROLE_TEACHER' },
      admin,
    );
    expect(created.statusCode).toBe(201);
    const { token, link } = created.json();
    expect(link).toContain('/signup?token=');
    const parsed = await t.app.inject({
      url: `/api/v1/users/public/signup/parse-token?token=${encodeURIComponent(token)}`,
    });
    expect(parsed.json()).toMatchObject({
      email: 'invited@example.test',
      schoolName: '서울가락초등학교',
      role: 'ROLE_TEACHER',
    });
    const otherSchool = await post(
      '/api/v1/users/invitations',
      { email: 'x@example.test', schoolId: world.users.teacher2?.schoolId },
      admin,
    );
    expect(otherSchool.statusCode).toBe(403);
    const mismatch = await post('/api/v1/users/public/signup', {
      username: 'invitee',
      password: 'safe-pass-42',
      name: '초대',
      email: 'someone.else@example.test',
      schoolId: 1,
      verificationToken: await verifiedToken('someone.else@example.test'),
      inviteToken: token,
    });
    expect(mismatch.statusCode).toBe(403);
  });
});

describe('find-id and school grades', () => {
  it('shows masked usernames for a verified e-mail', async () => {
    const token = await verifiedToken('teacher2@demo.ssaem.kr', 'FIND_ID');
    const res = await post('/api/v1/users/public/find-id', {
      email: 'teacher2@demo.ssaem.kr',
      verificationToken: token,
    });
    expect(res.json()).toEqual({ usernames: ['te*****2'] });
  });

  it('lists the grades of a school level and 404s an unknown school', async () => {
    const grades = await t.app.inject({
      url: `/api/v1/users/public/school-grades/${world.users.teacher2?.schoolId}`,
    });
    expect(grades.json().map((g: { name: string }) => g.name)).toEqual(['중1', '중2', '중3']);
    const missing = await t.app.inject({ url: '/api/v1/users/public/school-grades/99999999' });
    expect(missing.json().code).toBe('E_NOT_FOUND_001');
  });
});
