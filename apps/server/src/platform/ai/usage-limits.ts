import { AppError } from '../errors/app-error.ts';

/**
 * Per-user request rate and concurrent-stream caps for AI calls. Kept in memory: each instance
 * enforces its share, which bounds cost and keeps one user from starving the rest.
 */
export function createUsageLimits(options: { maxConcurrent: number; perMinute: number }) {
  const active = new Map<number, number>();
  const recent = new Map<number, number[]>();

  return {
    /** Takes a slot; the returned function gives it back (idempotent). */
    acquire(userId: number): () => void {
      const now = Date.now();
      const window = (recent.get(userId) ?? []).filter((at) => now - at < 60_000);
      if (window.length >= options.perMinute) throw new AppError('E_TOO_MANY_REQUESTS');
      const running = active.get(userId) ?? 0;
      if (running >= options.maxConcurrent) throw new AppError('E_TOO_MANY_REQUESTS');
      window.push(now);
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
