// npm run bench:chat — the chat streaming path under load, measured against the fake model itself.
//
// A fake OpenAI-compatible model emits tokens at a fixed rate, each stamped with its send time. In
// one run we receive the same load directly from the fake model and through Ssaem (a real server
// process on SQLite), at 1, 100 and 500 concurrent streams, and report the latency Ssaem adds per
// token (p50, p99), the time-to-first-token overhead, and the server's RSS and CPU.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const LEVELS = (process.env.BENCH_LEVELS ?? '1,100,500').split(',').map(Number);
const TOKENS_PER_SECOND = Number(process.env.BENCH_RATE ?? 30);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 60);
const now = () => performance.timeOrigin + performance.now();

// ----- the fake model: tokens carry their send time -----
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
  return new Promise((resolveServer) => server.listen(0, '127.0.0.1', () => resolveServer(server)));
}

// ----- one stream: time to first token and per-token latency -----
const STAMP = /⟨(\d+\.\d+)⟩/g;
async function measureStream(url, init) {
  const started = now();
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const latencies = [];
  let firstToken = null;
  let firstFrame = null;
  let lastToken = 0;
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const arrived = now();
    firstFrame ??= arrived - started;
    buffer += decoder.decode(value, { stream: true });
    const frames = buffer.split('\n\n');
    buffer = frames.pop() ?? '';
    for (const frame of frames) {
      // Token frames only: the final frame repeats the whole text.
      if (!frame.includes('on_message_delta') && !frame.includes('chat.completion.chunk')) continue;
      for (const match of frame.matchAll(STAMP)) {
        latencies.push(arrived - Number(match[1]));
        firstToken ??= arrived - started;
        lastToken = arrived;
      }
    }
  }
  return {
    latencies,
    ttft: firstToken ?? Number.NaN,
    firstFrame: firstFrame ?? Number.NaN,
    duration: lastToken - started,
    tokens: latencies.length,
  };
}

function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Streams arrive spread over a ramp (about 5 new streams per 10 ms), as users' requests do, rather
 * than all in the same millisecond; the direct run uses the same arrival pattern.
 */
async function runLevel(count, makeRequest) {
  const rampMs = Math.min(3000, count * 2);
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      new Promise((r) => setTimeout(r, count > 1 ? (i * rampMs) / count : 0)).then(() => makeRequest()),
    ),
  );
  return {
    latencies: results.flatMap((r) => r.latencies),
    ttft: results.map((r) => r.ttft),
    firstFrame: results.map((r) => r.firstFrame),
    tokens: results.reduce((sum, r) => sum + r.tokens, 0),
    slowest: Math.max(...results.map((r) => r.duration)),
  };
}

// ----- the server process -----
function processStats(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { rssMb: rssKb / 1024, cpuSeconds: ticks / 100 };
}

async function waitReady(origin, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready');
}

/** The fake model runs in its own process, so neither it nor the client skews the other's timing. */
function spawnFakeModel() {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--fake-model'], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePort) => {
    child.stdout.once('data', (data) => resolvePort({ child, port: Number(String(data).trim()) }));
  });
}

async function main() {
  const fake = await spawnFakeModel();
  const fakeUrl = `http://127.0.0.1:${fake.port}/v1`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ssaem-bench-'));
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
    AI_MODEL: 'fake',
    LOG_LEVEL: 'warn',
    REFERENCE_DATA_DIR: join(dataDir, 'none'),
    CHAT_MAX_CONCURRENT_STREAMS: '10000',
    CHAT_REQUESTS_PER_MINUTE: '100000',
  };
  // BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, join(root, 'apps/server/src/main.ts')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(origin, child);
    // The demo teacher gets an unlimited licence so the licence is not what is measured.
    const { createDatabase } = await import(join(root, 'apps/server/src/db/database.ts'));
    const { loadConfig } = await import(join(root, 'apps/server/src/config/config.ts'));
    const { accessTokenFor } = await import(join(root, 'apps/server/test/auth-helpers.ts'));
    const database = createDatabase({ sqliteFile: join(dataDir, 'ssaem.sqlite') });
    const teacher = await database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('userLicense')
      .set({ tokenLimit: 0 })
      .where('userId', '=', teacher.id)
      .execute();
    const token = await accessTokenFor({ database, config: loadConfig(env) }, teacher, { expiresIn: 3600 });
    await database.destroy();

    const direct = () =>
      measureStream(`${fakeUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: 'bench' }] }),
      });
    const throughSsaem = () =>
      measureStream(`${origin}/api/agents/chat/openAI`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: '벤치마크 질문' }),
      });

    // Warm-up, as a running server is: JIT-compiled start path, database pages, model connections.
    await runLevel(50, throughSsaem);
    const rows = [];
    for (const count of LEVELS) {
      const baseline = await runLevel(count, direct);
      const before = processStats(child.pid);
      const started = now();
      const measured = await runLevel(count, throughSsaem);
      const wall = (now() - started) / 1000;
      const after = processStats(child.pid);
      const expectedSeconds = TOKENS / TOKENS_PER_SECOND;
      rows.push({
        streams: count,
        'direct p50 ms': percentile(baseline.latencies, 50).toFixed(2),
        'ssaem p50 ms': percentile(measured.latencies, 50).toFixed(2),
        'added p50 ms': (percentile(measured.latencies, 50) - percentile(baseline.latencies, 50)).toFixed(2),
        'added p99 ms': (percentile(measured.latencies, 99) - percentile(baseline.latencies, 99)).toFixed(2),
        'TTFT overhead p50 ms': (percentile(measured.ttft, 50) - percentile(baseline.ttft, 50)).toFixed(1),
        'ssaem first frame p50 ms': percentile(measured.firstFrame, 50).toFixed(1),
        'tokens recv': `${measured.tokens}/${count * TOKENS}`,
        'slowest stream s': `${(measured.slowest / 1000).toFixed(2)} (ideal ${expectedSeconds.toFixed(2)})`,
        'server RSS MB': after.rssMb.toFixed(0),
        'server CPU %': ((100 * (after.cpuSeconds - before.cpuSeconds)) / wall).toFixed(0),
      });
    }
    console.log(
      `\nChat streaming: ${TOKENS} tokens per answer at ${TOKENS_PER_SECOND} tokens/s (fake model), SQLite; streams arrive over a ramp of up to 3 s\n`,
    );
    console.table(rows);
  } finally {
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.kill('SIGTERM');
    fake.child.kill('SIGTERM');
    await exited;
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  }
}

if (process.argv.includes('--fake-model')) {
  const server = await startFakeModel();
  process.stdout.write(`${server.address().port}\n`);
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
