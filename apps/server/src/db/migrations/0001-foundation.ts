import { doubleType, type MigrationDb, withIdColumn } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('code')
    .addColumn('code_seq', 'integer', (col) => col.primaryKey())
    .addColumn('parent_seq', 'integer')
    .addColumn('group_code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('translation', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('code_parent_idx').on('code').columns(['parent_seq', 'sort_order']).execute();

  await withIdColumn(db, db.schema.createTable('school'))
    .addColumn('school_code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('eng_name', 'text')
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('level_code_seq', 'integer')
    .addColumn('office_name', 'text')
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('homepage', 'text')
    .addColumn('latitude', doubleType(db))
    .addColumn('longitude', doubleType(db))
    .execute();
  await db.schema.createIndex('school_name_idx').on('school').column('name').execute();

  await withIdColumn(db, db.schema.createTable('standard'))
    .addColumn('curriculum', 'integer', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('school_level', 'text', (col) => col.notNull())
    .addColumn('grade_band', 'text', (col) => col.notNull())
    .addColumn('subject_group', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('area', 'text')
    .addColumn('statement', 'text', (col) => col.notNull())
    .addColumn('levels', 'text')
    .addColumn('needs_review', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('standard_curriculum_code_uq', ['curriculum', 'code'])
    .execute();
  await db.schema
    .createIndex('standard_filter_idx')
    .on('standard')
    .columns(['curriculum', 'grade_band', 'subject_group'])
    .execute();

  await withIdColumn(db, db.schema.createTable('publisher'), 'seq')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('school_level', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('publisher_uq', ['school_level', 'subject', 'name', 'author'])
    .execute();

  await withIdColumn(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('nick_name', 'text')
    .addColumn('email', 'text')
    .addColumn('mobile', 'text')
    .addColumn('profile', 'text')
    .addColumn('code', 'text')
    .addColumn('school_id', 'integer', (col) => col.references('school.id').onDelete('set null'))
    .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('assigned_grade', 'integer')
    .addColumn('title', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_school_idx').on('users').column('school_id').execute();

  await withIdColumn(db, db.schema.createTable('error_report'))
    .addColumn('user_id', 'integer')
    .addColumn('error_message', 'text', (col) => col.notNull())
    .addColumn('error_type', 'text')
    .addColumn('error_stack', 'text')
    .addColumn('error_url', 'text')
    .addColumn('error_browser', 'text')
    .addColumn('error_os', 'text')
    .addColumn('error_device', 'text')
    .addColumn('error_user_agent', 'text')
    .addColumn('error_ip', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('reference_import')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('row_count', 'integer', (col) => col.notNull())
    .addColumn('imported_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'reference_import',
    'error_report',
    'users',
    'publisher',
    'standard',
    'school',
    'code',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
