// npm run test:e2e: builds the app, starts the real server on a scratch database and runs the
// Playwright journeys against it in Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDependencies, ensureWebBuild, root, run } from './lib.mjs';
import { onTerminate, scratchDir } from './scratch-dir.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3100);
const baseUrl = `http://127.0.0.1:${port}`;

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
ensureDependencies();
ensureWebBuild();

const { dir: dataDir, remove: removeDataDir } = scratchDir('ssaem-e2e-');
// E2E_MODEL_REPLY: the server talks to a fake OpenAI-compatible model (the tests' own, in its own
// process) that answers every request with this text, for journeys that need a connected model.
const fakeModel = process.env.E2E_MODEL_REPLY ? await startFakeModel(process.env.E2E_MODEL_REPLY) : null;

async function startFakeModel(reply) {
  const child = spawn('node', ['scripts/fake-model.mjs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FAKE_MODEL_REPLY: reply },
  });
  const url = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim().split('\n')[0]));
    child.once('exit', () => reject(new Error('the fake model exited before it was ready')));
  });
  onTerminate(() => child.kill('SIGTERM'));
  return { url, child };
}
const server = spawn('node', ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // Offline chat answers arrive a word at a time, so a journey can reload or stop mid-answer.
    AI_OFFLINE_WORD_DELAY_MS: '40',
    ...(fakeModel ? { AI_BASE_URL: fakeModel.url, AI_MODEL: 'fake-model' } : {}),
  },
});
// Killed (Ctrl-C, a CI timeout): the server stops before its data folder goes.
onTerminate(() => server.kill('SIGTERM'));

async function waitForReady(deadline) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('server exited before it was ready');
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready within 120 s');
}

let status = 1;
try {
  await waitForReady(Date.now() + 120_000);
  status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    // E2E_DATA_DIR: the sign-up journey reads its e-mail code from the server's outbox there.
    env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: CHROMIUM, E2E_DATA_DIR: dataDir },
  });
} catch (error) {
  console.error(error);
} finally {
  server.kill('SIGTERM');
  fakeModel?.child.kill('SIGTERM');
  removeDataDir();
}
process.exit(status);
