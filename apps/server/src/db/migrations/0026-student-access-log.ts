import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * Who touched which pupil's data (DOMAIN.md "Privacy"): every read, change, export and deletion of
 * a class roster, a student or a student record. Rows carry no foreign keys to the pupil or the
 * class, so an entry outlives the data it describes; the pupil's label is kept as it was then.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('student_access_log'))
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('classroom_id', 'integer')
    .addColumn('classroom_label', 'text')
    .addColumn('student_id', 'integer')
    .addColumn('student_label', 'text')
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('student_access_log_school_idx')
    .on('student_access_log')
    .columns(['school_id', 'id'])
    .execute();
  await db.schema
    .createIndex('student_access_log_student_idx')
    .on('student_access_log')
    .columns(['student_id', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('student_access_log').ifExists().execute();
}
