import type { Kysely, Selectable } from 'kysely';
import type { Database, ToolThreadMessageTable, ToolThreadTable } from '../../../db/schema.ts';

export type ToolThreadRow = Selectable<ToolThreadTable>;
export type ToolThreadMessageRow = Selectable<ToolThreadMessageTable>;

/** Tool threads and their messages (migration 0052). */
export function createAssistantRepository(db: Kysely<Database>) {
  return {
    find(id: string): Promise<ToolThreadRow | undefined> {
      return db.selectFrom('toolThread').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's latest thread about an item: the one the result page resumes. */
    latestFor(userId: number, libraryItemId: number): Promise<ToolThreadRow | undefined> {
      return db
        .selectFrom('toolThread')
        .selectAll()
        .where('userId', '=', userId)
        .where('libraryItemId', '=', libraryItemId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    async insert(row: ToolThreadRow): Promise<void> {
      await db.insertInto('toolThread').values(row).execute();
    },

    messages(threadId: string): Promise<ToolThreadMessageRow[]> {
      return db
        .selectFrom('toolThreadMessage')
        .selectAll()
        .where('threadId', '=', threadId)
        .orderBy('seq')
        .execute();
    },

    /** Appends the question and the answer's row together, numbered after the thread's last. */
    async append(threadId: string, rows: Omit<ToolThreadMessageRow, 'seq' | 'threadId'>[], now: string) {
      await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('toolThreadMessage')
          .select((eb) => eb.fn.max<number | null>('seq').as('seq'))
          .where('threadId', '=', threadId)
          .executeTakeFirst();
        let seq = Number(last?.seq ?? 0);
        await trx
          .insertInto('toolThreadMessage')
          .values(rows.map((row) => ({ ...row, threadId, seq: ++seq })))
          .execute();
        await trx.updateTable('toolThread').set({ updatedAt: now }).where('id', '=', threadId).execute();
      });
    },

    /** The tool's name as teachers see it in the catalogue (the thread's system prompt names it). */
    async toolLabel(libraryType: string): Promise<string | null> {
      const row = await db
        .selectFrom('tool')
        .select('labelKo')
        .where('libraryType', '=', libraryType)
        .executeTakeFirst();
      return row?.labelKo ?? null;
    },

    async finish(id: string, changes: Pick<ToolThreadMessageRow, 'text' | 'status'>): Promise<void> {
      await db
        .updateTable('toolThreadMessage')
        .set({ ...changes, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type AssistantRepository = ReturnType<typeof createAssistantRepository>;
