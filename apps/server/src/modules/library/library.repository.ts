import { randomBytes } from 'node:crypto';
import type { Expression, ExpressionBuilder, Insertable, Kysely, SqlBool } from 'kysely';
import type { Database, LibraryItemStatus, LibraryItemTable } from '../../db/schema.ts';
import type { LibraryItemRow } from './library-item.ts';
import type { LibrarySearchIndex, SearchScope } from './library-search.ts';
import { scopeCondition } from './library-search.ts';
import { excerptOf, plainTextOf } from './material-text.ts';
import type { KeywordTerm } from './search-grams.ts';

export type { LibraryItemRow } from './library-item.ts';

/** The counters the library can sort by. */
export type LibraryCounter = 'likeCount' | 'bookmarkCount' | 'viewCount';

/** What a result card shows: never the content, the form or the search columns (kilobytes a row). */
const CARD_COLUMNS = [
  'li.id',
  'li.creatorId',
  'li.schoolId',
  'li.libraryType',
  'li.materialType',
  'li.title',
  'li.status',
  'li.visibility',
  'li.editable',
  'li.gradeSeq',
  'li.subjectSeq',
  'li.excerpt',
  'li.likeCount',
  'li.bookmarkCount',
  'li.viewCount',
  'li.createdAt',
] as const;

type CardColumn = (typeof CARD_COLUMNS)[number] extends `li.${infer Column}` ? Column : never;

export interface CardRow extends Pick<LibraryItemRow, CardColumn> {
  authorName: string;
  schoolName: string | null;
  gradeName: string | null;
  subjectName: string | null;
  liked: boolean;
  bookmarked: boolean;
}

const now = () => new Date().toISOString();

export function createLibraryRepository(db: Kysely<Database>, search: LibrarySearchIndex) {
  async function find(id: number) {
    return db.selectFrom('libraryItem').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Re-derives the excerpt and the search entry after the title, content or sharing changed. */
  async function reindexWith(executor: Kysely<Database>, id: number) {
    const index = search.on(executor);
    const item = await executor.selectFrom('libraryItem').selectAll().where('id', '=', id).executeTakeFirst();
    if (!item) return index.drop(id);
    const body = plainTextOf(item.content);
    const excerpt = excerptOf(body);
    if (excerpt !== item.excerpt) {
      await executor.updateTable('libraryItem').set({ excerpt }).where('id', '=', id).execute();
    }
    await index.sync(item, { title: item.title, body });
  }

  /**
   * A change to an item and its search entry, together or not at all: a server killed between the
   * two once left items that search no longer found by their new title (npm run test:crash).
   */
  function changeAndReindex<T>(change: (trx: Kysely<Database>) => Promise<T>, idOf: (result: T) => number) {
    return db.transaction().execute(async (trx) => {
      const result = await change(trx);
      await reindexWith(trx, idOf(result));
      return result;
    });
  }

  const reindex = (id: number) =>
    changeAndReindex(
      async () => id,
      (same) => same,
    );

  function inScope(
    eb: ExpressionBuilder<Database, 'libraryItem'>,
    scope: SearchScope,
    terms?: KeywordTerm[],
  ) {
    const conditions: Expression<SqlBool>[] = [scopeCondition(eb, scope)];
    if (terms?.length) conditions.push(search.matchCondition(eb, terms, scope));
    return eb.and(conditions);
  }

  async function insert(row: Insertable<LibraryItemTable>): Promise<number> {
    return changeAndReindex(
      async (trx) =>
        (await trx.insertInto('libraryItem').values(row).returning('id').executeTakeFirstOrThrow()).id,
      (id) => id,
    );
  }

  async function react(
    table: 'libraryLike' | 'libraryBookmark',
    userId: number,
    libraryId: number,
    on: boolean,
  ) {
    const counter = table === 'libraryLike' ? 'likeCount' : 'bookmarkCount';
    return db.transaction().execute(async (trx) => {
      const changed = on
        ? await trx
            .insertInto(table)
            .values({ userId, libraryId, createdAt: now() })
            .onConflict((oc) => oc.columns(['userId', 'libraryId']).doNothing())
            .executeTakeFirst()
        : await trx
            .deleteFrom(table)
            .where('userId', '=', userId)
            .where('libraryId', '=', libraryId)
            .executeTakeFirst();
      const rows = Number(
        'numInsertedOrUpdatedRows' in changed ? changed.numInsertedOrUpdatedRows : changed.numDeletedRows,
      );
      if (rows > 0) {
        await trx
          .updateTable('libraryItem')
          .set((eb) => ({ [counter]: eb(counter, on ? '+' : '-', 1) }))
          .where('id', '=', libraryId)
          .execute();
      }
      const item = await trx
        .selectFrom('libraryItem')
        .select(counter)
        .where('id', '=', libraryId)
        .executeTakeFirstOrThrow();
      return Number(item[counter]);
    });
  }

  return {
    find,
    reindex,

    findByIdempotencyKey(key: string) {
      return db.selectFrom('libraryItem').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
    },

    insert,

    /** The owner's own private, editable copy of a finished item ("copy to my materials"). */
    async copyAsOwn(
      item: LibraryItemRow,
      owner: { userId: number; schoolId: number | null },
    ): Promise<number> {
      const at = now();
      const { id: _id, searchGrams: _g, searchTitle: _t, searchText: _x, ...source } = item;
      return insert({
        ...source,
        creatorId: owner.userId,
        schoolId: owner.schoolId,
        status: 3,
        error: null,
        visibility: 'PRIVATE',
        editable: 1,
        idempotencyKey: null,
        likeCount: 0,
        bookmarkCount: 0,
        viewCount: 0,
        copiedFromId: item.id,
        createdAt: at,
        updatedAt: at,
        completedAt: at,
      });
    },

    /**
     * Whether any item of the creator still names a kept file in its stored form: a teacher's copy
     * of their own item refers to the same files, which stay until no item of theirs does.
     */
    async refersToKeptFile(creatorId: number, fileId: string): Promise<boolean> {
      const row = await db
        .selectFrom('libraryItem')
        .select('id')
        .where('creatorId', '=', creatorId)
        .where('input', 'like', `%${JSON.stringify(fileId)}%`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
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
      await db.transaction().execute(async (trx) => {
        await search.on(trx).drop(id);
        await trx.deleteFrom('libraryItem').where('id', '=', id).execute();
      });
    },

    async setStatus(
      id: number,
      status: LibraryItemStatus,
      changes: Partial<Pick<LibraryItemRow, 'content' | 'error' | 'completedAt' | 'title'>> = {},
    ) {
      await changeAndReindex(
        (trx) =>
          trx
            .updateTable('libraryItem')
            .set({ status, updatedAt: now(), ...changes })
            .where('id', '=', id)
            .execute(),
        () => id,
      );
    },

    /**
     * A changed form before the item is generated again (its title follows the form, and its
     * sharing when the form chose one); reindexed with it, as the search entry holds the sharing.
     */
    async updateInput(
      id: number,
      changes: {
        input: string;
        title: string;
        sharing?: { visibility: LibraryItemRow['visibility']; editable: boolean } | undefined;
      },
    ) {
      const sharing = changes.sharing
        ? { visibility: changes.sharing.visibility, editable: changes.sharing.editable ? 1 : 0 }
        : {};
      await changeAndReindex(
        (trx) =>
          trx
            .updateTable('libraryItem')
            .set({ input: changes.input, title: changes.title, ...sharing, updatedAt: now() })
            .where('id', '=', id)
            .execute(),
        () => id,
      );
    },

    async updateSettings(
      id: number,
      settings: { visibility: LibraryItemRow['visibility']; editable: boolean },
    ) {
      await changeAndReindex(
        (trx) =>
          trx
            .updateTable('libraryItem')
            .set({ visibility: settings.visibility, editable: settings.editable ? 1 : 0, updatedAt: now() })
            .where('id', '=', id)
            .execute(),
        () => id,
      );
    },

    /** Result cards for these ids, in the order given, with what the viewer did to each. */
    async cards(ids: number[], viewerId: number): Promise<CardRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('libraryItem as li')
        .innerJoin('users as u', 'u.id', 'li.creatorId')
        .leftJoin('school as s', 's.id', 'li.schoolId')
        .leftJoin('code as g', 'g.codeSeq', 'li.gradeSeq')
        .leftJoin('code as j', 'j.codeSeq', 'li.subjectSeq')
        .select(CARD_COLUMNS)
        .select((eb) => [
          'u.name as authorName',
          's.name as schoolName',
          'g.name as gradeName',
          'j.name as subjectName',
          eb
            .exists(
              eb
                .selectFrom('libraryLike as l')
                .select('l.libraryId')
                .whereRef('l.libraryId', '=', 'li.id')
                .where('l.userId', '=', viewerId),
            )
            .as('liked'),
          eb
            .exists(
              eb
                .selectFrom('libraryBookmark as b')
                .select('b.libraryId')
                .whereRef('b.libraryId', '=', 'li.id')
                .where('b.userId', '=', viewerId),
            )
            .as('bookmarked'),
        ])
        .where('li.id', 'in', ids)
        .execute();
      const byId = new Map(
        rows.map((row) => [
          row.id,
          { ...row, liked: Boolean(row.liked), bookmarked: Boolean(row.bookmarked) },
        ]),
      );
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Shared items in the scope (matching the keyword, when given), newest first (keyset on id). */
    async newestIds(
      scope: SearchScope,
      page: {
        beforeId?: number | undefined;
        minCreatedAt?: string | undefined;
        terms?: KeywordTerm[] | undefined;
        limit: number;
      },
    ) {
      const rows = await db
        .selectFrom('libraryItem')
        .select('id')
        .where((eb) => inScope(eb, scope, page.terms))
        .$if(page.beforeId !== undefined, (qb) => qb.where('id', '<', page.beforeId!))
        .$if(page.minCreatedAt !== undefined, (qb) => qb.where('createdAt', '>=', page.minCreatedAt!))
        .orderBy('id', 'desc')
        .limit(page.limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Shared items in the scope by a counter, highest first (keyset on counter, id). */
    async counterIds(
      scope: SearchScope,
      counter: LibraryCounter,
      page: {
        after?: { value: number; id: number } | undefined;
        terms?: KeywordTerm[] | undefined;
        minCreatedAt?: string | undefined;
        limit: number;
      },
    ) {
      const rows = await db
        .selectFrom('libraryItem')
        .select(['id', `${counter} as value`])
        .where((eb) => {
          const conditions: Expression<SqlBool>[] = [inScope(eb, scope, page.terms)];
          if (page.after) {
            const { value, id } = page.after;
            conditions.push(
              eb.or([eb(counter, '<', value), eb.and([eb(counter, '=', value), eb('id', '<', id)])]),
            );
          }
          return eb.and(conditions);
        })
        .$if(page.minCreatedAt !== undefined, (qb) => qb.where('createdAt', '>=', page.minCreatedAt!))
        .orderBy(counter, 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .execute();
      return rows.map((row) => ({ id: row.id, value: Number(row.value) }));
    },

    /** Shared items in the scope (matching the keyword, when given), counted up to cap + 1. */
    async countScope(
      scope: SearchScope,
      cap: number,
      options: { minCreatedAt?: string | undefined; terms?: KeywordTerm[] } = {},
    ) {
      const row = await db
        .selectFrom((qb) =>
          qb
            .selectFrom('libraryItem')
            .select('id')
            .where((eb) => inScope(eb, scope, options.terms))
            .$if(options.minCreatedAt !== undefined, (q) => q.where('createdAt', '>=', options.minCreatedAt!))
            .limit(cap + 1)
            .as('matches'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    like: (userId: number, libraryId: number, on: boolean) => react('libraryLike', userId, libraryId, on),
    bookmark: (userId: number, libraryId: number, on: boolean) =>
      react('libraryBookmark', userId, libraryId, on),

    /** Counts a view once per viewer and day. */
    async countView(libraryId: number, userId: number): Promise<void> {
      const viewedOn = now().slice(0, 10);
      const inserted = await db
        .insertInto('libraryView')
        .values({ libraryId, userId, viewedOn })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await db
        .updateTable('libraryItem')
        .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
        .where('id', '=', libraryId)
        .execute();
    },

    /** Views of days before `day` no longer decide anything. */
    async purgeViewsBefore(day: string): Promise<void> {
      await db.deleteFrom('libraryView').where('viewedOn', '<', day).execute();
    },

    /** The item's share token, made on first use; unguessable (128 bits). */
    async shareToken(libraryId: number, userId: number): Promise<string> {
      const existing = await db
        .selectFrom('libraryShareLink')
        .select('token')
        .where('libraryId', '=', libraryId)
        .executeTakeFirst();
      if (existing) return existing.token;
      const token = randomBytes(16).toString('base64url');
      await db
        .insertInto('libraryShareLink')
        .values({ libraryId, token, createdBy: userId, createdAt: now() })
        .onConflict((oc) => oc.column('libraryId').doNothing())
        .execute();
      const row = await db
        .selectFrom('libraryShareLink')
        .select('token')
        .where('libraryId', '=', libraryId)
        .executeTakeFirstOrThrow();
      return row.token;
    },

    async findByShareToken(token: string) {
      return db
        .selectFrom('libraryShareLink as l')
        .innerJoin('libraryItem as li', 'li.id', 'l.libraryId')
        .select('li.id')
        .where('l.token', '=', token)
        .executeTakeFirst();
    },

    /** Bookmarked items of a user, most recently bookmarked first (keyset on the bookmark time, id). */
    async bookmarkedIds(
      userId: number,
      page: { after?: { at: string; id: number } | undefined; limit: number },
    ) {
      const rows = await db
        .selectFrom('libraryBookmark')
        .select(['libraryId as id', 'createdAt as at'])
        .where('userId', '=', userId)
        .$if(page.after !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('createdAt', '<', page.after!.at),
              eb.and([eb('createdAt', '=', page.after!.at), eb('libraryId', '<', page.after!.id)]),
            ]),
          ),
        )
        .orderBy('createdAt', 'desc')
        .orderBy('libraryId', 'desc')
        .limit(page.limit)
        .execute();
      return rows;
    },

    /** A user's own latest items (any status). */
    async recentOwnIds(userId: number, limit: number) {
      const rows = await db
        .selectFrom('libraryItem')
        .select('id')
        .where('creatorId', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The subject codes of that name (each grade has its own), or of that grade only. */
    async subjectSeqsNamed(name: string, gradeSeq?: number): Promise<number[]> {
      const rows = await db
        .selectFrom('code')
        .select('codeSeq')
        .where('groupCode', '=', 'SUBJECT')
        .where('name', '=', name)
        .$if(gradeSeq !== undefined, (q) => q.where('parentSeq', '=', gradeSeq!))
        .execute();
      return rows.map((row) => row.codeSeq);
    },

    async folderOf(userId: number, libraryId: number) {
      const row = await db
        .selectFrom('materialFolderItem')
        .select('folderId')
        .where('userId', '=', userId)
        .where('libraryId', '=', libraryId)
        .executeTakeFirst();
      return row?.folderId ?? null;
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
