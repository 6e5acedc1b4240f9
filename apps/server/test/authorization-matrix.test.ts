import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld, PERSONAS, type Persona } from './demo-world.ts';

let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

type Expect = Record<Persona, number>;
const signedInOnly: Expect = {
  anonymous: 401,
  student: 200,
  teacher: 200,
  otherSchoolTeacher: 200,
  admin: 200,
};
const publicRoute: Expect = {
  anonymous: 200,
  student: 200,
  teacher: 200,
  otherSchoolTeacher: 200,
  admin: 200,
};

interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  payload?: () => unknown;
  expected: Expect;
}

const teacherId = () => world.users.teacher?.id ?? 0;
const teacherKey = async () => {
  const row = await t.database.db
    .selectFrom('userLicense')
    .innerJoin('licenseKey', 'licenseKey.id', 'userLicense.licenseKeyId')
    .select('licenseKey.licenseKey')
    .where('userLicense.userId', '=', teacherId())
    .executeTakeFirstOrThrow();
  return row.licenseKey;
};
let key = '';

const cases: RouteCase[] = [
  { name: 'GET users/info', method: 'GET', url: () => '/api/v1/users/info', expected: signedInOnly },
  {
    name: 'PUT users/info',
    method: 'PUT',
    url: () => '/api/v1/users/info',
    payload: () => ({ nickName: '별명' }),
    expected: signedInOnly,
  },
  {
    name: 'POST users/invitations',
    method: 'POST',
    url: () => '/api/v1/users/invitations',
    payload: () => ({ email: 'new.teacher@example.test' }),
    expected: { anonymous: 401, student: 403, teacher: 403, otherSchoolTeacher: 403, admin: 201 },
  },
  {
    name: 'GET user-license/my-list',
    method: 'GET',
    url: () => '/api/v1/user-license/my-list',
    expected: signedInOnly,
  },
  {
    name: 'GET user-license/my/nearest-end',
    method: 'GET',
    url: () => '/api/v1/user-license/my/nearest-end',
    expected: signedInOnly,
  },
  {
    name: 'GET user-license/check-validity',
    method: 'GET',
    url: () => '/api/v1/user-license/check-validity',
    expected: signedInOnly,
  },
  {
    name: 'POST user-license (unknown key)',
    method: 'POST',
    url: () => '/api/v1/user-license',
    payload: () => ({ licenseKey: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' }),
    expected: { anonymous: 401, student: 404, teacher: 404, otherSchoolTeacher: 404, admin: 404 },
  },
  {
    name: 'GET users/license-check/{teacher}',
    method: 'GET',
    url: () => `/api/v1/users/license-check/${teacherId()}`,
    expected: { anonymous: 401, student: 404, teacher: 200, otherSchoolTeacher: 404, admin: 200 },
  },
  {
    name: 'GET users/license-check/{teacher}/{key}',
    method: 'GET',
    url: () => `/api/v1/users/license-check/${teacherId()}/${key}`,
    expected: { anonymous: 401, student: 404, teacher: 200, otherSchoolTeacher: 404, admin: 200 },
  },
  {
    name: 'GET userinfo endpoint',
    method: 'GET',
    url: () => '/realms/ssaem/protocol/openid-connect/userinfo',
    expected: signedInOnly,
  },
  {
    name: 'GET users/public/name-exists',
    method: 'GET',
    url: () => '/api/v1/users/public/name-exists?username=teacher',
    expected: publicRoute,
  },
  {
    name: 'GET users/public/school-grades',
    method: 'GET',
    url: () => `/api/v1/users/public/school-grades/${world.users.teacher?.schoolId}`,
    expected: publicRoute,
  },
  {
    name: 'GET users/public/signup/parse-token (forged)',
    method: 'GET',
    url: () => '/api/v1/users/public/signup/parse-token?token=not-a-real-invitation-token',
    expected: { anonymous: 404, student: 404, teacher: 404, otherSchoolTeacher: 404, admin: 404 },
  },
  {
    name: 'GET public/auth-config',
    method: 'GET',
    url: () => '/api/v1/public/auth-config',
    expected: publicRoute,
  },
];

describe('authorization matrix: identity and licence routes', () => {
  beforeAll(async () => {
    key = await teacherKey();
  });

  for (const route of cases) {
    for (const persona of PERSONAS) {
      it(`${route.name} as ${persona} → ${route.expected[persona]}`, async () => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url(),
          headers: await world.headersFor(persona),
          ...(route.payload ? { payload: route.payload() as object } : {}),
        });
        expect(res.statusCode, res.body).toBe(route.expected[persona]);
        if (res.statusCode >= 400) expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
      });
    }
  }

  it('refuses a token with the wrong audience, an expired one and garbage', async () => {
    const { SignJWT } = await import('jose');
    const wrongKey = new TextEncoder().encode('x'.repeat(32));
    const forged = await new SignJWT({ sub: world.users.teacher?.subject ?? '' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(t.config.ISSUER)
      .setAudience(t.config.OIDC_AUDIENCE)
      .setExpirationTime('5m')
      .sign(wrongKey);
    const { accessTokenFor } = await import('./auth-helpers.ts');
    const teacher = world.users.teacher;
    if (!teacher) throw new Error('no teacher');
    const expired = await accessTokenFor(t, teacher, { expiresIn: -10 });
    for (const token of [forged, expired, 'garbage']) {
      const res = await t.app.inject({
        url: '/api/v1/users/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('E_UNAUTHORIZED');
    }
    const basic = await t.app.inject({ url: '/api/v1/users/info', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
  });
});
