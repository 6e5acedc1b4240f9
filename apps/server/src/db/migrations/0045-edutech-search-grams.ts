import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../migration-helpers.ts';

/**
 * PostgreSQL: a GIN index over the one- and two-character grams of each product's search text,
 * so a name search narrows to the products holding every gram of its terms before LIKE confirms
 * the order (Korean terms of one or two syllables included, like the library's gram index), rather
 * than reading all ten thousand names. The grams are an index on an expression of `search_text`,
 * so every write path keeps it without code of its own. SQLite reads every name in one pass, which
 * is already quick there; it gets nothing.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  // Immutable (the same text always gives the same grams), so it can back an index. Grams that
  // hold the space between words are left out: a search term never contains one.
  await sql`CREATE FUNCTION edutech_search_grams(t text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
        SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
        UNION ALL
        SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
      ) AS grams WHERE position(' ' in g) = 0
    $$`.execute(db);
  await sql`CREATE INDEX edutech_product_search_grams_idx ON edutech_product
    USING gin (edutech_search_grams(search_text))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX edutech_product_search_grams_idx`.execute(db);
  await sql`DROP FUNCTION edutech_search_grams(text)`.execute(db);
}
