import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/demo.seed.ts';
import type { TestApp } from './build-test-app.ts';
import { buildListeningApp } from './listening-app.ts';
import { discover, signIn, TestBrowser } from './oidc-browser.ts';

let t: TestApp & { origin: string };
let config: client.Configuration;

beforeAll(async () => {
  t = await buildListeningApp();
  await seedDemoData(t.database.db, 'demo1234!');
  config = await discover(t.origin);
});
afterAll(() => t.close());

const userinfo = (accessToken: string) =>
  fetch(`${t.origin}/realms/ssaem/protocol/openid-connect/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe('embedded OpenID provider', () => {
  it('publishes Keycloak-shaped discovery with PKCE S256 only', async () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(`${t.origin}/realms/ssaem`);
    expect(meta.authorization_endpoint).toBe(`${t.origin}/realms/ssaem/protocol/openid-connect/auth`);
    expect(meta.token_endpoint).toBe(`${t.origin}/realms/ssaem/protocol/openid-connect/token`);
    expect(meta.userinfo_endpoint).toBe(`${t.origin}/realms/ssaem/protocol/openid-connect/userinfo`);
    expect(meta.end_session_endpoint).toBe(`${t.origin}/realms/ssaem/protocol/openid-connect/logout`);
    expect(meta.jwks_uri).toBe(`${t.origin}/realms/ssaem/protocol/openid-connect/certs`);
    expect(meta.revocation_endpoint).toBe(`${t.origin}/realms/ssaem/protocol/openid-connect/revoke`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('signs in with PKCE and issues a Keycloak-shaped RS256 access token', async () => {
    const { tokens } = await signIn(config, t.origin, 'teacher', 'demo1234!');
    const claims = decodeJwt(tokens.access_token);
    expect(claims.iss).toBe(`${t.origin}/realms/ssaem`);
    expect(claims.aud).toBe('ssaem-api');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    expect(claims).toMatchObject({
      preferred_username: 'teacher',
      name: '김하늘',
      email: 'teacher@demo.ssaem.kr',
      realm_access: { roles: ['ROLE_TEACHER'] },
      resource_access: { 'ssaem-web': { roles: ['ROLE_TEACHER'] } },
    });
    expect(typeof claims.sid).toBe('string');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    const header = JSON.parse(Buffer.from(tokens.access_token.split('.')[0] ?? '', 'base64url').toString());
    expect(header.alg).toBe('RS256');

    const info = await userinfo(tokens.access_token);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      sub: claims.sub,
      preferred_username: 'teacher',
      name: '김하늘',
    });
  });

  it('rotates refresh tokens and revokes the grant when a used one is replayed', async () => {
    const { tokens } = await signIn(config, t.origin, 'teacher2', 'demo1234!');
    const first = tokens.refresh_token ?? '';
    const refreshed = await client.refreshTokenGrant(config, first);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first);
    expect(decodeJwt(refreshed.access_token).preferred_username).toBe('teacher2');

    await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The replay revoked the grant: the newest refresh token is dead too.
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // And so is every access token of the chain, at once rather than when it expires.
    expect((await userinfo(refreshed.access_token)).status).toBe(401);
    expect((await userinfo(tokens.access_token)).status).toBe(401);
  });

  it('ends the session on logout: refresh fails and the session access token is refused', async () => {
    const { tokens, browser } = await signIn(config, t.origin, 'admin', 'demo1234!');
    expect((await userinfo(tokens.access_token)).status).toBe(200);
    const logoutUrl = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${t.origin}/`,
    });
    const page = await browser.request(logoutUrl.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/interaction/assets/logout.js');
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await browser.request(action, { method: 'POST', form: { xsrf, logout: 'yes' } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${t.origin}/`);

    await expect(client.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const refused = await userinfo(tokens.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'E_UNAUTHORIZED' });
  });

  it('refuses plain PKCE and a missing challenge', async () => {
    const base = {
      client_id: 'ssaem-web',
      redirect_uri: `${t.origin}/auth/callback`,
      response_type: 'code',
      scope: 'openid',
      state: 'abc',
    };
    const attempt = async (extra: Record<string, string>) => {
      const url = `${t.origin}/realms/ssaem/protocol/openid-connect/auth?${new URLSearchParams({ ...base, ...extra })}`;
      const response = await new TestBrowser(t.origin).request(url);
      return new URL(response.headers.get('location') ?? '', t.origin);
    };
    const plain = await attempt({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    expect(plain.pathname).toBe('/auth/callback');
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    const missing = await attempt({});
    expect(missing.searchParams.get('error')).toBe('invalid_request');
    expect(missing.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses redirect URIs other than the registered callback', async () => {
    const url = `${t.origin}/realms/ssaem/protocol/openid-connect/auth?${new URLSearchParams({
      client_id: 'ssaem-web',
      redirect_uri: 'https://evil.example/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    })}`;
    const response = await new TestBrowser(t.origin).request(url);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('rejects a bad password with the same message as an unknown user', async () => {
    await expect(signIn(config, t.origin, 'student', 'wrong-password')).rejects.toThrow(/login answered 401/);
    const failure = (username: string) =>
      signIn(config, t.origin, username, 'wrong').then(
        () => '',
        (e: Error) => e.message,
      );
    const wrong = await failure('student');
    const unknown = await failure('nobody-here');
    const message = (text: string) => /role="alert">([^<]+)</.exec(text)?.[1];
    expect(message(wrong)).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect(message(unknown)).toBe(message(wrong));
  });
});
