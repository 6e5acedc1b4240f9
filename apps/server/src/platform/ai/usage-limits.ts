import { AppError } from '../errors/app-error.ts';

const WINDOW_MS = 60_000;

/**
 * A user's request times, oldest first; those before `first` have left the minute. Each call only
 * steps past the ones that left since the last (a rate of thousands a minute, as an operator may
 * allow, cost a pass over all of them per request before).
 */
interface RequestWindow {
  times: number[];
  first: number;
}

function dropExpired(window: RequestWindow, now: number): void {
  while (window.first < window.times.length && now - (window.times[window.first] as number) >= WINDOW_MS)
    window.first += 1;
  // The times that left are cut off once they are most of the array.
  if (window.first > 32 && window.first * 2 > window.times.length) {
    window.times = window.times.slice(window.first);
    window.first = 0;
  }
}

/**
 * Per-user request rate and concurrent-stream caps for AI calls. Kept in memory: each instance
 * enforces its share, which bounds cost and keeps one user from starving the rest.
 */
export function createUsageLimits(options: { maxConcurrent: number; perMinute: number }) {
  const active = new Map<number, number>();
  const recent = new Map<number, RequestWindow>();

  return {
    /** Takes a slot; the returned function gives it back (idempotent). */
    acquire(userId: number): () => void {
      const now = Date.now();
      const window = recent.get(userId) ?? { times: [], first: 0 };
      dropExpired(window, now);
      if (window.times.length - window.first >= options.perMinute) throw new AppError('E_TOO_MANY_REQUESTS');
      const running = active.get(userId) ?? 0;
      if (running >= options.maxConcurrent) throw new AppError('E_TOO_MANY_REQUESTS');
      window.times.push(now);
      recent.set(userId, window);
      active.set(userId, running + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (active.get(userId) ?? 1) - 1;
        if (left <= 0) active.delete(userId);
        else active.set(userId, left);
      };
    },
  };
}

export type UsageLimits = ReturnType<typeof createUsageLimits>;
