import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../policies/actor.ts';

const now = () => new Date().toISOString();

export interface MyMaterialsFilter {
  tab: 'CREATED' | 'FAVORITES' | 'LIKES';
  from: string;
  to: string;
  materialType?: string | undefined;
  folderId?: number | undefined;
}

/** My Materials (core.md §2): the caller's items, bookmarks and likes by school year, and folders. */
export function createMaterialsRepository(db: Kysely<Database>) {
  function listQuery(actor: Actor, filter: MyMaterialsFilter) {
    let query = db.selectFrom('libraryItem as li');
    if (filter.tab === 'FAVORITES') {
      query = query.innerJoin('libraryBookmark as r', (join) =>
        join.onRef('r.libraryId', '=', 'li.id').on('r.userId', '=', actor.userId),
      );
    } else if (filter.tab === 'LIKES') {
      query = query.innerJoin('libraryLike as r', (join) =>
        join.onRef('r.libraryId', '=', 'li.id').on('r.userId', '=', actor.userId),
      );
    }
    return query.where((eb) => {
      const conditions = [eb('li.createdAt', '>=', filter.from), eb('li.createdAt', '<', filter.to)];
      if (filter.tab === 'CREATED') conditions.push(eb('li.creatorId', '=', actor.userId));
      else {
        // Someone else's item stays listed only while the caller may still see it.
        const visible = [eb('li.creatorId', '=', actor.userId), eb('li.visibility', '=', 'PUBLIC')];
        if (actor.schoolId !== null) {
          visible.push(eb.and([eb('li.visibility', '=', 'SCHOOL'), eb('li.schoolId', '=', actor.schoolId)]));
        }
        conditions.push(eb('li.status', '=', 3), eb.or(visible));
      }
      if (filter.materialType) conditions.push(eb('li.materialType', '=', filter.materialType));
      if (filter.folderId !== undefined) {
        conditions.push(
          eb(
            'li.id',
            'in',
            eb
              .selectFrom('materialFolderItem as f')
              .select('f.libraryId')
              .where('f.userId', '=', actor.userId)
              .where('f.folderId', '=', filter.folderId),
          ),
        );
      }
      return eb.and(conditions);
    });
  }

  return {
    async ids(
      actor: Actor,
      filter: MyMaterialsFilter,
      page: { beforeId?: number | undefined; limit: number },
    ) {
      const rows = await listQuery(actor, filter)
        .select('li.id')
        .$if(page.beforeId !== undefined, (qb) => qb.where('li.id', '<', page.beforeId!))
        .orderBy('li.id', 'desc')
        .limit(page.limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async count(actor: Actor, filter: MyMaterialsFilter, cap: number) {
      const row = await db
        .selectFrom(
          listQuery(actor, filter)
            .select('li.id')
            .limit(cap + 1)
            .as('matches'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    finishedOwn(userId: number) {
      return db
        .selectFrom('libraryItem as li')
        .leftJoin('materialFolderItem as f', (join) =>
          join.onRef('f.libraryId', '=', 'li.id').on('f.userId', '=', userId),
        )
        .select(['li.id', 'li.title', 'li.libraryType', 'li.materialType', 'li.createdAt', 'f.folderId'])
        .where('li.creatorId', '=', userId)
        .where('li.status', '=', 3)
        .orderBy('li.id', 'desc')
        .limit(200)
        .execute();
    },

    folders(userId: number) {
      return db
        .selectFrom('materialFolder as mf')
        .select((eb) => [
          'mf.id',
          'mf.name',
          'mf.parentId',
          'mf.createdAt',
          eb
            .selectFrom('materialFolderItem as f')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('f.folderId', '=', 'mf.id')
            .as('itemCount'),
        ])
        .where('mf.userId', '=', userId)
        .orderBy('mf.name')
        .orderBy('mf.id')
        .execute();
    },

    findFolder(userId: number, id: number) {
      return db
        .selectFrom('materialFolder')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    async createFolder(userId: number, name: string, parentId: number | null) {
      const row = await db
        .insertInto('materialFolder')
        .values({ userId, name, parentId, createdAt: now(), updatedAt: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async renameFolder(id: number, name: string) {
      await db.updateTable('materialFolder').set({ name, updatedAt: now() }).where('id', '=', id).execute();
    },

    /** The folder and every folder below it. */
    async subtree(userId: number, id: number): Promise<number[]> {
      const all = await db
        .selectFrom('materialFolder')
        .select(['id', 'parentId'])
        .where('userId', '=', userId)
        .execute();
      const result = [id];
      for (let i = 0; i < result.length; i++) {
        for (const folder of all) if (folder.parentId === result[i]) result.push(folder.id);
      }
      return result;
    },

    async itemsIn(userId: number, folderIds: number[]) {
      const rows = await db
        .selectFrom('materialFolderItem')
        .select('libraryId')
        .where('userId', '=', userId)
        .where('folderId', 'in', folderIds)
        .execute();
      return rows.map((row) => row.libraryId);
    },

    /** Deletes a folder; its direct subfolders move up to the root and its items leave it. */
    async deleteFolderKeepingContents(id: number) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('materialFolder').set({ parentId: null }).where('parentId', '=', id).execute();
        await trx.deleteFrom('materialFolderItem').where('folderId', '=', id).execute();
        await trx.deleteFrom('materialFolder').where('id', '=', id).execute();
      });
    },

    async deleteFolders(folderIds: number[]) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('materialFolderItem').where('folderId', 'in', folderIds).execute();
        // Children first, so no row points at a deleted parent in between.
        for (const id of [...folderIds].reverse())
          await trx.deleteFrom('materialFolder').where('id', '=', id).execute();
      });
    },

    async placeItems(userId: number, folderId: number | null, libraryIds: number[]) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('materialFolderItem')
          .where('userId', '=', userId)
          .where('libraryId', 'in', libraryIds)
          .execute();
        if (folderId === null) return;
        await trx
          .insertInto('materialFolderItem')
          .values(libraryIds.map((libraryId) => ({ userId, libraryId, folderId, createdAt: now() })))
          .execute();
      });
    },
  };
}

export type MaterialsRepository = ReturnType<typeof createMaterialsRepository>;
