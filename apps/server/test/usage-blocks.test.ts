import { describe, expect, it } from 'vitest';
import { periodBlocks, type SignedBlock } from '../src/modules/admin/usage-week.ts';

/**
 * The signed month, week and day blocks the service's top schools are read from: whatever the
 * period, every day inside it is counted once and every day outside it not at all.
 */
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days a block spans (months by the calendar, weeks Monday to Sunday). */
function daysOf(block: SignedBlock): string[] {
  const start = Date.parse(block.start);
  if (block.level === 'day') return [block.start];
  const length =
    block.level === 'week'
      ? 7
      : new Date(Date.UTC(Number(block.start.slice(0, 4)), Number(block.start.slice(5, 7)), 0)).getUTCDate();
  return Array.from({ length }, (_, i) => isoDay(start + i * DAY_MS));
}

/** How many times each day is counted by the blocks (zero counts left out). */
function counted(blocks: SignedBlock[]) {
  const times = new Map<string, number>();
  for (const block of blocks)
    for (const day of daysOf(block)) times.set(day, (times.get(day) ?? 0) + block.sign);
  for (const [day, n] of times) if (n === 0) times.delete(day);
  return times;
}

function expectExact(from: string, to: string) {
  const blocks = periodBlocks(from, to);
  const want = new Map<string, number>();
  for (let d = Date.parse(from); d <= Date.parse(to); d += DAY_MS) want.set(isoDay(d), 1);
  expect(counted(blocks), `${from} … ${to}`).toEqual(want);
  for (const block of blocks) {
    if (block.level === 'month') expect(block.start.slice(8)).toBe('01');
    if (block.level === 'week') expect(new Date(block.start).getUTCDay()).toBe(1);
  }
  return blocks;
}

describe('period blocks', () => {
  it('count every day of the period once, whatever its start and end', () => {
    // Every period of 1 to 40 days, and of two months or so, starting on each day from late January
    // to early March 2024 (across a leap February).
    const lengths = [...Array.from({ length: 40 }, (_, i) => i + 1), 59, 60, 61, 62, 70];
    for (let start = Date.parse('2024-01-25'); start <= Date.parse('2024-03-03'); start += DAY_MS)
      for (const days of lengths) expectExact(isoDay(start), isoDay(start + (days - 1) * DAY_MS));
    // A year ending mid-month, and one across New Year.
    expectExact('2025-10-30', '2026-10-29');
    expectExact('2025-06-15', '2026-06-14');
  });

  it('read a month and its edges rather than every day', () => {
    // Thirty days ending on the 29th: the 30th of the month before, the month, less its last two days.
    expect(expectExact('2026-09-30', '2026-10-29')).toEqual([
      { level: 'day', start: '2026-09-30', sign: 1 },
      { level: 'month', start: '2026-10-01', sign: 1 },
      { level: 'day', start: '2026-10-30', sign: -1 },
      { level: 'day', start: '2026-10-31', sign: -1 },
    ]);
    // A whole week is one block; a year is about twelve months.
    expect(expectExact('2026-10-19', '2026-10-25')).toEqual([
      { level: 'week', start: '2026-10-19', sign: 1 },
    ]);
    expect(expectExact('2025-10-30', '2026-10-29').length).toBeLessThanOrEqual(16);
    // Whatever day a period starts on, a month reads at most 10 blocks and a year 25, not 31 or 366 days.
    for (let start = Date.parse('2025-01-01'); start <= Date.parse('2025-12-31'); start += DAY_MS)
      for (const [days, most] of [
        [31, 10],
        [366, 25],
      ] as const)
        expect(periodBlocks(isoDay(start), isoDay(start + (days - 1) * DAY_MS)).length).toBeLessThanOrEqual(
          most,
        );
  });
});
