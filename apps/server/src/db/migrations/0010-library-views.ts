import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Who opened which material on which day, so a teacher reopening a material does not push it up
 * "most popular": a view counts once per viewer and day. Only the last two days are kept.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('library_view')
    .addColumn('library_id', 'integer', (col) =>
      col.notNull().references('library_item.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_on', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('library_view_pk', ['library_id', 'user_id', 'viewed_on'])
    .execute();
  await db.schema.createIndex('library_view_day_idx').on('library_view').column('viewed_on').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('library_view').execute();
}
