import { loadConfig } from '../config/config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/prepare.ts';

const database = openDatabase(loadConfig());
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await database.destroy();
}
