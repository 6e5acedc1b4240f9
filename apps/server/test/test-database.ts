import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default, or a private schema
 * on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set, as CI does.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { databaseUrl: string | undefined }> {
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
  if (!databaseUrl) {
    const handle = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(handle.db);
    return { ...handle, databaseUrl };
  }
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  // Test files run side by side: a small pool each keeps the server's connection limit out of reach.
  const handle = createDatabase({ databaseUrl, sqliteFile: ':memory:', pgSchema: schema, pgPoolMax: 4 });
  await migrateToLatest(handle.db, schema);
  return {
    ...handle,
    databaseUrl,
    destroy: async () => {
      await handle.destroy();
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA "${schema}" CASCADE`);
      await cleanup.end();
    },
  };
}
