import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/** The notice board: service-wide and school notices, their attachments, and who read them when. */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('notice'))
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('school_id', 'integer', (col) => col.references('school.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body_html', 'text', (col) => col.notNull())
    // The body without markup, for search.
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('writer', 'text', (col) => col.notNull())
    .addColumn('pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pinned_at', 'text')
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notice_board_idx')
    .on('notice')
    .columns(['scope', 'school_id', 'pinned', 'created_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('notice_attachment'))
    .addColumn('notice_id', 'integer', (col) => col.notNull().references('notice.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notice_attachment_notice_idx')
    .on('notice_attachment')
    .column('notice_id')
    .execute();

  // A reader counts once a day: a user by id, a visitor by a hash of their address.
  await db.schema
    .createTable('notice_view')
    .addColumn('notice_id', 'integer', (col) => col.notNull().references('notice.id').onDelete('cascade'))
    .addColumn('viewer', 'text', (col) => col.notNull())
    .addColumn('viewed_on', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('notice_view_pk', ['notice_id', 'viewer', 'viewed_on'])
    .execute();
  await db.schema.createIndex('notice_view_day_idx').on('notice_view').column('viewed_on').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notice_view').execute();
  await db.schema.dropTable('notice_attachment').execute();
  await db.schema.dropTable('notice').execute();
}
