import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS, type SessionWatchOptions, startSessionWatch } from './session-watch';

/** Channels that reach each other like a BroadcastChannel between two tabs. */
function channelPair() {
  const channels: {
    onmessage: ((event: MessageEvent) => void) | null;
    postMessage: (data: unknown) => void;
    close: () => void;
  }[] = [];
  const create = () => {
    const channel = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage(data: unknown) {
        for (const other of channels) if (other !== channel) other.onmessage?.({ data } as MessageEvent);
      },
      close() {},
    };
    channels.push(channel);
    return channel;
  };
  return create;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function watch(overrides: Partial<SessionWatchOptions> = {}) {
  const onEnded = vi.fn();
  const checkSession = vi.fn(async () => 'active' as const);
  const handle = startSessionWatch({ isSignedIn: () => true, checkSession, onEnded, ...overrides });
  return { handle, onEnded, checkSession: overrides.checkSession ?? checkSession };
}

describe('startSessionWatch', () => {
  it('asks the server every 5 seconds and ends the session once it is refused', async () => {
    let state: 'active' | 'ended' = 'active';
    const checkSession = vi.fn(async () => state);
    const { handle, onEnded } = watch({ checkSession });
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(checkSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(checkSession).toHaveBeenCalledTimes(1);
    expect(onEnded).not.toHaveBeenCalled();
    state = 'ended';
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(onEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(onEnded).toHaveBeenCalledTimes(1);
    handle.stop();
  });

  it('keeps the session through network failures', async () => {
    const checkSession = vi.fn(async () => {
      throw new Error('offline');
    });
    const { handle, onEnded } = watch({ checkSession });
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(checkSession).toHaveBeenCalledTimes(3);
    expect(onEnded).not.toHaveBeenCalled();
    handle.stop();
  });

  it('does not ask while signed out', async () => {
    const { handle, checkSession } = watch({ isSignedIn: () => false });
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 2);
    expect(checkSession).not.toHaveBeenCalled();
    handle.stop();
  });

  it('signs the other tabs out at once when one tab signs out', async () => {
    const createChannel = channelPair();
    const first = watch({ createChannel });
    const second = watch({ createChannel });
    first.handle.announceSignOut();
    expect(second.onEnded).toHaveBeenCalledTimes(1);
    expect(first.onEnded).not.toHaveBeenCalled();
    first.handle.stop();
    second.handle.stop();
  });
});
