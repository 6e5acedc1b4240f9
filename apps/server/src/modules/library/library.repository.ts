import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, LibraryItemStatus, LibraryItemTable } from '../../db/schema.ts';

export type LibraryItemRow = Selectable<LibraryItemTable>;

export function createLibraryRepository(db: Kysely<Database>) {
  return {
    find(id: number) {
      return db.selectFrom('libraryItem').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByIdempotencyKey(key: string) {
      return db.selectFrom('libraryItem').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
    },

    async insert(row: Insertable<LibraryItemTable>): Promise<number> {
      const inserted = await db
        .insertInto('libraryItem')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    listOwn(creatorId: number, libraryType: string) {
      return db
        .selectFrom('libraryItem')
        .selectAll()
        .where('creatorId', '=', creatorId)
        .where('libraryType', '=', libraryType)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    async remove(id: number) {
      await db.deleteFrom('libraryItem').where('id', '=', id).execute();
    },

    async setStatus(
      id: number,
      status: LibraryItemStatus,
      changes: Partial<Pick<LibraryItemRow, 'content' | 'error' | 'completedAt' | 'title'>> = {},
    ) {
      await db
        .updateTable('libraryItem')
        .set({ status, updatedAt: new Date().toISOString(), ...changes })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
