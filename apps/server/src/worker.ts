import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openDatabase } from './db/prepare.ts';

/**
 * `npm run worker`: a process that runs background jobs and serves no HTTP. Scaled-out
 * deployments run API instances with RUN_JOB_WORKER=false and as many workers as they need.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = { ...loadConfig(), RUN_JOB_WORKER: true };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  await app.ready();
  app.log.info('worker running');
  const stop = async () => {
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
