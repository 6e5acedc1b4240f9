import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Assistant suggestions count, among an item's likes and saves, those of teachers of the actor's
 * grade. Without an index on the grade that join read every user (10,000 in the library bench,
 * twice per suggestions page); with it, the grade's teachers come from the index.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('users_assigned_grade_idx')
    .ifNotExists()
    .on('users')
    .columns(['assigned_grade', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('users_assigned_grade_idx').ifExists().execute();
}
