import type { LicenseInfo } from '@ssaem/contracts';

export interface LicenceState {
  licenseKey: string;
  licenseName: string | null;
  startAt: string;
  expiresAt: string;
  tokenLimit: number;
  tokenUsed: number;
  status: 'ACTIVE' | 'SUSPENDED' | 'EXPIRED';
}

/**
 * core.md §4: valid when a key exists, the limit is 0 (unlimited) or the used tokens do not exceed
 * it, today is within the licence's period, and its status is ACTIVE.
 */
export function isLicenceValid(state: LicenceState | undefined, now: Date = new Date()): boolean {
  if (!state?.licenseKey) return false;
  const withinLimit = state.tokenLimit === 0 || state.tokenUsed <= state.tokenLimit;
  const time = now.getTime();
  const withinPeriod = Date.parse(state.startAt) <= time && time <= Date.parse(state.expiresAt);
  return withinLimit && withinPeriod && state.status === 'ACTIVE';
}

/** licenseInfo as users/info reports it; no licence reads as status ERROR with no key (core.md §8). */
export function presentLicenceInfo(state: LicenceState | undefined, now: Date = new Date()): LicenseInfo {
  if (!state) {
    return {
      licenseKey: null,
      licenseName: null,
      startAt: null,
      expiresAt: null,
      tokenLimit: 0,
      tokenUsed: 0,
      isValid: false,
      status: 'ERROR',
    };
  }
  const lapsed = state.status === 'ACTIVE' && Date.parse(state.expiresAt) < now.getTime();
  return {
    licenseKey: state.licenseKey,
    licenseName: state.licenseName,
    startAt: state.startAt,
    expiresAt: state.expiresAt,
    tokenLimit: state.tokenLimit,
    tokenUsed: state.tokenUsed,
    isValid: isLicenceValid(state, now),
    status: lapsed ? 'EXPIRED' : state.status,
  };
}

/** The licence to show and charge: the valid one ending soonest, else the most recent one. */
export function pickCurrentLicence<T extends LicenceState & { createdAt: string }>(
  licences: T[],
  now: Date = new Date(),
): T | undefined {
  const valid = licences
    .filter((licence) => isLicenceValid(licence, now))
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
  if (valid[0]) return valid[0];
  return [...licences].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}
