import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * Classes and their rosters (core.md §1, §7 classroom): one school's class of one school year with
 * a homeroom teacher, and its students. A class number is unique within a school year and grade;
 * a student's number is unique within the class.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('classroom'))
    .addColumn('school_id', 'integer', (col) => col.notNull().references('school.id').onDelete('cascade'))
    .addColumn('school_year', 'integer', (col) => col.notNull())
    .addColumn('grade', 'integer', (col) => col.notNull())
    .addColumn('class_number', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('homeroom_teacher_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('classroom_number_unique', ['school_id', 'school_year', 'grade', 'class_number'])
    .execute();
  await db.schema
    .createIndex('classroom_homeroom_idx')
    .on('classroom')
    .columns(['homeroom_teacher_id', 'school_year'])
    .execute();

  await withIdColumn(db, db.schema.createTable('classroom_student'))
    .addColumn('classroom_id', 'integer', (col) =>
      col.notNull().references('classroom.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('gender', 'text', (col) => col.notNull())
    .addColumn('birth_date', 'text')
    .addColumn('student_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('classroom_student_number_unique', ['classroom_id', 'number'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('classroom_student').ifExists().execute();
  await db.schema.dropTable('classroom').ifExists().execute();
}
