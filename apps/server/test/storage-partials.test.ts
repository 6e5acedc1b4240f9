import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalFileStorage, removePartialFiles } from '../src/platform/storage/file-storage.ts';

// A process killed in the middle of a write leaves `<key>.partial-<uuid>` beside the object.
let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('half-written files', () => {
  it('are removed when last touched before the cut-off; objects and fresh writes stay', async () => {
    root = mkdtempSync(join(tmpdir(), 'ssaem-partials-'));
    const storage = createLocalFileStorage(root);
    await storage.put('uploads/7/kept', new TextEncoder().encode('a whole file'));
    mkdirSync(join(root, 'uploads/7'), { recursive: true });
    const stale = join(root, `uploads/7/cut-short.partial-${randomUUID()}`);
    writeFileSync(stale, 'half');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(stale, hourAgo, hourAgo);
    const writing = join(root, `uploads/7/being-written.partial-${randomUUID()}`);
    writeFileSync(writing, 'still coming');

    expect(await removePartialFiles(root, new Date(Date.now() - 30 * 60 * 1000))).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(writing)).toBe(true);
    expect(await storage.list('uploads/')).toEqual(['uploads/7/kept']);
    expect(await removePartialFiles(join(root, 'missing'), new Date())).toBe(0);
  });
});
