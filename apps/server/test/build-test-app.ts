import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config/config.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** A web build stand-in so the SPA fallback can be tested without building the web app. */
export function createFakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ssaem-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="ko"><body><div id="root"></div></body></html>',
  );
  return dir;
}

/**
 * `options.database`: another instance's database, to run two instances side by side; it stays
 * open when this one closes.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    database?: DatabaseHandle;
    onRoute?: AppDependencies['onRoute'];
    imageProxy?: AppDependencies['imageProxy'];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // Both folders are this app's own and go when it closes (unless a test named its own).
  const dataDir = mkdtempSync(join(tmpdir(), 'ssaem-data-'));
  const webDist = createFakeWebDist();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    // Tests send many messages quickly; the per-minute cap has its own test.
    CHAT_REQUESTS_PER_MINUTE: '10000',
    // Likewise uploads; the upload allowance has its own test.
    UPLOADS_PER_MINUTE: '10000',
    ...env,
  });
  const app = await buildApp({ config, database, onRoute: options.onRoute, imageProxy: options.imageProxy });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
