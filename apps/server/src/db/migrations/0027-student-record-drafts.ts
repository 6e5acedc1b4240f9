import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * AI drafts of a student-record area, made by a background job from the teacher's observations.
 * A draft waits here until the teacher accepts or rejects it; it never overwrites a record.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('student_record_draft'))
    .addColumn('student_id', 'integer', (col) =>
      col.notNull().references('classroom_student.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('observations', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('text', 'text')
    .addColumn('engine', 'text')
    .addColumn('notice', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('student_record_draft_created_idx')
    .on('student_record_draft')
    .column('created_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('student_record_draft').ifExists().execute();
}
