import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp & { origin: string };
let world: DemoWorld;
beforeAll(async () => {
  t = await buildListeningApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

async function send(files: { bytes: Buffer; name: string }[], persona: 'teacher' | 'student' = 'teacher') {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  return fetch(`${t.origin}/api/v1/files/upload/multiple`, {
    method: 'POST',
    body: form,
    headers: await world.headersFor(persona),
  });
}

describe('POST /api/v1/files/upload/multiple', () => {
  it('stores every file, in the order sent, each readable by its owner', async () => {
    const response = await send([
      { bytes: PNG, name: '첫째.png' },
      { bytes: Buffer.from('수업 메모입니다.'), name: '메모.txt' },
    ]);
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      files: { file_id: string; filename: string; filepath: string }[];
    };
    expect(body.files.map((file) => file.filename)).toEqual(['첫째.png', '메모.txt']);
    const content = await fetch(`${t.origin}${body.files[0]?.filepath}`, {
      headers: await world.headersFor('teacher'),
    });
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses more than ten files, an empty request and a student', async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => ({ bytes: PNG, name: `${index}.png` }));
    expect((await send(eleven)).status).toBe(413);
    expect((await send([])).status).toBe(400);
    expect((await send([{ bytes: PNG, name: 'a.png' }], 'student')).status).toBe(403);
  });
});
