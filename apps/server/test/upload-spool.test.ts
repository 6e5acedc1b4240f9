import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { doc, paragraph, writeDocx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';

/**
 * Uploads are written to the readers' hand-over folder as they arrive (never held whole in the API
 * process): an upload over the limit is refused while it streams, and no spooled file outlives its
 * request, except a chat document until its background reading ends.
 */
let t: TestApp & { origin: string };
let world: DemoWorld;
beforeAll(async () => {
  t = await buildListeningApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

/** Files left in the readers' hand-over folders of this app's DATA_DIR. */
function spooled(): string[] {
  const tmp = join(t.config.DATA_DIR, 'tmp');
  return readdirSync(tmp)
    .filter((name) => name.startsWith('reader-'))
    .flatMap((folder) => readdirSync(join(tmp, folder)));
}

async function post(url: string, field: string, bytes: Uint8Array, name: string, extra?: [string, string]) {
  const form = new FormData();
  if (extra) form.append(extra[0], extra[1]);
  form.append(field, new Blob([bytes]), name);
  return fetch(`${t.origin}${url}`, {
    method: 'POST',
    body: form,
    headers: await world.headersFor('teacher'),
  });
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('spooled uploads', () => {
  it('refuses a file over the limit with E_PAYLOAD_TOO_LARGE and keeps nothing of it', async () => {
    const tooLarge = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x61);
    for (const [url, field] of [
      ['/api/v1/files/upload', 'file'],
      ['/api/v1/hwp/upload', 'file'],
    ] as const) {
      const response = await post(url, field, tooLarge, 'big.txt');
      expect(response.status, url).toBe(413);
      expect(((await response.json()) as { code: string }).code, url).toBe('E_PAYLOAD_TOO_LARGE');
    }
    await until(() => spooled().length === 0, 'the refused uploads are removed');
  });

  it('reads a document from its spooled copy and removes the copy afterwards', async () => {
    const letter = await writeDocx(doc([paragraph('운동회 안내 가정통신문')]));
    const editor = await post('/api/v1/hwp/upload', 'file', letter, '안내.docx');
    expect(editor.status).toBe(200);
    expect(JSON.stringify(await editor.json())).toContain('운동회 안내 가정통신문');

    const chat = await post('/api/v1/files/upload', 'file', letter, '안내.docx');
    expect(chat.status).toBe(201);
    const { file_id: id } = (await chat.json()) as { file_id: string };
    let status = 'processing';
    async function poll() {
      for (;;) {
        const response = await fetch(`${t.origin}/api/v1/files/processing/status/${id}`, {
          headers: await world.headersFor('teacher'),
        });
        status = ((await response.json()) as { status: string }).status;
        if (status !== 'processing') return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await poll();
    expect(status).toBe('ready');
    await until(() => spooled().length === 0, 'the spooled copies are removed');
  });
});
