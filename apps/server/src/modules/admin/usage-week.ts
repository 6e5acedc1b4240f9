import { type RawBuilder, sql } from 'kysely';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday (UTC, YYYY-MM-DD) of the week holding `day`, in each dialect's date functions. */
export function weekOf(postgres: boolean, day: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  return postgres
    ? sql<string>`to_char(date_trunc('week', (${day})::date), 'YYYY-MM-DD')`
    : sql<string>`date(${day}, '-6 days', 'weekday 1')`;
}

/** The first day (YYYY-MM-01) of the month holding `day` (YYYY-MM-DD); the same text in both dialects. */
export function monthOf(day: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  return sql<string>`substr(${day}, 1, 7) || '-01'`;
}

/** A rollup's block of days: the school × day, × week (Monday) or × month (first day) tables. */
export type BlockLevel = 'month' | 'week' | 'day';

/** A block added to (+1) or taken from (−1) a period's sum; `start` is its key, YYYY-MM-DD. */
export interface SignedBlock {
  level: BlockLevel;
  start: string;
  sign: 1 | -1;
}

/** Days since the epoch, UTC. */
const dayNumber = (day: string) => Math.round(Date.parse(day) / DAY_MS);

/** The day numbers [first, last] of the block of `level` holding day number `d`. */
function blockAround(level: 'month' | 'week', d: number): [number, number] {
  if (level === 'week') {
    // Day 0 (1970-01-01) was a Thursday: Monday-based weekday is (d + 3) mod 7.
    const first = d - ((((d + 3) % 7) + 7) % 7);
    return [first, first + 6];
  }
  const date = new Date(d * DAY_MS);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
  const last = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0) / DAY_MS;
  return [first, last];
}

const FINER: Record<'month' | 'week', BlockLevel> = { month: 'week', week: 'day' };

/** A signed block while the cover is chosen: `start` as a day number (strings only at the end). */
interface Block {
  level: BlockLevel;
  start: number;
  sign: 1 | -1;
}
const flip = (blocks: Block[]) => blocks.map((b) => ({ ...b, sign: -b.sign as 1 | -1 }));
const fewest = (...options: Block[][]) =>
  options.reduce((best, option) => (option.length < best.length ? option : best));

/**
 * The fewest blocks of `level` and finer that sum to exactly days [from, to]: each part of the
 * period inside one block is read either by finer blocks, or as the whole block less the finer
 * blocks of its days outside the period (a month less two days beats thirty days).
 */
function cover(from: number, to: number, level: BlockLevel): Block[] {
  if (from > to) return [];
  if (level === 'day')
    return Array.from({ length: to - from + 1 }, (_, i) => ({ level, start: from + i, sign: 1 as const }));
  const finer = FINER[level];
  const pieces: Block[] = [];
  for (let d = from; d <= to; ) {
    const [first, last] = blockAround(level, d);
    const end = Math.min(last, to);
    const whole: Block[] = [
      { level, start: first, sign: 1 },
      ...flip(cover(first, d - 1, finer)),
      ...flip(cover(end + 1, last, finer)),
    ];
    pieces.push(...fewest(whole, cover(d, end, finer)));
    d = end + 1;
  }
  // Finer blocks may straddle this level's boundaries (weeks across months): reading the whole
  // period by them alone can be fewer.
  return fewest(pieces, cover(from, to, finer));
}

/**
 * The signed blocks (school × month, week and day rollups) whose sum is the period `from`…`to`
 * (YYYY-MM-DD, inclusive): a 30-day period is a month and a few days, a year twelve months or so.
 */
export function periodBlocks(from: string, to: string): SignedBlock[] {
  return cover(dayNumber(from), dayNumber(to), 'month').map((b) => ({
    ...b,
    start: isoDay(b.start * DAY_MS),
  }));
}
