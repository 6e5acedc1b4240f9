import { useCallback, useEffect, useRef, useState } from 'react';

/** saved: nothing waiting · pending: a change waits for the pause · saving · error: the last save failed. */
export type AutosaveStatus = 'saved' | 'pending' | 'saving' | 'error';

export const AUTOSAVE_DELAY_MS = 1200;

/**
 * Saves the latest value once the teacher pauses. Saves never overlap: a change made while one
 * is on its way is sent after it. A failed save keeps its value, so the next change or `flush`
 * retries it; an unmount sends what is still waiting.
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, delay = AUTOSAVE_DELAY_MS) {
  const [status, setStatus] = useState<AutosaveStatus>('saved');
  const saveRef = useRef(save);
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef(false);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    // The save under way picks up what is waiting when it finishes.
    if (running.current || !pending.current) return;
    running.current = true;
    try {
      while (pending.current) {
        const { value } = pending.current;
        pending.current = null;
        setStatus('saving');
        try {
          await saveRef.current(value);
        } catch {
          pending.current ??= { value };
          setStatus('error');
          return;
        }
      }
      setStatus('saved');
    } finally {
      running.current = false;
    }
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      setStatus((current) => (current === 'saving' ? current : 'pending'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delay);
    },
    [delay, flush],
  );

  useEffect(
    () => () => {
      if (timer.current !== undefined) void flush();
    },
    [flush],
  );

  return { status, schedule, flush };
}
