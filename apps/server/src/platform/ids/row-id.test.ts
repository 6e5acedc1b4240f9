import { describe, expect, it } from 'vitest';
import { newRowId } from './row-id.ts';

describe('row ids', () => {
  it('are UUIDs whose text sorts in the order they were made, so an index appends them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2000; i++) {
      ids.push(newRowId());
      // Across milliseconds as well as within one.
      if (i % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
