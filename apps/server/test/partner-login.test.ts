import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProviderKeys } from '../src/platform/auth/oidc-keys.ts';
import type { Role } from '../src/policies/actor.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildUser } from './factories.ts';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/**
 * Partner products and their sign-in by token exchange (docs/partner-login.md): the partner's
 * server signs an assertion with its own key, exchanges it, and the Ssaem access token it gets
 * back works on the API like a browser sign-in's, until the account's not-before ends it.
 */
let t: TestApp;
let world: DemoWorld;
let partnerKey: SigningKey;
let strangerKey: SigningKey;
let publicJwk: JWK;
const PRODUCT = 'classting';
const CLIENT_ID = 'classting-prod';

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
  const pair = await generateKeyPair('ES256', { extractable: true });
  partnerKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'classting-2026', alg: 'ES256', use: 'sig' };
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  const created = await superAdmin('POST', '/api/v1/partner-products', productBody());
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(() => t.close());

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    productKey: PRODUCT,
    name: '클래스팅',
    clientId: CLIENT_ID,
    redirectUris: ['https://www.classting.com/ssaem/return', 'http://localhost:3000/return'],
    allowedRoles: ['ROLE_TEACHER'],
    jwks: { keys: [publicJwk] },
    ...overrides,
  };
}

async function superAdmin(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: await world.headersFor('superAdmin'),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function assertion(
  sub: string,
  options: {
    aud?: string;
    iss?: string;
    key?: SigningKey;
    jti?: string;
    iat?: number;
    exp?: number;
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: 'classting-2026', typ: 'JWT' })
    .setIssuer(options.iss ?? CLIENT_ID)
    .setAudience(options.aud ?? t.config.ISSUER)
    .setSubject(sub)
    .setIssuedAt(options.iat ?? now)
    .setExpirationTime(options.exp ?? now + 120)
    .setJti(options.jti ?? randomUUID())
    .sign(options.key ?? partnerKey);
}

/** The exchange as a partner's server sends it: form-encoded, no bearer token. */
async function exchange(subjectToken: string, product = PRODUCT, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth/${product}-login`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    payload: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: subjectToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      ...extra,
    }).toString(),
  });
}

async function teacher(roles: Role[] = ['ROLE_TEACHER'], enabled = 1) {
  return buildUser(t.database.db, { roles, enabled, schoolId: world.users.teacher?.schoolId ?? null });
}

const infoWith = (token: string) =>
  t.app.inject({ url: '/api/v1/users/info', headers: { authorization: `Bearer ${token}` } });

describe('a partner signs a teacher in by token exchange', () => {
  it('answers a real Ssaem access token that works on the API', async () => {
    const user = await teacher();
    const response = await exchange(await assertion(user.username));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      token_type: 'Bearer',
      expires_in: 300,
    });
    expect(body.refresh_token).toBeUndefined();

    // Signed by the embedded provider's own key, with its issuer and the API's audience.
    const keys = await loadProviderKeys(t.database.db);
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({
      alg: 'RS256',
      kid: keys.signing[0]?.kid,
    });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      iss: t.config.ISSUER,
      aud: t.config.OIDC_AUDIENCE,
      sub: user.subject,
      azp: CLIENT_ID,
      preferred_username: user.username,
      realm_access: { roles: ['ROLE_TEACHER'] },
    });

    const info = await infoWith(body.access_token);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().userInfo).toMatchObject({ userId: user.id, preferredUsername: user.username });
  });

  it('accepts the exchange endpoint itself, or the public address, as the audience; JSON bodies too', async () => {
    const user = await teacher();
    const endpoint = `${t.config.PUBLIC_URL}/api/auth/${PRODUCT}-login`;
    expect((await exchange(await assertion(user.username, { aud: endpoint }))).statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/auth/${PRODUCT}-login`,
      payload: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: await assertion(user.username, { aud: t.config.PUBLIC_URL }),
        subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      },
    });
    expect(json.statusCode, json.body).toBe(200);
  });

  it('narrows an administrator who teaches to the roles the product may sign in', async () => {
    const user = await teacher(['ROLE_ADMIN', 'ROLE_TEACHER']);
    const response = await exchange(await assertion(user.username));
    expect(response.statusCode, response.body).toBe(200);
    const token = response.json().access_token;
    expect(decodeJwt(token).realm_access).toEqual({ roles: ['ROLE_TEACHER'] });
    const adminList = await t.app.inject({
      url: '/api/v1/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(adminList.statusCode).toBe(403);
  });
});

describe('the exchange refuses', () => {
  async function refusal(response: Awaited<ReturnType<typeof exchange>>) {
    return { status: response.statusCode, error: response.json().error, code: response.json().code };
  }

  it('a replayed assertion (its jti), even after the first one succeeded', async () => {
    const user = await teacher();
    const signed = await assertion(user.username);
    expect((await exchange(signed)).statusCode).toBe(200);
    const again = await exchange(signed);
    expect(await refusal(again)).toEqual({ status: 400, error: 'invalid_grant', code: 'E_EXCHANGE_GRANT' });
    expect(again.json().error_description).toMatch(/used already/);
    // The same jti in a newly signed assertion is a replay too.
    const jti = randomUUID();
    expect((await exchange(await assertion(user.username, { jti }))).statusCode).toBe(200);
    expect((await exchange(await assertion(user.username, { jti }))).statusCode).toBe(400);
  });

  it('an expired assertion, and one that would live longer than five minutes', async () => {
    const user = await teacher();
    const now = Math.floor(Date.now() / 1000);
    const expired = await exchange(await assertion(user.username, { iat: now - 200, exp: now - 100 }));
    expect(await refusal(expired)).toEqual({ status: 400, error: 'invalid_grant', code: 'E_EXCHANGE_GRANT' });
    expect(expired.json().error_description).toMatch(/expired/);
    const long = await exchange(await assertion(user.username, { iat: now, exp: now + 3600 }));
    expect(await refusal(long)).toEqual({ status: 400, error: 'invalid_grant', code: 'E_EXCHANGE_GRANT' });
  });

  it('an assertion for another audience', async () => {
    const user = await teacher();
    const response = await exchange(await assertion(user.username, { aud: 'https://elsewhere.example' }));
    expect(await refusal(response)).toEqual({
      status: 400,
      error: 'invalid_grant',
      code: 'E_EXCHANGE_GRANT',
    });
    expect(response.json().error_description).toMatch(/aud/);
  });

  it('an assertion signed with a key the product did not register, or by another issuer', async () => {
    const user = await teacher();
    const wrongKey = await exchange(await assertion(user.username, { key: strangerKey }));
    expect(await refusal(wrongKey)).toEqual({
      status: 401,
      error: 'invalid_client',
      code: 'E_EXCHANGE_CLIENT',
    });
    const wrongIssuer = await exchange(await assertion(user.username, { iss: 'someone-else' }));
    expect(await refusal(wrongIssuer)).toEqual({
      status: 401,
      error: 'invalid_client',
      code: 'E_EXCHANGE_CLIENT',
    });
    const garbage = await exchange('not-a-jwt');
    expect((await refusal(garbage)).status).toBe(401);
  });

  it('an unknown product, and a product switched off (404)', async () => {
    const user = await teacher();
    expect(await refusal(await exchange(await assertion(user.username), 'no-such-product'))).toEqual({
      status: 404,
      error: 'invalid_client',
      code: 'E_NOT_FOUND',
    });
    const list = (await superAdmin('GET', '/api/v1/partner-products')).json();
    const product = list.items.find((p: { productKey: string }) => p.productKey === PRODUCT);
    expect(
      (await superAdmin('PUT', `/api/v1/partner-products/${product.id}/enabled`, { enabled: false })).json(),
    ).toMatchObject({ enabled: false });
    try {
      expect((await exchange(await assertion(user.username))).statusCode).toBe(404);
    } finally {
      await superAdmin('PUT', `/api/v1/partner-products/${product.id}/enabled`, { enabled: true });
    }
    expect((await exchange(await assertion(user.username))).statusCode).toBe(200);
  });

  it('an unknown or disabled account', async () => {
    const unknown = await exchange(await assertion('nobody-here'));
    expect(await refusal(unknown)).toEqual({ status: 400, error: 'invalid_grant', code: 'E_EXCHANGE_GRANT' });
    const disabled = await teacher(['ROLE_TEACHER'], 0);
    expect(await refusal(await exchange(await assertion(disabled.username)))).toEqual({
      status: 400,
      error: 'invalid_grant',
      code: 'E_EXCHANGE_GRANT',
    });
  });

  it('a role the product may not sign in', async () => {
    const student = await teacher(['ROLE_STUDENT']);
    const response = await exchange(await assertion(student.username));
    expect(await refusal(response)).toEqual({
      status: 400,
      error: 'unauthorized_client',
      code: 'E_EXCHANGE_ROLE',
    });
    const superAdminUser = await teacher(['ROLE_SUPER_ADMIN']);
    expect((await exchange(await assertion(superAdminUser.username))).statusCode).toBe(400);
  });

  it('a request that is not a token exchange', async () => {
    const user = await teacher();
    const signed = await assertion(user.username);
    const grant = await exchange(signed, PRODUCT, { grant_type: 'password' });
    expect(await refusal(grant)).toEqual({
      status: 400,
      error: 'unsupported_grant_type',
      code: 'E_EXCHANGE_REQUEST',
    });
    const type = await exchange(signed, PRODUCT, {
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    });
    expect(await refusal(type)).toEqual({
      status: 400,
      error: 'invalid_request',
      code: 'E_EXCHANGE_REQUEST',
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/auth/${PRODUCT}-login`,
      payload: { grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: 42 },
    });
    expect(await refusal(missing)).toEqual({
      status: 400,
      error: 'invalid_request',
      code: 'E_EXCHANGE_REQUEST',
    });
  });

  it("an exchanged token once the account's sessions are all revoked (not-before)", async () => {
    const user = await teacher();
    const token = (await exchange(await assertion(user.username))).json().access_token;
    expect((await infoWith(token)).statusCode).toBe(200);
    const revoked = await superAdmin('POST', `/api/v1/users/${user.id}/not-before`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await infoWith(token)).statusCode).toBe(401);
    // A new assertion after the not-before second signs in again.
    await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
    const later = (await exchange(await assertion(user.username))).json().access_token;
    expect((await infoWith(later)).statusCode).toBe(200);
  });

  it('an exchanged token once the account is disabled', async () => {
    const user = await teacher();
    const token = (await exchange(await assertion(user.username))).json().access_token;
    expect((await infoWith(token)).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ enabled: 0 }).where('id', '=', user.id).execute();
    expect((await infoWith(token)).statusCode).toBe(401);
  });
});

describe('partner products (the super administrator)', () => {
  it('lists, reads, changes only the fields sent, and audits each step', async () => {
    const list = (await superAdmin('GET', '/api/v1/partner-products')).json();
    const product = list.items.find((p: { productKey: string }) => p.productKey === PRODUCT);
    expect(product).toMatchObject({
      clientId: CLIENT_ID,
      loginPath: '/api/auth/classting-login',
      enabled: true,
    });
    const read = await superAdmin('GET', `/api/v1/partner-products/${product.id}`);
    expect(read.json().jwks.keys[0].kid).toBe('classting-2026');
    const changed = await superAdmin('PUT', `/api/v1/partner-products/${product.id}`, {
      productKey: PRODUCT,
      clientId: CLIENT_ID,
      name: '클래스팅 AI',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: '클래스팅 AI', allowedRoles: ['ROLE_TEACHER'] });
    const actions = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'before', 'after'])
      .where('targetType', '=', 'partner-product')
      .where('targetId', '=', String(product.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['partner-product.create', 'partner-product.update']),
    );
    const update = actions.find((a) => a.action === 'partner-product.update');
    expect(JSON.parse(update?.after ?? '{}')).toEqual({ name: '클래스팅 AI' });
  });

  it('refuses a taken client id (E_CONFLICT_002) and a taken product key', async () => {
    const taken = await superAdmin(
      'POST',
      '/api/v1/partner-products',
      productBody({ productKey: 'other-one' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('E_CONFLICT_002');
    const key = await superAdmin(
      'POST',
      '/api/v1/partner-products',
      productBody({ clientId: 'another-client' }),
    );
    expect(key.statusCode).toBe(409);
    expect(key.json().code).toBe('E_PRODUCT_KEY_TAKEN');
  });

  it('refuses a change of the client id or the product key (E_IMMUTABLE_VALUE_001)', async () => {
    const product = (await superAdmin('GET', '/api/v1/partner-products')).json().items[0];
    for (const change of [{ clientId: 'renamed' }, { productKey: 'renamed' }]) {
      const response = await superAdmin('PUT', `/api/v1/partner-products/${product.id}`, change);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('E_IMMUTABLE_VALUE_001');
    }
  });

  it('checks each field: key format, https redirect addresses, roles, public keys only', async () => {
    const bad = await superAdmin(
      'POST',
      '/api/v1/partner-products',
      productBody({
        productKey: 'Bad Key',
        clientId: 'fresh-client',
        redirectUris: ['http://partner.example/return'],
        allowedRoles: ['ROLE_SUPER_ADMIN'],
      }),
    );
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.productKey', 'body.redirectUris.0', 'body.allowedRoles.0']),
    );
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const secret = await superAdmin(
      'POST',
      '/api/v1/partner-products',
      productBody({
        productKey: 'leaky',
        clientId: 'leaky-client',
        jwks: { keys: [await exportJWK(privateKey)] },
      }),
    );
    expect(secret.statusCode).toBe(400);
    const broken = await superAdmin(
      'POST',
      '/api/v1/partner-products',
      productBody({
        productKey: 'broken',
        clientId: 'broken-client',
        jwks: { keys: [{ kty: 'EC', crv: 'P-256' }] },
      }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details[0].path).toBe('body.jwks');
  });
});
