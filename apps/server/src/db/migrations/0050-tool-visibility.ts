import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../migration-helpers.ts';

/**
 * Who sees each tool: the roles, comma-separated, for which the catalogue lists it. Every role by
 * default, so the tools already published stay where they are.
 *
 * And, on PostgreSQL, the admin user search's gram index: a search for part of a name, user name
 * or e-mail read every account (100,000 in bench:admin) before LIKE kept the few that match; the
 * GIN index over the one- and two-character grams of the three (the function of migration 0045)
 * narrows to the accounts holding every gram of the term first. SQLite reads them in one pass.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('tool')
    .addColumn('visible_roles', 'text', (col) =>
      col.notNull().defaultTo('ROLE_SUPER_ADMIN,ROLE_ADMIN,ROLE_TEACHER,ROLE_STUDENT,ROLE_PROVIDER'),
    )
    .execute();
  if (isPostgres(db)) {
    await sql`CREATE INDEX users_search_grams_idx ON users USING gin (
      edutech_search_grams(lower(name || ' ' || username || ' ' || coalesce(email, '')))
    )`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) await sql`DROP INDEX IF EXISTS users_search_grams_idx`.execute(db);
  await db.schema.alterTable('tool').dropColumn('visible_roles').execute();
}
