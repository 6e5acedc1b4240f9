/**
 * The refresh rules of the access token (core.md §4), free of oidc-client-ts so they can be tested
 * with a fake: a token with fewer than `minValidity` seconds left is refreshed first; refreshes are
 * serialised (the provider rotates refresh tokens and treats a replayed one as theft, which would
 * end the whole grant); a failed refresh clears the token and ends the session locally.
 */
export interface TokenUser {
  access_token: string;
  refresh_token?: string | undefined;
  /** Seconds since the epoch. */
  expires_at?: number | undefined;
}

export interface TokenManager<U extends TokenUser = TokenUser> {
  getUser(): Promise<U | null>;
  /** Trades the refresh token for new tokens (oidc-client-ts: signinSilent with a refresh token). */
  signinSilent(): Promise<U | null>;
  removeUser(): Promise<void>;
}

export interface TokenSourceOptions<U extends TokenUser> {
  manager: () => Promise<TokenManager<U>>;
  /** Runs after a failed refresh, once the token is gone: local sign-out and back to the origin. */
  onRefreshFailed: (error: unknown) => void | Promise<void>;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

export interface TokenSource<U extends TokenUser> {
  getAccessToken(options: { minValidity: number }): Promise<string | null>;
  /** The user as last read or refreshed (for synchronous role checks). */
  currentUser(): U | null;
  /** Re-reads the stored user. */
  loadUser(): Promise<U | null>;
}

/** Seconds the access token is still valid for; 0 when its expiry is unknown or passed. */
export function secondsLeft(user: TokenUser, nowMs: number): number {
  if (user.expires_at === undefined) return 0;
  return Math.max(0, user.expires_at - nowMs / 1000);
}

export function createTokenSource<U extends TokenUser>(options: TokenSourceOptions<U>): TokenSource<U> {
  const now = options.now ?? Date.now;
  let user: U | null = null;
  let refreshing: Promise<U | null> | null = null;

  async function loadUser(): Promise<U | null> {
    user = await (await options.manager()).getUser();
    return user;
  }

  async function refresh(): Promise<U | null> {
    const manager = await options.manager();
    try {
      const next = await manager.signinSilent();
      if (!next) throw new Error('The identity provider returned no user');
      user = next;
      return next;
    } catch (error) {
      // A 400 (invalid or replayed refresh token) and every other failure: the token is cleared
      // and the session ends locally; the caller gets no token.
      user = null;
      await manager.removeUser().catch(() => undefined);
      await options.onRefreshFailed(error);
      return null;
    }
  }

  function refreshOnce(): Promise<U | null> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return {
    currentUser: () => user,
    loadUser,
    async getAccessToken({ minValidity }) {
      // A refresh already under way is joined, never duplicated.
      if (refreshing) return (await refreshing)?.access_token ?? null;
      const stored = await loadUser();
      if (!stored) return null;
      if (secondsLeft(stored, now()) >= minValidity) return stored.access_token;
      if (!stored.refresh_token) {
        user = null;
        const manager = await options.manager();
        await manager.removeUser().catch(() => undefined);
        await options.onRefreshFailed(new Error('No refresh token'));
        return null;
      }
      return (await refreshOnce())?.access_token ?? null;
    },
  };
}
