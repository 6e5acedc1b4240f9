import { type Selectable, sql } from 'kysely';
import type { LibraryItemTable } from '../../db/schema.ts';

/**
 * A library_item row as read. Its own module so the search index (below the repository) and the
 * repository both name it without importing each other.
 */
export type LibraryItemRow = Selectable<LibraryItemTable>;

/**
 * `status = 3` (finished) as the SQL writes it: the partial indexes of the shared library hold only
 * finished items (migration 0009), and a bound 3 made SQLite's planner read the value and prepare
 * the listing again on every call (16 of a tab page's 53 µs); PostgreSQL's generic plans cannot
 * use a partial index for a bound value at all.
 */
export const FINISHED = sql.lit<3>(3);
