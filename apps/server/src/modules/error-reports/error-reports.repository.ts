import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, ErrorReportTable } from '../../db/schema.ts';

export type GroupStatus = 'open' | 'resolved' | 'all';

export function createErrorReportRepository(db: Kysely<Database>) {
  function groups(status: GroupStatus) {
    const lastSeen = sql<string>`max(${sql.ref('errorReport.createdAt')})`;
    // A group is resolved when marked so after its last report; a new report reopens it.
    const resolved = sql<boolean>`${sql.ref('errorReportGroup.resolvedAt')} is not null and ${sql.ref('errorReportGroup.resolvedAt')} >= ${lastSeen}`;
    return db
      .selectFrom('errorReport')
      .leftJoin('errorReportGroup', 'errorReportGroup.signature', 'errorReport.signature')
      .where('errorReport.signature', 'is not', null)
      .groupBy(['errorReport.signature', 'errorReportGroup.resolvedAt'])
      .$if(status === 'open', (qb) => qb.having(sql<boolean>`not (${resolved})`))
      .$if(status === 'resolved', (qb) => qb.having(resolved));
  }

  return {
    async insert(report: Insertable<ErrorReportTable>): Promise<number> {
      const row = await db.insertInto('errorReport').values(report).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async groupPage(status: GroupStatus, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        groups(status)
          .select([
            'errorReport.signature',
            'errorReportGroup.resolvedAt',
            sql<number>`count(*)`.as('count'),
            sql<number>`count(distinct ${sql.ref('errorReport.userId')})`.as('users'),
            sql<string>`min(${sql.ref('errorReport.createdAt')})`.as('firstSeen'),
            sql<string>`max(${sql.ref('errorReport.createdAt')})`.as('lastSeen'),
          ])
          .orderBy('lastSeen', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom(groups(status).select('errorReport.signature').as('g'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    groupRow(signature: string) {
      return groups('all')
        .select([
          'errorReport.signature',
          'errorReportGroup.resolvedAt',
          sql<number>`count(*)`.as('count'),
          sql<number>`count(distinct ${sql.ref('errorReport.userId')})`.as('users'),
          sql<string>`min(${sql.ref('errorReport.createdAt')})`.as('firstSeen'),
          sql<string>`max(${sql.ref('errorReport.createdAt')})`.as('lastSeen'),
        ])
        .where('errorReport.signature', '=', signature)
        .executeTakeFirst();
    },

    latestOf(signature: string) {
      return db
        .selectFrom('errorReport')
        .select(['errorMessage', 'errorType', 'errorStack'])
        .where('signature', '=', signature)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The most frequent values of one column within a group. */
    async topValues(signature: string, column: 'errorUrl' | 'errorBrowser' | 'errorOs', limit: number) {
      const rows = await db
        .selectFrom('errorReport')
        .select([column, sql<number>`count(*)`.as('n')])
        .where('signature', '=', signature)
        .where(column, 'is not', null)
        .groupBy(column)
        .orderBy('n', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => String((r as Record<string, unknown>)[column]));
    },

    groupExists(signature: string) {
      return db
        .selectFrom('errorReport')
        .select('id')
        .where('signature', '=', signature)
        .limit(1)
        .executeTakeFirst();
    },

    async setResolved(signature: string, resolvedAt: string | null, resolvedBy: number | null) {
      await db
        .insertInto('errorReportGroup')
        .values({ signature, resolvedAt, resolvedBy })
        .onConflict((oc) => oc.column('signature').doUpdateSet({ resolvedAt, resolvedBy }))
        .execute();
    },
  };
}

export type ErrorReportRepository = ReturnType<typeof createErrorReportRepository>;
