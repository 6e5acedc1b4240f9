import type { Insertable, Kysely } from 'kysely';
import type { Database, StudentAccessLogTable } from '../../db/schema.ts';

export type NewAccessLogEntry = Insertable<StudentAccessLogTable>;

export interface AccessLogFilter {
  schoolId: number | null;
  studentId?: number | undefined;
  classroomId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function createAccessLogRepository(db: Kysely<Database>) {
  function filtered(filter: AccessLogFilter) {
    let query = db.selectFrom('studentAccessLog');
    if (filter.schoolId !== null) query = query.where('schoolId', '=', filter.schoolId);
    if (filter.studentId) query = query.where('studentId', '=', filter.studentId);
    if (filter.classroomId) query = query.where('classroomId', '=', filter.classroomId);
    if (filter.from) query = query.where('createdAt', '>=', filter.from);
    if (filter.to) query = query.where('createdAt', '<', filter.to);
    return query;
  }

  return {
    async append(entries: NewAccessLogEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db.insertInto('studentAccessLog').values(entries).execute();
    },

    async page(filter: AccessLogFilter, pageIndex: number, pageSize: number) {
      const [items, total] = await Promise.all([
        filtered(filter)
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset(pageIndex * pageSize)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    async all(filter: AccessLogFilter, limit: number) {
      return filtered(filter).selectAll().orderBy('id', 'desc').limit(limit).execute();
    },

    /** Once a pupil's data is erased, older entries keep only a masked label. */
    async maskStudent(studentId: number, label: string): Promise<void> {
      await db
        .updateTable('studentAccessLog')
        .set({ studentLabel: label })
        .where('studentId', '=', studentId)
        .execute();
    },
  };
}

export type AccessLogRepository = ReturnType<typeof createAccessLogRepository>;
