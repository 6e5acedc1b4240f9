import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, StudentRecordDraftTable, StudentRecordTable } from '../../db/schema.ts';
import type { Actor } from '../../policies/actor.ts';
import { studentRecordScope } from '../../policies/student-record.policy.ts';

export type StudentRecordRow = Selectable<StudentRecordTable> & { authorName: string | null };
export type DraftRow = Selectable<StudentRecordDraftTable>;

/** Student records and their drafts (Kysely only). */
export function createRecordsRepository(db: Kysely<Database>) {
  function recordQuery() {
    return db
      .selectFrom('studentRecord')
      .leftJoin('users as author', 'author.id', 'studentRecord.authorId')
      .selectAll('studentRecord')
      .select('author.name as authorName');
  }

  return {
    async find(id: number): Promise<StudentRecordRow | undefined> {
      return recordQuery().where('studentRecord.id', '=', id).executeTakeFirst();
    },

    /** The records of a class the actor may see, in one query (opening the workspace). */
    async listForClassroom(actor: Actor, classroomId: number): Promise<StudentRecordRow[]> {
      return recordQuery()
        .where('studentRecord.classroomId', '=', classroomId)
        .where(studentRecordScope(actor))
        .orderBy('studentRecord.studentId')
        .orderBy('studentRecord.area')
        .orderBy('studentRecord.subject')
        .execute();
    },

    async listForStudent(actor: Actor, studentId: number): Promise<StudentRecordRow[]> {
      return recordQuery()
        .where('studentRecord.studentId', '=', studentId)
        .where(studentRecordScope(actor))
        .orderBy('studentRecord.area')
        .orderBy('studentRecord.subject')
        .execute();
    },

    async findOwn(key: { studentId: number; authorId: number; area: string; subject: string }) {
      return db
        .selectFrom('studentRecord')
        .select('id')
        .where('studentId', '=', key.studentId)
        .where('authorId', '=', key.authorId)
        .where('area', '=', key.area)
        .where('subject', '=', key.subject)
        .executeTakeFirst();
    },

    async insert(values: Insertable<StudentRecordTable>): Promise<number> {
      const row = await db
        .insertInto('studentRecord')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateContent(id: number, content: string): Promise<void> {
      await db
        .updateTable('studentRecord')
        .set({ content, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('studentRecord').where('id', '=', id).execute();
    },

    async insertDraft(values: Insertable<StudentRecordDraftTable>): Promise<number> {
      const row = await db
        .insertInto('studentRecordDraft')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findDraft(id: number): Promise<DraftRow | undefined> {
      return db.selectFrom('studentRecordDraft').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async updateDraft(id: number, values: Partial<Omit<DraftRow, 'id'>>): Promise<void> {
      await db.updateTable('studentRecordDraft').set(values).where('id', '=', id).execute();
    },

    async removeDraft(id: number): Promise<void> {
      await db.deleteFrom('studentRecordDraft').where('id', '=', id).execute();
    },

    async draftsOfStudent(studentId: number, authorId: number): Promise<DraftRow[]> {
      return db
        .selectFrom('studentRecordDraft')
        .selectAll()
        .where('studentId', '=', studentId)
        .where('authorId', '=', authorId)
        .execute();
    },

    /** Drafts nobody decided on are working copies; they go after a day. */
    async purgeDrafts(before: string): Promise<number> {
      const result = await db
        .deleteFrom('studentRecordDraft')
        .where('createdAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
