/**
 * Holds the latest value and hands it to `flush` at most once per animation frame, so a stream
 * of tokens renders once a frame instead of once a token.
 */
export interface FrameScheduler {
  request: (callback: () => void) => unknown;
  cancel: (handle: unknown) => void;
}

// A hidden tab gets no animation frames; a timer keeps the answer moving there.
const browserScheduler: FrameScheduler = {
  request: (callback) =>
    typeof requestAnimationFrame === 'function' && !document.hidden
      ? { frame: requestAnimationFrame(callback) }
      : { timer: setTimeout(callback, 50) },
  cancel: (handle) => {
    const h = handle as { frame?: number; timer?: ReturnType<typeof setTimeout> };
    if (h.frame !== undefined) cancelAnimationFrame(h.frame);
    if (h.timer !== undefined) clearTimeout(h.timer);
  },
};

export interface FrameBatcher<T> {
  /** Keeps `value` as the one to show at the next frame. */
  set: (value: T) => void;
  /** Shows the pending value now (the stream ended). */
  flushNow: () => void;
  dispose: () => void;
}

export function createFrameBatcher<T>(
  flush: (value: T) => void,
  scheduler: FrameScheduler = browserScheduler,
): FrameBatcher<T> {
  let pending: { value: T } | null = null;
  let handle: unknown = null;

  const run = () => {
    handle = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    flush(value);
  };

  return {
    set(value) {
      pending = { value };
      if (handle === null) handle = scheduler.request(run);
    },
    flushNow() {
      if (handle !== null) scheduler.cancel(handle);
      run();
    },
    dispose() {
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
      pending = null;
    },
  };
}
