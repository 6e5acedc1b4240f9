import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../../platform/storage/file-storage.ts';
import { createDocumentUploads } from './document-uploads.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'ssaem-uploads-'));
  dirs.push(root);
  const storage = createLocalFileStorage(root);
  return { root, storage, uploads: createDocumentUploads(storage) };
}

/** An upload as the route hands it over: spooled to a file of its own. */
function file(name: string) {
  const folder = mkdtempSync(join(tmpdir(), 'ssaem-spool-'));
  dirs.push(folder);
  const bytes = new TextEncoder().encode(`${name} 학생 상담 기록`);
  const path = join(folder, 'upload');
  writeFileSync(path, bytes);
  return {
    path,
    size: bytes.length,
    fileName: name,
    fileType: 'hwpx' as const,
    mimeType: 'application/hwp+zip',
  };
}

describe('editor uploads', () => {
  it('are removed once older than the retention period; newer ones and other files stay', async () => {
    const { root, storage, uploads } = setup();
    const old = await uploads.save(7, file('지난주.hwpx'));
    const fresh = await uploads.save(7, file('오늘.hwpx'));
    await storage.put('lesson-images/a.png', new Uint8Array([1]));
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    const uuid = old.replace('upload-', '');
    for (const path of [uuid, `${uuid}.json`])
      utimesSync(join(root, 'documents', '7', path), tenDaysAgo, tenDaysAgo);
    utimesSync(join(root, 'lesson-images', 'a.png'), tenDaysAgo, tenDaysAgo);

    const removed = await uploads.purgeOlderThan(new Date(Date.now() - 7 * 86_400_000));

    expect(removed).toBe(2);
    expect(await uploads.find(7, old)).toBeUndefined();
    expect((await uploads.find(7, fresh))?.meta.fileName).toBe('오늘.hwpx');
    expect(await storage.get('lesson-images/a.png')).toHaveLength(1);
  });

  it('purges nothing when nobody has uploaded yet', async () => {
    const { uploads } = setup();
    expect(await uploads.purgeOlderThan(new Date())).toBe(0);
  });
});
