import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { monthOf, weekOf } from './usage-week.ts';

/** Calls claimed and folded per transaction. */
export const FOLD_BATCH = 5000;
/** The model of calls settled before models were recorded. */
export const UNRECORDED_MODEL = '(기록 없음)';

/**
 * One rollup table: the key its rows are grouped and upserted by, and a column that follows the
 * key (the user's school as of the latest fold).
 */
interface Rollup {
  table: string;
  key: string[];
  carried?: string;
}

/** Every rollup the fold keeps (migrations 0032, 0034, 0053, 0056, 0057 and 0058). */
export const ROLLUPS: readonly Rollup[] = [
  { table: 'token_usage_daily', key: ['day', 'user_id', 'purpose'], carried: 'school_id' },
  { table: 'token_usage_model_daily', key: ['day', 'school_id', 'model'] },
  { table: 'token_usage_tool_day', key: ['day', 'purpose'] },
  { table: 'token_usage_school_tool_day', key: ['school_id', 'day', 'purpose'] },
  { table: 'token_usage_school_day', key: ['day', 'school_id'] },
  { table: 'token_usage_model_day', key: ['day', 'model'] },
  { table: 'token_usage_user_day', key: ['day', 'user_id'], carried: 'school_id' },
  { table: 'token_usage_school_week', key: ['week', 'school_id'] },
  { table: 'token_usage_school_month', key: ['month', 'school_id'] },
  { table: 'token_usage_user_week', key: ['week', 'user_id'] },
  { table: 'token_usage_user_month', key: ['month', 'user_id'] },
];

/**
 * Settled reservations matching `where` (over alias `r`), one row per call as every rollup sees it:
 * day (UTC, of settlement), user, the user's school (0 for none), purpose, model and tokens.
 */
export function reservationCalls(where: RawBuilder<unknown>) {
  return sql`SELECT substr(coalesce(r.settled_at, r.created_at), 1, 10) AS day, r.user_id AS user_id,
      coalesce(u.school_id, 0) AS school_id, r.purpose AS purpose,
      coalesce(r.model, ${UNRECORDED_MODEL}) AS model, coalesce(r.used, 0) AS tokens
    FROM token_reservation r LEFT JOIN users u ON u.id = r.user_id
    WHERE r.status = 'SETTLED' AND ${where}`;
}

/** Playground runs matching `where` (over alias `p`): the super administrator's calls, no licence. */
export function playgroundCalls(where: RawBuilder<unknown>) {
  return sql`SELECT substr(p.created_at, 1, 10) AS day, p.user_id AS user_id,
      coalesce(u.school_id, 0) AS school_id, p.purpose AS purpose, p.model AS model, p.tokens AS tokens
    FROM playground_run p LEFT JOIN users u ON u.id = p.user_id
    WHERE ${where}`;
}

/** Calls not yet folded: the dashboard adds them to the rollups when it reads. */
export const unfoldedCalls = () =>
  sql`${reservationCalls(sql`r.rolled_up = 0`)} UNION ALL ${playgroundCalls(sql`p.rolled_up = 0`)}`;

const refs = (columns: string[]) => sql.join(columns.map((c) => sql.ref(c)));

/**
 * Adds `calls` to every rollup: one INSERT … SELECT … GROUP BY … ON CONFLICT DO UPDATE per table,
 * whatever the number of keys. Rows go in key order, so two instances folding at once lock the
 * same rows in the same order and wait for each other instead of deadlocking.
 */
export async function foldCalls(db: Kysely<Database>, calls: RawBuilder<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const withBlocks = sql`SELECT c.*, ${weekOf(postgres, sql.ref('c.day'))} AS week, ${monthOf(sql.ref('c.day'))} AS month
    FROM (${calls}) AS c`;
  for (const rollup of ROLLUPS) {
    const columns = [...rollup.key, ...(rollup.carried ? [rollup.carried] : [])];
    const table = sql.table(rollup.table);
    const carried = rollup.carried
      ? sql`, ${sql.ref(rollup.carried)} = ${sql.ref(`excluded.${rollup.carried}`)}`
      : sql``;
    // `WHERE true` keeps SQLite from reading ON CONFLICT as a join constraint.
    await sql`INSERT INTO ${table} (${refs(columns)}, tokens, calls)
      SELECT ${refs(columns)}, sum(tokens), count(*) FROM (${rollup.key.includes('week') || rollup.key.includes('month') ? withBlocks : calls}) AS claimed WHERE true
      GROUP BY ${refs(columns)} ORDER BY ${refs(columns)}
      ON CONFLICT (${refs(rollup.key)}) DO UPDATE SET
        tokens = ${table}.tokens + excluded.tokens, calls = ${table}.calls + excluded.calls${carried}`.execute(
      db,
    );
  }
}

/**
 * Claims up to a batch of unfolded rows of `table` and folds them in the same transaction. The
 * claim is one conditional UPDATE (rolled_up 0 → 1, re-checked under the row lock; PostgreSQL
 * skips rows another instance is claiming), so a call is folded exactly once however many
 * instances fold at once, and a fold that fails rolls its claim back with it.
 */
async function foldBatch(db: Kysely<Database>, table: 'tokenReservation' | 'playgroundRun') {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    const pending = trx
      .selectFrom(table)
      .select('id')
      .where('rolledUp', '=', 0)
      .$if(table === 'tokenReservation', (qb) => qb.where(sql.ref('status'), '=', 'SETTLED'))
      .limit(FOLD_BATCH)
      .$if(postgres, (qb) => qb.forUpdate().skipLocked());
    const claimed = await trx
      .updateTable(table)
      .set({ rolledUp: 1 })
      .where('id', 'in', pending)
      .where('rolledUp', '=', 0)
      .returning('id')
      .execute();
    if (claimed.length === 0) return 0;
    const ids = sql.join(claimed.map((row) => row.id));
    await foldOnce(
      trx,
      postgres,
      table === 'tokenReservation'
        ? reservationCalls(sql`r.id IN (${ids})`)
        : playgroundCalls(sql`p.id IN (${ids})`),
    );
    return claimed.length;
  });
}

/** Where a claimed batch waits for the rollups, for the transaction's life. */
const BATCH_TABLE = 'usage_fold_batch';

/**
 * Reads the batch's calls once into a temporary table and folds every rollup from there. Read by
 * each rollup's upsert instead, the batch was looked up by its ids (and joined to its users) eleven
 * times: with ten million records and 20,000 waiting, that took 10–20 s on PostgreSQL. The table is
 * the connection's own (no other instance sees it) and goes with the transaction: dropped at commit
 * on PostgreSQL, and here at the end on SQLite, whose DDL a rollback undoes too.
 */
async function foldOnce(trx: Kysely<Database>, postgres: boolean, calls: RawBuilder<unknown>) {
  const batch = sql.table(BATCH_TABLE);
  // On SQLite the table lives as long as the connection unless dropped: should one ever be left
  // behind, the next fold must still run.
  if (!postgres) await sql`DROP TABLE IF EXISTS temp.${batch}`.execute(trx);
  await sql`CREATE TEMPORARY TABLE ${batch} (day text NOT NULL, user_id integer NOT NULL,
      school_id integer NOT NULL, purpose text NOT NULL, model text NOT NULL, tokens bigint NOT NULL)
      ${postgres ? sql`ON COMMIT DROP` : sql``}`.execute(trx);
  await sql`INSERT INTO ${batch} (day, user_id, school_id, purpose, model, tokens) ${calls}`.execute(trx);
  await foldCalls(trx, sql`SELECT day, user_id, school_id, purpose, model, tokens FROM ${batch}`);
  if (!postgres) await sql`DROP TABLE temp.${batch}`.execute(trx);
}

/**
 * The tables with calls left to fold, in one indexed read: the dashboard folds on its way, and
 * most of the time there is nothing (or no playground run) to claim, which would otherwise cost a
 * transaction each. A call settled after this read waits for the next fold; the reads add it.
 */
async function pendingTables(db: Kysely<Database>) {
  const { rows } = await sql<{ reservations: number; runs: number }>`SELECT
      CASE WHEN EXISTS (SELECT 1 FROM token_reservation WHERE rolled_up = 0 AND status = 'SETTLED') THEN 1 ELSE 0 END AS reservations,
      CASE WHEN EXISTS (SELECT 1 FROM playground_run WHERE rolled_up = 0) THEN 1 ELSE 0 END AS runs`.execute(
    db,
  );
  const pending = rows[0];
  return [
    ...(Number(pending?.reservations) === 1 ? (['tokenReservation'] as const) : []),
    ...(Number(pending?.runs) === 1 ? (['playgroundRun'] as const) : []),
  ];
}

/**
 * Folds settled reservations and playground runs into the rollups, at most `maxBatches` batches of
 * each (the dashboard folds one on its way; the periodic fold drains the rest). Returns the calls
 * folded.
 */
export async function foldPending(
  db: Kysely<Database>,
  maxBatches = Number.POSITIVE_INFINITY,
): Promise<number> {
  let folded = 0;
  for (const table of await pendingTables(db)) {
    for (let batch = 0; batch < maxBatches; batch++) {
      const claimed = await foldBatch(db, table);
      folded += claimed;
      if (claimed < FOLD_BATCH) break;
    }
  }
  return folded;
}
