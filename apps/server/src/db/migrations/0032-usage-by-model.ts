import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Token usage by model: each settled call remembers the model that answered, and the daily rollup
 * keeps a day × school × model table beside the day × user × purpose one. Calls settled before this
 * migration have no model and count as '(기록 없음)' in the dashboard.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('token_reservation').addColumn('model', 'text').execute();
  await db.schema
    .createTable('token_usage_model_daily')
    .addColumn('day', 'text', (col) => col.notNull())
    // 0 for a user without a school, as in token_usage_daily.
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_model_daily_pk', ['day', 'school_id', 'model'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('token_usage_model_daily').execute();
  await db.schema.alterTable('token_reservation').dropColumn('model').execute();
}
