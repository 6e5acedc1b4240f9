import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Coarse token-usage rollups for the dashboard. The day × user × purpose table holds about one row
 * per call once there are many teachers, so summing it over a month reads millions of rows; the
 * dashboard's own questions need far fewer keys: the service per day and tool, a school per day and
 * tool, the schools per day, the models per day, and each user's day total (top teachers). The
 * fold adds a claimed batch of calls to every table with one INSERT … SELECT … GROUP BY each.
 * Filled here from the day × user × purpose and day × school × model rollups, which already hold
 * every call folded so far.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('token_usage_tool_day')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_tool_day_pk', ['day', 'purpose'])
    .execute();
  await db.schema
    .createTable('token_usage_school_tool_day')
    // 0 for a user without a school, as in token_usage_daily.
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_school_tool_day_pk', ['school_id', 'day', 'purpose'])
    .execute();
  await db.schema
    .createTable('token_usage_school_day')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_school_day_pk', ['day', 'school_id'])
    .execute();
  await db.schema
    .createTable('token_usage_model_day')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_model_day_pk', ['day', 'model'])
    .execute();
  await db.schema
    .createTable('token_usage_user_day')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    // The user's school when the day's calls were last folded.
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_user_day_pk', ['day', 'user_id'])
    .execute();
  // Each day's heaviest users first: the top teachers of a period start from these.
  await sql`CREATE INDEX token_usage_user_day_rank_idx ON token_usage_user_day (day, tokens)`.execute(db);
  await sql`CREATE INDEX token_usage_user_day_user_idx ON token_usage_user_day (user_id, day)`.execute(db);
  await sql`CREATE INDEX token_usage_user_day_school_idx ON token_usage_user_day (school_id, day)`.execute(
    db,
  );
  // One school's models without reading every school's day.
  await sql`CREATE INDEX token_usage_model_daily_school_idx ON token_usage_model_daily (school_id, day)`.execute(
    db,
  );

  await sql`
    INSERT INTO token_usage_tool_day (day, purpose, tokens, calls)
    SELECT day, purpose, sum(tokens), sum(calls) FROM token_usage_daily GROUP BY day, purpose`.execute(db);
  await sql`
    INSERT INTO token_usage_school_tool_day (school_id, day, purpose, tokens, calls)
    SELECT school_id, day, purpose, sum(tokens), sum(calls) FROM token_usage_daily
    GROUP BY school_id, day, purpose`.execute(db);
  await sql`
    INSERT INTO token_usage_school_day (day, school_id, tokens, calls)
    SELECT day, school_id, sum(tokens), sum(calls) FROM token_usage_daily GROUP BY day, school_id`.execute(
    db,
  );
  await sql`
    INSERT INTO token_usage_model_day (day, model, tokens, calls)
    SELECT day, model, sum(tokens), sum(calls) FROM token_usage_model_daily GROUP BY day, model`.execute(db);
  await sql`
    INSERT INTO token_usage_user_day (day, user_id, school_id, tokens, calls)
    SELECT day, user_id, max(school_id), sum(tokens), sum(calls) FROM token_usage_daily
    GROUP BY day, user_id`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`DROP INDEX token_usage_model_daily_school_idx`.execute(db);
  for (const table of [
    'token_usage_user_day',
    'token_usage_model_day',
    'token_usage_school_day',
    'token_usage_school_tool_day',
    'token_usage_tool_day',
  ])
    await db.schema.dropTable(table).execute();
}
