import type { MigrationDb } from '../migration-helpers.ts';

/**
 * The stream that is writing an answer, on the answer's row: any instance can then tell whose
 * stream an id is and where its answer stands, and re-attach a client to the instance running it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('message').addColumn('stream_id', 'text').execute();
  await db.schema.createIndex('message_stream_idx').on('message').column('stream_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('message_stream_idx').execute();
  await db.schema.alterTable('message').dropColumn('stream_id').execute();
}
