import { type RawBuilder, sql } from 'kysely';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday (UTC, YYYY-MM-DD) of the week holding `day`, in each dialect's date functions. */
export function weekOf(postgres: boolean, day: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  return postgres
    ? sql<string>`to_char(date_trunc('week', (${day})::date), 'YYYY-MM-DD')`
    : sql<string>`date(${day}, '-6 days', 'weekday 1')`;
}

/**
 * The whole weeks (Monday to Sunday) inside a period, and the days around them: a period read as
 * the week rollup's rows from `firstWeek` to `lastWeek` plus the day rollup's rows before
 * `firstWeek` and after `lastSunday`. Null when the period holds no whole week.
 */
export function wholeWeeks(from: string, to: string) {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const mondayBased = (ms: number) => (new Date(ms).getUTCDay() + 6) % 7;
  const firstMonday = start + ((7 - mondayBased(start)) % 7) * DAY_MS;
  const lastSunday = end - ((mondayBased(end) + 1) % 7) * DAY_MS;
  if (!(lastSunday - firstMonday >= 6 * DAY_MS)) return null;
  return {
    firstWeek: isoDay(firstMonday),
    lastWeek: isoDay(lastSunday - 6 * DAY_MS),
    lastSunday: isoDay(lastSunday),
  };
}
