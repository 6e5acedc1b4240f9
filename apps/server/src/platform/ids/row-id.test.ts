import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRowId } from './row-id.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecondOf = (id: string) => Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('row ids', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are UUIDs whose text sorts in the order they were made, so an index appends them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2000; i++) {
      ids.push(newRowId());
      // Across milliseconds as well as within one.
      if (i % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const id of ids) expect(id).toMatch(V7);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carry the time they were made', () => {
    const before = Date.now();
    const id = newRowId();
    expect(millisecondOf(id)).toBeGreaterThanOrEqual(before);
    expect(millisecondOf(id)).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('keep their order when one millisecond holds more ids than its counter, or the clock goes back', () => {
    const start = Date.now() + 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    const ids = Array.from({ length: 5000 }, () => newRowId());
    clock.mockReturnValue(start - 5000);
    ids.push(...Array.from({ length: 10 }, () => newRowId()));
    for (const id of ids) expect(id).toMatch(V7);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // 5,000 ids overflow one millisecond's 4,096 counts: the time moves on by one, no further.
    expect(millisecondOf(ids[0] as string)).toBe(start);
    expect(millisecondOf(ids.at(-1) as string)).toBe(start + 1);
  });
});
