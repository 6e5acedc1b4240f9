import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { askChat } from './chat-ask.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { type SseFrame, textOfDeltas } from './sse-client.ts';

let t: TestApp;
let world: DemoWorld;
let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await buildTestApp({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_IMAGE_MODEL: 'fake-image' });
  world = await buildDemoWorld(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const progressOf = (frames: SseFrame[]) =>
  frames
    .filter((frame) => frame.json?.event === 'on_image_progress')
    .map((frame) => {
      const data = frame.json?.data as { done: number; total: number };
      return `${data.done}/${data.total}`;
    });

describe('pictures in chat', () => {
  it('draws the pictures a teacher asks for, reporting done/total, and keeps them in the answer', async () => {
    fake.enqueue(
      {
        toolCall: {
          name: 'generate_images',
          args: { prompt: '교실에서 분수 피자를 나누는 아이들', count: 2 },
        },
      },
      { text: ['그림 두 장을 그렸어요.'] },
    );
    const frames = await askChat(t, world, '분수 수업에 쓸 그림 두 장 그려 줘');
    expect(progressOf(frames)).toEqual(['0/2', '1/2', '2/2']);
    expect(textOfDeltas(frames)).toBe('그림 두 장을 그렸어요.');
    expect(fake.imageRequests.map((r) => r.prompt)).toEqual([
      '교실에서 분수 피자를 나누는 아이들',
      '교실에서 분수 피자를 나누는 아이들',
    ]);

    const final = frames.at(-1)?.json as {
      responseMessage: { content: { type: string; image_url?: { url: string } }[] };
    };
    const urls = final.responseMessage.content.flatMap((part) =>
      part.type === 'image_url' && part.image_url ? [part.image_url.url] : [],
    );
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).toMatch(/^\/api\/v1\/chat\/images\/[0-9a-f-]{36}\.png$/);
      const picture = await t.app.inject({ method: 'GET', url });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('offers the drawing tool only when a picture is asked for', async () => {
    fake.enqueue({ text: ['분수는 전체를 똑같이 나눈 것입니다.'] });
    await askChat(t, world, '분수를 설명해 줘');
    const body = fake.requests.at(-1)?.body as { tools?: { function: { name: string } }[] };
    expect(body.tools ?? []).toEqual([]);

    fake.enqueue({ text: ['어떤 그림이 필요하세요?'] });
    await askChat(t, world, '삽화가 필요해');
    const withTool = fake.requests.at(-1)?.body as { tools?: { function: { name: string } }[] };
    expect(withTool.tools?.map((entry) => entry.function.name)).toContain('generate_images');
  });

  it('answers 404 for a picture that does not exist or a name that is not a picture', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/images/00000000-0000-0000-0000-000000000000.png',
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: '/api/v1/chat/images/..%2Fsecret.png' });
    expect([400, 404]).toContain(traversal.statusCode);
  });
});
