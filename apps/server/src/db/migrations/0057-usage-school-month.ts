import { sql } from 'kysely';
import { monthOf } from '../../modules/admin/usage-week.ts';
import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Each school's token usage per calendar month (UTC, as every rollup's day), so the service's top
 * schools of a month or a year read one row per school and month, with the weeks and days at the
 * period's edges added or taken away (usage-week.ts), instead of a row per school and day. Filled
 * from the day × school rollup of migration 0053.
 */
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
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('token_usage_school_month').execute();
}
