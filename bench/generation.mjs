// npm run bench:generation — what the document pipeline itself costs: submit (HTTP) → job →
// generator → stored → completion signal on the subscription, with the model's own time taken
// out; and the memory of 1,000 idle completion subscriptions held at once.

import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scripts/scratch-dir.mjs';
import { percentile } from './lib/stats.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1000);
const { buildListeningApp } = await import(join(root, 'apps/server/test/listening-app.ts'));
const { buildDemoWorld } = await import(join(root, 'apps/server/test/demo-world.ts'));
const { startFakeLlm } = await import(join(root, 'apps/server/test/fake-llm-server.ts'));

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** Resolves when the subscription delivers its first `data:` frame. */
function subscribe(origin, path, headers) {
  return new Promise((resolveFrame, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        if (buffer.includes('data:')) {
          resolveFrame({ frame: buffer, close: () => req.destroy() });
          res.destroy();
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function pipeline(label, env, fake) {
  const { dir: dataDir, remove: removeDataDir } = scratchDir('ssaem-generation-bench-');
  const t = await buildListeningApp({ DATA_DIR: dataDir, ...env });
  try {
    const world = await buildDemoWorld(t);
    const headers = { ...(await world.headersFor('teacher')), 'content-type': 'application/json' };
    const teacherId = world.users.teacher.id;
    const totals = [];
    const modelTimes = [];
    for (let i = 0; i <= DOCUMENTS; i++) {
      if (fake)
        fake.enqueue({
          content: JSON.stringify({
            title: '요약',
            keywords: [{ keyword: '광합성', explanation: '빛으로 양분을 만드는 일' }],
            summary: ['식물은 빛으로 양분을 만든다.'],
          }),
        });
      const before = fake ? fake.requests.length : 0;
      const started = performance.now();
      const created = await fetch(`${t.origin}/api/v1/summary`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `광합성 ${i}`,
          summaryType: 'TEXT_SUMMARY',
          inputText:
            '광합성은 식물이 빛 에너지로 양분을 만드는 과정이다. 잎의 엽록체에서 일어난다. 물과 이산화 탄소가 필요하다.',
        }),
      });
      const { id } = await created.json();
      const { frame } = await subscribe(t.origin, `/api/subscribe/${teacherId}/${id}`, headers);
      const total = performance.now() - started;
      if (!frame.includes('success')) throw new Error(`generation failed: ${frame}`);
      if (i === 0) continue; // warm-up
      totals.push(total);
      if (fake) {
        const call = fake.requests[before];
        modelTimes.push(call ? (call.durationMs ?? 0) : 0);
      }
    }
    const overhead = fake ? totals.map((total, i) => total - (modelTimes[i] ?? 0)) : totals;
    return {
      label,
      p50: percentile(overhead, 50),
      p95: percentile(overhead, 95),
      model: fake ? percentile(modelTimes, 50) : null,
    };
  } finally {
    await t.close();
    removeDataDir();
  }
}

async function idleSubscriptions() {
  const { dir: dataDir, remove: removeDataDir } = scratchDir('ssaem-generation-bench-');
  const t = await buildListeningApp({ DATA_DIR: dataDir });
  try {
    const world = await buildDemoWorld(t);
    const headers = await world.headersFor('teacher');
    const teacher = world.users.teacher;
    const now = new Date().toISOString();
    // Items that stay waiting: no job is queued, so every subscription stays open and idle.
    const rows = Array.from({ length: SUBSCRIPTIONS }, (_, i) => ({
      creatorId: teacher.id,
      schoolId: teacher.schoolId,
      libraryType: 'SUMMARY',
      materialType: 'summary',
      title: `대기 ${i}`,
      status: 1,
      visibility: 'PRIVATE',
      editable: 1,
      input: '{}',
      createdAt: now,
      updatedAt: now,
    }));
    const ids = [];
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await t.database.db
        .insertInto('libraryItem')
        .values(rows.slice(i, i + 200))
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => row.id));
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    const requests = [];
    let opened = 0;
    await new Promise((resolveAll, reject) => {
      for (const id of ids) {
        const req = httpRequest(
          `${t.origin}/api/subscribe/${teacher.id}/${id}?timeout=600000`,
          { headers },
          (res) => {
            res.on('data', () => undefined);
            if (++opened === ids.length) resolveAll();
          },
        );
        req.on('error', reject);
        req.end();
        requests.push(req);
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    global.gc?.();
    const after = process.memoryUsage().rss;
    for (const req of requests) req.destroy();
    return { count: ids.length, before, after };
  } finally {
    await t.close();
    removeDataDir();
  }
}

const offline = await pipeline('offline draft (summary of a text), model time = 0', {});
const fake = await startFakeLlm();
let model;
try {
  model = await pipeline(
    'model (fake OpenAI-compatible server), model time subtracted',
    { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' },
    fake,
  );
} finally {
  await fake.close();
}
const idle = await idleSubscriptions();

console.log(`\nDocument pipeline · ${DOCUMENTS} documents one after another · SQLite, in-process queue\n`);
console.log('| path | overhead p50 ms | overhead p95 ms | model p50 ms |');
console.log('|---|---|---|---|');
for (const r of [offline, model]) {
  console.log(
    `| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.model === null ? '—' : r.model.toFixed(1)} |`,
  );
}
console.log(
  `\n${idle.count.toLocaleString()} idle subscriptions: RSS ${mb(idle.before)} MB → ${mb(idle.after)} MB ` +
    `(+${mb(idle.after - idle.before)} MB, ${((idle.after - idle.before) / idle.count / 1024).toFixed(1)} KB each, server and client in one process)`,
);
