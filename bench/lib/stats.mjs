// What the benches share: percentiles of timed calls, and markdown tables of the results.

/** The value at percentile `p` (0–100) of `values`, nearest rank. */
export const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

export const median = (values) => percentile(values, 50);

/** Times `rounds` sequential calls of `fn(i)` after one warm-up call: p50 and p95 in ms. */
export async function timeCalls(fn, rounds) {
  await fn(0);
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await fn(i + 1);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** A markdown table: a header row, its rule, then one line per row of cells. */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
