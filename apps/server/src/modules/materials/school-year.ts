/** Korean time: a school year turns over at midnight on 1 March in Seoul, not in UTC. */
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** The school year (1 March to the end of February, DOMAIN.md) a moment falls in. */
export function schoolYearOf(moment: Date): number {
  const seoul = new Date(moment.getTime() + SEOUL_OFFSET_MS);
  const year = seoul.getUTCFullYear();
  return seoul.getUTCMonth() >= 2 ? year : year - 1;
}

/** The school year as a half-open range of ISO instants [from, to). */
export function schoolYearRange(year: number): { from: string; to: string } {
  const start = (y: number) => new Date(Date.UTC(y, 2, 1) - SEOUL_OFFSET_MS).toISOString();
  return { from: start(year), to: start(year + 1) };
}
