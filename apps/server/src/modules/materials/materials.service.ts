import { LIBRARY_COUNT_CAP, type MyMaterialsQuery } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Actor } from '../../policies/actor.ts';
import { canOnMaterial } from '../../policies/material.policy.ts';
import type { LibraryRepository } from '../library/library.repository.ts';
import { toCard } from '../library/library.service.ts';
import type { ToolFiles } from '../tools/tool-files.ts';
import { asMaterial } from '../tools/tool-items.ts';
import type { MaterialsRepository } from './materials.repository.ts';
import { schoolYearOf, schoolYearRange } from './school-year.ts';

const CURSOR = /^n\.(\d{1,15})$/;

export function createMaterialsService(deps: {
  materials: MaterialsRepository;
  library: LibraryRepository;
  /** What a deleted tool item kept outside its row (its kept form files), removed with it. */
  toolFiles: Pick<ToolFiles, 'removeKeptOf'>;
  now?: () => Date;
}) {
  const { materials, library } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownFolder(actor: Actor, id: number) {
    const folder = await materials.findFolder(actor.userId, id);
    if (!folder) throw new AppError('E_NOT_FOUND');
    return folder;
  }

  async function presentFolder(actor: Actor, id: number) {
    const folder = (await materials.folders(actor.userId)).find((f) => f.id === id);
    if (!folder) throw new AppError('E_NOT_FOUND');
    return { ...folder, itemCount: Number(folder.itemCount ?? 0) };
  }

  return {
    async list(actor: Actor, query: MyMaterialsQuery) {
      const year = query.year ?? schoolYearOf(now());
      if (query.folderId !== undefined) await ownFolder(actor, query.folderId);
      const cursor = query.cursor ? CURSOR.exec(query.cursor) : null;
      if (query.cursor && !cursor) {
        throw new AppError('E_VALIDATION', { details: [{ path: 'cursor', message: 'Invalid cursor' }] });
      }
      const filter = {
        tab: query.tab,
        ...schoolYearRange(year),
        materialType: query.materialType,
        folderId: query.folderId,
      };
      const found = await materials.ids(actor, filter, {
        beforeId: cursor ? Number(cursor[1]) : undefined,
        limit: query.pageSize + 1,
      });
      const ids = found.slice(0, query.pageSize);
      const counted = await materials.count(actor, filter, LIBRARY_COUNT_CAP);
      const cards = (await library.cards(ids, actor.userId)).map((row) => toCard(row));
      return {
        items: cards,
        nextCursor: found.length > query.pageSize ? `n.${ids.at(-1)}` : null,
        total: Math.min(counted, LIBRARY_COUNT_CAP),
        totalCapped: counted > LIBRARY_COUNT_CAP,
        year,
      };
    },

    finishedOwn(actor: Actor) {
      return materials.finishedOwn(actor.userId);
    },

    async folders(actor: Actor) {
      return (await materials.folders(actor.userId)).map((f) => ({
        ...f,
        itemCount: Number(f.itemCount ?? 0),
      }));
    },

    async createFolder(actor: Actor, input: { name: string; parentId: number | null }) {
      if (input.parentId !== null) await ownFolder(actor, input.parentId);
      const id = await materials.createFolder(actor.userId, input.name, input.parentId);
      return presentFolder(actor, id);
    },

    async renameFolder(actor: Actor, id: number, name: string) {
      await ownFolder(actor, id);
      await materials.renameFolder(id, name);
      return presentFolder(actor, id);
    },

    /**
     * MOVE_TO_ROOT keeps everything: items and subfolders move up to the root. DELETE_CONTENTS
     * removes the folder and its subfolders, deletes the caller's own items in them, and takes
     * other people's items (bookmarked) out of the arrangement only.
     */
    async deleteFolder(actor: Actor, id: number, deleteType: 'MOVE_TO_ROOT' | 'DELETE_CONTENTS') {
      await ownFolder(actor, id);
      if (deleteType === 'MOVE_TO_ROOT') {
        await materials.deleteFolderKeepingContents(id);
        return { success: true };
      }
      const tree = await materials.subtree(actor.userId, id);
      const itemIds = await materials.itemsIn(actor.userId, tree);
      await materials.deleteFolders(tree);
      for (const itemId of itemIds) {
        const item = await library.find(itemId);
        if (item && item.creatorId === actor.userId && canOnMaterial(actor, 'delete', asMaterial(item))) {
          // The same order as a tool's own delete: the item, then the files it kept.
          await library.remove(item.id);
          await deps.toolFiles.removeKeptOf(item);
        }
      }
      return { success: true };
    },

    async placeItems(actor: Actor, input: { folderId: number | null; libraryIds: number[] }) {
      if (input.folderId !== null) await ownFolder(actor, input.folderId);
      const ids = [...new Set(input.libraryIds)];
      for (const id of ids) {
        const item = await library.find(id);
        if (!item || !canOnMaterial(actor, 'view', asMaterial(item))) throw new AppError('E_NOT_FOUND');
        if (!canOnMaterial(actor, 'use', asMaterial(item))) throw new AppError('E_FORBIDDEN');
      }
      await materials.placeItems(actor.userId, input.folderId, ids);
      return { success: true };
    },
  };
}

export type MaterialsService = ReturnType<typeof createMaterialsService>;
