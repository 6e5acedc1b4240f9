import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers.ts';

/**
 * The per-tool assistant's threads: a teacher's conversation about one library item (a webtoon, a
 * lesson plan), kept so the result page reopens it where it was left. Kept apart from chat's
 * conversations, which the chat sidebar lists, searches, pins and shares: a tool thread belongs
 * to its item and appears only beside it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('tool_thread')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('library_item_id', 'integer', (col) =>
      col.notNull().references('library_item.id').onDelete('cascade'),
    )
    .addColumn('tool_type', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await sql`CREATE INDEX tool_thread_owner_idx ON tool_thread (user_id, library_item_id)`.execute(db);
  await db.schema
    .createTable('tool_thread_message')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('thread_id', 'text', (col) => col.notNull().references('tool_thread.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    // 'user' or 'assistant'.
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text')
    // The result's version the teacher was looking at when asking (the client's `version`).
    .addColumn('version', 'text')
    // 'streaming', 'complete', 'error' or 'offline' (answered without a model).
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX tool_thread_message_seq_idx ON tool_thread_message (thread_id, seq)`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('tool_thread_message').execute();
  await db.schema.dropTable('tool_thread').execute();
}
