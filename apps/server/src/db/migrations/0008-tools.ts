import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  // Each tool's system prompt, edited by administrators and addressed by promptSeq.
  await withIdColumn(db, db.schema.createTable('ai_prompt'), 'seq')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('tool_code', 'text')
    .addColumn('system_prompt', 'text', (col) => col.notNull())
    .addColumn('use_yn', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // The tool catalogue (document-tools.md §1), ordered per parent by `sort`.
  await withIdColumn(db, db.schema.createTable('tool'))
    .addColumn('parent_id', 'integer', (col) => col.references('tool.id').onDelete('set null'))
    .addColumn('code_name', 'text', (col) => col.notNull().unique())
    .addColumn('library_type', 'text')
    .addColumn('sort', 'integer', (col) => col.notNull())
    .addColumn('colour', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('label_ko', 'text', (col) => col.notNull())
    .addColumn('label_en', 'text', (col) => col.notNull())
    .addColumn('description_ko', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('route', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('button'))
    .addColumn('prompt_seq', 'integer', (col) => col.references('ai_prompt.seq').onDelete('set null'))
    .addColumn('use_yn', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tool_parent_sort_idx').on('tool').columns(['parent_id', 'sort']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('tool').ifExists().execute();
  await db.schema.dropTable('ai_prompt').ifExists().execute();
}
