import { sql } from 'kysely';
import { weekOf } from '../../modules/admin/usage-week.ts';
import { isPostgres, type MigrationDb } from '../migration-helpers.ts';

/**
 * Totals the admin pages read without counting rows on each request.
 *
 * The number of accounts, kept by triggers, so the admin user list's unfiltered first page does
 * not count every account. Exact (not an estimate such as pg_class.reltuples): the list's total
 * drives its pager, and accounts are created and deleted rarely enough that one counter row is no
 * contention. PostgreSQL counts per statement (a batch import bumps it once); SQLite per row.
 *
 * Each school's token usage per week (weeks start on Monday, UTC), so the service's top schools of
 * a month sum four or five weeks and a few days per school instead of thirty days. Filled from the
 * day × school rollup of migration 0053.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('user_count')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('n', 'bigint', (col) => col.notNull())
    .execute();
  await sql`INSERT INTO user_count (id, n) SELECT 1, count(*) FROM users`.execute(db);
  await db.schema
    .createTable('token_usage_school_week')
    // The week's Monday, YYYY-MM-DD.
    .addColumn('week', 'text', (col) => col.notNull())
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_school_week_pk', ['week', 'school_id'])
    .execute();
  await sql`
    INSERT INTO token_usage_school_week (week, school_id, tokens, calls)
    SELECT ${weekOf(isPostgres(db), sql.ref('day'))}, school_id, sum(tokens), sum(calls) FROM token_usage_school_day
    GROUP BY 1, school_id`.execute(db);
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION user_count_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE user_count SET n = n + (SELECT count(*) FROM changed_rows) WHERE id = 1;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE user_count SET n = n - (SELECT count(*) FROM changed_rows) WHERE id = 1;
        ELSE
          UPDATE user_count SET n = 0 WHERE id = 1;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER users_count_insert AFTER INSERT ON users
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION user_count_bump()`.execute(
      db,
    );
    await sql`CREATE TRIGGER users_count_delete AFTER DELETE ON users
      REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION user_count_bump()`.execute(
      db,
    );
    await sql`CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION user_count_bump()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER users_count_insert AFTER INSERT ON users
    BEGIN UPDATE user_count SET n = n + 1 WHERE id = 1; END`.execute(db);
  await sql`CREATE TRIGGER users_count_delete AFTER DELETE ON users
    BEGIN UPDATE user_count SET n = n - 1 WHERE id = 1; END`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER users_count_insert ON users`.execute(db);
    await sql`DROP TRIGGER users_count_delete ON users`.execute(db);
    await sql`DROP TRIGGER users_count_truncate ON users`.execute(db);
    await sql`DROP FUNCTION user_count_bump()`.execute(db);
  } else {
    await sql`DROP TRIGGER users_count_insert`.execute(db);
    await sql`DROP TRIGGER users_count_delete`.execute(db);
  }
  await db.schema.dropTable('user_count').execute();
  await db.schema.dropTable('token_usage_school_week').execute();
}
