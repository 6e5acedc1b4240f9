import { loadConfig } from '../config/config.ts';
import { openDatabase, prepareDatabase } from '../db/prepare.ts';

const config = loadConfig();
const database = openDatabase(config);
try {
  const prepared = await prepareDatabase(database, config);
  for (const report of prepared.reference)
    console.log(`${report.name}: ${report.skipped ?? `${report.rows} rows`}`);
  console.log(`demo accounts: ${prepared.demoAccounts.map((a) => a.username).join(', ') || 'off'}`);
} finally {
  await database.destroy();
}
