// npm run bench:auth — the sign-in round trip (authorize → login → code → token) on the embedded
// provider, and the cost of one argon2id password hash, on this machine.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scripts/scratch-dir.mjs';
import { percentile } from './lib/stats.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const { buildListeningApp } = await import(join(root, 'apps/server/test/listening-app.ts'));
const { discover, signIn } = await import(join(root, 'apps/server/test/oidc-browser.ts'));
const { seedDemoData } = await import(join(root, 'apps/server/src/db/seed/demo.seed.ts'));
const { hash, verify } = await import('@node-rs/argon2');

const { dir: dataDir, remove: removeDataDir } = scratchDir('ssaem-auth-bench-');
const t = await buildListeningApp({ DATA_DIR: dataDir });
try {
  await seedDemoData(t.database.db, 'demo1234!');
  const config = await discover(t.origin);
  await signIn(config, t.origin, 'teacher', 'demo1234!'); // warm-up
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await signIn(config, t.origin, 'teacher', 'demo1234!');
    rounds.push(performance.now() - started);
    // The throttle counts only failures, so repeated successful sign-ins are not limited.
  }
  const hashes = [];
  const verifies = [];
  let stored = '';
  for (let i = 0; i < 10; i++) {
    let started = performance.now();
    stored = await hash('demo1234!');
    hashes.push(performance.now() - started);
    started = performance.now();
    await verify(stored, 'demo1234!');
    verifies.push(performance.now() - started);
  }
  console.log(`\nSign-in round trip on the embedded provider (${ROUNDS} rounds, SQLite in memory):`);
  console.table({
    'authorize → login → code → token (ms)': {
      p50: percentile(rounds, 50).toFixed(1),
      p95: percentile(rounds, 95).toFixed(1),
      max: Math.max(...rounds).toFixed(1),
    },
    'argon2id hash (ms)': {
      p50: percentile(hashes, 50).toFixed(1),
      p95: percentile(hashes, 95).toFixed(1),
      max: Math.max(...hashes).toFixed(1),
    },
    'argon2id verify (ms)': {
      p50: percentile(verifies, 50).toFixed(1),
      p95: percentile(verifies, 95).toFixed(1),
      max: Math.max(...verifies).toFixed(1),
    },
  });
  console.log(`argon2id parameters: ${stored.split('$')[3]}`);
} finally {
  await t.close();
  removeDataDir();
}
