import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Keys handed out by e-mail remember the address and the time, so a group never mails one key to
 * two people; and key groups are listed by name, so the name is indexed.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('license_key').addColumn('sent_to', 'text').execute();
  await db.schema.alterTable('license_key').addColumn('sent_at', 'text').execute();
  await sql`CREATE INDEX license_key_group_idx ON license_key (group_name, status)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`DROP INDEX IF EXISTS license_key_group_idx`.execute(db);
  await db.schema.alterTable('license_key').dropColumn('sent_at').execute();
  await db.schema.alterTable('license_key').dropColumn('sent_to').execute();
}
