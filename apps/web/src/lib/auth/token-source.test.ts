import { describe, expect, it, vi } from 'vitest';
import { createTokenSource, type TokenManager, type TokenUser } from './token-source';

const NOW = 1_800_000_000_000;

function user(token: string, secondsLeft: number, refresh: string | null = 'refresh-1'): TokenUser {
  return { access_token: token, refresh_token: refresh ?? undefined, expires_at: NOW / 1000 + secondsLeft };
}

/** A UserManager stand-in: a stored user and a refresh that can be slowed down or failed. */
function fakeManager(stored: TokenUser | null) {
  let current = stored;
  let release: (() => void) | null = null;
  let failWith: unknown = null;
  const manager = {
    getUser: vi.fn(async () => current),
    signinSilent: vi.fn(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (failWith) throw failWith;
      current = user(`fresh-${manager.signinSilent.mock.calls.length}`, 300, 'refresh-2');
      return current;
    }),
    removeUser: vi.fn(async () => {
      current = null;
    }),
  } satisfies TokenManager;
  return {
    manager,
    finishRefresh: async () => {
      await vi.waitFor(() => expect(release).not.toBeNull());
      release?.();
    },
    failRefresh: (error: unknown) => {
      failWith = error;
    },
  };
}

function source(fake: ReturnType<typeof fakeManager>, onRefreshFailed = vi.fn()) {
  return createTokenSource({ manager: async () => fake.manager, onRefreshFailed, now: () => NOW });
}

describe('token source', () => {
  it('returns no token when nobody is signed in', async () => {
    const fake = fakeManager(null);
    expect(await source(fake).getAccessToken({ minValidity: 4 })).toBeNull();
    expect(fake.manager.signinSilent).not.toHaveBeenCalled();
  });

  it('uses the stored token while it has at least minValidity seconds left', async () => {
    const fake = fakeManager(user('stored', 60));
    const tokens = source(fake);
    expect(await tokens.getAccessToken({ minValidity: 4 })).toBe('stored');
    expect(fake.manager.signinSilent).not.toHaveBeenCalled();
  });

  it('refreshes a token that is about to expire (4 s before an API call)', async () => {
    const fake = fakeManager(user('stored', 3));
    const pending = source(fake).getAccessToken({ minValidity: 4 });
    await fake.finishRefresh();
    expect(await pending).toBe('fresh-1');
    expect(fake.manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('asks for 120 s before a stream: a token fine for an API call is refreshed for a stream', async () => {
    const fake = fakeManager(user('stored', 60));
    const tokens = source(fake);
    expect(await tokens.getAccessToken({ minValidity: 4 })).toBe('stored');
    const pending = tokens.getAccessToken({ minValidity: 120 });
    await fake.finishRefresh();
    expect(await pending).toBe('fresh-1');
  });

  it('serialises refreshes: parallel callers share one refresh, so a rotated token is never replayed', async () => {
    const fake = fakeManager(user('stored', 1));
    const tokens = source(fake);
    const calls = [
      tokens.getAccessToken({ minValidity: 4 }),
      tokens.getAccessToken({ minValidity: 4 }),
      tokens.getAccessToken({ minValidity: 120 }),
    ];
    await fake.finishRefresh();
    expect(await Promise.all(calls)).toEqual(['fresh-1', 'fresh-1', 'fresh-1']);
    expect(fake.manager.signinSilent).toHaveBeenCalledTimes(1);
    // The next call after the refresh sees the new token and does not refresh again.
    expect(await tokens.getAccessToken({ minValidity: 4 })).toBe('fresh-1');
    expect(fake.manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('clears the token and ends the session locally when the refresh is refused (HTTP 400)', async () => {
    const fake = fakeManager(user('stored', 0));
    const onRefreshFailed = vi.fn();
    const tokens = source(fake, onRefreshFailed);
    const refused = Object.assign(new Error('invalid_grant'), { error: 'invalid_grant', status: 400 });
    fake.failRefresh(refused);
    const calls = [tokens.getAccessToken({ minValidity: 4 }), tokens.getAccessToken({ minValidity: 4 })];
    await fake.finishRefresh();
    expect(await Promise.all(calls)).toEqual([null, null]);
    expect(fake.manager.removeUser).toHaveBeenCalledTimes(1);
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(onRefreshFailed).toHaveBeenCalledWith(refused);
    expect(tokens.currentUser()).toBeNull();
    expect(await tokens.getAccessToken({ minValidity: 4 })).toBeNull();
  });

  it('ends the session locally when an expired token has no refresh token', async () => {
    const fake = fakeManager(user('stored', 0, null));
    const onRefreshFailed = vi.fn();
    expect(await source(fake, onRefreshFailed).getAccessToken({ minValidity: 4 })).toBeNull();
    expect(fake.manager.signinSilent).not.toHaveBeenCalled();
    expect(fake.manager.removeUser).toHaveBeenCalled();
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
  });
});
