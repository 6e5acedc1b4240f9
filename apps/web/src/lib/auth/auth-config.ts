/**
 * The identity client's configuration and the stored user, read without oidc-client-ts: a signed-in
 * screen's first paint only needs the current token, so the OIDC library (auth/oidc-manager.ts)
 * loads only to sign in or out, finish a sign-in, or refresh the token.
 */
import { isFreshConfig, keepAuthConfig, readKeptAuthConfig, sameClient } from './kept-auth';
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

/** The configuration this page uses, once known; replaced only by one for another provider or client. */
let current: AuthConfig | null = null;
let configPromise: Promise<AuthConfig> | null = null;
/** A request for the configuration under way, joined rather than repeated. */
let asking: Promise<AuthConfig> | null = null;
const changeListeners = new Set<(config: AuthConfig) => void>();

/**
 * The configuration, at once when this tab kept one (kept-auth.ts): a kept one older than
 * CONFIG_FRESH_MS is asked for again in the background (stale while revalidating). Without one it
 * is fetched, once per page; a failure is not kept, the next call asks again.
 */
export function getAuthConfig(): Promise<AuthConfig> {
  if (configPromise) return configPromise;
  const kept = readKeptAuthConfig();
  if (!kept) {
    configPromise = askServer().catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
    return configPromise;
  }
  const config = use(kept.config);
  // A failed background request changes nothing: the kept configuration stays in use.
  if (!isFreshConfig(kept)) void askServer().catch(() => undefined);
  return Promise.resolve(config);
}

/**
 * The configuration as the server gives it now (or as kept less than CONFIG_FRESH_MS ago): for the
 * sign-in start, which must never send the browser to a provider the server no longer uses.
 */
export async function getCurrentAuthConfig(): Promise<AuthConfig> {
  const config = await getAuthConfig();
  // Unreachable now: the kept one, as good a guess as any and what the provider's page will confirm.
  return asking ? asking.catch(() => config) : config;
}

/** Asks the server, keeps the answer, and switches this page to it when it differs. */
function askServer(): Promise<AuthConfig> {
  asking ??= fetchAuthConfig()
    .then((config) => {
      keepAuthConfig(config);
      return use(config);
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** Makes `config` the one in use, unless it names the same provider and client as the current one. */
function use(config: AuthConfig): AuthConfig {
  const previous = current;
  if (previous && sameClient(previous, config)) return previous;
  current = config;
  configPromise = Promise.resolve(config);
  clearStaleSignInState();
  if (!previous) return config;
  // Another provider or client: the user stored for the old one holds tokens the server no longer
  // accepts, under a key nothing reads any more. With it gone, the guards sign in again.
  sessionStore()?.removeItem(userStoreKey(previous));
  for (const listener of changeListeners) listener(config);
  return config;
}

/** Called when the server's configuration turned out to differ from the kept one (oidc-manager.ts). */
export function onAuthConfigChange(listener: (config: AuthConfig) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
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
