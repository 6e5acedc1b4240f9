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
