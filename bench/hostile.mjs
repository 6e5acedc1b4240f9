// npm run bench:hostile — how responsive the API stays while every hostile file of the corpus is
// uploaded to every upload route, four at a time (target: /healthz under 100 ms throughout, the
// API process under its memory cap). Runs the hostile-upload suite three times — a real server
// process, the uploader and a separate /healthz probe process — and prints each run's report,
// the load average before it, and the median of the three.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/stats.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 100;

const pct = (ms, seconds) => (Number(ms) / 10 / Number(seconds) || 0).toFixed(1);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

console.log(`machine: ${cpus().length} cores; load average ${load()}`);
const reports = [];
for (let run = 1; run <= RUNS; run++) {
  const before = load();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'apps/server/test/hostile/vitest.hostile.config.ts'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // The report line may follow the runner's colour codes.
  const line = `${result.stdout}`
    .split('\n')
    .map((text) => text.slice(text.indexOf('{"uploads"')))
    .find((text) => text.startsWith('{"uploads"'));
  if (!line) {
    console.error(result.stdout.slice(-3000), result.stderr.slice(-3000));
    throw new Error(`run ${run} printed no report`);
  }
  const report = JSON.parse(line);
  reports.push(report);
  console.log(
    `run ${run} (load before ${before}): ${report.uploads} uploads, ${report.healthzProbes} probes, ` +
      `/healthz p50 ${report.healthzP50} ms, p99 ${report.healthzP99} ms, slowest ${report.healthzMax} ms; ` +
      `API RSS max ${report.serverRssMaxMiB} MiB; suite ${result.status === 0 ? 'passed' : 'FAILED'}; load after ${load()}\n` +
      `  inside the server: event loop late at most ${report.serverLoopLateMaxMs} ms, of which its own work at most ` +
      `${report.serverOwnBlockMaxMs} ms; waited for a CPU up to ${report.serverCpuWaitMaxMs} ms at a time ` +
      `(${report.serverCpuWaitTotalMs} ms in all); GC pause max ${report.serverGcMaxMs} ms, ${report.serverMajorGcs} major GCs\n` +
      `  CPU over ${report.seconds} s: API ${report.serverCpuMs} ms (${pct(report.serverCpuMs, report.seconds)} % of a core), ` +
      `readers ${report.readersCpuMs} ms (${pct(report.readersCpuMs, report.seconds)} %)`,
  );
}
const pick = (key) => median(reports.map((report) => Number(report[key])));
const slowest = pick('healthzMax');
console.log(
  `\nmedian of ${RUNS}: /healthz p50 ${pick('healthzP50')} ms, p99 ${pick('healthzP99')} ms, ` +
    `slowest ${slowest} ms (target < ${TARGET_MS} ms: ${slowest < TARGET_MS ? 'met' : 'NOT met'}); ` +
    `API RSS max ${pick('serverRssMaxMiB')} MiB; the server's own longest block ${pick('serverOwnBlockMaxMs')} ms ` +
    `(per late tick), ` +
    `longest wait for a CPU ${pick('serverCpuWaitMaxMs')} ms; load average now ${load()}`,
);
