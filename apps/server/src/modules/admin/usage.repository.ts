import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { foldPending, unfoldedCalls } from './usage-fold.ts';
import { type BlockLevel, periodBlocks } from './usage-week.ts';

export { UNRECORDED_MODEL } from './usage-fold.ts';

export interface UsageRange {
  from: string;
  to: string;
  schoolId?: number | undefined;
  userId?: number | undefined;
}

/** What a usage row is grouped by. */
type Dimension = 'day' | 'purpose' | 'model' | 'school_id' | 'user_id';

/** The smallest rollup that answers `dimension` within the range's scope (migration 0053). */
function rollupFor(q: UsageRange, dimension: Dimension | null): string {
  if (q.userId !== undefined) return dimension === 'purpose' ? 'token_usage_daily' : 'token_usage_user_day';
  if (dimension === 'model')
    return q.schoolId !== undefined ? 'token_usage_model_daily' : 'token_usage_model_day';
  if (dimension === 'user_id') return 'token_usage_user_day';
  if (q.schoolId !== undefined) return 'token_usage_school_tool_day';
  return dimension === 'school_id' ? 'token_usage_school_day' : 'token_usage_tool_day';
}

/** The school rollup of each block level and its key column. */
const SCHOOL_BLOCKS: Record<BlockLevel, { table: string; key: string }> = {
  month: { table: 'token_usage_school_month', key: 'month' },
  week: { table: 'token_usage_school_week', key: 'week' },
  day: { table: 'token_usage_school_day', key: 'day' },
};

/**
 * Every school's rows of the period's signed blocks: one indexed read per rollup and sign, the
 * blocks taken away negated. A school whose only calls fall in the blocks' days outside the period
 * sums to no calls; the caller's HAVING drops it.
 */
function schoolBlocks(q: UsageRange) {
  const reads: RawBuilder<unknown>[] = [];
  const blocks = periodBlocks(q.from, q.to);
  for (const level of ['month', 'week', 'day'] as const)
    for (const sign of [1, -1] as const) {
      const starts = blocks.filter((b) => b.level === level && b.sign === sign).map((b) => b.start);
      if (starts.length === 0) continue;
      const { table, key } = SCHOOL_BLOCKS[level];
      const amounts = sign === 1 ? sql`tokens, calls` : sql`-tokens AS tokens, -calls AS calls`;
      reads.push(
        sql`SELECT school_id, ${amounts} FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (${sql.join(starts)})`,
      );
    }
  return sql.join(reads, sql` UNION ALL `);
}

/** A first guess at how many of each day's heaviest users to read for the period's top users. */
const LEADERS_PER_LIMIT = 3;
/** Past this many candidates the leaders tell little: summing every user's days is as cheap. */
const MAX_CANDIDATES = 2000;

/**
 * Token usage for the dashboard. The AI gateway settles one reservation per call; a fold adds
 * them to coarse rollups (usage-fold.ts) and every read sums the rollup rows of its period plus the
 * calls not folded yet, in one statement, so a read never misses or double-counts a call whatever
 * a concurrent fold commits.
 */
export function createUsageRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * Tokens and calls of the range grouped by `dimensions` (none: one total row): the rollup's rows
   * and the unfolded calls, filtered alike. `users` narrows to those users.
   */
  function usage(q: UsageRange, dimensions: Dimension[], users?: number[]) {
    const filters: RawBuilder<unknown>[] = [sql`day >= ${q.from}`, sql`day <= ${q.to}`];
    if (q.schoolId !== undefined) filters.push(sql`school_id = ${q.schoolId}`);
    if (q.userId !== undefined) filters.push(sql`user_id = ${q.userId}`);
    if (users) filters.push(sql`user_id IN (${sql.join(users)})`);
    const where = sql.join(filters, sql` AND `);
    const keys = dimensions.map((d) => sql.ref(d));
    const keyList = (rest: RawBuilder<unknown>) => (keys.length ? sql`${sql.join(keys)}, ${rest}` : rest);
    const table = sql.table(rollupFor(q, dimensions[0] ?? null));
    // The service's schools: months, weeks and days added or taken away (usage-week.ts).
    const bySchools = dimensions[0] === 'school_id' && q.schoolId === undefined && q.userId === undefined;
    const rolled = bySchools
      ? schoolBlocks(q)
      : sql`SELECT ${keyList(sql`tokens, calls`)} FROM ${table} WHERE ${where}`;
    return sql<
      Record<string, string | number>
    >`SELECT ${keyList(sql`coalesce(sum(tokens), 0) AS tokens, coalesce(sum(calls), 0) AS calls`)}
      FROM (
        ${rolled}
        UNION ALL
        SELECT ${keyList(sql`tokens, 1 AS calls`)} FROM (${unfoldedCalls()}) AS unfolded WHERE ${where}
      ) AS rows
      ${keys.length ? sql`GROUP BY ${sql.join(keys)}` : sql``}
      ${bySchools ? sql`HAVING sum(calls) > 0` : sql``}`;
  }

  const amounts = (row: Record<string, string | number>) => ({
    tokens: Number(row.tokens),
    calls: Number(row.calls),
  });

  async function top(q: UsageRange, dimension: Dimension, limit: number, users?: number[]) {
    const { rows } = await sql<Record<string, string | number>>`${usage(q, [dimension], users)}
      ORDER BY tokens DESC, ${sql.ref(dimension)} LIMIT ${limit}`.execute(db);
    return rows;
  }

  /** Each day's `perDay` heaviest users of the range (folded days only), heaviest first. */
  async function dailyLeaders(q: UsageRange, perDay: number) {
    const days = sql`SELECT DISTINCT day FROM token_usage_tool_day WHERE day >= ${q.from} AND day <= ${q.to}`;
    if (postgres) {
      const { rows } = await sql<{ day: string; userId: number; tokens: string }>`
        SELECT d.day, leader.user_id, leader.tokens FROM (${days}) AS d
        CROSS JOIN LATERAL (
          SELECT user_id, tokens FROM token_usage_user_day x WHERE x.day = d.day
          ORDER BY tokens DESC LIMIT ${perDay}
        ) AS leader`.execute(db);
      return rows;
    }
    // SQLite runs in process: one indexed read per day costs less than a round trip.
    const leaders: { day: string; userId: number; tokens: string }[] = [];
    for (const { day } of (await sql<{ day: string }>`${days}`.execute(db)).rows) {
      const { rows } = await sql<{ day: string; userId: number; tokens: string }>`
        SELECT day, user_id, tokens FROM token_usage_user_day WHERE day = ${day}
        ORDER BY tokens DESC LIMIT ${perDay}`.execute(db);
      leaders.push(...rows);
    }
    return leaders;
  }

  /**
   * The service's heaviest users of a period without summing every user's days: each day's
   * leaders are the candidates, with the heaviest users of the unfolded calls. A user who is
   * neither used at most the sum of each day's last leader (0 for a day with fewer users than
   * leaders read) plus the first unfolded user left out. When the candidates' `limit`-th exact
   * total reaches that bound, no one else can outrank them; otherwise read more leaders. Exact,
   * ties in any order.
   */
  async function topUsersOfService(q: UsageRange, limit: number) {
    for (let perDay = limit * LEADERS_PER_LIMIT; ; perDay *= 4) {
      const [leaders, { rows: unfolded }] = await Promise.all([
        dailyLeaders(q, perDay),
        sql<{ userId: number; tokens: string }>`
          SELECT user_id, sum(tokens) AS tokens FROM (${unfoldedCalls()}) AS u
          WHERE day >= ${q.from} AND day <= ${q.to}
          GROUP BY user_id ORDER BY tokens DESC LIMIT ${perDay + 1}`.execute(db),
      ]);
      const lastOfDay = new Map<string, { count: number; least: number }>();
      for (const leader of leaders) {
        const seen = lastOfDay.get(leader.day) ?? { count: 0, least: Number.POSITIVE_INFINITY };
        lastOfDay.set(leader.day, {
          count: seen.count + 1,
          least: Math.min(seen.least, Number(leader.tokens)),
        });
      }
      let bound = Number(unfolded[perDay]?.tokens ?? 0);
      for (const { count, least } of lastOfDay.values()) if (count === perDay) bound += least;
      const candidates = [
        ...new Set([
          ...leaders.map((l) => Number(l.userId)),
          ...unfolded.slice(0, perDay).map((u) => Number(u.userId)),
        ]),
      ];
      if (candidates.length === 0) return [];
      if (candidates.length > MAX_CANDIDATES) break;
      const exact = await top(q, 'user_id', limit, candidates);
      const settled = exact.length >= limit ? Number(exact[limit - 1]?.tokens) >= bound : bound === 0;
      if (settled) return exact;
    }
    return top(q, 'user_id', limit);
  }

  return {
    /** Folds pending calls into the rollups (usage-fold.ts); returns how many. */
    rollUp: (maxBatches?: number) => foldPending(db, maxBatches),

    async totals(q: UsageRange) {
      const { rows } = await usage(q, []).execute(db);
      return rows[0] ? amounts(rows[0]) : { tokens: 0, calls: 0 };
    },

    async daily(q: UsageRange) {
      const { rows } = await sql<Record<string, string | number>>`${usage(q, ['day'])} ORDER BY day`.execute(
        db,
      );
      return rows.map((r) => ({ day: String(r.day), ...amounts(r) }));
    },

    /** Usage by model, for a school or the whole service. */
    async byModel(q: UsageRange, limit: number) {
      const rows = await top(q, 'model', limit);
      return rows.map((r) => ({ model: String(r.model), ...amounts(r) }));
    },

    async byTool(q: UsageRange, limit: number) {
      const rows = await top(q, 'purpose', limit);
      return rows.map((r) => ({ purpose: String(r.purpose), ...amounts(r) }));
    },

    async bySchool(q: UsageRange, limit: number) {
      const rows = await top(q, 'school_id', limit);
      const ids = rows.map((r) => Number(r.schoolId)).filter((id) => id > 0);
      const names = ids.length
        ? await db.selectFrom('school').select(['id', 'name']).where('id', 'in', ids).execute()
        : [];
      const nameOf = new Map(names.map((s) => [s.id, s.name]));
      return rows.map((r) => ({
        schoolId: Number(r.schoolId),
        schoolName: nameOf.get(Number(r.schoolId)) ?? null,
        ...amounts(r),
      }));
    },

    async byTeacher(q: UsageRange, limit: number) {
      const rows =
        q.schoolId === undefined && q.userId === undefined
          ? await topUsersOfService(q, limit)
          : await top(q, 'user_id', limit);
      const ids = rows.map((r) => Number(r.userId));
      const users = ids.length
        ? await db.selectFrom('users').select(['id', 'name', 'username']).where('id', 'in', ids).execute()
        : [];
      const byId = new Map(users.map((u) => [u.id, u]));
      return rows.map((r) => ({
        userId: Number(r.userId),
        name: byId.get(Number(r.userId))?.name ?? '',
        username: byId.get(Number(r.userId))?.username ?? '',
        ...amounts(r),
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

    /** Every day × user × tool row of the period, for the export (after a full fold). */
    rows(q: UsageRange, limit: number) {
      return db
        .selectFrom('tokenUsageDaily')
        .where('tokenUsageDaily.day', '>=', q.from)
        .where('tokenUsageDaily.day', '<=', q.to)
        .$if(q.schoolId !== undefined, (qb) => qb.where('tokenUsageDaily.schoolId', '=', q.schoolId ?? 0))
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
