import type { Selectable } from 'kysely';
import type { LibraryItemTable } from '../../db/schema.ts';

/**
 * A library_item row as read. Its own module so the search index (below the repository) and the
 * repository both name it without importing each other.
 */
export type LibraryItemRow = Selectable<LibraryItemTable>;
