// npm run bench:admin — the admin user list and the token-usage dashboard over 100,000 users and
// 10,000,000 token-usage records (target p95 ≤ 100 ms each), beside a primary-key read of 20 users
// in the same run. The services run in their own process (bench/admin-host.mjs: the real
// admin-users and usage services over PostgreSQL; how the data and its rollups are made is told
// there); this process is the load generator: it sends one call at a time over IPC and times it
// from here. Each figure is the median of three runs of BENCH_ROUNDS calls, printed with the load
// average and the CPU each process used (the service process, this generator and the service's
// database backends). Not a CI step.
//   BENCH_DATABASE_URL=postgres://… (default the local test database); BENCH_USERS, BENCH_RECORDS;
//   BENCH_PG_SCHEMA=name keeps the loaded schema for the next run (dropped otherwise).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, median, timeCalls } from './lib/stats.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const RUNS = 3;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_MS = 100;

/** [case name in the host, label, rounds, held to the 100 ms target]. */
const CASES = [
  ['floor', 'floor: 20 users by primary key', ROUNDS, false],
  ['usersFirst', 'users: first page, newest first (super administrator)', ROUNDS, true],
  ['usersSearch', 'users: search a name ("김민"), by name', ROUNDS, true],
  ['usersSchoolRole', 'users: one school, teachers, by name', ROUNDS, true],
  ['usersSchoolAdmin', "users: a school administrator's own school, search, by name", ROUNDS, true],
  ['usersPage50', 'users: page 51 by name (offset 1,000)', ROUNDS, true],
  ['dashboard7', 'token dashboard: whole service, 7 days', ROUNDS, true],
  ['dashboard30', 'token dashboard: whole service, 30 days', ROUNDS, true],
  ['dashboardSchool30', 'token dashboard: one school, 30 days', ROUNDS, true],
  ['dashboardSchool90', 'token dashboard: one school, 90 days', ROUNDS, true],
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
  const host = fork(join(root, 'bench/admin-host.mjs'), [], {
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

async function run(databaseUrl) {
  const { host, ready, call, stop } = startHost(databaseUrl);
  try {
    const info = await ready;
    console.log(
      `\nPostgreSQL · ${info.users.toLocaleString()} users, ${info.records.toLocaleString()} usage records ` +
        `(rollup rows: ${Object.entries(info.rollupRows)
          .map(([table, rows]) => `${table.replace('token_usage_', '')} ${rows.toLocaleString()}`)
          .join(', ')}) · ` +
        `${info.reused ? 'reused the kept schema' : `loaded and folded in ${info.loadSeconds.toFixed(0)} s`} · ` +
        `product rollUp() folded the last ${info.folded.toLocaleString()} records in ${info.foldSeconds.toFixed(2)} s · ` +
        `service dashboard (30 days) with them waiting: ${info.waitingDashboardMs.map((ms) => ms.toFixed(0)).join(' / ')} ms · ` +
        `dashboard total = raw records: ${info.sumsMatch ? 'yes' : 'NO'} (${info.totals.calls.toLocaleString()} calls, ` +
        `${info.totals.tokens.toLocaleString()} tokens)`,
    );
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
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
      `${ROUNDS} calls × ${RUNS} runs · load average now ${one.toFixed(2)} / ${five.toFixed(2)} (1 / 5 min)\n`,
    );
    console.log(
      markdownTable(
        ['call', 'p50 ms (median of 3)', 'p95 ms (median of 3)', 'p95 of each run', '≤ 100 ms'],
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
          run.backends.toFixed(1),
        ]),
      )}`,
    );
  } finally {
    if (host.exitCode === null) await stop();
  }
}

await run(PG_URL);
