import type { Tool } from '@ssaem/contracts/tools';

/** A top-level tool and the tools under it (groups are one level deep). */
export interface ToolGroup {
  tool: Tool;
  children: Tool[];
}

const bySort = (a: Tool, b: Tool) => a.sort - b.sort || a.id - b.id;

/** The catalogue as groups in display order; a child whose parent is missing stands at the top. */
export function groupCatalogue(tools: readonly Tool[]): ToolGroup[] {
  const ids = new Set(tools.map((tool) => tool.id));
  const isTop = (tool: Tool) => tool.parentId === null || !ids.has(tool.parentId);
  return tools
    .filter(isTop)
    .sort(bySort)
    .map((tool) => ({
      tool,
      children: tools.filter((child) => !isTop(child) && child.parentId === tool.id).sort(bySort),
    }));
}

/**
 * The tools index in sections: a run of tools without children shares one grid; a group with
 * children is a heading over its children's grid. The catalogue's order decides both.
 */
export function indexSections(tools: readonly Tool[]): { group: Tool | null; tools: Tool[] }[] {
  const sections: { group: Tool | null; tools: Tool[] }[] = [];
  for (const { tool, children } of groupCatalogue(tools)) {
    const last = sections.at(-1);
    if (children.length > 0) sections.push({ group: tool, tools: children });
    else if (last && last.group === null) last.tools.push(tool);
    else sections.push({ group: null, tools: [tool] });
  }
  return sections;
}
