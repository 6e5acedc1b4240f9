import { describe, expect, it } from 'vitest';
import { readEdutechProducts } from './edutech-catalogue.ts';
import { addDays, daysLeft, fitReasonKo, gradeOf, isInUse, koreaDate } from './edutech-rules.ts';

describe('the D-day badge', () => {
  it('counts Korean calendar days: the day turns at 15:00 UTC', () => {
    expect(koreaDate(new Date('2026-03-31T14:59:59Z'))).toBe('2026-03-31');
    expect(koreaDate(new Date('2026-03-31T15:00:00Z'))).toBe('2026-04-01');
  });

  it('is D-0 on the last day, expired the day after, and absent when unlimited', () => {
    expect(daysLeft('2026-04-01', '2026-04-01')).toBe(0);
    expect(isInUse('2026-04-01', '2026-04-01')).toBe(true);
    expect(daysLeft('2026-04-01', '2026-04-02')).toBe(-1);
    expect(isInUse('2026-04-01', '2026-04-02')).toBe(false);
    expect(daysLeft(null, '2026-04-02')).toBeNull();
    expect(isInUse(null, '2099-12-31')).toBe(true);
    expect(daysLeft('2027-03-01', '2026-03-01')).toBe(365);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('recommendation rules', () => {
  it('reads grade codes as level and number', () => {
    expect(gradeOf(13)).toEqual({ level: 'ELEMENTARY', grade: 3 });
    expect(gradeOf(32)).toEqual({ level: 'HIGH', grade: 2 });
    expect(gradeOf(null)).toBeNull();
  });

  it('says why in one grammatical sentence', () => {
    expect(fitReasonKo({ level: 'ELEMENTARY', grade: 3, category: 'MATH', priceType: 'FREE' })).toBe(
      '초등 3학년 수학 수업에 맞는 무료 도구입니다.',
    );
    expect(fitReasonKo({ level: 'MIDDLE', grade: null, category: null, priceType: 'OTHER' })).toBe(
      '중학교 수업에 두루 쓰이는 도구입니다.',
    );
  });
});

describe('the dataset mapping', () => {
  it('gives every product a category, at least one level, and a price type', () => {
    const rows = readEdutechProducts(
      new URL('../../../../../reference-data', import.meta.url).pathname,
      'now',
    );
    expect(rows).toHaveLength(87);
    expect(rows?.every((row) => row.levels.length > 0)).toBe(true);
    const byName = new Map(rows?.map((row) => [row.name, row]));
    expect(byName.get('알지오매스')?.category).toBe('MATH');
    expect(byName.get('클래스카드')?.category).toBe('ENGLISH');
    expect(byName.get('사이언스올')?.category).toBe('SOCIAL_SCIENCE');
    expect(byName.get('Google Jamboard')?.serviceStatus).toBe('ENDED');
    expect(byName.get('Vrew (브루)')?.priceType).toBe('PARTLY_PAID');
  });
});
