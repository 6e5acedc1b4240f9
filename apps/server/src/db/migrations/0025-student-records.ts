import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * Student records (학교생활기록부 drafts): one text per student, author, area and subject. A record
 * is private to its author and the school's administrators; it is never a library item, so it is
 * in neither the library nor its search.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('student_record'))
    .addColumn('student_id', 'integer', (col) =>
      col.notNull().references('classroom_student.id').onDelete('cascade'),
    )
    .addColumn('classroom_id', 'integer', (col) =>
      col.notNull().references('classroom.id').onDelete('cascade'),
    )
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('school_year', 'integer', (col) => col.notNull())
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('student_record_unique', ['student_id', 'author_id', 'area', 'subject'])
    .execute();
  await db.schema
    .createIndex('student_record_classroom_idx')
    .on('student_record')
    .column('classroom_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('student_record').ifExists().execute();
}
