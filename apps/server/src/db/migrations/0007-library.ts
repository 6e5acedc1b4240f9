import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  // Every generated or shared material: a library item (core.md §3), status 1 waiting, 2 processing, 3 complete.
  await withIdColumn(db, db.schema.createTable('library_item'))
    .addColumn('creator_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'integer')
    .addColumn('library_type', 'text', (col) => col.notNull())
    .addColumn('material_type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('error', 'text')
    .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('PUBLIC'))
    .addColumn('editable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('grade_seq', 'integer')
    .addColumn('subject_seq', 'integer')
    .addColumn('prompt_seq', 'integer')
    .addColumn('input', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('content', 'text')
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('library_item_creator_idx')
    .on('library_item')
    .columns(['creator_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('library_item_school_idx')
    .on('library_item')
    .columns(['school_id', 'visibility', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('library_item').ifExists().execute();
}
