import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AiPromptTable, Database, ToolTable } from '../../db/schema.ts';

export type ToolRow = Selectable<ToolTable>;
export type AiPromptRow = Selectable<AiPromptTable>;

/**
 * Renumbers the children of `parentId` 1…n, with tool `id` (when given) at `position`; only the
 * rows whose number changes are written.
 */
async function placeAmongSiblings(
  trx: Kysely<Database>,
  id: number | null,
  parentId: number | null,
  position: number,
) {
  const siblings = await trx
    .selectFrom('tool')
    .select(['id', 'sort'])
    .where((eb) => (parentId === null ? eb('parentId', 'is', null) : eb('parentId', '=', parentId)))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const order = siblings.filter((s) => s.id !== id);
  const moved = siblings.find((s) => s.id === id);
  if (moved) order.splice(Math.max(0, Math.min(position - 1, order.length)), 0, moved);
  const now = new Date().toISOString();
  for (const [index, tool] of order.entries()) {
    if (tool.sort === index + 1) continue;
    await trx
      .updateTable('tool')
      .set({ sort: index + 1, updatedAt: now })
      .where('id', '=', tool.id)
      .execute();
  }
}

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
    async countChildren(id: number) {
      const row = await db
        .selectFrom('tool')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('parentId', '=', id)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    /** Places a tool at `position` among its siblings and renumbers them 1…n, in one transaction. */
    async reorder(id: number, parentId: number | null, position: number) {
      await db.transaction().execute((trx) => placeAmongSiblings(trx, id, parentId, position));
    },
    /**
     * Moves a tool under another parent at `position` (last when absent) and closes the gap it
     * leaves among its former siblings, in one transaction.
     */
    async move(id: number, fromParentId: number | null, toParentId: number | null, position?: number) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('tool')
          .set({ parentId: toParentId, updatedAt: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        await placeAmongSiblings(trx, id, toParentId, position ?? Number.MAX_SAFE_INTEGER);
        await placeAmongSiblings(trx, null, fromParentId, 0);
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
