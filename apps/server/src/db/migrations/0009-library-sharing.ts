import { sql } from 'kysely';
import { isPostgres, type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * Sharing the library (core.md §2, §6): likes, bookmarks, share links, the caller's folders, the
 * counters the library sorts by, and the Korean search index.
 *
 * Search indexes syllable bigrams (plus each word's last syllable), so one-, two- and longer
 * Korean keywords all match inside words: SQLite keeps them in a contentless FTS5 table (a
 * keyword is a phrase of consecutive bigrams), PostgreSQL in a GIN-indexed array checked with
 * LIKE. Only shared, complete items are indexed; the scope tokens (school, visibility, grade,
 * subject, material type) let the index answer the filters too.
 */
export async function up(db: MigrationDb): Promise<void> {
  for (const column of ['like_count', 'bookmark_count', 'view_count']) {
    await db.schema
      .alterTable('library_item')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('library_item')
    .addColumn('excerpt', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('library_item').addColumn('copied_from_id', 'integer').execute();

  // The library's tab pages without a keyword: newest first, or by a counter, among finished items.
  const finished = sql<boolean>`status = 3`;
  await db.schema
    .createIndex('library_item_school_new_idx')
    .on('library_item')
    .columns(['school_id', 'id'])
    .where(finished)
    .execute();
  for (const [name, column] of [
    ['new', 'id'],
    ['likes', 'like_count'],
    ['saves', 'bookmark_count'],
    ['views', 'view_count'],
  ] as const) {
    const columns = column === 'id' ? ['visibility', 'id'] : ['visibility', column, 'id'];
    await db.schema
      .createIndex(`library_item_visibility_${name}_idx`)
      .on('library_item')
      .columns(columns)
      .where(finished)
      .execute();
  }
  // Assistant suggestions: the most saved finished items of a grade.
  await db.schema
    .createIndex('library_item_grade_saves_idx')
    .on('library_item')
    .columns(['grade_seq', 'bookmark_count', 'id'])
    .where(finished)
    .execute();
  await db.schema.createIndex('library_item_created_idx').on('library_item').column('created_at').execute();

  for (const table of ['library_like', 'library_bookmark']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('library_id', 'integer', (col) =>
        col.notNull().references('library_item.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'library_id'])
      .execute();
    await db.schema.createIndex(`${table}_library_idx`).on(table).column('library_id').execute();
  }

  await db.schema
    .createTable('library_share_link')
    .addColumn('library_id', 'integer', (col) =>
      col.primaryKey().references('library_item.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('material_folder'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (col) => col.references('material_folder.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('material_folder_user_idx').on('material_folder').column('user_id').execute();

  // An item sits in at most one of a user's folders; the folder is the user's own arrangement.
  await db.schema
    .createTable('material_folder_item')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('library_id', 'integer', (col) =>
      col.notNull().references('library_item.id').onDelete('cascade'),
    )
    .addColumn('folder_id', 'integer', (col) =>
      col.notNull().references('material_folder.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('material_folder_item_pk', ['user_id', 'library_id'])
    .execute();
  await db.schema
    .createIndex('material_folder_item_folder_idx')
    .on('material_folder_item')
    .column('folder_id')
    .execute();

  if (isPostgres(db)) {
    await db.schema.alterTable('library_item').addColumn('search_grams', sql`text[]`).execute();
    await db.schema.alterTable('library_item').addColumn('search_title', 'text').execute();
    await db.schema.alterTable('library_item').addColumn('search_text', 'text').execute();
    await sql`CREATE INDEX library_item_search_idx ON library_item USING gin (search_grams)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE library_search USING fts5(
      title, body, scope,
      tokenize = 'unicode61 remove_diacritics 0',
      prefix = '1 3',
      content = '',
      contentless_delete = 1
    )`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS library_item_search_idx`.execute(db);
    for (const column of ['search_grams', 'search_title', 'search_text']) {
      await db.schema.alterTable('library_item').dropColumn(column).execute();
    }
  } else {
    await sql`DROP TABLE IF EXISTS library_search`.execute(db);
  }
  for (const table of [
    'material_folder_item',
    'material_folder',
    'library_share_link',
    'library_bookmark',
    'library_like',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const index of [
    'library_item_school_new_idx',
    'library_item_visibility_new_idx',
    'library_item_visibility_likes_idx',
    'library_item_visibility_saves_idx',
    'library_item_visibility_views_idx',
    'library_item_created_idx',
    'library_item_grade_saves_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ['like_count', 'bookmark_count', 'view_count', 'excerpt', 'copied_from_id']) {
    await db.schema.alterTable('library_item').dropColumn(column).execute();
  }
}
