import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildListeningApp } from './listening-app.ts';
import { readFrames, textOfDeltas } from './sse-client.ts';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface FileBody {
  file_id: string;
  filepath: string;
  status: string;
  code?: string;
}
const json = async (res: Response): Promise<FileBody> => (await res.json()) as FileBody;

let fake: FakeLlm;
let t: TestApp & { origin: string };
let world: DemoWorld;
beforeAll(async () => {
  fake = await startFakeLlm();
  t = await buildListeningApp({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_VISION: 'true' });
  world = await buildDemoWorld(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function upload(
  path: string,
  bytes: Buffer,
  name: string,
  persona: 'teacher' | 'otherSchoolTeacher' = 'teacher',
  field = 'file',
) {
  const form = new FormData();
  form.append(field, new Blob([bytes]), name);
  form.append('width', '1');
  return fetch(`${t.origin}${path}`, {
    method: 'POST',
    body: form,
    headers: await world.headersFor(persona),
  });
}

/** Until the background reading ends (a reader process may have to start first on a busy machine). */
async function waitReady(id: string) {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${t.origin}/api/v1/files/processing/status/${id}`, {
      headers: await world.headersFor('teacher'),
    });
    const body = await json(res);
    if (body.status !== 'processing') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('still processing');
}

describe('file uploads', () => {
  it('accepts an image by its content and measures it', async () => {
    const res = await upload('/api/v1/files/upload/images', PNG, '사진.png', 'teacher', 'image');
    expect(res.status).toBe(201);
    const file = await json(res);
    expect(file).toMatchObject({
      filename: '사진.png',
      type: 'image/png',
      width: 1,
      height: 1,
      status: 'ready',
      purpose: 'image',
    });
    const content = await fetch(`${t.origin}${file.filepath}`, {
      headers: await world.headersFor('teacher'),
    });
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await content.arrayBuffer()).equals(PNG)).toBe(true);
    const legacy = await upload('/api/files/images', PNG, 'b.png');
    expect(legacy.status).toBe(201);
  });

  it('refuses a renamed executable, an image route given a document, and an empty file', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const renamed = await upload('/api/v1/files/upload', exe, 'homework.png');
    expect(renamed.status).toBe(400);
    expect((await json(renamed)).code).toBe('E_FILE_001');
    const textToImages = await upload('/api/v1/files/upload/images', Buffer.from('글자입니다'), 'a.png');
    expect((await json(textToImages)).code).toBe('E_FILE_001');
    const empty = await upload('/api/v1/files/upload', Buffer.alloc(0), 'empty.txt');
    expect(empty.status).toBe(400);
    const notMultipart = await fetch(`${t.origin}/api/v1/files/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await world.headersFor('teacher')) },
      body: '{}',
    });
    expect(notMultipart.status).toBe(415);
  });

  it('reads a document into text in the background and gives it to the model with the question', async () => {
    const res = await upload(
      '/api/v1/files/upload',
      Buffer.from('3학년 2반 현장체험학습은 5월 14일 서울숲에서 합니다.'),
      '안내.txt',
    );
    const file = await json(res);
    expect(file.status).toBe('processing');
    expect((await waitReady(file.file_id)).status).toBe('ready');
    fake.enqueue({ text: ['5월 14일입니다.'] });
    const chat = await fetch(`${t.origin}/api/agents/chat/openAI`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await world.headersFor('teacher')) },
      body: JSON.stringify({ text: '체험학습 날짜는?', files: [{ file_id: file.file_id }] }),
    });
    expect(textOfDeltas(await readFrames(chat, () => false))).toBe('5월 14일입니다.');
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain('서울숲');
    expect(sent).toContain('안내.txt');
  });

  it('sends images to a vision model as images', async () => {
    const image = await json(await upload('/api/v1/files/upload', PNG, 'board.png'));
    fake.enqueue({ text: ['칠판 사진이네요.'] });
    const chat = await fetch(`${t.origin}/api/agents/chat/openAI`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await world.headersFor('teacher')) },
      body: JSON.stringify({ text: '무엇이 보이나요?', files: [{ file_id: image.file_id }] }),
    });
    await readFrames(chat, () => false);
    const lastRequest = fake.requests.at(-1)?.body as
      | { messages?: { role: string; content: unknown }[] }
      | undefined;
    const messages = lastRequest?.messages ?? [];
    expect(JSON.stringify(messages.at(-1)?.content)).toContain('data:image/png;base64');
  });

  it("answers 404 for another user's file everywhere", async () => {
    const mine = await json(await upload('/api/v1/files/upload', PNG, 'mine.png'));
    const other = await world.headersFor('otherSchoolTeacher');
    for (const [method, path] of [
      ['GET', `/api/v1/files/processing/status/${mine.file_id}`],
      ['POST', `/api/v1/files/processing/cancel/${mine.file_id}`],
      ['GET', `/api/v1/files/${mine.file_id}/content`],
    ] as const) {
      const res = await fetch(`${t.origin}${path}`, { method, headers: other });
      expect(res.status, path).toBe(404);
    }
    const chat = await fetch(`${t.origin}/api/agents/chat/openAI`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...other },
      body: JSON.stringify({ text: '남의 파일', files: [{ file_id: mine.file_id }] }),
    });
    expect(chat.status).toBe(404);
    expect((await fetch(`${t.origin}/api/v1/files/upload`, { method: 'POST' })).status).toBe(401);
  });
});
