/**
 * Whether a signed-in user is stored, answered synchronously and without loading the identity
 * client (it stays out of the first download). oidc-client-ts keeps the user under
 * `oidc.user:<authority>:<client id>` in the store chosen in auth-client.ts.
 */
export const USER_KEY_PREFIX = 'oidc.user:';

/** Seconds a token must still be valid for an ordinary API call (core.md §9); fewer, it is refreshed first. */
export const API_MIN_VALIDITY = 4;

export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function hasStoredSession(): boolean {
  const store = sessionStore();
  if (!store) return false;
  for (let index = 0; index < store.length; index += 1) {
    if (store.key(index)?.startsWith(USER_KEY_PREFIX)) return true;
  }
  return false;
}

/** The stored user's access token and its expiry (seconds since the epoch), read without waiting. */
export interface StoredAccess {
  accessToken: string;
  expiresAt: number | undefined;
}

/**
 * The access token of the one user stored in this tab, read synchronously for a page's first paint
 * before the app (and with it the identity configuration) has loaded; null without exactly one.
 */
export function readStoredAccess(): StoredAccess | null {
  const store = sessionStore();
  if (!store) return null;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(USER_KEY_PREFIX)) keys.push(key);
  }
  if (keys.length !== 1) return null;
  try {
    const user = JSON.parse(store.getItem(keys[0] ?? '') ?? 'null') as {
      access_token?: unknown;
      expires_at?: unknown;
    } | null;
    if (typeof user?.access_token !== 'string') return null;
    return {
      accessToken: user.access_token,
      expiresAt: typeof user.expires_at === 'number' ? user.expires_at : undefined,
    };
  } catch {
    return null;
  }
}

/** Whether `access` can be sent now as it is, without a refresh first. */
export function isUsableNow(access: StoredAccess, nowMs: number = Date.now()): boolean {
  return access.expiresAt !== undefined && access.expiresAt - nowMs / 1000 >= API_MIN_VALIDITY;
}
