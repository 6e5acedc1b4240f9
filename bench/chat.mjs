// npm run bench:chat — the chat streaming path under load, measured per token against the model.
//
// A fake OpenAI-compatible model (its own processes) emits tokens at a fixed rate, each stamped with
// its send time. Client processes open the same streams once directly at the model and once through
// Ssaem (a real server process on SQLite), at 1, 100, 500 and 1,000 concurrent streams, and record
// each token's arrival. What Ssaem adds is computed per token: the token's latency through Ssaem
// (arrival minus its send time at the model) minus the direct path's median latency in the same run
// — never a difference of two percentiles. Time to first token is per stream the same way.
//
// The direct path's own slowest stream and count of streams more than 10 % behind are shown beside
// Ssaem's: what the clients and the model alone reach on this machine, with no server between them.
//
// Every pass records the CPU of the server, each model process and each client process. A figure is
// void when a client or the model was saturated (> 80 % of a core): then the bench measured its
// own load generator, not the server, and says so in the table.
//
// Environment: BENCH_LEVELS (1,100,500,1000), BENCH_RUNS (3), BENCH_RATE tokens/s (30),
// BENCH_TOKENS per answer (60), BENCH_CLIENTS (client processes; default one per 500 streams),
// BENCH_MODEL_WORKERS (2), BENCH_PROFILE=<dir> (the server's --cpu-prof output), BENCH_PORT (the server's
// port; a free one in 3900–3989 by default), BENCH_WARMUP (streams per warm-up pass, comma-separated;
// 100,100,100: a running server's JIT-compiled paths, not a cold start's), BENCH_FLOOR=0 (no floor),
// BENCH_NODE_ARGS (Node options for the server process, space-separated: --perf-basic-prof lets
// `perf record -p <pid>` name the JavaScript it samples, and so count the CPU of every thread,
// the kernel's and SQLite's included, where --cpu-prof samples the main thread's wall time).
//
// The floor: at each level the same streams also go through a bare Node relay (its own process:
// node:http, nothing but forwarding), so the tables show what the machine itself leaves to any
// server beside what Ssaem adds.
//
// BENCH_INSTANCES=N (1) runs N server processes as the scale-out deployment does (DESIGN.md: shared
// PostgreSQL and Redis, no sticky sessions): a scratch database is created on BENCH_DATABASE_URL
// (default the local test server) and dropped after, Redis is BENCH_REDIS_URL (default
// redis://127.0.0.1:6379/7), and the clients deal their streams out over the instances in turn.
// The server's CPU is then the sum of the instances, and the database's (every postgres and
// redis-server process on the machine) is counted beside it instead of as another process's.
import { fork, spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scripts/scratch-dir.mjs';
import { markdownTable, median, percentile } from './lib/stats.mjs';

const self = fileURLToPath(import.meta.url);
const root = resolve(self, '../..');
const LEVELS = (process.env.BENCH_LEVELS ?? '1,100,500,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOKENS_PER_SECOND = Number(process.env.BENCH_RATE ?? 30);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 60);
const MODEL_WORKERS = Number(process.env.BENCH_MODEL_WORKERS ?? 2);
const SATURATED_PERCENT = 80;
/** Other processes using more than this share of the machine make a pass void: the server waited for a CPU. */
const BUSY_MACHINE_PERCENT = 25;
const IDEAL_MS = (TOKENS / TOKENS_PER_SECOND) * 1000;
/** Streams of each warm-up pass before the measured runs (BENCH_WARMUP, comma-separated). */
const WARM_UP = (process.env.BENCH_WARMUP ?? '100,100,100')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/** BENCH_FLOOR=0 leaves out the bare relay's pass (the floor) at each level. */
const FLOOR = process.env.BENCH_FLOOR !== '0';
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const now = () => performance.timeOrigin + performance.now();

// ----- the fake model: tokens carry their send time -----------------------------------------------

function startFakeModel() {
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content: '벤치마크' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const frame = (delta, finish = null) =>
      `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    response.write(frame({ role: 'assistant', content: '' }));
    let sent = 0;
    const timer = setInterval(() => {
      if (sent === TOKENS) {
        clearInterval(timer);
        response.write(frame({}, 'stop'));
        response.end('data: [DONE]\n\n');
        return;
      }
      sent += 1;
      response.write(frame({ content: `⟨${now().toFixed(3)}⟩ ` }));
    }, 1000 / TOKENS_PER_SECOND);
    response.on('close', () => clearInterval(timer));
  });
  return server;
}

/** The model's primary: forks its workers on one port and prints the port and their pids. */
function runFakeModelPrimary() {
  cluster.setupPrimary({ exec: self, args: ['--fake-model-worker'] });
  const workers = Array.from({ length: MODEL_WORKERS }, () => cluster.fork());
  let listening = 0;
  for (const worker of workers) {
    worker.on('listening', (address) => {
      listening += 1;
      if (listening === workers.length) {
        process.stdout.write(
          `${JSON.stringify({ port: address.port, pids: workers.map((w) => w.process.pid) })}\n`,
        );
      }
    });
  }
}

// ----- the floor: a bare relay, what any Node server on this machine pays per token -------------

/**
 * Forwards each request to the model and each piece of its answer to the client as it arrives,
 * with node:http and a keep-alive agent, and nothing else: no authentication, database, parsing or
 * licence. Measured like Ssaem, it shows the share of a target the machine itself (loopback
 * sockets, the client and the model on the same cores) leaves to any server.
 */
async function runRelay() {
  const { ACCEPTING_SOCKETS } = await import(
    join(root, 'apps/server/src/platform/http/accepting-sockets.ts')
  );
  const target = new URL(process.env.BENCH_RELAY_TARGET);
  // Kept connections as Ssaem's model client keeps them (platform/ai/chat-completions-stream.ts).
  const agent = new HttpAgent({ keepAlive: true, scheduling: 'lifo', maxFreeSockets: 4096 });
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const upstream = httpRequest(target, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    });
    upstream.once('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, { 'content-type': 'text/event-stream' });
      answer.on('data', (piece) => response.write(piece));
      answer.once('end', () => response.end());
    });
    upstream.once('error', () => response.destroy());
    upstream.end(body);
  });
  // As many sockets accepting on its port as Ssaem has.
  server.listen({ port: 0, host: '127.0.0.1', reusePort: true }, () => {
    const { port } = server.address();
    for (let i = 1; i < ACCEPTING_SOCKETS; i++) {
      createServer(server.listeners('request')[0]).listen({ port, host: '127.0.0.1', reusePort: true });
    }
    process.stdout.write(`${JSON.stringify({ port })}\n`);
  });
}

function spawnRelay(fakeUrl) {
  const child = spawn(process.execPath, [self, '--relay'], {
    env: { ...process.env, BENCH_RELAY_TARGET: `${fakeUrl}/chat/completions` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveRelay) => {
    child.stdout.once('data', (data) => resolveRelay({ child, ...JSON.parse(String(data).trim()) }));
  });
}

// ----- a client process: opens its share of the streams and records every token -------------------

const STAMP = /⟨(\d+\.\d+)⟩/g;

/**
 * Each stream on a connection of its own, opened when it starts and closed at its end, as a
 * thousand teachers arriving at once connect (and as the bench always measured): the server
 * accepts a connection for every stream.
 *
 * The client is node:http, not fetch: a token through fetch's web streams costs the client several
 * times the CPU, and on a 2-core machine the clients' CPU is taken from the server under test (real
 * clients are on other machines). What it records is the same: each token's arrival.
 */
const clientAgent = new HttpAgent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function measureStream(url, init) {
  return new Promise((resolveStream, rejectStream) => {
    const started = now();
    const latencies = [];
    let firstToken = null;
    let lastToken = started;
    let buffer = '';
    const request = httpRequest(url, {
      method: init.method,
      agent: clientAgent,
      headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
    });
    request.once('error', rejectStream);
    request.once('response', (response) => {
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        let text = '';
        response.on('data', (piece) => {
          text += piece;
        });
        response.once('end', () => rejectStream(new Error(`HTTP ${response.statusCode}: ${text}`)));
        return;
      }
      response.on('data', (piece) => {
        const arrived = now();
        buffer += piece;
        let end = buffer.indexOf('\n\n');
        if (end === -1) return;
        let start = 0;
        while (end !== -1) {
          const frame = buffer.slice(start, end);
          // Token frames only: Ssaem's final frame repeats the whole text.
          if (frame.includes('on_message_delta') || frame.includes('chat.completion.chunk')) {
            for (const match of frame.matchAll(STAMP)) {
              latencies.push(arrived - Number(match[1]));
              firstToken ??= arrived - started;
              lastToken = arrived;
            }
          }
          start = end + 2;
          end = buffer.indexOf('\n\n', start);
        }
        buffer = buffer.slice(start);
      });
      response.once('end', () =>
        resolveStream({ latencies, ttft: firstToken ?? Number.NaN, duration: lastToken - started }),
      );
      response.once('error', rejectStream);
    });
    request.end(init.body);
  });
}

/** Runs the streams it is sent (each at its arrival offset) and answers with what it measured. */
function runClient() {
  process.on('message', async ({ urls, init, offsets }) => {
    const cpuBefore = process.cpuUsage();
    const started = now();
    const results = await Promise.all(
      offsets.map((offset, i) =>
        new Promise((r) => setTimeout(r, offset)).then(() =>
          // Streams are dealt out over the instances in turn, as a balancer without stickiness does.
          measureStream(urls[i % urls.length], init).catch((error) => ({ error: String(error) })),
        ),
      ),
    );
    const cpu = process.cpuUsage(cpuBefore);
    const wall = now() - started;
    process.send({
      failures: results.filter((r) => r.error).map((r) => r.error),
      streams: results.filter((r) => !r.error),
      cpuPercent: ((cpu.user + cpu.system) / 1000 / wall) * 100,
    });
  });
}

// ----- the run ------------------------------------------------------------------------------------

/** CPU seconds and RSS of a process, from /proc. */
function processStats(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { rssMb: rssKb / 1024, cpuSeconds: (Number(stat[11]) + Number(stat[12])) / 100 };
}

/** The database's processes (PostgreSQL backends and Redis) now running on the machine. */
function databasePids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'postgres' || comm === 'redis-server') pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** CPU seconds of the given processes, by pid; a process gone meanwhile is left out. */
function cpuSecondsByPid(pids) {
  const seconds = new Map();
  for (const pid of pids) {
    try {
      seconds.set(pid, processStats(pid).cpuSeconds);
    } catch {}
  }
  return seconds;
}

/** CPU the database used between two snapshots (processes present in both, and those that started). */
function databaseCpuSeconds(before, after) {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Busy and total CPU ticks of the whole machine, from /proc/stat. */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busySeconds: (total - idle) / 100, totalSeconds: total / 100 };
}

/** Percent of one core each pid used between two snapshots. */
const cpuPercent = (before, after, wallMs) =>
  (100 * (after.cpuSeconds - before.cpuSeconds)) / (wallMs / 1000);

function clientCountFor(streams) {
  return Number(process.env.BENCH_CLIENTS ?? Math.max(1, Math.ceil(streams / 500)));
}

/**
 * One pass: `count` streams arriving over a ramp (100 streams over 200 ms, at most 3 s), dealt out
 * round-robin to the client processes. Returns every stream and the CPU of every process involved.
 */
async function pass(clients, count, request, watched, measured = 'server') {
  const rampMs = Math.min(3000, count * 2);
  const shares = clients.map(() => []);
  for (let i = 0; i < count; i++) shares[i % clients.length].push(count > 1 ? (i * rampMs) / count : 0);
  const before = watched.map(({ pid }) => processStats(pid));
  const databaseBefore = INSTANCES > 1 ? cpuSecondsByPid(databasePids()) : new Map();
  const machineBefore = machineTicks();
  const started = now();
  const answers = await Promise.all(
    clients.map(
      (client, i) =>
        new Promise((resolveAnswer) => {
          client.once('message', resolveAnswer);
          client.send({ ...request, offsets: shares[i] });
        }),
    ),
  );
  const wallMs = now() - started;
  const after = watched.map(({ pid }) => processStats(pid));
  const databaseSeconds =
    INSTANCES > 1 ? databaseCpuSeconds(databaseBefore, cpuSecondsByPid(databasePids())) : 0;
  const machineAfter = machineTicks();
  const failures = answers.flatMap((a) => a.failures);
  if (failures.length > 0) throw new Error(`${failures.length} streams failed, first: ${failures[0]}`);
  const ours =
    after.reduce((sum, stats, i) => sum + stats.cpuSeconds - before[i].cpuSeconds, 0) +
    databaseSeconds +
    answers.reduce((sum, a) => sum + (a.cpuPercent / 100) * (wallMs / 1000), 0);
  const serverSeconds = watched.reduce(
    (sum, { name }, i) => sum + (name.startsWith(measured) ? after[i].cpuSeconds - before[i].cpuSeconds : 0),
    0,
  );
  const machineSeconds = machineAfter.totalSeconds - machineBefore.totalSeconds;
  return {
    streams: answers.flatMap((a) => a.streams),
    clientCpu: answers.map((a) => a.cpuPercent),
    /** Share of the machine's CPU that processes outside the bench used during the pass. */
    othersPercent:
      machineSeconds > 0
        ? (100 * (machineAfter.busySeconds - machineBefore.busySeconds - ours)) / machineSeconds
        : 0,
    serverCpuMsPerStream: (1000 * serverSeconds) / Math.max(1, count),
    /** Percent of one core: all instances together. */
    serverCpu: (100 * serverSeconds) / (wallMs / 1000),
    databaseCpu: (100 * databaseSeconds) / (wallMs / 1000),
    processCpu: Object.fromEntries(
      watched.map(({ name }, i) => [name, cpuPercent(before[i], after[i], wallMs)]),
    ),
    serverRssMb: Math.max(
      ...after.filter((_, i) => watched[i].name.startsWith(measured)).map((a) => a.rssMb),
    ),
  };
}

/** What one level measured in one run, per token and per stream. */
function summarise(count, direct, ssaem) {
  const directLatency = median(direct.streams.flatMap((s) => s.latencies));
  const directTtft = median(direct.streams.map((s) => s.ttft));
  const added = ssaem.streams.flatMap((s) => s.latencies.map((latency) => latency - directLatency));
  const ttftOverhead = ssaem.streams.map((s) => s.ttft - directTtft);
  const slowest = Math.max(...ssaem.streams.map((s) => s.duration));
  const behind = ssaem.streams.filter((s) => s.duration > IDEAL_MS * 1.1).length;
  // The same for the direct path: the clients and the model alone, with no server between them.
  const directSlowest = Math.max(...direct.streams.map((s) => s.duration));
  const directBehind = direct.streams.filter((s) => s.duration > IDEAL_MS * 1.1).length;
  const modelCpu = Math.max(
    ...Object.entries({ ...direct.processCpu, ...ssaem.processCpu })
      .filter(([name]) => name.startsWith('model'))
      .map(([, value]) => value),
  );
  const saturated = [
    ...[...direct.clientCpu, ...ssaem.clientCpu].map((cpu, i) => [
      `client ${(i % direct.clientCpu.length) + 1}`,
      cpu,
    ]),
    ...Object.entries(ssaem.processCpu).filter(([name]) => name.startsWith('model')),
  ].filter(([, cpu]) => cpu > SATURATED_PERCENT);
  const others = Math.max(direct.othersPercent, ssaem.othersPercent);
  if (others > BUSY_MACHINE_PERCENT) saturated.push(['other processes on the machine', others]);
  return {
    streams: count,
    tokens: added.length,
    expectedTokens: count * TOKENS,
    addedP50: percentile(added, 50),
    addedP99: percentile(added, 99),
    ttftP50: percentile(ttftOverhead, 50),
    ttftP95: percentile(ttftOverhead, 95),
    slowestBehindPercent: (slowest / IDEAL_MS - 1) * 100,
    behind,
    directSlowestBehindPercent: (directSlowest / IDEAL_MS - 1) * 100,
    directBehind,
    serverCpu: ssaem.serverCpu,
    databaseCpu: ssaem.databaseCpu,
    serverCpuMsPerStream: ssaem.serverCpuMsPerStream,
    othersPercent: others,
    serverRssMb: ssaem.serverRssMb,
    clientCpuMax: Math.max(...ssaem.clientCpu, ...direct.clientCpu),
    modelCpuMax: modelCpu,
    void:
      saturated.length > 0 ? saturated.map(([name, cpu]) => `${name} ${cpu.toFixed(0)} %`).join(', ') : '',
  };
}

const HEADER = [
  'streams',
  'added/token p50 ms',
  'added/token p99 ms',
  'TTFT overhead p50 ms',
  'TTFT overhead p95 ms',
  'slowest vs ideal',
  'streams >10 % behind',
  'direct path: slowest / >10 % behind',
  'tokens',
  'server CPU %',
  'database CPU %',
  'server CPU ms/stream',
  'server RSS MiB',
  'max client CPU %',
  'max model CPU %',
  'others % of machine',
  'void?',
];
const FLOOR_HEADER = HEADER.map((name) => name.replace('server', 'relay'));
const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const signedPercent = (value) => `${value >= 0 ? '+' : ''}${fixed(value, 1)} %`;
const row = (s) => [
  s.streams,
  fixed(s.addedP50, 2),
  fixed(s.addedP99, 2),
  fixed(s.ttftP50, 1),
  fixed(s.ttftP95, 1),
  signedPercent(s.slowestBehindPercent),
  s.behind,
  `${signedPercent(s.directSlowestBehindPercent)} / ${s.directBehind}`,
  `${s.tokens}/${s.expectedTokens}`,
  fixed(s.serverCpu, 0),
  INSTANCES > 1 ? fixed(s.databaseCpu, 0) : '(in server)',
  fixed(s.serverCpuMsPerStream, 1),
  fixed(s.serverRssMb, 0),
  fixed(s.clientCpuMax, 0),
  fixed(s.modelCpuMax, 0),
  fixed(s.othersPercent, 0),
  s.void ? `**VOID: ${s.void}**` : 'valid',
];

/** The median of each figure over the runs; a level is void when any of its runs was. */
function medianOf(runs) {
  const pick = (key) => median(runs.map((r) => r[key]));
  const voids = runs.filter((r) => r.void).map((r) => r.void);
  return {
    ...runs[0],
    ...Object.fromEntries(
      [
        'tokens',
        'addedP50',
        'addedP99',
        'ttftP50',
        'ttftP95',
        'slowestBehindPercent',
        'behind',
        'directSlowestBehindPercent',
        'directBehind',
        'serverCpu',
        'databaseCpu',
        'serverCpuMsPerStream',
        'othersPercent',
        'serverRssMb',
        'clientCpuMax',
        'modelCpuMax',
      ].map((key) => [key, pick(key)]),
    ),
    void: voids.length > 0 ? `${voids.length}/${runs.length} runs: ${voids[0]}` : '',
  };
}

function spawnFakeModel() {
  const child = spawn(process.execPath, [self, '--fake-model'], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveModel) => {
    child.stdout.once('data', (data) => resolveModel({ child, ...JSON.parse(String(data).trim()) }));
  });
}

async function waitReady(origin, child) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready');
}

/**
 * One server process on its own scratch folder: on SQLite there (the default), or on the shared
 * database and Redis when `shared` is given (the scale-out deployment).
 */
async function startServer(fakeUrl, port, shared) {
  const { dir: dataDir, remove: removeDataDir } = scratchDir('ssaem-bench-');
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Instances behind one address share it (the token issuer is derived from it).
    PUBLIC_URL: shared?.publicUrl ?? origin,
    DATA_DIR: dataDir,
    DATABASE_URL: shared?.databaseUrl ?? '',
    REDIS_URL: shared?.redisUrl ?? '',
    AI_BASE_URL: fakeUrl,
    AI_MODEL: 'fake',
    LOG_LEVEL: 'warn',
    REFERENCE_DATA_DIR: join(dataDir, 'none'),
    CHAT_MAX_CONCURRENT_STREAMS: '10000',
    CHAT_REQUESTS_PER_MINUTE: '100000',
    // Every client process connects from 127.0.0.1: lift the per-address cap above the streams.
    MAX_CONNECTIONS_PER_ADDRESS: '100000',
  };
  if (!shared) delete env.REDIS_URL;
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...profile, join(root, 'apps/server/src/main.ts')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitReady(origin, child).catch((error) => {
    // A server that never answered is not left running (holding the port) after the bench.
    child.kill('SIGTERM');
    removeDataDir();
    throw error;
  });
  return { child, origin, env, dataDir, removeDataDir };
}

/** A scratch PostgreSQL database for the instances, dropped after the bench. */
async function createScratchDatabase() {
  const { default: pg } = await import('pg');
  const name = `ssaem_bench_chat_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The servers the bench measures: one on SQLite, or BENCH_INSTANCES on a scratch PostgreSQL
 * database and Redis (started one after another, so the first runs the migrations alone), and an
 * access token for the demo teacher, whose licence is made unlimited so it is not what is measured.
 */
async function startServers(fakeUrl) {
  const firstPort = Number(process.env.BENCH_PORT ?? 3900 + Math.floor(Math.random() * 80));
  const scratchDatabase = INSTANCES > 1 ? await createScratchDatabase() : null;
  const shared = scratchDatabase
    ? { databaseUrl: scratchDatabase.url, redisUrl: REDIS_URL, publicUrl: `http://127.0.0.1:${firstPort}` }
    : undefined;
  const servers = [];
  const stopAll = async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolveExit) => {
            if (server.child.exitCode !== null) return resolveExit();
            server.child.once('exit', resolveExit);
            server.child.kill('SIGTERM');
          }),
      ),
    );
    for (const server of servers) setTimeout(() => server.removeDataDir(), 500);
    await scratchDatabase?.drop();
  };
  try {
    for (let i = 0; i < INSTANCES; i++) servers.push(await startServer(fakeUrl, firstPort + i, shared));
    const { createDatabase } = await import(join(root, 'apps/server/src/db/database.ts'));
    const { loadConfig } = await import(join(root, 'apps/server/src/config/config.ts'));
    const { unlimitedDemoTeacherToken } = await import(join(root, 'apps/server/test/auth-helpers.ts'));
    const database = createDatabase(
      shared ? { databaseUrl: shared.databaseUrl } : { sqliteFile: join(servers[0].dataDir, 'ssaem.sqlite') },
    );
    const token = await unlimitedDemoTeacherToken({ database, config: loadConfig(servers[0].env) }, 3600);
    await database.destroy();
    return { servers, token, stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

const machineLine = () =>
  `${availableParallelism()} cores, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`;

async function main() {
  console.log(`machine before the bench: ${machineLine()}`);
  const model = await spawnFakeModel();
  const fakeUrl = `http://127.0.0.1:${model.port}/v1`;
  const deployment = await startServers(fakeUrl).catch((error) => {
    model.child.kill('SIGTERM');
    throw error;
  });
  const relay = FLOOR ? await spawnRelay(fakeUrl) : null;
  const maxClients = Math.max(...LEVELS.map(clientCountFor));
  const clients = Array.from({ length: maxClients }, () => fork(self, ['--client'], { stdio: 'inherit' }));
  const watched = [
    ...deployment.servers.map(({ child }, i) => ({ name: `server ${i + 1}`, pid: child.pid })),
    ...model.pids.map((pid, i) => ({ name: `model ${i + 1}`, pid })),
    ...(relay ? [{ name: 'relay', pid: relay.child.pid }] : []),
  ];
  const direct = {
    urls: [`${fakeUrl}/chat/completions`],
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: 'bench' }] }),
    },
  };
  const viaRelay = relay && {
    urls: [`http://127.0.0.1:${relay.port}/v1/chat/completions`],
    init: direct.init,
  };
  const ssaem = {
    urls: deployment.servers.map(({ origin }) => `${origin}/api/agents/chat/openAI`),
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deployment.token}` },
      body: JSON.stringify({ text: '벤치마크 질문' }),
    },
  };
  const byLevel = new Map(LEVELS.map((level) => [level, []]));
  const floorByLevel = new Map(LEVELS.map((level) => [level, []]));
  try {
    // Warm-up, as a running server is: JIT-compiled start path, database pages, model connections.
    for (const count of WARM_UP) {
      const warmClients = clients.slice(0, clientCountFor(count));
      await pass(warmClients, count, ssaem, watched);
      if (viaRelay) await pass(warmClients, count, viaRelay, watched, 'relay');
    }
    for (let run = 1; run <= RUNS; run++) {
      console.log(`\nrun ${run} of ${RUNS} — ${machineLine()}`);
      const rows = [];
      const floorRows = [];
      for (const level of LEVELS) {
        const levelClients = clients.slice(0, clientCountFor(level));
        const baseline = await pass(levelClients, level, direct, watched);
        if (viaRelay) {
          const floor = summarise(
            level,
            baseline,
            await pass(levelClients, level, viaRelay, watched, 'relay'),
          );
          floorByLevel.get(level).push(floor);
          floorRows.push(row(floor));
        }
        const measured = await pass(levelClients, level, ssaem, watched);
        const summary = summarise(level, baseline, measured);
        byLevel.get(level).push(summary);
        rows.push(row(summary));
      }
      console.log(markdownTable(HEADER, rows));
      if (viaRelay) console.log(`\nthe floor, a bare relay:\n${markdownTable(FLOOR_HEADER, floorRows)}`);
    }
    console.log(
      `\nChat streaming through Ssaem (${INSTANCES > 1 ? `${INSTANCES} instances on PostgreSQL and Redis` : 'one process on SQLite'}), ${TOKENS} tokens per answer at ${TOKENS_PER_SECOND} tokens/s, ` +
        `ideal stream ${(IDEAL_MS / 1000).toFixed(2)} s; ${MODEL_WORKERS} model processes; ` +
        `client processes: ${LEVELS.map((l) => `${l} streams → ${clientCountFor(l)}`).join(', ')}.`,
    );
    console.log(
      'Added latency is per token (its latency through Ssaem minus the direct path’s median latency in the same run); ' +
        'TTFT overhead is per stream the same way.',
    );
    console.log(`\nMedian of ${RUNS} runs — ${machineLine()}\n`);
    console.log(
      markdownTable(
        HEADER,
        LEVELS.map((level) => row(medianOf(byLevel.get(level)))),
      ),
    );
    if (viaRelay) {
      console.log(
        '\nThe floor: a bare Node relay (node:http, keep-alive, each piece of the answer written on as it ' +
          'arrives; no authentication, database or parsing), measured the same way in the same runs. ' +
          'Its figures are what this machine leaves to any server; Ssaem’s own cost is the difference.\n',
      );
      console.log(
        markdownTable(
          FLOOR_HEADER,
          LEVELS.map((level) => row(medianOf(floorByLevel.get(level)))),
        ),
      );
    }
    const voided = LEVELS.filter((level) =>
      [...byLevel.get(level), ...floorByLevel.get(level)].some((r) => r.void),
    );
    if (voided.length > 0) {
      console.log(
        `\n!!! VOID: at ${voided.join(', ')} streams a client or the model used more than ${SATURATED_PERCENT} % of a core, ` +
          `or other processes used more than ${BUSY_MACHINE_PERCENT} % of the machine. Those figures measure the load ` +
          'generator or a busy machine, not the server. Raise BENCH_CLIENTS or BENCH_MODEL_WORKERS, or run on a quiet ' +
          'machine. !!!',
      );
    }
  } finally {
    for (const client of clients) client.kill('SIGTERM');
    model.child.kill('SIGTERM');
    relay?.child.kill('SIGTERM');
    await deployment.stopAll();
  }
}

if (process.argv.includes('--fake-model-worker')) {
  startFakeModel().listen(Number(process.env.BENCH_MODEL_PORT ?? 0), '127.0.0.1');
} else if (process.argv.includes('--fake-model')) {
  runFakeModelPrimary();
} else if (process.argv.includes('--relay')) {
  await runRelay();
} else if (process.argv.includes('--client')) {
  runClient();
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
