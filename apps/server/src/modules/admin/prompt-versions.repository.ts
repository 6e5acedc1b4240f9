import type { Insertable, Kysely } from 'kysely';
import type { AiPromptVersionTable, Database } from '../../db/schema.ts';

export function createPromptVersionsRepository(db: Kysely<Database>) {
  return {
    list(promptSeq: number) {
      return db
        .selectFrom('aiPromptVersion')
        .selectAll()
        .where('promptSeq', '=', promptSeq)
        .orderBy('version', 'desc')
        .execute();
    },
    find(promptSeq: number, version: number) {
      return db
        .selectFrom('aiPromptVersion')
        .selectAll()
        .where('promptSeq', '=', promptSeq)
        .where('version', '=', version)
        .executeTakeFirst();
    },
    latest(promptSeq: number) {
      return db
        .selectFrom('aiPromptVersion')
        .selectAll()
        .where('promptSeq', '=', promptSeq)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async insert(row: Insertable<AiPromptVersionTable>) {
      await db.insertInto('aiPromptVersion').values(row).execute();
    },
  };
}

export type PromptVersionsRepository = ReturnType<typeof createPromptVersionsRepository>;
