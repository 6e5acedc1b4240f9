import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

const BATCH = 5000;
/** The model of calls settled before models were recorded. */
export const UNRECORDED_MODEL = '(기록 없음)';

export interface UsageRange {
  from: string;
  to: string;
  schoolId?: number | undefined;
  userId?: number | undefined;
}

/**
 * Token usage for the dashboard. The AI gateway settles one reservation per call; those rows are
 * folded into `token_usage_daily` (day × user × purpose) before each read, so the dashboard sums
 * a few rows per day instead of every call ever made.
 */
export function createUsageRepository(db: Kysely<Database>) {
  function range(q: UsageRange) {
    return db
      .selectFrom('tokenUsageDaily')
      .where('tokenUsageDaily.day', '>=', q.from)
      .where('tokenUsageDaily.day', '<=', q.to)
      .$if(q.schoolId !== undefined, (qb) => qb.where('tokenUsageDaily.schoolId', '=', q.schoolId ?? 0))
      .$if(q.userId !== undefined, (qb) => qb.where('tokenUsageDaily.userId', '=', q.userId ?? 0));
  }
  const sums = sql<number>`coalesce(sum(${sql.ref('tokenUsageDaily.tokens')}), 0)`.as('tokens');
  const calls = sql<number>`coalesce(sum(${sql.ref('tokenUsageDaily.calls')}), 0)`.as('calls');

  /** Adds claimed calls to the day × school × model rows (a call from before models were recorded: '(기록 없음)'). */
  async function foldByModel(
    trx: Transaction<Database>,
    rows: {
      userId: number;
      used: number | string | null;
      settledAt: string | null;
      createdAt: string;
      model: string | null;
    }[],
    schools: Map<number, number>,
  ) {
    const sumsByKey = new Map<
      string,
      { day: string; schoolId: number; model: string; tokens: number; calls: number }
    >();
    for (const r of rows) {
      const day = (r.settledAt ?? r.createdAt).slice(0, 10);
      const schoolId = schools.get(r.userId) ?? 0;
      const model = r.model ?? UNRECORDED_MODEL;
      const key = `${day}|${schoolId}|${model}`;
      const entry = sumsByKey.get(key) ?? { day, schoolId, model, tokens: 0, calls: 0 };
      entry.tokens += Number(r.used ?? 0);
      entry.calls += 1;
      sumsByKey.set(key, entry);
    }
    for (const entry of sumsByKey.values()) {
      await trx
        .insertInto('tokenUsageModelDaily')
        .values(entry)
        .onConflict((oc) =>
          oc.columns(['day', 'schoolId', 'model']).doUpdateSet((eb) => ({
            tokens: eb('tokenUsageModelDaily.tokens', '+', eb.ref('excluded.tokens')),
            calls: eb('tokenUsageModelDaily.calls', '+', eb.ref('excluded.calls')),
          })),
        )
        .execute();
    }
  }

  /** Adds claimed calls to the day × user × purpose rows, with each user's school. */
  async function fold(
    trx: Transaction<Database>,
    rows: {
      userId: number;
      purpose: string;
      used: number | string | null;
      settledAt: string | null;
      createdAt: string;
      model: string | null;
    }[],
  ) {
    if (rows.length === 0) return;
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const schools = new Map<number, number>();
    for (let i = 0; i < userIds.length; i += 500) {
      const found = await trx
        .selectFrom('users')
        .select(['id', 'schoolId'])
        .where('id', 'in', userIds.slice(i, i + 500))
        .execute();
      for (const u of found) schools.set(u.id, u.schoolId ?? 0);
    }
    const sumsByKey = new Map<
      string,
      { day: string; userId: number; schoolId: number; purpose: string; tokens: number; calls: number }
    >();
    for (const r of rows) {
      const day = (r.settledAt ?? r.createdAt).slice(0, 10);
      const key = `${day}|${r.userId}|${r.purpose}`;
      const entry = sumsByKey.get(key) ?? {
        day,
        userId: r.userId,
        schoolId: schools.get(r.userId) ?? 0,
        purpose: r.purpose,
        tokens: 0,
        calls: 0,
      };
      entry.tokens += Number(r.used ?? 0);
      entry.calls += 1;
      sumsByKey.set(key, entry);
    }
    await foldByModel(trx, rows, schools);
    for (const entry of sumsByKey.values()) {
      await trx
        .insertInto('tokenUsageDaily')
        .values(entry)
        .onConflict((oc) =>
          oc.columns(['day', 'userId', 'purpose']).doUpdateSet((eb) => ({
            tokens: eb('tokenUsageDaily.tokens', '+', eb.ref('excluded.tokens')),
            calls: eb('tokenUsageDaily.calls', '+', eb.ref('excluded.calls')),
          })),
        )
        .execute();
    }
  }

  return {
    /**
     * Adds settled reservations and playground runs not yet counted to the daily rollup. Each batch
     * claims its rows with one conditional UPDATE, so two instances folding at once never count a
     * call twice.
     */
    async rollUp(): Promise<number> {
      let folded = 0;
      for (;;) {
        const claimed = await db.transaction().execute(async (trx) => {
          const rows = await trx
            .updateTable('tokenReservation')
            .set({ rolledUp: 1 })
            .where(
              'id',
              'in',
              trx
                .selectFrom('tokenReservation')
                .select('id')
                .where('rolledUp', '=', 0)
                .where('status', '=', 'SETTLED')
                .limit(BATCH),
            )
            .where('rolledUp', '=', 0)
            .returning(['userId', 'purpose', 'used', 'settledAt', 'createdAt', 'model'])
            .execute();
          await fold(trx, rows);
          return rows.length;
        });
        folded += claimed;
        if (claimed < BATCH) break;
      }
      // Playground runs are the super administrator's, recorded apart from any licence.
      for (;;) {
        const claimed = await db.transaction().execute(async (trx) => {
          const rows = await trx
            .updateTable('playgroundRun')
            .set({ rolledUp: 1 })
            .where(
              'id',
              'in',
              trx.selectFrom('playgroundRun').select('id').where('rolledUp', '=', 0).limit(BATCH),
            )
            .where('rolledUp', '=', 0)
            .returning([
              'userId',
              'purpose',
              'tokens as used',
              'createdAt as settledAt',
              'createdAt',
              'model',
            ])
            .execute();
          await fold(trx, rows);
          return rows.length;
        });
        folded += claimed;
        if (claimed < BATCH) return folded;
      }
    },

    async totals(q: UsageRange) {
      const row = await range(q).select([sums, calls]).executeTakeFirstOrThrow();
      return { tokens: Number(row.tokens), calls: Number(row.calls) };
    },

    async daily(q: UsageRange) {
      const rows = await range(q)
        .select(['tokenUsageDaily.day', sums, calls])
        .groupBy('tokenUsageDaily.day')
        .orderBy('tokenUsageDaily.day')
        .execute();
      return rows.map((r) => ({ day: r.day, tokens: Number(r.tokens), calls: Number(r.calls) }));
    },

    /** Usage by model, for a school or the whole service (the model rollup has no per-user rows). */
    async byModel(q: UsageRange, limit: number) {
      const rows = await db
        .selectFrom('tokenUsageModelDaily')
        .select([
          'tokenUsageModelDaily.model',
          sql<number>`coalesce(sum(${sql.ref('tokenUsageModelDaily.tokens')}), 0)`.as('tokens'),
          sql<number>`coalesce(sum(${sql.ref('tokenUsageModelDaily.calls')}), 0)`.as('calls'),
        ])
        .where('tokenUsageModelDaily.day', '>=', q.from)
        .where('tokenUsageModelDaily.day', '<=', q.to)
        .$if(q.schoolId !== undefined, (qb) =>
          qb.where('tokenUsageModelDaily.schoolId', '=', q.schoolId ?? 0),
        )
        .groupBy('tokenUsageModelDaily.model')
        .orderBy('tokens', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ model: r.model, tokens: Number(r.tokens), calls: Number(r.calls) }));
    },

    async byTool(q: UsageRange, limit: number) {
      const rows = await range(q)
        .select(['tokenUsageDaily.purpose', sums, calls])
        .groupBy('tokenUsageDaily.purpose')
        .orderBy('tokens', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ purpose: r.purpose, tokens: Number(r.tokens), calls: Number(r.calls) }));
    },

    async bySchool(q: UsageRange, limit: number) {
      const top = await range(q)
        .select(['tokenUsageDaily.schoolId', sums, calls])
        .groupBy('tokenUsageDaily.schoolId')
        .orderBy('tokens', 'desc')
        .limit(limit)
        .execute();
      const ids = top.map((r) => r.schoolId).filter((id) => id > 0);
      const names = ids.length
        ? await db.selectFrom('school').select(['id', 'name']).where('id', 'in', ids).execute()
        : [];
      const nameOf = new Map(names.map((s) => [s.id, s.name]));
      return top.map((r) => ({
        schoolId: r.schoolId,
        schoolName: nameOf.get(r.schoolId) ?? null,
        tokens: Number(r.tokens),
        calls: Number(r.calls),
      }));
    },

    async byTeacher(q: UsageRange, limit: number) {
      const top = await range(q)
        .select(['tokenUsageDaily.userId', sums, calls])
        .groupBy('tokenUsageDaily.userId')
        .orderBy('tokens', 'desc')
        .limit(limit)
        .execute();
      const ids = top.map((r) => r.userId);
      const users = ids.length
        ? await db.selectFrom('users').select(['id', 'name', 'username']).where('id', 'in', ids).execute()
        : [];
      const byId = new Map(users.map((u) => [u.id, u]));
      return top.map((r) => ({
        userId: r.userId,
        name: byId.get(r.userId)?.name ?? '',
        username: byId.get(r.userId)?.username ?? '',
        tokens: Number(r.tokens),
        calls: Number(r.calls),
      }));
    },

    /** Active licences at or above `share` of their token limit. */
    async nearLimit(schoolId: number | undefined, share: number, limit: number) {
      const now = new Date().toISOString();
      const rows = await db
        .selectFrom('userLicense')
        .innerJoin('users', 'users.id', 'userLicense.userId')
        .leftJoin('school', 'school.id', 'users.schoolId')
        .select([
          'users.id as userId',
          'users.name',
          'users.username',
          'school.name as schoolName',
          'userLicense.tokenUsed',
          'userLicense.tokenLimit',
          'userLicense.expiresAt',
        ])
        .where('userLicense.status', '=', 'ACTIVE')
        .where('userLicense.expiresAt', '>=', now)
        .where('userLicense.tokenLimit', '>', 0)
        .where(
          sql<boolean>`${sql.ref('userLicense.tokenUsed')} >= ${sql.ref('userLicense.tokenLimit')} * ${sql.lit(share)}`,
        )
        .$if(schoolId !== undefined, (qb) => qb.where('users.schoolId', '=', schoolId ?? 0))
        .orderBy(
          sql`${sql.ref('userLicense.tokenUsed')} * 1.0 / ${sql.ref('userLicense.tokenLimit')}`,
          'desc',
        )
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, tokenUsed: Number(r.tokenUsed), tokenLimit: Number(r.tokenLimit) }));
    },

    /** Every rollup row of the period, for the export. */
    rows(q: UsageRange, limit: number) {
      return range(q)
        .leftJoin('users', 'users.id', 'tokenUsageDaily.userId')
        .leftJoin('school', 'school.id', 'tokenUsageDaily.schoolId')
        .select([
          'tokenUsageDaily.day',
          'tokenUsageDaily.schoolId',
          'school.name as schoolName',
          'tokenUsageDaily.userId',
          'users.name as userName',
          'users.username',
          'tokenUsageDaily.purpose',
          'tokenUsageDaily.tokens',
          'tokenUsageDaily.calls',
        ])
        .orderBy('tokenUsageDaily.day')
        .orderBy('tokenUsageDaily.schoolId')
        .orderBy('tokenUsageDaily.userId')
        .orderBy('tokenUsageDaily.purpose')
        .limit(limit)
        .execute();
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
