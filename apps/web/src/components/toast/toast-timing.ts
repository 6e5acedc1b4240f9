/**
 * Toast timings from core.md §2: a message stays 3 s and fades over 0.4 s; the notification
 * variant stays 2 s and fades over 0.5 s.
 */
export const TOAST_TIMINGS = {
  message: { visibleMs: 3000, fadeMs: 400 },
  notification: { visibleMs: 2000, fadeMs: 500 },
} as const;

export type ToastVariant = keyof typeof TOAST_TIMINGS;
