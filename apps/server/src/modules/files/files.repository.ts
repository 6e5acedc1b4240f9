import type { Kysely } from 'kysely';
import type { Database, StoredFileTable } from '../../db/schema.ts';

export function createFilesRepository(db: Kysely<Database>) {
  return {
    async insert(row: StoredFileTable) {
      await db.insertInto('storedFile').values(row).execute();
    },
    find(id: string) {
      return db.selectFrom('storedFile').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findMany(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('storedFile').selectAll().where('id', 'in', ids).execute();
    },
    async remove(id: string) {
      await db.deleteFrom('storedFile').where('id', '=', id).execute();
    },
    /** Changes a file only while it is still processing, so a cancel is never overwritten. */
    async finishProcessing(
      id: string,
      changes: Pick<StoredFileTable, 'status' | 'text' | 'error'>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('storedFile')
        .set(changes)
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /**
     * Files still `processing` that were uploaded before `before`: their reading died with a
     * process (a reading never outlives its reader's wall-clock limit). They fail, visibly.
     */
    async failAbandoned(before: string): Promise<number> {
      const result = await db
        .updateTable('storedFile')
        .set({ status: 'failed', error: 'interrupted', text: null })
        .where('status', '=', 'processing')
        .where('createdAt', '<', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
