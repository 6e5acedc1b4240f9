import { sql } from 'kysely';
import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * Every playground run of a system prompt: the super administrator's tokens, kept apart from the
 * licence ledger (a playground run charges no licence) and folded into the daily usage rollup.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('playground_run'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('prompt_seq', 'integer', (col) =>
      col.notNull().references('ai_prompt.seq').onDelete('cascade'),
    )
    // 'draft' or 'live': which side of the comparison the call was.
    .addColumn('side', 'text', (col) => col.notNull())
    // The stored version run, or null for an unsaved draft.
    .addColumn('version', 'integer')
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('rolled_up', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`CREATE INDEX playground_run_rollup_idx ON playground_run (rolled_up)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('playground_run').execute();
}
