import { useEffect, useRef, useState } from 'react';

export const ANNOUNCE_INTERVAL_MS = 1000;

/**
 * The text for an aria-live region, changed at most once per interval (core.md §4, §9): a screen
 * reader hears the latest status without a flood of updates. The last value always arrives.
 */
export function useThrottledAnnouncement(text: string, intervalMs = ANNOUNCE_INTERVAL_MS): string {
  const [announced, setAnnounced] = useState(text);
  const lastAt = useRef(0);
  useEffect(() => {
    if (text === announced) return;
    const wait = Math.max(0, lastAt.current + intervalMs - Date.now());
    const timer = setTimeout(() => {
      lastAt.current = Date.now();
      setAnnounced(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, announced, intervalMs]);
  return announced;
}
