import type { Tool } from '@ssaem/contracts/tools';
import { describe, expect, it } from 'vitest';
import { indexSections } from './tool-groups';

const tool = (id: number, parentId: number | null, sort: number) =>
  ({ id, parentId, sort, codeName: `T${id}` }) as Tool;

describe("the teachers' tools index", () => {
  it('follows the catalogue order, each group a heading over its children', () => {
    // Given out of order: the index orders by the catalogue, not by arrival.
    const sections = indexSections([
      tool(6, 5, 2),
      tool(1, null, 1),
      tool(5, null, 3),
      tool(7, 5, 1),
      tool(2, null, 2),
      tool(9, null, 4),
    ]);
    expect(sections.map((s) => [s.group?.id ?? null, s.tools.map((t) => t.id)])).toEqual([
      [null, [1, 2]],
      [5, [7, 6]],
      [null, [9]],
    ]);
  });
});
