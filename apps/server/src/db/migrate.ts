import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/**
 * Runs every migration not yet applied. `schema` names the PostgreSQL schema that holds the
 * migration bookkeeping; without it Kysely looks for its tables across all schemas, which
 * confuses databases that hold several schemas (the tests give each file its own).
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features are built side by side, so a database may have run a later-numbered migration
    // before an earlier one arrives; each migration touches only its own tables, so order among
    // them does not matter.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
