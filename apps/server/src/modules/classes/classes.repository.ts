import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ClassroomStudentTable, ClassroomTable, Database } from '../../db/schema.ts';
import type { Actor } from '../../policies/actor.ts';
import { classroomScope } from '../../policies/classroom.policy.ts';

export type ClassroomRow = Selectable<ClassroomTable> & {
  schoolName: string | null;
  homeroomTeacherName: string | null;
  studentCount: number;
};
export type StudentRow = Selectable<ClassroomStudentTable>;
export type NewStudent = Omit<Insertable<ClassroomStudentTable>, 'classroomId' | 'createdAt' | 'updatedAt'>;

/** Classes and rosters (Kysely only; rules live in the service and the policy). */
/**
 * `rosterChanged` runs after every change to a class or its roster (the chat keeps teachers' roster
 * names cached, and drops them on it).
 */
export function createClassesRepository(
  db: Kysely<Database>,
  hooks: { rosterChanged?: () => Promise<void> } = {},
) {
  const changed = async () => {
    await hooks.rosterChanged?.();
  };
  function classroomQuery() {
    return db
      .selectFrom('classroom')
      .leftJoin('school', 'school.id', 'classroom.schoolId')
      .leftJoin('users as homeroom', 'homeroom.id', 'classroom.homeroomTeacherId')
      .selectAll('classroom')
      .select((eb) => [
        'school.name as schoolName',
        'homeroom.name as homeroomTeacherName',
        eb
          .selectFrom('classroomStudent')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('classroomStudent.classroomId', '=', 'classroom.id')
          .as('studentCount'),
      ]);
  }

  function withCount(
    row: Omit<ClassroomRow, 'studentCount'> & { studentCount: number | string | null },
  ): ClassroomRow {
    return { ...row, studentCount: Number(row.studentCount ?? 0) };
  }

  return {
    async findClassroom(id: number): Promise<ClassroomRow | undefined> {
      const row = await classroomQuery().where('classroom.id', '=', id).executeTakeFirst();
      return row ? withCount(row) : undefined;
    },

    async listClassrooms(
      actor: Actor,
      filter: { schoolYear?: number | undefined; schoolId?: number | undefined },
    ): Promise<ClassroomRow[]> {
      let query = classroomQuery().where(classroomScope(actor));
      if (filter.schoolYear) query = query.where('classroom.schoolYear', '=', filter.schoolYear);
      if (filter.schoolId) query = query.where('classroom.schoolId', '=', filter.schoolId);
      const rows = await query
        .orderBy('classroom.schoolYear', 'desc')
        .orderBy('classroom.grade')
        .orderBy('classroom.classNumber')
        .execute();
      return rows.map(withCount);
    },

    async findByNumber(key: {
      schoolId: number;
      schoolYear: number;
      grade: number;
      classNumber: number;
    }): Promise<{ id: number } | undefined> {
      return db
        .selectFrom('classroom')
        .select('id')
        .where('schoolId', '=', key.schoolId)
        .where('schoolYear', '=', key.schoolYear)
        .where('grade', '=', key.grade)
        .where('classNumber', '=', key.classNumber)
        .executeTakeFirst();
    },

    async insertClassroom(values: Insertable<ClassroomTable>): Promise<number> {
      const row = await db.insertInto('classroom').values(values).returning('id').executeTakeFirstOrThrow();
      await changed();
      return row.id;
    },

    async updateClassroom(id: number, values: Updateable<ClassroomTable>): Promise<void> {
      await db.updateTable('classroom').set(values).where('id', '=', id).execute();
      await changed();
    },

    async deleteClassroom(id: number): Promise<void> {
      await db.deleteFrom('classroom').where('id', '=', id).execute();
      await changed();
    },

    async listStudents(classroomId: number): Promise<StudentRow[]> {
      return db
        .selectFrom('classroomStudent')
        .selectAll()
        .where('classroomId', '=', classroomId)
        .orderBy('number')
        .execute();
    },

    async findStudent(id: number): Promise<StudentRow | undefined> {
      return db.selectFrom('classroomStudent').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findStudents(classroomId: number, ids: number[]): Promise<StudentRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('classroomStudent')
        .selectAll()
        .where('classroomId', '=', classroomId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Adds students all or nothing. */
    async insertStudents(classroomId: number, students: NewStudent[]): Promise<StudentRow[]> {
      if (students.length === 0) return [];
      const now = new Date().toISOString();
      const inserted = await db.transaction().execute(async (trx) => {
        const rows: StudentRow[] = [];
        // One statement per row keeps RETURNING portable; 60 rows at most.
        for (const student of students) {
          rows.push(
            await trx
              .insertInto('classroomStudent')
              .values({ ...student, classroomId, createdAt: now, updatedAt: now })
              .returningAll()
              .executeTakeFirstOrThrow(),
          );
        }
        await trx.updateTable('classroom').set({ updatedAt: now }).where('id', '=', classroomId).execute();
        return rows;
      });
      await changed();
      return inserted;
    },

    async updateStudent(id: number, values: Updateable<ClassroomStudentTable>): Promise<void> {
      await db
        .updateTable('classroomStudent')
        .set({ ...values, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      await changed();
    },

    async deleteStudents(classroomId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .deleteFrom('classroomStudent')
        .where('classroomId', '=', classroomId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      await changed();
      return Number(result.numDeletedRows);
    },

    /** Teachers of a school, for choosing a homeroom teacher. */
    async teachersOf(schoolId: number): Promise<{ id: number; name: string; roles: string }[]> {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'roles'])
        .where('schoolId', '=', schoolId)
        .where('enabled', '=', 1)
        .orderBy('name')
        .execute();
    },

    async findUser(id: number): Promise<{ id: number; schoolId: number | null; roles: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'schoolId', 'roles'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async schoolExists(id: number): Promise<boolean> {
      return Boolean(await db.selectFrom('school').select('id').where('id', '=', id).executeTakeFirst());
    },

    async classmateNames(studentId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('classroomStudent as classmate')
        .innerJoin('classroomStudent as pupil', 'pupil.classroomId', 'classmate.classroomId')
        .select('classmate.name')
        .where('pupil.id', '=', studentId)
        .execute();
      return rows.map((row) => row.name);
    },

    /** Names on the rosters of a teacher's classes (the chat pseudonymizes them). */
    async rosterNamesOfTeacher(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('classroomStudent')
        .innerJoin('classroom', 'classroom.id', 'classroomStudent.classroomId')
        .select('classroomStudent.name')
        .where('classroom.homeroomTeacherId', '=', userId)
        .execute();
      return rows.map((row) => row.name);
    },
  };
}

export type ClassesRepository = ReturnType<typeof createClassesRepository>;
