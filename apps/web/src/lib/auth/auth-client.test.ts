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
