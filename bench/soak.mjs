// npm run bench:soak — mixed load for SOAK_MINUTES (default 30) against a real server process
// (SQLite, what `npm start` runs): chat streams, chat uploads read by the document readers, library
// searches and document generation, sent by a load-generator process of its own; a fake model in a
// third process. Every SOAK_SAMPLE_SECONDS this process samples the server's resident memory, heap,
// open file descriptors (/proc/PID/fd), event-loop delay (measured inside the server by
// bench/soak-probe.mjs, loaded with --import: the server exposes no such metric) and the latency
// of /healthz, prints a row per sample, and at the end says for each whether it stayed flat
// (mean of the second half of the run against the first half, after a warm-up), with the load
// average and each process's CPU.
//
// Knobs: SOAK_MINUTES, SOAK_SAMPLE_SECONDS, SOAK_CHAT (concurrent chat streams, default 3),
// SOAK_UPLOADS (1), SOAK_SEARCH (2), SOAK_GENERATION (1), SOAK_THINK_MS (pause between a worker's
// requests, default 250).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTerminate, scratchDir } from '../scripts/scratch-dir.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const self = fileURLToPath(import.meta.url);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const mib = (bytes) => bytes / 1024 / 1024;
const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

// ----- the fake model (its own process) -----
async function fakeModel() {
  const { startFakeLlm } = await import(join(root, 'apps/server/test/fake-llm-server.ts'));
  const fake = await startFakeLlm();
  // A streamed answer of 60 pieces at ~30 per second; structured output (generation) as JSON.
  fake.fallback = {
    text: Array.from({ length: 60 }, (_, i) => `낱말${i} `),
    delayMs: 33,
    content: JSON.stringify({
      title: '요약',
      keywords: [{ keyword: '광합성', explanation: '빛으로 양분을 만드는 일' }],
      summary: ['식물은 빛으로 양분을 만든다.'],
    }),
  };
  // The fake keeps every request for tests; a soak would grow it without end.
  setInterval(() => {
    fake.requests.length = 0;
  }, 10_000);
  process.stdout.write(`${fake.url}\n`);
}

// ----- the load generator (its own process) -----
async function loadGenerator() {
  const origin = process.env.SOAK_ORIGIN;
  const headers = { authorization: `Bearer ${process.env.SOAK_TOKEN}`, 'accept-language': 'ko' };
  const userId = process.env.SOAK_USER_ID;
  const until = Number(process.env.SOAK_UNTIL);
  const think = Number(process.env.SOAK_THINK_MS ?? 250);
  const { doc, paragraph } = await import(join(root, 'packages/documents/src/document-model.ts'));
  const { writeDocx } = await import(join(root, 'packages/documents/src/docx-writer.ts'));
  const stats = {};
  const record = (kind, outcome, ms) => {
    stats[kind] ??= { ok: 0, failed: {}, ms: [] };
    const entry = stats[kind];
    if (outcome === 'ok') entry.ok += 1;
    else entry.failed[outcome] = (entry.failed[outcome] ?? 0) + 1;
    if (entry.ms.length < 100_000) entry.ms.push(ms);
  };
  const timed = async (kind, run) => {
    const started = performance.now();
    let outcome;
    try {
      outcome = await run();
    } catch (error) {
      outcome = `error ${error?.cause?.code ?? error?.name ?? 'unknown'}`;
    }
    record(kind, outcome, performance.now() - started);
  };
  const words = ['광합성', '분수', '운동회', '독서', '환경', '역사', '안전', '민주주의'];
  const pick = (list) => list[Math.floor(Math.random() * list.length)];

  async function chat() {
    const response = await fetch(`${origin}/api/agents/chat/openAI`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `${pick(words)}에 대해 설명해 주세요` }),
    });
    const body = await response.text();
    if (!response.ok) return `HTTP ${response.status}`;
    return body.includes('낱말59') ? 'ok' : 'incomplete answer';
  }

  let uploadNumber = 0;
  async function upload() {
    uploadNumber += 1;
    const bytes = await writeDocx(
      doc([paragraph(`${pick(words)} 학습지 ${uploadNumber}`), paragraph('다음 글을 읽고 물음에 답하세요.')]),
    );
    const form = new FormData();
    form.append('file', new Blob([bytes]), `학습지-${uploadNumber}.docx`);
    const response = await fetch(`${origin}/api/v1/files/upload`, { method: 'POST', headers, body: form });
    if (!response.ok) return `HTTP ${response.status}`;
    const { file_id: id } = await response.json();
    for (let i = 0; i < 300; i++) {
      const status = await fetch(`${origin}/api/v1/files/processing/status/${id}`, { headers });
      const { status: state } = await status.json();
      if (state === 'ready') return 'ok';
      if (state !== 'processing') return `file ${state}`;
      await sleep(100);
    }
    return 'still processing after 30 s';
  }

  async function search() {
    const query = new URLSearchParams({ keyword: pick(words), filter: pick(['ALL', 'NEW', 'POPULAR']) });
    const response = await fetch(`${origin}/api/v1/library/search?${query}`, { headers });
    await response.arrayBuffer();
    return response.ok ? 'ok' : `HTTP ${response.status}`;
  }

  async function generation() {
    const created = await fetch(`${origin}/api/v1/summary`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `${pick(words)} 요약`,
        summaryType: 'TEXT_SUMMARY',
        inputText: '광합성은 식물이 빛 에너지로 양분을 만드는 과정이다. 잎의 엽록체에서 일어난다.',
      }),
    });
    if (!created.ok) return `HTTP ${created.status}`;
    const { id } = await created.json();
    const signal = await fetch(`${origin}/api/subscribe/${userId}/${id}?timeout=60000`, { headers });
    const frames = await signal.text();
    return frames.includes('success') ? 'ok' : 'no success signal';
  }

  const workers = [];
  const start = (count, kind, run) => {
    for (let i = 0; i < count; i++) {
      workers.push(
        (async () => {
          await sleep(Math.random() * 1000);
          while (Date.now() < until) {
            await timed(kind, run);
            await sleep(think);
          }
        })(),
      );
    }
  };
  start(Number(process.env.SOAK_CHAT ?? 3), 'chat stream', chat);
  start(Number(process.env.SOAK_UPLOADS ?? 1), 'upload + reading', upload);
  start(Number(process.env.SOAK_SEARCH ?? 2), 'library search', search);
  start(Number(process.env.SOAK_GENERATION ?? 1), 'generation', generation);
  const began = performance.now();
  await Promise.all(workers);
  const usage = process.cpuUsage();
  const cpuPercent = ((usage.user + usage.system) / 1000 / (performance.now() - began)) * 100;
  const summary = Object.fromEntries(
    Object.entries(stats).map(([kind, entry]) => [
      kind,
      { ok: entry.ok, failed: entry.failed, p50ms: Math.round(median(entry.ms)) },
    ]),
  );
  process.stdout.write(`${JSON.stringify({ soakLoad: summary, cpuPercent })}\n`);
}

// ----- the controller: starts everything, samples, reports -----
function procStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

function childrenOf(pid) {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    if (procStat(Number(name))?.ppid === pid) found.push(Number(name));
  }
  return found;
}

function residentBytes(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const openFds = (pid) => readdirSync(`/proc/${pid}/fd`).length;
const TICKS_PER_SECOND = 100;

async function waitReady(origin, child) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(250);
  }
  throw new Error('the server did not start');
}

function firstLine(child) {
  return new Promise((resolveLine, reject) => {
    let buffer = '';
    child.stdout.on('data', (data) => {
      buffer += data;
      if (buffer.includes('\n')) resolveLine(buffer.split('\n')[0].trim());
    });
    child.once('exit', () => reject(new Error('exited before answering')));
  });
}

async function healthz(origin) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const ok = await fetch(`${origin}/healthz`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    times.push(ok ? performance.now() - started : Number.NaN);
    await sleep(100);
  }
  const answered = times.filter((time) => !Number.isNaN(time));
  return { p50: median(answered), max: Math.max(...answered), failed: times.length - answered.length };
}

/** Flat when the second half's mean is within tolerance of the first half's (after a warm-up). */
function verdict(samples, pickValue, relative, absolute) {
  const settled = samples.slice(Math.ceil(samples.length * 0.1));
  const half = Math.floor(settled.length / 2);
  const first = settled.slice(0, half).map(pickValue);
  const second = settled.slice(half).map(pickValue);
  const a = mean(first);
  const b = mean(second);
  // Least-squares slope over the settled samples, per 10 minutes.
  const xs = settled.map((sample) => sample.minute);
  const ys = settled.map(pickValue);
  const mx = mean(xs);
  const my = mean(ys);
  const slope =
    xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0) /
    (xs.reduce((sum, x) => sum + (x - mx) ** 2, 0) || 1);
  const flat = b - a <= Math.max(relative * a, absolute);
  return { first: a, second: b, slopePer10Min: slope * 10, flat };
}

async function controller() {
  const minutes = Number(process.env.SOAK_MINUTES ?? 30);
  const sampleSeconds = Number(
    process.env.SOAK_SAMPLE_SECONDS ?? Math.min(30, Math.max(10, Math.round((minutes * 60) / 40))),
  );
  const { dir: dataDir, remove: removeDataDir } = scratchDir('ssaem-soak-');
  const probeFile = join(dataDir, 'probe.jsonl');
  const processes = [];
  const stopAll = () => {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    removeDataDir();
  };
  // Stopped by a signal: the processes go before the folder does (scratch-dir removes it after).
  onTerminate(() => {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
  });
  try {
    const fake = spawn(process.execPath, [self, '--fake-model'], { stdio: ['ignore', 'pipe', 'inherit'] });
    processes.push(fake);
    const fakeUrl = await firstLine(fake);
    const port = 3900 + Math.floor(Math.random() * 90);
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AI_BASE_URL: fakeUrl,
      AI_MODEL: 'fake-model',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      CHAT_MAX_CONCURRENT_STREAMS: '1000',
      CHAT_REQUESTS_PER_MINUTE: '100000',
      UPLOADS_PER_MINUTE: '100000',
      SOAK_PROBE_FILE: probeFile,
    };
    const server = spawn(
      process.execPath,
      ['--import', join(root, 'bench/soak-probe.mjs'), join(root, 'apps/server/src/main.ts')],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    processes.push(server);
    await waitReady(origin, server);

    // The demo teacher, with an unlimited licence: the licence is not what is soaked.
    const { createDatabase } = await import(join(root, 'apps/server/src/db/database.ts'));
    const { loadConfig } = await import(join(root, 'apps/server/src/config/config.ts'));
    const { unlimitedDemoTeacherToken } = await import(join(root, 'apps/server/test/auth-helpers.ts'));
    const database = createDatabase({ sqliteFile: join(dataDir, 'ssaem.sqlite') });
    const token = await unlimitedDemoTeacherToken({ database, config: loadConfig(env) }, minutes * 60 + 1200);
    await database.destroy();

    const startedAt = Date.now();
    const until = startedAt + minutes * 60_000;
    const loadEnv = {
      ...process.env,
      SOAK_ORIGIN: origin,
      SOAK_TOKEN: token,
      SOAK_USER_ID: String(teacher.id),
      SOAK_UNTIL: String(until),
    };
    const generator = spawn(process.execPath, [self, '--load'], {
      env: loadEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    processes.push(generator);
    let loadReport = '';
    generator.stdout.on('data', (data) => {
      loadReport += data;
    });
    const generatorDone = new Promise((done) => generator.once('exit', done));

    console.log(
      `soak: ${minutes} min, a sample every ${sampleSeconds} s; ${cpus().length} cores; load average ${load()}`,
    );
    const header =
      'min   RSS MiB  heap MiB  fds  loop p99 ms  loop max ms  /healthz p50 ms  /healthz max ms  server CPU %  readers (CPU %)  load 1m';
    console.log(header);
    const samples = [];
    const cpuStart = new Map();
    const cpuOf = (pid) => procStat(pid)?.cpuTicks ?? 0;
    for (const child of [server, generator, fake]) cpuStart.set(child.pid, cpuOf(child.pid));
    const readerTicks = new Map();
    let lastServerTicks = cpuOf(server.pid);
    let lastReaderTotal = 0;
    let lastAt = Date.now();
    const controllerStart = process.cpuUsage();
    while (Date.now() < until) {
      await sleep(Math.min(sampleSeconds * 1000, Math.max(0, until - Date.now())));
      if (server.exitCode !== null) throw new Error('the server stopped during the soak');
      const now = Date.now();
      const readers = childrenOf(server.pid);
      for (const pid of readers) readerTicks.set(pid, cpuOf(pid));
      const readerTotal = [...readerTicks.values()].reduce((a, b) => a + b, 0);
      const serverTicks = cpuOf(server.pid);
      const seconds = (now - lastAt) / 1000;
      const probeLines = existsSync(probeFile) ? readFileSync(probeFile, 'utf8').trim().split('\n') : [];
      const recent = probeLines
        .slice(-Math.max(1, Math.round(sampleSeconds / 5)))
        .map((line) => JSON.parse(line));
      const health = await healthz(origin);
      const sample = {
        minute: (now - startedAt) / 60_000,
        rss: mib(residentBytes(server.pid)),
        heap: mib(recent.at(-1)?.heapUsed ?? 0),
        fds: openFds(server.pid),
        loopP99: Math.max(...recent.map((line) => line.loopP99)),
        loopMax: Math.max(...recent.map((line) => line.loopMax)),
        healthzP50: health.p50,
        healthzMax: health.max,
        healthzFailed: health.failed,
        serverCpu: (100 * (serverTicks - lastServerTicks)) / TICKS_PER_SECOND / seconds,
        readerCpu: (100 * (readerTotal - lastReaderTotal)) / TICKS_PER_SECOND / seconds,
        readers: readers.length,
        load1: loadavg()[0],
      };
      lastServerTicks = serverTicks;
      lastReaderTotal = readerTotal;
      lastAt = now;
      samples.push(sample);
      console.log(
        [
          sample.minute.toFixed(1).padStart(4),
          sample.rss.toFixed(1).padStart(8),
          sample.heap.toFixed(1).padStart(9),
          String(sample.fds).padStart(4),
          sample.loopP99.toFixed(1).padStart(12),
          sample.loopMax.toFixed(1).padStart(12),
          sample.healthzP50.toFixed(1).padStart(16),
          sample.healthzMax.toFixed(1).padStart(16),
          sample.serverCpu.toFixed(0).padStart(13),
          `${sample.readers} (${sample.readerCpu.toFixed(0)})`.padStart(16),
          sample.load1.toFixed(2).padStart(8),
        ].join(' '),
      );
    }
    await generatorDone;
    const elapsed = (Date.now() - startedAt) / 1000;
    const cpuPercent = (pid, ticks) =>
      ((100 * (ticks - (cpuStart.get(pid) ?? 0))) / TICKS_PER_SECOND / elapsed).toFixed(1);
    const serverCpu = cpuPercent(server.pid, cpuOf(server.pid));
    const fakeCpu = cpuPercent(fake.pid, cpuOf(fake.pid));
    const controllerUsage = process.cpuUsage(controllerStart);
    const controllerCpu = ((controllerUsage.user + controllerUsage.system) / 1e4 / elapsed).toFixed(1);
    const verdicts = {
      'server RSS (MiB)': verdict(samples, (s) => s.rss, 0.1, 15),
      'server heap used (MiB)': verdict(samples, (s) => s.heap, 0.1, 10),
      'open file descriptors': verdict(samples, (s) => s.fds, 0, 5),
      'event-loop delay p99 (ms)': verdict(samples, (s) => s.loopP99, 0.25, 5),
      '/healthz latency p50 (ms)': verdict(samples, (s) => s.healthzP50, 0.25, 5),
    };
    console.log('\nverdict (mean of the second half of the run against the first, after a 10% warm-up):');
    console.table(
      Object.fromEntries(
        Object.entries(verdicts).map(([name, v]) => [
          name,
          {
            'first half': v.first.toFixed(1),
            'second half': v.second.toFixed(1),
            'slope per 10 min': v.slopePer10Min.toFixed(2),
            verdict: v.flat ? 'flat' : 'GROWS',
          },
        ]),
      ),
    );
    const line = loadReport.split('\n').find((text) => text.startsWith('{"soakLoad"'));
    const report = line ? JSON.parse(line) : undefined;
    console.log('requests (load generator):');
    console.table(
      report
        ? Object.fromEntries(
            Object.entries(report.soakLoad).map(([kind, entry]) => [
              kind,
              { ok: entry.ok, failed: JSON.stringify(entry.failed), 'p50 ms': entry.p50ms },
            ]),
          )
        : { missing: 'the load generator printed no report' },
    );
    console.log(
      `CPU over the run (% of one core): server ${serverCpu}, document readers ${(
        (100 * [...readerTicks.values()].reduce((a, b) => a + b, 0)) / TICKS_PER_SECOND / elapsed
      ).toFixed(
        1,
      )} (${readerTicks.size} processes), load generator ${report ? report.cpuPercent.toFixed(1) : '?'}, ` +
        `fake model ${fakeCpu}, this sampler ${controllerCpu}`,
    );
    console.log(`load average at the end ${load()}`);
  } finally {
    stopAll();
  }
}

// Last: the helpers above are constants that must exist before any mode runs.
if (process.argv.includes('--fake-model')) await fakeModel();
else if (process.argv.includes('--load')) await loadGenerator();
else await controller();
