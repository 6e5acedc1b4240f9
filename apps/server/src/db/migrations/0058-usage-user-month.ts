import { sql } from 'kysely';
import { monthOf, weekOf } from '../../modules/admin/usage-week.ts';
import { isPostgres, type MigrationDb } from '../migration-helpers.ts';

/**
 * Each user's token usage per week (Monday, UTC) and calendar month, as the school rollups of
 * migrations 0056 and 0057: the service's top users of a period start from the leaders of its few
 * signed month, week and day blocks (usage-week.ts) instead of the leaders of every day, and sum
 * the candidates from those blocks. Filled from the day × user rollup of migration 0053.
 *
 * And the dashboard's "near their limit" panel: the active licences by share of their limit used,
 * highest first, so the panel reads the licences at or above the share and stops, instead of
 * sorting every active licence.
 */
export async function up(db: MigrationDb): Promise<void> {
  const postgres = isPostgres(db);
  for (const [table, block, of] of [
    ['token_usage_user_week', 'week', weekOf(postgres, sql.ref('day'))],
    ['token_usage_user_month', 'month', monthOf(sql.ref('day'))],
  ] as const) {
    await db.schema
      .createTable(table)
      // The week's Monday or the month's first day, YYYY-MM-DD.
      .addColumn(block, 'text', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('tokens', 'bigint', (col) => col.notNull())
      .addColumn('calls', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [block, 'user_id'])
      .execute();
    // Each block's heaviest users first.
    await sql`CREATE INDEX ${sql.id(`${table}_rank_idx`)} ON ${sql.table(table)} (${sql.ref(block)}, tokens)`.execute(
      db,
    );
    await sql`
      INSERT INTO ${sql.table(table)} (${sql.ref(block)}, user_id, tokens, calls)
      SELECT ${of}, user_id, sum(tokens), sum(calls) FROM token_usage_user_day
      GROUP BY 1, user_id`.execute(db);
  }
  await sql`CREATE INDEX user_license_near_limit_idx
    ON user_license ((token_used * 1.0 / token_limit) DESC)
    WHERE status = 'ACTIVE' AND token_limit > 0`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`DROP INDEX user_license_near_limit_idx`.execute(db);
  await db.schema.dropTable('token_usage_user_month').execute();
  await db.schema.dropTable('token_usage_user_week').execute();
}
