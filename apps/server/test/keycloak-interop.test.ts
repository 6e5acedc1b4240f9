import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/config/config.ts';
import type { TestApp } from './build-test-app.ts';
import { buildListeningApp } from './listening-app.ts';

/**
 * Keycloak in front of the API: a local server stands in for the realm (discovery document and
 * JWKS, as Keycloak publishes them), and tokens carry Keycloak's claim layout. The API fetches the
 * keys itself, follows a key rotation, and refuses what a Keycloak token would not allow.
 */
type Key = { privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey']; jwk: JWK };

async function newKey(): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' },
  };
}

describe('tokens from Keycloak', () => {
  let realm: Server;
  let issuer = '';
  let published: Key[] = [];
  let jwksFetches = 0;
  let t: TestApp & { origin: string };

  beforeAll(async () => {
    published = [await newKey()];
    realm = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      response.setHeader('content-type', 'application/json');
      if (path === '/realms/ssaem/.well-known/openid-configuration') {
        response.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
            token_endpoint: `${issuer}/protocol/openid-connect/token`,
            jwks_uri: `${issuer}/protocol/openid-connect/certs`,
            end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
            code_challenge_methods_supported: ['plain', 'S256'],
          }),
        );
      } else if (path === '/realms/ssaem/protocol/openid-connect/certs') {
        jwksFetches += 1;
        response.end(JSON.stringify({ keys: published.map((key) => key.jwk) }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((done) => realm.listen(0, '127.0.0.1', done));
    const address = realm.address();
    issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/realms/ssaem`;
    t = await buildListeningApp({ OIDC_ISSUER: issuer });
  });

  afterAll(async () => {
    await t.close();
    await new Promise((done) => realm.close(done));
  });

  /** An access token as Keycloak 26 issues it for the ssaem-web client with the realm export's mappers. */
  function keycloakToken(
    key: Key,
    overrides: Record<string, unknown> = {},
    options: { audience?: string[] } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      typ: 'Bearer',
      azp: 'ssaem-web',
      sid: randomUUID(),
      acr: '1',
      'allowed-origins': ['https://ssaem.example.kr'],
      realm_access: { roles: ['default-roles-ssaem', 'offline_access', 'uma_authorization', 'ROLE_TEACHER'] },
      resource_access: { account: { roles: ['manage-account', 'view-profile'] } },
      scope: 'openid profile email',
      email_verified: true,
      name: '김하늘',
      preferred_username: 'kim.haneul',
      given_name: '하늘',
      family_name: '김',
      email: 'kim.haneul@school.example.kr',
      ...overrides,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.jwk.kid ?? '' })
      .setIssuer(issuer)
      .setAudience(options.audience ?? ['ssaem-api', 'account'])
      .setSubject((overrides.sub as string | undefined) ?? 'f3c2a9e4-1b7d-4c55-9a0e-6f1d2b3c4d5e')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti(randomUUID())
      .sign(key.privateKey);
  }

  const info = (token: string) =>
    fetch(`${t.origin}/api/v1/users/info`, { headers: { authorization: `Bearer ${token}` } });

  it('accepts a Keycloak access token, reading roles from realm_access, and creates the user once', async () => {
    const key = published[0] as Key;
    const response = await info(await keycloakToken(key));
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      userInfo: { userId: number; preferredUsername: string; name: string; roles: string[] };
    };
    expect(body.userInfo).toMatchObject({ preferredUsername: 'kim.haneul', name: '김하늘' });
    expect(body.userInfo.roles).toEqual(['ROLE_TEACHER']);
    // The keys were fetched from the realm's JWKS, and the same subject is the same user next time.
    expect(jwksFetches).toBeGreaterThan(0);
    const again = (await (await info(await keycloakToken(key))).json()) as { userInfo: { userId: number } };
    expect(again.userInfo.userId).toBe(body.userInfo.userId);
    // A teacher's route is open to it.
    expect(
      (
        await fetch(`${t.origin}/api/v1/conversations/paged`, {
          headers: { authorization: `Bearer ${await keycloakToken(key)}` },
        })
      ).status,
    ).toBe(200);
  });

  it('reads client roles from resource_access of the ssaem-web client', async () => {
    const key = published[0] as Key;
    const token = await keycloakToken(key, {
      sub: 'a0000000-0000-4000-8000-000000000001',
      preferred_username: 'admin.park',
      name: '박관리',
      realm_access: { roles: ['default-roles-ssaem', 'offline_access'] },
      resource_access: {
        'ssaem-web': { roles: ['ROLE_ADMIN', 'ROLE_TEACHER'] },
        account: { roles: ['view-profile'] },
      },
    });
    const body = (await (await info(token)).json()) as { userInfo: { roles: string[] } };
    expect([...body.userInfo.roles].sort()).toEqual(['ROLE_ADMIN', 'ROLE_TEACHER']);
  });

  it('follows a key rotation: a token signed by a new key is accepted once the JWKS lists it', async () => {
    const rotated = await newKey();
    const token = await keycloakToken(rotated);
    // Not yet published: refused.
    expect((await info(token)).status).toBe(401);
    published = [rotated, ...published];
    // jose refetches the JWKS for an unknown kid (at most every 30 s): wait out the cooldown once.
    await expect
      .poll(async () => (await info(await keycloakToken(rotated))).status, {
        timeout: 40_000,
        interval: 2_000,
      })
      .toBe(200);
  }, 60_000);

  it('refuses tokens Keycloak would not have issued for this API', async () => {
    const key = published[0] as Key;
    const stranger = await newKey();
    expect((await info(await keycloakToken(stranger))).status).toBe(401);
    expect((await info(await keycloakToken(key, {}, { audience: ['account'] }))).status).toBe(401);
    const otherIssuer = await new SignJWT({ preferred_username: 'kim.haneul' })
      .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid ?? '' })
      .setIssuer('http://127.0.0.1:1/realms/other')
      .setAudience('ssaem-api')
      .setSubject('f3c2a9e4-1b7d-4c55-9a0e-6f1d2b3c4d5e')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key.privateKey);
    expect((await info(otherIssuer)).status).toBe(401);
    const expired = await new SignJWT({ preferred_username: 'kim.haneul' })
      .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid ?? '' })
      .setIssuer(issuer)
      .setAudience('ssaem-api')
      .setSubject('f3c2a9e4-1b7d-4c55-9a0e-6f1d2b3c4d5e')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 900)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 600)
      .sign(key.privateKey);
    expect((await info(expired)).status).toBe(401);
  });

  it('ships a realm export with the client, the five roles and PKCE S256', () => {
    const realmExport = JSON.parse(
      readFileSync(join(projectRoot, 'deploy/keycloak/ssaem-realm.json'), 'utf8'),
    ) as {
      realm: string;
      roles: { realm: { name: string }[] };
      clients: {
        clientId: string;
        publicClient: boolean;
        standardFlowEnabled: boolean;
        implicitFlowEnabled: boolean;
        directAccessGrantsEnabled: boolean;
        redirectUris: string[];
        attributes: Record<string, string>;
        protocolMappers: { protocolMapper: string; config: Record<string, string> }[];
      }[];
    };
    expect(realmExport.realm).toBe('ssaem');
    expect(realmExport.roles.realm.map((role) => role.name).sort()).toEqual([
      'ROLE_ADMIN',
      'ROLE_PROVIDER',
      'ROLE_STUDENT',
      'ROLE_SUPER_ADMIN',
      'ROLE_TEACHER',
    ]);
    const web = realmExport.clients.find((c) => c.clientId === t.config.OIDC_CLIENT_ID);
    expect(web).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
    });
    expect(web?.attributes['pkce.code.challenge.method']).toBe('S256');
    expect(web?.redirectUris).toContain('/auth/callback');
    const audience = web?.protocolMappers.find((m) => m.protocolMapper === 'oidc-audience-mapper');
    expect(audience?.config['included.custom.audience']).toBe(t.config.OIDC_AUDIENCE);
    expect(audience?.config['access.token.claim']).toBe('true');
  });
});
