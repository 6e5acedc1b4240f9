import type { Insertable, Kysely } from 'kysely';
import type { Database, ErrorReportTable } from '../../db/schema.ts';

export function createErrorReportRepository(db: Kysely<Database>) {
  return {
    async insert(report: Insertable<ErrorReportTable>): Promise<number> {
      const row = await db.insertInto('errorReport').values(report).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type ErrorReportRepository = ReturnType<typeof createErrorReportRepository>;
