import { describe, expect, it } from 'vitest';
import { memoryBackend } from '../test/memory-file-store';
import { createFileStore, FileTooLargeError } from './file-store';

const file = (name: string, size: number, type = 'application/octet-stream') =>
  new File([new Uint8Array(size)], name, { type });

describe('the local file store', () => {
  it('gives a file back with its name and type', async () => {
    const store = createFileStore(memoryBackend(), 1000);
    await store.put('hwp:open', file('가정통신문.hwpx', 10, 'application/hwp+zip'));
    const back = await store.get('hwp:open');
    expect(back?.name).toBe('가정통신문.hwpx');
    expect(back?.type).toBe('application/hwp+zip');
    expect(back?.size).toBe(10);
    expect(await store.get('missing')).toBeNull();
  });

  it('drops the oldest files to stay within its cap', async () => {
    const backend = memoryBackend();
    const store = createFileStore(backend, 100);
    await store.put('a', file('a', 40));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await store.put('b', file('b', 40));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await store.put('c', file('c', 40));
    expect([...backend.map.keys()].sort()).toEqual(['b', 'c']);
    expect(await store.usedBytes()).toBe(80);
    // Replacing a file does not count its old copy.
    await store.put('c', file('c', 60));
    expect([...backend.map.keys()].sort()).toEqual(['b', 'c']);
  });

  it('refuses a file larger than the whole store', async () => {
    const store = createFileStore(memoryBackend(), 100);
    await expect(store.put('big', file('big', 101))).rejects.toBeInstanceOf(FileTooLargeError);
  });

  it('lists by prefix and clears everything (logout)', async () => {
    const store = createFileStore(memoryBackend(), 1000);
    await store.put('chat:new:1', file('a.png', 1));
    await store.put('chat:new:2', file('b.png', 1));
    await store.put('hwp:open', file('c.hwp', 1));
    expect((await store.list('chat:new:')).map((entry) => entry.name)).toEqual(['a.png', 'b.png']);
    await store.clear();
    expect(await store.list()).toEqual([]);
  });
});
