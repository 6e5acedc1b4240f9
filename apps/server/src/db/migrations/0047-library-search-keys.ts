import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../migration-helpers.ts';

/**
 * Library search at a million items on PostgreSQL. The gram index answered only the keyword: "수학"
 * in one school read the school's every item and decompressed its gram array, and "분수" in other
 * schools fetched every matching row (thousands) to keep the newest twenty.
 *
 * The GIN index now holds, beside the grams, the item's scope as keys — its school (`@s12`),
 * its visibility (`@vPUBLIC`) and the block of 65,536 ids it falls in (`@b3`) — the way SQLite's
 * FTS5 table holds scope tokens. A search intersects the keyword with its school inside the
 * index, and newest-first pages read the newest blocks first. Keys start with `@`, which no gram
 * holds. Only shared items (search_grams set) are indexed. The expression is repeated verbatim
 * in library-search.ts: the planner uses the index only for that exact expression.
 *
 * The old gram index stays for the release still running while this one rolls out (its queries
 * use it); the release after this drops it. IF NOT EXISTS lets an operator build the index
 * beforehand with CREATE INDEX CONCURRENTLY (docs/DEPLOYMENT.md), since a migration runs in a
 * transaction and would hold writes to library_item for the build.
 *
 * SQLite needs nothing: its FTS5 rows already carry scope tokens and are read in rowid order.
 */
export const SEARCH_KEYS_SQL = `(search_grams || ARRAY['@s' || COALESCE(school_id, 0)::text, '@v' || visibility, '@b' || (id >> 16)::text])`;

export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `CREATE INDEX IF NOT EXISTS library_item_search_keys_idx ON library_item USING gin (${SEARCH_KEYS_SQL}) WHERE search_grams IS NOT NULL`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX IF EXISTS library_item_search_keys_idx`.execute(db);
}
