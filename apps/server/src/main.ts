import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config/config.ts';
import { openDatabase, prepareDatabase } from './db/prepare.ts';
import { createChatRepository } from './modules/chat/chat.repository.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { createLicencesRepository } from './modules/licences/licences.repository.ts';
import { createTokenTracker } from './modules/licences/licences.service.ts';
import { listenWithAcceptingSockets } from './platform/http/accepting-sockets.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function printBanner(config: Config, demoUsernames: string[]): void {
  const lines = [
    '',
    `  Ssaem is running at ${config.PUBLIC_URL}`,
    `  API documentation: ${config.PUBLIC_URL}/api/docs`,
  ];
  if (demoUsernames.length) {
    lines.push(`  Demo accounts (password ${config.DEMO_PASSWORD}): ${demoUsernames.join(', ')}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config);
  const prepared = await prepareDatabase(database, config);
  const app = await buildApp({ config, database });
  // Answers that were streaming when the last process stopped are marked unfinished. Scaled out
  // (Redis), other instances may be streaming right now: a periodic sweep marks only answers no
  // instance has kept alive for a minute (see the chat service).
  if (!config.REDIS_URL) {
    const interrupted = await createChatRepository(database.db).markInterrupted();
    if (interrupted)
      app.log.warn({ interrupted }, 'marked answers interrupted by the previous shutdown as unfinished');
    // Likewise uploads that were being read: alone, no other process can still be reading them.
    const abandoned = await createFilesRepository(database.db).failAbandoned(new Date().toISOString());
    if (abandoned)
      app.log.warn({ abandoned }, 'failed uploads whose reading the previous run left unfinished');
  }
  // Reservations a crashed process left open would hold tokens forever; give them back.
  const released = await createTokenTracker(createLicencesRepository(database.db)).releaseStale(
    15 * 60 * 1000,
  );
  if (released) app.log.warn({ released }, 'released token reservations left open by a previous run');
  for (const report of prepared.reference) {
    app.log.info({ dataset: report.name, rows: report.rows, skipped: report.skipped }, 'reference data');
  }

  let closing = false;
  let closeAcceptingSockets = async () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await closeAcceptingSockets();
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  closeAcceptingSockets = await listenWithAcceptingSockets(app, { port: config.PORT, host: config.HOST });
  printBanner(
    config,
    prepared.demoAccounts.map((account) => account.username),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
