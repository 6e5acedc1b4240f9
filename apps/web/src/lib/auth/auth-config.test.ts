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
