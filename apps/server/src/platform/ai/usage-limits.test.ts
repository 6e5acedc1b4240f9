import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUsageLimits } from './usage-limits.ts';

const TOO_MANY = expect.objectContaining({ code: 'E_TOO_MANY_REQUESTS' });

describe('usage limits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows a user perMinute calls in any minute, counting those that have left it out', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limits = createUsageLimits({ maxConcurrent: 100, perMinute: 3 });
    for (let i = 0; i < 3; i++) {
      limits.acquire(7)();
      vi.advanceTimersByTime(10_000);
    }
    expect(() => limits.acquire(7)).toThrow(TOO_MANY);
    // Another user has a minute of their own.
    limits.acquire(8)();
    // The first call leaves the minute 60 s after it was made: one more is allowed, not two.
    vi.advanceTimersByTime(30_000);
    limits.acquire(7)();
    expect(() => limits.acquire(7)).toThrow(TOO_MANY);
  });

  it('keeps counting right over many minutes of a high rate', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const limits = createUsageLimits({ maxConcurrent: 100, perMinute: 600 });
    // Ten a second for five minutes: each call finds 599 in its minute, the one of 60 s ago just left.
    for (let i = 0; i < 3000; i++) {
      limits.acquire(1)();
      vi.advanceTimersByTime(100);
    }
    limits.acquire(1)();
    expect(() => limits.acquire(1)).toThrow(TOO_MANY);
    vi.advanceTimersByTime(100);
    limits.acquire(1)();
  });

  it('caps the streams a user runs at once and gives a slot back once', () => {
    const limits = createUsageLimits({ maxConcurrent: 2, perMinute: 100 });
    const first = limits.acquire(3);
    limits.acquire(3);
    expect(() => limits.acquire(3)).toThrow(TOO_MANY);
    first();
    first();
    limits.acquire(3);
    expect(() => limits.acquire(3)).toThrow(TOO_MANY);
  });
});
