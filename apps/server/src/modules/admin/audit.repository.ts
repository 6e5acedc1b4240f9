import type { AuditQuery } from '@ssaem/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.ts';

export function createAuditRepository(db: Kysely<Database>) {
  function filtered(query: Omit<AuditQuery, 'pageIndex' | 'pageSize'>) {
    return db
      .selectFrom('auditLog')
      .$if(Boolean(query.action), (qb) => qb.where('action', '=', query.action ?? ''))
      .$if(query.actorId !== undefined, (qb) => qb.where('actorId', '=', query.actorId ?? 0))
      .$if(Boolean(query.targetType), (qb) => qb.where('targetType', '=', query.targetType ?? ''))
      .$if(Boolean(query.targetId), (qb) => qb.where('targetId', '=', query.targetId ?? ''))
      .$if(Boolean(query.from), (qb) => qb.where('createdAt', '>=', `${query.from}T00:00:00.000Z`))
      .$if(Boolean(query.to), (qb) => qb.where('createdAt', '<=', `${query.to}T23:59:59.999Z`));
  }

  return {
    async insert(row: Insertable<AuditLogTable>): Promise<void> {
      await db.insertInto('auditLog').values(row).execute();
    },

    async page(query: AuditQuery) {
      const [rows, total] = await Promise.all([
        filtered(query)
          .selectAll()
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .offset(query.pageIndex * query.pageSize)
          .limit(query.pageSize)
          .execute(),
        filtered(query)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    all(query: Omit<AuditQuery, 'pageIndex' | 'pageSize'>, limit: number) {
      return filtered(query)
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
