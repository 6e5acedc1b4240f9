import { type Kysely, sql } from 'kysely';
import type { Database, NoticeAttachmentTable, NoticeTable } from '../../db/schema.ts';

export type NoticeFilter = {
  /** The boards the reader sees: the service's, and their school's when they have one. */
  schoolId: number | null;
  scope: 'ALL' | 'SERVICE' | 'SCHOOL';
  keyword?: string | undefined;
  target: 'ALL' | 'TITLE' | 'BODY' | 'WRITER';
};

const LIKE_ESCAPE = /[\\%_]/g;
const likePattern = (keyword: string) => `%${keyword.replace(LIKE_ESCAPE, (c) => `\\${c}`)}%`;

const SUMMARY_COLUMNS = [
  'notice.id',
  'notice.scope',
  'notice.schoolId',
  'notice.title',
  'notice.writer',
  'notice.createdAt',
  'notice.updatedAt',
  'notice.views',
  'notice.pinned',
  'notice.pinnedAt',
  'school.name as schoolName',
] as const;

export function createBoardRepository(db: Kysely<Database>) {
  function visible(filter: NoticeFilter) {
    let query = db.selectFrom('notice').leftJoin('school', 'school.id', 'notice.schoolId');
    const service = filter.scope !== 'SCHOOL';
    const school = filter.scope !== 'SERVICE' && filter.schoolId !== null;
    query = query.where((eb) =>
      eb.or([
        ...(service ? [eb('notice.scope', '=', 'SERVICE')] : []),
        ...(school
          ? [eb.and([eb('notice.scope', '=', 'SCHOOL'), eb('notice.schoolId', '=', filter.schoolId)])]
          : []),
        // Nothing to show: a condition that holds for no row.
        ...(!service && !school ? [eb('notice.id', '<', 0)] : []),
      ]),
    );
    if (filter.keyword) {
      const pattern = likePattern(filter.keyword);
      const like = (column: 'notice.title' | 'notice.bodyText' | 'notice.writer') =>
        sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
      query = query.where((eb) => {
        if (filter.target === 'TITLE') return like('notice.title');
        if (filter.target === 'BODY') return like('notice.bodyText');
        if (filter.target === 'WRITER') return like('notice.writer');
        return eb.or([like('notice.title'), like('notice.bodyText'), like('notice.writer')]);
      });
    }
    return query;
  }

  const withAttachmentCount = <T extends { id: number }>(rows: T[]) => attachCounts(db, rows);

  return {
    async pinned(filter: NoticeFilter) {
      const rows = await visible(filter)
        .select(SUMMARY_COLUMNS)
        .where('notice.pinned', '=', 1)
        .orderBy('notice.pinnedAt', 'desc')
        .orderBy('notice.id', 'desc')
        .execute();
      return withAttachmentCount(rows);
    },

    async unpinnedPage(filter: NoticeFilter, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        visible(filter)
          .select(SUMMARY_COLUMNS)
          .where('notice.pinned', '=', 0)
          .orderBy('notice.createdAt', 'desc')
          .orderBy('notice.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        visible(filter)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('notice.pinned', '=', 0)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: await withAttachmentCount(rows), total: Number(count.total) };
    },

    /** Unpinned notices newer than `createdAt` (to number a notice as the list does). */
    async newerUnpinned(filter: NoticeFilter, row: { id: number; createdAt: string }) {
      const count = await visible(filter)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('notice.pinned', '=', 0)
        .where((eb) =>
          eb.or([
            eb('notice.createdAt', '>', row.createdAt),
            eb.and([eb('notice.createdAt', '=', row.createdAt), eb('notice.id', '>', row.id)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(count.total);
    },

    async find(id: number) {
      const row = await db
        .selectFrom('notice')
        .leftJoin('school', 'school.id', 'notice.schoolId')
        .select([...SUMMARY_COLUMNS, 'notice.bodyHtml', 'notice.authorId'])
        .where('notice.id', '=', id)
        .executeTakeFirst();
      return row ? (await withAttachmentCount([row]))[0] : undefined;
    },

    /** The notice just older and just newer than this one among what the reader sees. */
    async neighbours(filter: NoticeFilter, row: { id: number; createdAt: string }) {
      const [older, newer] = await Promise.all([
        visible(filter)
          .select(['notice.id', 'notice.title'])
          .where((eb) =>
            eb.or([
              eb('notice.createdAt', '<', row.createdAt),
              eb.and([eb('notice.createdAt', '=', row.createdAt), eb('notice.id', '<', row.id)]),
            ]),
          )
          .orderBy('notice.createdAt', 'desc')
          .orderBy('notice.id', 'desc')
          .limit(1)
          .executeTakeFirst(),
        visible(filter)
          .select(['notice.id', 'notice.title'])
          .where((eb) =>
            eb.or([
              eb('notice.createdAt', '>', row.createdAt),
              eb.and([eb('notice.createdAt', '=', row.createdAt), eb('notice.id', '>', row.id)]),
            ]),
          )
          .orderBy('notice.createdAt', 'asc')
          .orderBy('notice.id', 'asc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { previous: older ?? null, next: newer ?? null };
    },

    async pinnedCount(scope: 'SERVICE' | 'SCHOOL', schoolId: number | null, exceptId?: number) {
      let query = db
        .selectFrom('notice')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('scope', '=', scope)
        .where('pinned', '=', 1);
      query =
        schoolId === null ? query.where('schoolId', 'is', null) : query.where('schoolId', '=', schoolId);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return Number((await query.executeTakeFirstOrThrow()).total);
    },

    async insert(notice: Omit<NoticeTable, 'id'>): Promise<number> {
      const row = await db.insertInto('notice').values(notice).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, changes: Partial<Omit<NoticeTable, 'id'>>) {
      await db.updateTable('notice').set(changes).where('id', '=', id).execute();
    },

    async remove(id: number) {
      await db.deleteFrom('notice').where('id', '=', id).execute();
    },

    attachments(noticeId: number) {
      return db
        .selectFrom('noticeAttachment')
        .selectAll()
        .where('noticeId', '=', noticeId)
        .orderBy('id')
        .execute();
    },

    async insertAttachment(attachment: Omit<NoticeAttachmentTable, 'id'>) {
      await db.insertInto('noticeAttachment').values(attachment).execute();
    },

    async removeAttachments(noticeId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('noticeAttachment')
        .selectAll()
        .where('noticeId', '=', noticeId)
        .where('id', 'in', ids)
        .execute();
      if (rows.length)
        await db
          .deleteFrom('noticeAttachment')
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      return rows;
    },

    /** Counts a reader once a day: true when this is their first look today. */
    async countView(noticeId: number, viewer: string, day: string): Promise<boolean> {
      const inserted = await db
        .insertInto('noticeView')
        .values({ noticeId, viewer, viewedOn: day })
        .onConflict((oc) => oc.columns(['noticeId', 'viewer', 'viewedOn']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await db
        .updateTable('notice')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', noticeId)
        .execute();
      return true;
    },

    async purgeViewsBefore(day: string) {
      await db.deleteFrom('noticeView').where('viewedOn', '<', day).execute();
    },
  };
}

async function attachCounts<T extends { id: number }>(db: Kysely<Database>, rows: T[]) {
  if (rows.length === 0) return [] as (T & { attachmentCount: number })[];
  const counts = await db
    .selectFrom('noticeAttachment')
    .select(['noticeId', (eb) => eb.fn.countAll<number>().as('count')])
    .where(
      'noticeId',
      'in',
      rows.map((row) => row.id),
    )
    .groupBy('noticeId')
    .execute();
  const byId = new Map(counts.map((row) => [row.noticeId, Number(row.count)]));
  return rows.map((row) => ({ ...row, attachmentCount: byId.get(row.id) ?? 0 }));
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
