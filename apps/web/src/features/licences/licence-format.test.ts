import { describe, expect, it } from 'vitest';
import { daysLeft, usagePercent } from './licence-format';

describe('daysLeft', () => {
  const now = new Date(2025, 2, 10, 15, 30);
  it('counts calendar days to the expiry (D-n)', () => {
    expect(daysLeft(new Date(2025, 2, 20, 0, 0).toISOString(), now)).toBe(10);
    expect(daysLeft(new Date(2025, 2, 10, 23, 59).toISOString(), now)).toBe(0);
    expect(daysLeft(new Date(2025, 2, 9, 12, 0).toISOString(), now)).toBe(-1);
  });
  it('is null without a valid date', () => {
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
  });
});

describe('usagePercent', () => {
  it('is the used share of the limit, capped at 100', () => {
    expect(usagePercent({ tokenLimit: 1000, tokenUsed: 250 })).toBe(25);
    expect(usagePercent({ tokenLimit: 1000, tokenUsed: 5000 })).toBe(100);
  });
  it('is null for an unlimited licence (limit 0)', () => {
    expect(usagePercent({ tokenLimit: 0, tokenUsed: 12345 })).toBeNull();
  });
});
