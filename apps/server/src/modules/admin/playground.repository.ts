import type { Insertable, Kysely } from 'kysely';
import type { Database, PlaygroundRunTable } from '../../db/schema.ts';

export function createPlaygroundRepository(db: Kysely<Database>) {
  return {
    async insertRun(row: Insertable<PlaygroundRunTable>) {
      await db.insertInto('playgroundRun').values(row).execute();
    },
  };
}

export type PlaygroundRepository = ReturnType<typeof createPlaygroundRepository>;
