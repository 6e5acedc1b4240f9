import { sql } from 'kysely';
import { monthOf } from '../../modules/admin/usage-week.ts';
import { isPostgres, type MigrationDb } from '../migration-helpers.ts';

/**
 * Each school's token usage per calendar month (UTC, as every rollup's day), so the service's top
 * schools of a month or a year read one row per school and month, with the weeks and days at the
 * period's edges added or taken away (usage-week.ts), instead of a row per school and day. Filled
 * from the day × school rollup of migration 0053.
 *
 * Every dashboard statement also reads the calls not folded yet through the index on
 * token_reservation (rolled_up, status). Folding a call rewrites its row, and the index keeps
 * pointing at the old version until a vacuum: with PostgreSQL's default thresholds (a fifth of the
 * table) that is millions of folded calls each statement visits and discards, and statistics that
 * still count the calls since folded as unfolded make the planner read them all through a bitmap.
 * Analyze after a fixed number of changed rows (fresh statistics pick a plain index scan, which
 * marks the dead entries it meets so later reads skip them) and vacuum after a larger one.
 */
const CHANGED_ROWS_BEFORE_ANALYZE = 10_000;
const CHANGED_ROWS_BEFORE_VACUUM = 100_000;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('token_usage_school_month')
    // The month's first day, YYYY-MM-01.
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_school_month_pk', ['month', 'school_id'])
    .execute();
  await sql`
    INSERT INTO token_usage_school_month (month, school_id, tokens, calls)
    SELECT ${monthOf(sql.ref('day'))}, school_id, sum(tokens), sum(calls) FROM token_usage_school_day
    GROUP BY 1, school_id`.execute(db);
  if (isPostgres(db))
    await sql`ALTER TABLE token_reservation SET (
      autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = ${sql.lit(CHANGED_ROWS_BEFORE_VACUUM)},
      autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = ${sql.lit(CHANGED_ROWS_BEFORE_ANALYZE)})`.execute(
      db,
    );
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db))
    await sql`ALTER TABLE token_reservation RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold,
      autovacuum_analyze_scale_factor, autovacuum_analyze_threshold)`.execute(db);
  await db.schema.dropTable('token_usage_school_month').execute();
}
