import type { Folder } from '@ssaem/contracts/library';

export interface FolderNode extends Folder {
  children: FolderNode[];
  depth: number;
}

/** The flat folder list as a tree; a folder whose parent is missing sits at the root. */
export function buildFolderTree(folders: readonly Folder[]): FolderNode[] {
  const byId = new Map<number, FolderNode>();
  for (const folder of folders) byId.set(folder.id, { ...folder, children: [], depth: 0 });
  const roots: FolderNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const byName = (a: FolderNode, b: FolderNode) => a.name.localeCompare(b.name, 'ko');
  const visit = (nodes: FolderNode[], depth: number, seen: Set<number>): FolderNode[] =>
    nodes.sort(byName).map((node) => {
      // A cycle in bad data must not loop forever.
      if (seen.has(node.id)) return { ...node, children: [] };
      const next = new Set(seen).add(node.id);
      return { ...node, depth, children: visit(node.children, depth + 1, next) };
    });
  return visit(roots, 0, new Set());
}

/** Depth-first, for menus that list every folder with its indentation. */
export function flattenFolderTree(nodes: readonly FolderNode[]): FolderNode[] {
  return nodes.flatMap((node) => [node, ...flattenFolderTree(node.children)]);
}

/** The school year runs March to February: January 2026 still belongs to 2025. */
export function currentSchoolYear(now: Date = new Date()): number {
  return now.getMonth() >= 2 ? now.getFullYear() : now.getFullYear() - 1;
}
