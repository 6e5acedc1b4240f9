import { type Kysely, type RawBuilder, sql } from 'kysely';
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

/** Who a block rollup sums: the schools or the users of the service. */
type BlockOwner = 'school_id' | 'user_id';

/** The rollup of each owner and block level, and its key column (migrations 0053, 0056 to 0058). */
const BLOCK_ROLLUPS: Record<BlockOwner, Record<BlockLevel, { table: string; key: string }>> = {
  school_id: {
    month: { table: 'token_usage_school_month', key: 'month' },
    week: { table: 'token_usage_school_week', key: 'week' },
    day: { table: 'token_usage_school_day', key: 'day' },
  },
  user_id: {
    month: { table: 'token_usage_user_month', key: 'month' },
    week: { table: 'token_usage_user_week', key: 'week' },
    day: { table: 'token_usage_user_day', key: 'day' },
  },
};

/**
 * Every school's (or user's) rows of the period's signed blocks: one indexed read per rollup and
 * sign, the blocks taken away negated; `users` narrows the users to those. An owner whose only
 * calls fall in the blocks' days outside the period sums to no calls; the caller's HAVING drops it.
 */
function ownerBlocks(q: UsageRange, owner: BlockOwner, users?: number[]) {
  const reads: RawBuilder<unknown>[] = [];
  const blocks = periodBlocks(q.from, q.to);
  const only = users ? sql` AND user_id IN (${sql.join(users)})` : sql``;
  for (const level of ['month', 'week', 'day'] as const)
    for (const sign of [1, -1] as const) {
      const starts = blocks.filter((b) => b.level === level && b.sign === sign).map((b) => b.start);
      if (starts.length === 0) continue;
      const { table, key } = BLOCK_ROLLUPS[owner][level];
      const amounts = sign === 1 ? sql`tokens, calls` : sql`-tokens AS tokens, -calls AS calls`;
      reads.push(
        sql`SELECT ${sql.ref(owner)}, ${amounts} FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (${sql.join(starts)})${only}`,
      );
    }
  return sql.join(reads, sql` UNION ALL `);
}

/** A first guess at how many of each block's heaviest users to read for the period's top users. */
const LEADERS_PER_LIMIT = 3;
/** Past this many candidates the leaders tell little: summing every user's blocks is as cheap. */
const MAX_CANDIDATES = 2000;

/**
 * Token usage for the dashboard. The AI gateway settles one reservation per call; a fold adds
 * them to coarse rollups (usage-fold.ts) and every read sums the rollup rows of its period plus the
 * calls not folded yet, in one statement, so a read never misses or double-counts a call whatever
 * a concurrent fold commits.
 */
export function createUsageRepository(db: Kysely<Database>) {
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
    // The service's schools or users: months, weeks and days added or taken away (usage-week.ts).
    const owner = dimensions[0];
    const byBlocks =
      (owner === 'school_id' || owner === 'user_id') && q.schoolId === undefined && q.userId === undefined;
    const rolled = byBlocks
      ? ownerBlocks(q, owner, users)
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
      ${byBlocks ? sql`HAVING sum(calls) > 0` : sql``}`;
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

  /**
   * The `perBlock` heaviest users of each block the period adds (folded calls only), from the
   * user × month, week and day rollups' rank indexes: one statement, a few blocks.
   */
  async function blockLeaders(q: UsageRange, perBlock: number) {
    const added = periodBlocks(q.from, q.to).filter((b) => b.sign === 1);
    if (added.length === 0) return [];
    const reads = added.map((block, i) => {
      const { table, key } = BLOCK_ROLLUPS.user_id[block.level];
      return sql`SELECT * FROM (
        SELECT ${sql.lit(i)} AS block, user_id, tokens FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${block.start}
        ORDER BY tokens DESC LIMIT ${sql.lit(perBlock)}) ${sql.id(`leaders_${i}`)}`;
    });
    const { rows } = await sql<{ block: number; userId: number; tokens: string }>`${sql.join(
      reads,
      sql` UNION ALL `,
    )}`.execute(db);
    return rows;
  }

  /**
   * The service's heaviest users of a period without summing every user's blocks: the leaders of
   * each block the period adds are the candidates, with the heaviest users of the unfolded calls. A
   * user who is neither used at most the sum of each added block's last leader (0 for a block with
   * fewer users than leaders read; the blocks taken away only lower a total) plus the first
   * unfolded user left out. When the candidates' `limit`-th exact total reaches that bound, no one
   * else can outrank them; otherwise read more leaders. Exact, ties in any order.
   */
  async function topUsersOfService(q: UsageRange, limit: number) {
    for (let perBlock = limit * LEADERS_PER_LIMIT; ; perBlock *= 4) {
      const [leaders, { rows: unfolded }] = await Promise.all([
        blockLeaders(q, perBlock),
        sql<{ userId: number; tokens: string }>`
          SELECT user_id, sum(tokens) AS tokens FROM (${unfoldedCalls()}) AS u
          WHERE day >= ${q.from} AND day <= ${q.to}
          GROUP BY user_id ORDER BY tokens DESC LIMIT ${perBlock + 1}`.execute(db),
      ]);
      const lastOfBlock = new Map<number, { count: number; least: number }>();
      for (const leader of leaders) {
        const block = Number(leader.block);
        const seen = lastOfBlock.get(block) ?? { count: 0, least: Number.POSITIVE_INFINITY };
        lastOfBlock.set(block, {
          count: seen.count + 1,
          least: Math.min(seen.least, Number(leader.tokens)),
        });
      }
      let bound = Number(unfolded[perBlock]?.tokens ?? 0);
      for (const { count, least } of lastOfBlock.values()) if (count === perBlock) bound += least;
      const candidates = [
        ...new Set([
          ...leaders.map((l) => Number(l.userId)),
          ...unfolded.slice(0, perBlock).map((u) => Number(u.userId)),
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

    /**
     * Active licences at or above `share` of their token limit, highest share first: a range read
     * of the partial index on the share (migration 0058), which holds the active licences with a
     * limit; the status and limit are literals so both databases match the index's condition.
     */
    async nearLimit(schoolId: number | undefined, share: number, limit: number) {
      const now = new Date().toISOString();
      const usedShare = sql`${sql.ref('userLicense.tokenUsed')} * 1.0 / ${sql.ref('userLicense.tokenLimit')}`;
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
        .where(sql<boolean>`${sql.ref('userLicense.status')} = ${sql.lit('ACTIVE')}`)
        .where(sql<boolean>`${sql.ref('userLicense.tokenLimit')} > ${sql.lit(0)}`)
        .where(sql<boolean>`${usedShare} >= ${sql.lit(share)}`)
        .where('userLicense.expiresAt', '>=', now)
        .$if(schoolId !== undefined, (qb) => qb.where('users.schoolId', '=', schoolId ?? 0))
        .orderBy(usedShare, 'desc')
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
