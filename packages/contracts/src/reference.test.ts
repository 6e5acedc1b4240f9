import { describe, expect, it } from 'vitest';
import { defaultCurriculum, schoolYearOf } from './reference.ts';
import { defaultSharing, PRIVATE_SHARING, SHARING_TOOLS } from './sharing.ts';

/** Noon in Korea on a day (UTC+9). */
const kst = (day: string) => new Date(`${day}T12:00:00+09:00`);
const grades = {
  초1: 11,
  초2: 12,
  초3: 13,
  초4: 14,
  초5: 15,
  초6: 16,
  중1: 21,
  중2: 22,
  중3: 23,
  고1: 31,
  고2: 32,
  고3: 33,
};
type Grade = keyof typeof grades;

function curriculaOn(day: string): Record<Grade, number> {
  return Object.fromEntries(
    Object.entries(grades).map(([name, seq]) => [name, defaultCurriculum(seq, kst(day))]),
  ) as Record<Grade, number>;
}

describe('the curriculum a grade follows (DOMAIN.md)', () => {
  it('starts the school year on 1 March, Korean time', () => {
    expect(schoolYearOf(kst('2026-02-28'))).toBe(2025);
    expect(schoolYearOf(kst('2026-03-01'))).toBe(2026);
    // 1 March 00:30 in Seoul is still 28 February in UTC.
    expect(schoolYearOf(new Date('2026-03-01T00:30:00+09:00'))).toBe(2026);
    expect(schoolYearOf(kst('2026-12-31'))).toBe(2026);
  });

  it('moves each grade to 2022 in its year, on 1 March', () => {
    const all2015 = Object.fromEntries(Object.keys(grades).map((g) => [g, 2015]));
    expect(curriculaOn('2024-02-29')).toEqual(all2015);
    expect(curriculaOn('2024-03-01')).toEqual({ ...all2015, 초1: 2022, 초2: 2022 });
    const in2025 = { ...all2015, 초1: 2022, 초2: 2022, 초3: 2022, 초4: 2022, 중1: 2022, 고1: 2022 };
    expect(curriculaOn('2025-02-28')).toEqual({ ...all2015, 초1: 2022, 초2: 2022 });
    expect(curriculaOn('2025-03-01')).toEqual(in2025);
    const in2026 = { ...in2025, 초5: 2022, 초6: 2022, 중2: 2022, 고2: 2022 };
    expect(curriculaOn('2026-02-28')).toEqual(in2025);
    expect(curriculaOn('2026-03-01')).toEqual(in2026);
    expect(curriculaOn('2027-02-28')).toEqual(in2026);
    expect(curriculaOn('2027-03-01')).toEqual(Object.fromEntries(Object.keys(grades).map((g) => [g, 2022])));
  });

  it('gives a 초3 lesson in 2026 the 2022 curriculum, and 2022 when no grade is known', () => {
    expect(defaultCurriculum(13, kst('2026-09-10'))).toBe(2022);
    expect(defaultCurriculum(undefined, kst('2026-09-10'))).toBe(2022);
  });
});

describe('sharing defaults', () => {
  it('keeps pupils’ work and data private and uneditable, other tools open', () => {
    for (const tool of [
      'feedback',
      'counsel-student',
      'counsel-parent',
      'counsel-parent-sheet',
      'student-record',
    ] as const)
      expect(defaultSharing(tool), tool).toEqual(PRIVATE_SHARING);
    for (const tool of SHARING_TOOLS.filter(
      (t) => !t.startsWith('counsel') && !['feedback', 'student-record'].includes(t),
    ))
      expect(defaultSharing(tool), tool).toEqual({ accessLevel: 'PUBLIC', editable: true });
  });
});
