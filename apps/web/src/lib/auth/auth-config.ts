/**
 * The identity client's configuration and the stored user, read without oidc-client-ts: a signed-in
 * screen's first paint only needs the current token, so the OIDC library (auth/oidc-manager.ts)
 * loads only to sign in or out, finish a sign-in, or refresh the token.
 */
import { sessionStore, USER_KEY_PREFIX } from './stored-session';

export interface AuthConfig {
  authority: string;
  clientId: string;
  audience: string | null;
  embedded: boolean;
}

/** The fields of the user oidc-client-ts stores (User.toStorageString) that the app reads. */
export interface StoredUser {
  access_token: string;
  refresh_token?: string | undefined;
  id_token?: string | undefined;
  /** Seconds since the epoch. */
  expires_at?: number | undefined;
}

/** The prefix oidc-client-ts's WebStorageStateStore puts before every key it writes. */
const STORE_PREFIX = 'oidc.';
/** core.md §4: stored login state (an unfinished sign-in) lives one hour. */
export const STALE_STATE_AGE_SECONDS = 3600;

// Plain fetch: the API client asks this module for its token, so it cannot be used to get here.
async function fetchAuthConfig(): Promise<AuthConfig> {
  const response = await fetch('/api/v1/public/auth-config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`auth-config answered ${response.status}`);
  return (await response.json()) as AuthConfig;
}

let configPromise: Promise<AuthConfig> | null = null;

/** Fetched once per page; a failure is not kept, the next call asks again. */
export function getAuthConfig(): Promise<AuthConfig> {
  configPromise ??= fetchAuthConfig()
    .then((config) => {
      clearStaleSignInState();
      return config;
    })
    .catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
  return configPromise;
}

/** oidc-client-ts's key for the user (UserManager._userStoreKey with the store's prefix). */
export function userStoreKey(config: AuthConfig): string {
  return `${USER_KEY_PREFIX}${config.authority}:${config.clientId}`;
}

/**
 * The stored user, as UserManager.getUser reads it (a JSON parse of the same key, no checks): the
 * token was validated when it was stored, by the sign-in callback or the refresh.
 */
export async function readStoredUser(): Promise<StoredUser | null> {
  const key = userStoreKey(await getAuthConfig());
  const stored = sessionStore()?.getItem(key);
  if (!stored) return null;
  return JSON.parse(stored) as StoredUser;
}

/**
 * The sweep UserManager.clearStaleState does when the manager is made (oidc-client-ts
 * State.clearStaleState): an unfinished sign-in's state older than the limit, or unreadable, is
 * removed. Entries without a creation time (the user) count as new and stay.
 */
export function clearStaleSignInState(nowMs: number = Date.now()): void {
  const store = sessionStore();
  if (!store) return;
  const cutoff = Math.floor(nowMs / 1000) - STALE_STATE_AGE_SECONDS;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(STORE_PREFIX)) keys.push(key);
  }
  for (const key of keys) {
    if (isStale(store.getItem(key), cutoff)) store.removeItem(key);
  }
}

function isStale(item: string | null, cutoff: number): boolean {
  if (!item) return true;
  try {
    const created = (JSON.parse(item) as { created?: unknown } | null)?.created;
    return typeof created === 'number' && created > 0 && created <= cutoff;
  } catch {
    return true;
  }
}
