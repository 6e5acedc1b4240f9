import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AiPromptTable, Database, ToolTable } from '../../db/schema.ts';

export type ToolRow = Selectable<ToolTable>;
export type AiPromptRow = Selectable<AiPromptTable>;

export function createToolsRepository(db: Kysely<Database>) {
  return {
    listTools(filter: { codeName?: string | undefined; useYn?: 'Y' | 'N' | undefined }) {
      let query = db.selectFrom('tool').selectAll();
      if (filter.codeName) query = query.where('codeName', '=', filter.codeName);
      if (filter.useYn) query = query.where('useYn', '=', filter.useYn);
      return query.orderBy('parentId').orderBy('sort').orderBy('id').execute();
    },
    findTool(id: number) {
      return db.selectFrom('tool').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findToolByCode(codeName: string) {
      return db.selectFrom('tool').selectAll().where('codeName', '=', codeName).executeTakeFirst();
    },
    async insertTool(row: Insertable<ToolTable>) {
      return (await db.insertInto('tool').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    async updateTool(id: number, changes: Updateable<ToolTable>) {
      await db.updateTable('tool').set(changes).where('id', '=', id).execute();
    },
    async maxSort(parentId: number | null) {
      const row = await db
        .selectFrom('tool')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where((eb) => (parentId === null ? eb('parentId', 'is', null) : eb('parentId', '=', parentId)))
        .executeTakeFirst();
      return Number(row?.sort ?? 0);
    },
    /** Places a tool at `position` among its siblings and renumbers them 1…n, in one transaction. */
    async reorder(id: number, parentId: number | null, position: number) {
      await db.transaction().execute(async (trx) => {
        const siblings = await trx
          .selectFrom('tool')
          .select('id')
          .where((eb) => (parentId === null ? eb('parentId', 'is', null) : eb('parentId', '=', parentId)))
          .where('id', '!=', id)
          .orderBy('sort')
          .orderBy('id')
          .execute();
        const order = siblings.map((s) => s.id);
        order.splice(Math.max(0, Math.min(position - 1, order.length)), 0, id);
        const now = new Date().toISOString();
        for (const [index, toolId] of order.entries()) {
          await trx
            .updateTable('tool')
            .set({ sort: index + 1, updatedAt: now })
            .where('id', '=', toolId)
            .execute();
        }
      });
    },

    listPrompts(useYn?: 'Y' | 'N') {
      let query = db.selectFrom('aiPrompt').selectAll();
      if (useYn) query = query.where('useYn', '=', useYn);
      return query.orderBy('seq').execute();
    },
    findPrompt(seq: number) {
      return db.selectFrom('aiPrompt').selectAll().where('seq', '=', seq).executeTakeFirst();
    },
    async insertPrompt(row: Insertable<AiPromptTable>) {
      return (await db.insertInto('aiPrompt').values(row).returning('seq').executeTakeFirstOrThrow()).seq;
    },
    async updatePrompt(seq: number, changes: Updateable<AiPromptTable>) {
      await db.updateTable('aiPrompt').set(changes).where('seq', '=', seq).execute();
    },
  };
}

export type ToolsRepository = ReturnType<typeof createToolsRepository>;
