import { describe, expect, it } from 'vitest';
import {
  isLicenceValid,
  type LicenceState,
  pickCurrentLicence,
  presentLicenceInfo,
} from './licence-validity.ts';

const now = new Date('2026-06-01T00:00:00Z');
const base: LicenceState = {
  licenseKey: 'ABCD-EFGH-IJKL-MNOP',
  licenseName: 'test',
  startAt: '2026-01-01T00:00:00Z',
  expiresAt: '2026-12-31T00:00:00Z',
  tokenLimit: 1000,
  tokenUsed: 10,
  status: 'ACTIVE',
};

describe('licence validity (core.md §4)', () => {
  it('is valid with a key, within the limit and the period, and ACTIVE', () => {
    expect(isLicenceValid(base, now)).toBe(true);
  });

  it('treats a limit of 0 as unlimited and allows usage equal to the limit', () => {
    expect(isLicenceValid({ ...base, tokenLimit: 0, tokenUsed: 10_000_000 }, now)).toBe(true);
    expect(isLicenceValid({ ...base, tokenUsed: 1000 }, now)).toBe(true);
    expect(isLicenceValid({ ...base, tokenUsed: 1001 }, now)).toBe(false);
  });

  it('is invalid outside its period, when not ACTIVE, or without a key', () => {
    expect(isLicenceValid({ ...base, expiresAt: '2026-05-31T23:59:59Z' }, now)).toBe(false);
    expect(isLicenceValid({ ...base, startAt: '2026-06-02T00:00:00Z' }, now)).toBe(false);
    expect(isLicenceValid({ ...base, status: 'SUSPENDED' }, now)).toBe(false);
    expect(isLicenceValid({ ...base, licenseKey: '' }, now)).toBe(false);
    expect(isLicenceValid(undefined, now)).toBe(false);
  });

  it('reports no licence as status ERROR with no key, and a lapsed one as EXPIRED', () => {
    expect(presentLicenceInfo(undefined, now)).toMatchObject({
      status: 'ERROR',
      licenseKey: null,
      isValid: false,
    });
    expect(presentLicenceInfo({ ...base, expiresAt: '2026-02-01T00:00:00Z' }, now)).toMatchObject({
      status: 'EXPIRED',
      isValid: false,
    });
  });

  it('charges the valid licence ending soonest, else shows the newest', () => {
    const later = { ...base, licenseKey: 'LATE', expiresAt: '2027-01-01T00:00:00Z', createdAt: '2026-01-01' };
    const sooner = {
      ...base,
      licenseKey: 'SOON',
      expiresAt: '2026-07-01T00:00:00Z',
      createdAt: '2025-01-01',
    };
    const dead = { ...base, licenseKey: 'DEAD', status: 'SUSPENDED' as const, createdAt: '2026-05-01' };
    expect(pickCurrentLicence([later, sooner, dead], now)?.licenseKey).toBe('SOON');
    expect(
      pickCurrentLicence([dead, { ...dead, licenseKey: 'OLD', createdAt: '2020-01-01' }], now)?.licenseKey,
    ).toBe('DEAD');
  });
});
