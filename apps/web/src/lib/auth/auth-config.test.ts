import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStaleSignInState, STALE_STATE_AGE_SECONDS } from './auth-config';

const NOW_MS = 1_800_000_000_000;
const NOW = NOW_MS / 1000;
const USER_KEY = 'oidc.user:http://localhost/realms/ssaem:ssaem-web';

afterEach(() => {
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('clearStaleSignInState (UserManager.clearStaleState without the library)', () => {
  it('removes unfinished sign-ins older than an hour and unreadable entries, keeps the rest', () => {
    const store = window.sessionStorage;
    store.setItem('oidc.old', JSON.stringify({ id: 'old', created: NOW - STALE_STATE_AGE_SECONDS - 1 }));
    store.setItem('oidc.edge', JSON.stringify({ id: 'edge', created: NOW - STALE_STATE_AGE_SECONDS }));
    store.setItem('oidc.fresh', JSON.stringify({ id: 'fresh', created: NOW - 60 }));
    store.setItem('oidc.broken', '{not json');
    store.setItem(USER_KEY, JSON.stringify({ access_token: 'a', expires_at: NOW + 300 }));
    store.setItem('ssaem.language', 'en');

    clearStaleSignInState(NOW_MS);

    expect(Object.keys({ ...store }).sort()).toEqual(['oidc.fresh', USER_KEY, 'ssaem.language'].sort());
  });
});

describe('readStoredUser', () => {
  it('reads the user under the key oidc-client-ts writes for the configured provider and client', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        authority: 'http://localhost/realms/ssaem',
        clientId: 'ssaem-web',
        audience: null,
        embedded: false,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.sessionStorage.setItem(
      'oidc.user:http://localhost/realms/other:ssaem-web',
      '{"access_token":"other"}',
    );
    const { readStoredUser } = await import('./auth-config');

    expect(await readStoredUser()).toBeNull();
    window.sessionStorage.setItem(USER_KEY, JSON.stringify({ access_token: 'mine', expires_at: NOW }));
    expect(await readStoredUser()).toEqual({ access_token: 'mine', expires_at: NOW });
    // The configuration is fetched once per page.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for the configuration again after a failed fetch', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(
        Response.json({
          authority: 'http://localhost/realms/ssaem',
          clientId: 'ssaem-web',
          audience: null,
          embedded: false,
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const { readStoredUser } = await import('./auth-config');

    await expect(readStoredUser()).rejects.toThrow('auth-config answered 503');
    expect(await readStoredUser()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('readStoredUser and oidc-client-ts agree', () => {
  it('reads back exactly the user the library stored, and the library reads what it left', async () => {
    const config = {
      authority: 'http://localhost/realms/ssaem',
      clientId: 'ssaem-web',
      audience: null,
      embedded: false,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(config)),
    );
    // The library as oidc-manager.ts configures it, storing a user the way a sign-in does.
    const store = window.sessionStorage;
    const manager = new UserManager({
      authority: config.authority,
      client_id: config.clientId,
      redirect_uri: 'http://localhost/auth/callback',
      userStore: new WebStorageStateStore({ store }),
      stateStore: new WebStorageStateStore({ store }),
      metadata: { issuer: config.authority, authorization_endpoint: `${config.authority}/auth` },
    });
    const user = new User({
      access_token: 'access-token',
      refresh_token: 'refresh-token',
      id_token: 'id-token',
      token_type: 'Bearer',
      expires_at: NOW + 300,
      profile: { sub: 'teacher', iss: config.authority, aud: config.clientId, exp: NOW + 300, iat: NOW },
    });
    await manager.storeUser(user);
    const { readStoredUser } = await import('./auth-config');

    expect(await readStoredUser()).toMatchObject({
      access_token: 'access-token',
      refresh_token: 'refresh-token',
      id_token: 'id-token',
      expires_at: NOW + 300,
    });
    expect((await manager.getUser())?.access_token).toBe('access-token');
  });
});
