import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../language';
import { onSessionEnd } from '../session';
import { clearLocalState, safeReturnPath } from './auth-client';
import { hasStoredSession } from './stored-session';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('clearLocalState (sign-out and failed refresh)', () => {
  it('empties caches and both storages but keeps the language', () => {
    const clearCaches = vi.fn();
    const stop = onSessionEnd(clearCaches);
    window.sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    window.sessionStorage.setItem('oidc.user:http://localhost/realms/ssaem:ssaem-web', '{}');
    window.sessionStorage.setItem('ssaem.upload', 'lesson.hwp');
    window.localStorage.setItem('chat.draft', 'hello');
    expect(hasStoredSession()).toBe(true);

    clearLocalState();
    stop();

    expect(clearCaches).toHaveBeenCalledTimes(1);
    expect(hasStoredSession()).toBe(false);
    expect(window.sessionStorage.length).toBe(1);
    expect(window.sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(window.localStorage.length).toBe(0);
  });
});

describe('safeReturnPath', () => {
  it('keeps paths of this app and sends anything else to the signed-in home', () => {
    expect(safeReturnPath('/dashboard?x=1#y')).toBe('/dashboard?x=1#y');
    expect(safeReturnPath(undefined)).toBe('/dashboard');
    expect(safeReturnPath('https://evil.example/')).toBe('/dashboard');
    expect(safeReturnPath('//evil.example/')).toBe('/dashboard');
  });
});

describe('getAccessToken without the OIDC client', () => {
  const USER_KEY = 'oidc.user:http://localhost/realms/ssaem:ssaem-web';

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('./oidc-manager');
    vi.resetModules();
  });

  async function loadWithManager(manager: {
    signinSilent: () => Promise<unknown>;
    removeUser: () => Promise<void>;
  }) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          authority: 'http://localhost/realms/ssaem',
          clientId: 'ssaem-web',
          audience: null,
          embedded: false,
        }),
      ),
    );
    const getUserManager = vi.fn(async () => manager);
    vi.doMock('./oidc-manager', () => ({ getUserManager }));
    const auth = await import('./auth-client');
    return { auth, getUserManager };
  }

  it('answers a valid stored token without loading the client, and reads its roles', async () => {
    const payload = btoa(JSON.stringify({ realm_access: { roles: ['teacher'] } }));
    const token = `x.${payload}.y`;
    window.sessionStorage.setItem(
      USER_KEY,
      JSON.stringify({ access_token: token, refresh_token: 'r', expires_at: Date.now() / 1000 + 300 }),
    );
    const { auth, getUserManager } = await loadWithManager({
      signinSilent: vi.fn(),
      removeUser: vi.fn(async () => undefined),
    });

    expect(await auth.getAccessToken()).toBe(token);
    expect(auth.hasRealmRole('teacher')).toBe(true);
    expect(getUserManager).not.toHaveBeenCalled();
  });

  it('loads the client to refresh a token about to expire', async () => {
    window.sessionStorage.setItem(
      USER_KEY,
      JSON.stringify({ access_token: 'old', refresh_token: 'r', expires_at: Date.now() / 1000 + 2 }),
    );
    const signinSilent = vi.fn(async () => ({ access_token: 'new', expires_at: Date.now() / 1000 + 300 }));
    const { auth, getUserManager } = await loadWithManager({
      signinSilent,
      removeUser: vi.fn(async () => undefined),
    });

    expect(await auth.getAccessToken()).toBe('new');
    expect(getUserManager).toHaveBeenCalled();
    expect(signinSilent).toHaveBeenCalledTimes(1);
  });
});
