// The stored user's token read synchronously, for the light script of a prerendered signed-in page
// (src/public-entry.ts), which paints before the app and its identity client are there. Apart from
// stored-session.ts, which the app loads too: the app never needs this.
import { API_MIN_VALIDITY, sessionStore, USER_KEY_PREFIX } from './stored-session';

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
