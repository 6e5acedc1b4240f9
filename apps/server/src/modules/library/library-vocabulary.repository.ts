import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { FINISHED } from './library-item.ts';

/** Titles of recent public, finished materials: the words "did you mean" may suggest. */
export function createLibraryVocabularyRepository(db: Kysely<Database>) {
  return {
    async recentPublicTitles(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('libraryItem')
        .select('title')
        .where('visibility', '=', 'PUBLIC')
        .where('status', '=', FINISHED)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.title);
    },
  };
}
