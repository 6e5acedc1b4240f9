import type { LicenseInfo } from '@ssaem/contracts/users';

const DAY_MS = 86_400_000;

/** Whole days until `expiresAt` (D-n, core.md §9), counted in calendar days; null without a date. */
export function daysLeft(expiresAt: string | null, now: Date = new Date()): number | null {
  if (!expiresAt) return null;
  const end = new Date(expiresAt);
  if (Number.isNaN(end.getTime())) return null;
  const startOfDay = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((startOfDay(end) - startOfDay(now)) / DAY_MS);
}

/** Share of the token allowance used, 0–100; null when the licence is unlimited (limit 0). */
export function usagePercent(licence: Pick<LicenseInfo, 'tokenLimit' | 'tokenUsed'>): number | null {
  if (licence.tokenLimit <= 0) return null;
  return Math.min(100, Math.round((licence.tokenUsed / licence.tokenLimit) * 100));
}
