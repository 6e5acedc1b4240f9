import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers.ts';

/**
 * The free trial: one licence plan a super administrator marks as the trial, and a claim per
 * teacher. The claim's primary key is the user, so a teacher starts the trial once, even when two
 * tabs press the button together.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('license')
    .addColumn('trial_yn', 'text', (col) => col.notNull().defaultTo('N'))
    .execute();
  await db.schema
    .createTable('license_trial_claim')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('user_license_id', 'integer', (col) =>
      col.notNull().references('user_license.id').onDelete('cascade'),
    )
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .execute();
  // At most one plan is the trial: the service moves the mark, the index guarantees it.
  await sql`CREATE UNIQUE INDEX license_trial_uq ON license (trial_yn) WHERE trial_yn = 'Y'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`DROP INDEX IF EXISTS license_trial_uq`.execute(db);
  await db.schema.dropTable('license_trial_claim').execute();
  await db.schema.alterTable('license').dropColumn('trial_yn').execute();
}
