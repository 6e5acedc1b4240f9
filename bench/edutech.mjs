// npm run bench:edutech — catalogue search and each recommendation list over 10,000 products and
// 100,000 teachers' licences (target p95 ≤ 20 ms each), beside a primary-key read of 20 products in
// the same run. The service runs in its own process (bench/edutech-host.mjs: the real edutech
// service over SQLite, then over PostgreSQL); this process is the load generator: it sends one call
// at a time over IPC and times it from here. Each figure is the median of three runs of
// BENCH_ROUNDS calls; printed with the load average and the CPU each process used (the service
// process, this generator and, on PostgreSQL, the service's database backends).
//   BENCH_DATABASE_URL=postgres://… (default the local test database); BENCH_SKIP_PG=1 for SQLite only;
//   BENCH_ONLY=sqlite|postgres.
// A search's page of ids and its total are reused for 30 s (cleared by product writes and likes);
// the "not searched before" rows measure a search that reuses nothing.
// The counts behind badges and rankings live in tables (migration 0029): a licence change
// recounts its product ("licence: update dates" below), and the whole set is recounted once a day
// by a job ("daily recount", a background task rather than a request, shown for its cost).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, median, timeCalls } from './lib/stats.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const RUNS = 3;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_MS = 20;

/** [case name in the host, label, rounds, held to the 20 ms target]. */
const CASES = [
  ['floor', 'floor: 20 products by primary key', ROUNDS, false],
  ['catalogueFirst', 'catalogue: first page', ROUNDS, true],
  ['catalogueTwo', 'catalogue: search "수학" (2 syllables)', ROUNDS, true],
  ['catalogueOne', 'catalogue: search "수" (1 syllable)', ROUNDS, true],
  ['catalogueCategory', 'catalogue: category MATH, page 3', ROUNDS, true],
  ['catalogueFresh', 'catalogue: search a term not searched before (no reuse)', ROUNDS, true],
  ['orderRanking', 'recommendation: order-ranking', ROUNDS, true],
  ['officeRanking', 'recommendation: education-office-ranking', ROUNDS, true],
  ['newGoods', 'recommendation: new-goods', ROUNDS, true],
  ['popularGoods', 'recommendation: popular-goods', ROUNDS, true],
  ['strip', 'recommendation: goods/list (the strip)', ROUNDS, true],
  ['chatSearch', 'chat: edutech_search "수학"', ROUNDS, true],
  ['chatSearchFresh', 'chat: edutech_search, a term not searched before', ROUNDS, true],
  ['myLicences', 'licences: my-list', ROUNDS, false],
  ['licenceUpdate', 'licence: update dates (recounts its product)', ROUNDS, false],
  ['dailyRecount', 'daily recount of every product (job)', 3, false],
];

/** User + system CPU seconds of a process so far (Linux /proc); null when it cannot be read. */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
const sum = (values) => values.reduce((a, b) => a + (b ?? 0), 0);
const ownCpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

function startHost(databaseUrl) {
  const host = fork(join(root, 'bench/edutech-host.mjs'), [], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  let next = 0;
  const ready = new Promise((done, fail) => {
    host.once('exit', (code) => {
      const error = new Error(`the service process ended (${code})`);
      fail(error);
      for (const settle of waiting.values()) settle({ error: error.message });
    });
    host.on('message', (message) => {
      if (message.type === 'ready') done(message);
      if (message.type === 'done') {
        const settle = waiting.get(message.id);
        waiting.delete(message.id);
        settle?.(message);
      }
    });
  });
  const call = (name, i) =>
    new Promise((done, fail) => {
      const id = next++;
      waiting.set(id, (message) => (message.error ? fail(new Error(message.error)) : done(message)));
      host.send({ type: name === 'pids' ? 'pids' : 'call', id, name, i });
    });
  const stop = () =>
    new Promise((done) => {
      host.once('exit', done);
      host.send({ type: 'stop' });
    });
  return { host, ready, call, stop };
}

const measure = (call, name, rounds) => timeCalls((i) => call(name, i), rounds);

async function run(dialect, databaseUrl) {
  const { host, ready, call, stop } = startHost(databaseUrl);
  try {
    const info = await ready;
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      // The pool's backends may be replaced during a run (idle connections close): those seen at
      // the end count from the start, or from zero when they began during the run.
      const startPids = (await call('pids', 0)).pids;
      const startCpu = new Map(startPids.map((pid) => [pid, cpuSecondsOf(pid)]));
      const before = {
        load: loadavg()[0],
        host: cpuSecondsOf(host.pid),
        generator: ownCpuSeconds(),
        at: performance.now(),
      };
      const results = [];
      for (const [name, , rounds] of CASES) results.push(await measure(call, name, rounds));
      const seconds = (performance.now() - before.at) / 1000;
      const endPids = (await call('pids', 0)).pids;
      runs.push({
        results,
        seconds,
        load: [before.load, loadavg()[0]],
        host: cpuSecondsOf(host.pid) - before.host,
        generator: ownCpuSeconds() - before.generator,
        backends: sum(endPids.map((pid) => (cpuSecondsOf(pid) ?? 0) - (startCpu.get(pid) ?? 0))),
      });
    }
    const [one, five] = loadavg();
    console.log(
      `\n${dialect} · ${info.products.toLocaleString()} products, ${info.licences.toLocaleString()} licences of 25,000 teachers · loaded in ` +
        `${info.loadSeconds.toFixed(0)} s (first count ${info.countSeconds.toFixed(2)} s) · ${ROUNDS} calls × ${RUNS} runs · ` +
        `load average now ${one.toFixed(2)} / ${five.toFixed(2)} (1 / 5 min)\n`,
    );
    console.log(
      markdownTable(
        ['call', 'p50 ms (median of 3)', 'p95 ms (median of 3)', 'p95 of each run', '≤ 20 ms'],
        CASES.map(([, label, , held], index) => {
          const p50 = median(runs.map((run) => run.results[index].p50));
          const p95s = runs.map((run) => run.results[index].p95);
          const p95 = median(p95s);
          const verdict = held ? (p95 <= TARGET_MS ? 'yes' : 'NO') : '—';
          return [label, p50.toFixed(2), p95.toFixed(2), p95s.map((v) => v.toFixed(1)).join(' / '), verdict];
        }),
      ),
    );
    console.log(
      `\n${markdownTable(
        [
          'run',
          'seconds',
          'load average (start → end)',
          'service process CPU s',
          'generator CPU s',
          'database backends CPU s',
        ],
        runs.map((run, r) => [
          r + 1,
          run.seconds.toFixed(1),
          `${run.load[0].toFixed(2)} → ${run.load[1].toFixed(2)}`,
          run.host.toFixed(1),
          run.generator.toFixed(1),
          databaseUrl ? run.backends.toFixed(1) : '— (in-process SQLite)',
        ]),
      )}`,
    );
  } finally {
    if (host.exitCode === null) await stop();
  }
}

const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await run('SQLite', undefined);
if (only !== 'sqlite' && process.env.BENCH_SKIP_PG !== '1') {
  try {
    await run('PostgreSQL', PG_URL);
  } catch (error) {
    console.log(`\nPostgreSQL skipped: ${error.message}`);
  }
}
