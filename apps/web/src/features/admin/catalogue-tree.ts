import type { Tool } from '@ssaem/contracts/tools';
import type { ToolGroup } from '../tools/tool-groups';
import type { ToolMove } from './tool-catalogue-api';

export { groupCatalogue, type ToolGroup } from '../tools/tool-groups';

type Place = { parentId: number | null; index: number; hasChildren: boolean };

function placeOf(groups: readonly ToolGroup[], id: number): Place | null {
  for (const [index, group] of groups.entries()) {
    if (group.tool.id === id) return { parentId: null, index, hasChildren: group.children.length > 0 };
    const childIndex = group.children.findIndex((child) => child.id === id);
    if (childIndex >= 0) return { parentId: group.tool.id, index: childIndex, hasChildren: false };
  }
  return null;
}

/**
 * What a drop of `activeId` on `overId` asks of the server. Among siblings the tool takes the
 * other's place; dropped on a tool of another group (or of the top level) it moves there, before
 * it. A group with children stays at the top level: groups are one level deep.
 */
export function planDrop(groups: readonly ToolGroup[], activeId: number, overId: number): ToolMove | null {
  if (activeId === overId) return null;
  const from = placeOf(groups, activeId);
  const to = placeOf(groups, overId);
  if (!from || !to) return null;
  if (from.parentId === to.parentId) return { kind: 'order', id: activeId, sort: to.index + 1 };
  if (to.parentId !== null && from.hasChildren) return null;
  return { kind: 'parent', id: activeId, parentId: to.parentId, sort: to.index + 1 };
}

/** The groups as they will be once the server has taken the move: shown while it is on its way. */
export function applyMove(groups: readonly ToolGroup[], move: ToolMove): ToolGroup[] {
  const from = placeOf(groups, move.id);
  if (!from) return [...groups];
  const target = move.kind === 'order' ? from.parentId : move.parentId;
  const moving =
    from.parentId === null
      ? groups[from.index]
      : { tool: groups.find((g) => g.tool.id === from.parentId)?.children[from.index] as Tool, children: [] };
  if (!moving) return [...groups];
  // Take it out…
  let next = groups
    .filter((group) => group.tool.id !== move.id)
    .map((group) => ({ ...group, children: group.children.filter((child) => child.id !== move.id) }));
  const at = (length: number) => Math.max(0, Math.min(move.sort - 1, length));
  // …and put it in its new place.
  if (target === null) {
    next.splice(at(next.length), 0, { tool: { ...moving.tool, parentId: null }, children: moving.children });
  } else {
    next = next.map((group) => {
      if (group.tool.id !== target) return group;
      const children = [...group.children];
      children.splice(at(children.length), 0, { ...moving.tool, parentId: target });
      return { ...group, children };
    });
  }
  return next;
}
