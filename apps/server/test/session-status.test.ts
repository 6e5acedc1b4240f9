import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denySessions } from '../src/platform/auth/session-denylist.ts';
import { accessTokenFor, bearer } from './auth-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildUser } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/users/info/status', () => {
  it('says the session holds, and 401 once it ended elsewhere', async () => {
    const user = await buildUser(t.database.db, { roles: ['ROLE_STUDENT'] });
    const sid = randomUUID();
    const token = await accessTokenFor(t, user, { sid });
    const before = await t.app.inject({ url: '/api/v1/users/info/status', headers: bearer(token) });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ active: true });
    expect(before.headers['cache-control']).toBe('no-store');

    // Signing out in one tab ends the provider session, which puts its sid on the deny list.
    await denySessions(t.database.db, [sid], 300);
    const after = await t.app.inject({ url: '/api/v1/users/info/status', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('E_UNAUTHORIZED');
  });

  it('asks a visitor to sign in', async () => {
    const response = await t.app.inject({ url: '/api/v1/users/info/status' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /oauth/openid', () => {
  it('answers the sign-in redirect URL on a 302, keeping a path in the app to return to', async () => {
    const response = await t.app.inject({ url: '/oauth/openid?returnTo=%2Fnotice%3Fpage%3D2' });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe(new URL(t.config.PUBLIC_URL).origin);
    expect(location.pathname).toBe('/auth/sign-in');
    expect(location.searchParams.get('returnTo')).toBe('/notice?page=2');
  });

  it('never sends the browser to another site afterwards', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const response = await t.app.inject({ url: `/oauth/openid?returnTo=${encodeURIComponent(returnTo)}` });
      expect(response.statusCode).toBe(302);
      const location = new URL(response.headers.location as string);
      expect(location.pathname).toBe('/auth/sign-in');
      expect(location.searchParams.get('returnTo')).toBeNull();
    }
  });
});
