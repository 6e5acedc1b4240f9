import { doc, heading, paragraph, writeHwpx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorageFromConfig } from '../src/platform/storage/storage-from-config.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  input?: { keptFiles: { id: string }[] } | null;
}

const SUMMARY = '/api/v1/summary';
const TEXT = '광합성은 식물이 빛 에너지를 이용해 양분을 만드는 과정이다. 잎의 엽록체에서 일어난다.';

function summaryForm(title: string, hwpx: Uint8Array) {
  const body = new FormData();
  body.append(
    'data',
    JSON.stringify({ title, summaryType: 'DOCUMENT_SUMMARY', summaryFormat: 'KEYWORD_SUMMARY' }),
  );
  body.append('files', new Blob([new Uint8Array(hwpx)]), `${title}.hwpx`);
  return body;
}

describe('deleting tool items removes the files their forms kept', () => {
  let ctx: ToolTestContext<Item>;
  let hwpx: Uint8Array;
  beforeAll(async () => {
    ctx = await buildToolTestContext<Item>(SUMMARY, {});
    hwpx = await writeHwpx(doc([heading(1, '광합성'), paragraph(TEXT)]));
  }, 180_000);
  afterAll(() => ctx.t.close());

  const storage = async () => (await createFileStorageFromConfig(ctx.t.config)).storage;

  /** A summary made from an uploaded document, and the stored_file rows of what it kept. */
  async function summaryWithKeptFile(title: string) {
    const item = await ctx.createAndWait(summaryForm(title, hwpx));
    expect(item.status).toBe(3);
    const ids = (item.input?.keptFiles ?? []).map((file) => file.id);
    expect(ids).toHaveLength(1);
    const rows = await ctx.t.database.db
      .selectFrom('storedFile')
      .selectAll()
      .where('id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(1);
    for (const row of rows) expect(await (await storage()).stat(row.storageKey)).not.toBeNull();
    return { id: item.id, rows };
  }

  async function expectGone(rows: { id: string; storageKey: string }[]) {
    const left = await ctx.t.database.db
      .selectFrom('storedFile')
      .select('id')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    expect(left).toEqual([]);
    for (const row of rows) expect(await (await storage()).stat(row.storageKey)).toBeNull();
  }

  it('a folder deleted with its contents (My Materials bulk delete) takes the kept files of its items', async () => {
    const first = await summaryWithKeptFile('광합성 요약 하나');
    const second = await summaryWithKeptFile('광합성 요약 둘');
    const kept = await summaryWithKeptFile('남는 요약');

    const folder = await ctx.request('teacher', 'POST', '/api/v1/my-materials/folder', { name: '지울 폴더' });
    expect(folder.status, await folder.clone().text()).toBe(201);
    const { id: folderId } = (await folder.json()) as { id: number };
    const placed = await ctx.request('teacher', 'POST', '/api/v1/my-materials/folder-library', {
      folderId,
      libraryIds: [first.id, second.id],
    });
    expect(placed.status, await placed.clone().text()).toBe(200);

    const deleted = await ctx.request(
      'teacher',
      'DELETE',
      `/api/v1/my-materials/folder/${folderId}?deleteType=DELETE_CONTENTS`,
    );
    expect(deleted.status, await deleted.clone().text()).toBe(200);

    expect((await ctx.request('teacher', 'GET', `${SUMMARY}/${first.id}`)).status).toBe(404);
    expect((await ctx.request('teacher', 'GET', `${SUMMARY}/${second.id}`)).status).toBe(404);
    await expectGone([...first.rows, ...second.rows]);
    // An item outside the folder keeps its file.
    const [keptRow] = kept.rows;
    expect((await ctx.request('teacher', 'GET', `/api/v1/files/${keptRow?.id}/content`)).status).toBe(200);
  }, 180_000);

  it('a teacher’s own copy keeps the files both name until the last of the two is deleted', async () => {
    const original = await summaryWithKeptFile('사본을 둔 요약');
    // "Copy to my materials" from the library, as the teacher does it.
    const copied = await ctx.request('teacher', 'POST', `/api/v1/library/${original.id}/copy`);
    expect(copied.status, await copied.clone().text()).toBe(201);
    const { id: copyId } = (await copied.json()) as { id: number };
    expect(copyId).not.toBe(original.id);
    const [row] = original.rows;

    const deleted = await ctx.request('teacher', 'DELETE', `${SUMMARY}/${original.id}`);
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    // The copy still names the file: its row, its bytes and its download stay.
    expect(await (await storage()).stat(row?.storageKey as string)).not.toBeNull();
    expect((await ctx.request('teacher', 'GET', `/api/v1/files/${row?.id}/content`)).status).toBe(200);
    const copy = await ctx.request('teacher', 'GET', `${SUMMARY}/${copyId}`);
    const copyText = await copy.text();
    expect(copy.status, copyText).toBe(200);
    expect(
      (JSON.parse(copyText) as Item).input?.keptFiles.map((file) => file.id),
      copyText,
    ).toEqual([row?.id]);

    const last = await ctx.request('teacher', 'DELETE', `${SUMMARY}/${copyId}`);
    expect(last.status, await last.clone().text()).toBe(200);
    await expectGone(original.rows);
  }, 180_000);

  it('the tool’s own delete takes them too', async () => {
    const item = await summaryWithKeptFile('하나만 지우는 요약');
    const deleted = await ctx.request('teacher', 'DELETE', `${SUMMARY}/${item.id}`);
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    await expectGone(item.rows);
  }, 180_000);
});
