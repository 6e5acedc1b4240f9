import { getAccessToken, getAccessTokenForStream } from '../../../lib/auth/auth-client';

// Asking for more validity than any token has makes the token source refresh now.
const FORCE_REFRESH = { minValidity: Number.MAX_SAFE_INTEGER };

/**
 * The one place the chat stream gets its bearer token: one with at least 120 s left (core.md §7),
 * or, after a 401, a freshly refreshed one.
 */
export async function getStreamToken(options: { refresh?: boolean } = {}): Promise<string | null> {
  return options.refresh ? getAccessToken(FORCE_REFRESH) : getAccessTokenForStream();
}
