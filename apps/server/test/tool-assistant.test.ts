import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { parseFrames } from './sse-client.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Thread {
  id: string;
  toolType: string;
  libraryId: number;
  offline: boolean;
  messages: { id: string; role: string; text: string; status: string; imageUrl: string | null }[];
}

const WEBTOON = {
  title: '광합성 웹툰',
  topic: '광합성',
  gradeSeq: 15,
  facts: '식물은 빛을 받아 스스로 양분을 만든다.',
};
const setup = (env: Record<string, string>) =>
  buildToolTestContext<{ id: number; status: number }>('/api/v1/webtoon', env);

describe('the per-tool assistant without a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let itemId: number;
  beforeAll(async () => {
    ctx = await setup({});
    itemId = (await ctx.createAndWait(WEBTOON)).id;
  });
  afterAll(() => ctx.t.close());

  it('opens a thread about the item, resumes it, and answers honestly that it cannot change anything', async () => {
    const opened = await ctx.request('teacher', 'POST', '/openai/generate/thread', {
      toolType: 'WEBTOON',
      libraryId: itemId,
    });
    expect(opened.status).toBe(201);
    const thread = (await opened.json()) as Thread;
    expect(thread).toMatchObject({ toolType: 'WEBTOON', libraryId: itemId, offline: true, messages: [] });

    const stream = await ctx.request('teacher', 'POST', '/openai/generate/stream', {
      message: '2컷 대사를 더 쉽게 바꿔 줘',
      version: 1,
      toolType: 'WEBTOON',
      thread_id: thread.id,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const frames = parseFrames(await stream.text());
    expect(frames.map((f) => f.json?.type)).toEqual(['created', 'text', 'done']);
    const done = frames.at(-1)?.json as { message: { text: string; status: string } };
    expect(done.message.status).toBe('offline');
    expect(done.message.text).toBe(
      'AI 모델이 연결되어 있지 않아 지금은 대화로 결과를 고칠 수 없으니, 결과 화면에서 직접 고쳐 주세요.',
    );

    // Reopening the page finds the same thread, with the question and the answer.
    const resumed = await ctx.request('teacher', 'POST', '/openai/generate/thread', {
      toolType: 'WEBTOON',
      libraryId: itemId,
    });
    expect(resumed.status).toBe(200);
    const again = (await resumed.json()) as Thread;
    expect(again.id).toBe(thread.id);
    expect(again.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'offline'],
    ]);
    expect(again.messages[0]?.text).toBe('2컷 대사를 더 쉽게 바꿔 줘');
    const read = (await (
      await ctx.request('teacher', 'GET', `/openai/generate/thread/${thread.id}`)
    ).json()) as Thread;
    expect(read.messages).toHaveLength(2);
    // The web app's names of the same calls.
    const viaApi = (await (
      await ctx.request('teacher', 'GET', `/api/v1/assistant/threads/${thread.id}`)
    ).json()) as Thread;
    expect(viaApi.messages).toHaveLength(2);
  });

  it('validates, keeps threads private to their teacher, and refuses without a licence', async () => {
    const { id } = (await (
      await ctx.request('teacher', 'POST', '/openai/generate/thread', {
        toolType: 'WEBTOON',
        libraryId: itemId,
      })
    ).json()) as Thread;
    const empty = await ctx.request('teacher', 'POST', '/openai/generate/stream', {
      message: ' ',
      toolType: 'WEBTOON',
      thread_id: id,
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('요청을 입력해 주세요.');
    const badImage = await ctx.request('teacher', 'POST', '/openai/generate/stream', {
      message: '그림을 봐 줘',
      toolType: 'WEBTOON',
      thread_id: id,
      image_url: 'javascript:alert(1)',
    });
    expect(badImage.status).toBe(400);
    const otherTool = await ctx.request('teacher', 'POST', '/openai/generate/stream', {
      message: '고쳐 줘',
      toolType: 'LESSON',
      thread_id: id,
    });
    expect(otherTool.status).toBe(400);
    // The item is another tool's: not found, like an item one may not see.
    expect(
      (
        await ctx.request('teacher', 'POST', '/openai/generate/thread', {
          toolType: 'LESSON',
          libraryId: itemId,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx.request('teacher', 'POST', '/openai/generate/thread', {
          toolType: 'WEBTOON',
          libraryId: 999_999,
        })
      ).status,
    ).toBe(404);
    // Another teacher does not see this teacher's thread.
    expect((await ctx.request('sameSchoolTeacher', 'GET', `/openai/generate/thread/${id}`)).status).toBe(404);
    expect(
      (
        await ctx.request('sameSchoolTeacher', 'POST', '/openai/generate/stream', {
          message: '고쳐 줘',
          toolType: 'WEBTOON',
          thread_id: id,
        })
      ).status,
    ).toBe(404);
    expect((await ctx.request('student', 'GET', `/openai/generate/thread/${id}`)).status).toBe(403);

    const unlicensed = await ctx.request('unlicensed', 'POST', '/openai/generate/thread', {
      toolType: 'WEBTOON',
      libraryId: itemId,
    });
    expect(unlicensed.status).toBe(403);
    expect(((await unlicensed.json()) as { code: string }).code).toBe('E_LICENSE_001');
    // A thread from before the licence ran out: no answer either.
    const unlicensedId = ctx.world.users.unlicensed?.id ?? 0;
    const now = new Date().toISOString();
    const stale = randomUUID();
    await ctx.t.database.db
      .insertInto('toolThread')
      .values({
        id: stale,
        userId: unlicensedId,
        libraryItemId: itemId,
        toolType: 'WEBTOON',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const refused = await ctx.request('unlicensed', 'POST', '/openai/generate/stream', {
      message: '고쳐 줘',
      toolType: 'WEBTOON',
      thread_id: stale,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('E_LICENSE_001');
  });
});

describe('the per-tool assistant with a model', () => {
  let fake: FakeLlm;
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  it('streams an answer that sees the result and the thread so far, and keeps it', {
    timeout: 60_000,
  }, async () => {
    fake.enqueue({
      content: JSON.stringify({
        characters: [{ name: '비비', role: '물방울' }],
        panels: [1, 2, 3, 4].map((n) => ({
          scene: `${n}번 장면`,
          setting: 'classroom',
          narration: `${n}컷 해설`,
          dialogue: [{ speaker: '비비', text: `${n}컷 대사예요.` }],
        })),
      }),
    });
    const item = await ctx.createAndWait(WEBTOON);
    expect(item.status).toBe(3);
    const { id } = (await (
      await ctx.request('teacher', 'POST', '/openai/generate/thread', {
        toolType: 'WEBTOON',
        libraryId: item.id,
      })
    ).json()) as Thread;

    fake.enqueue({ text: ['2컷: ', '비비가 "햇빛으로 밥을 만들어!"라고 말해요.'] });
    const first = parseFrames(
      await (
        await ctx.request('teacher', 'POST', '/openai/generate/stream', {
          message: '2컷 대사를 더 쉽게 바꿔 줘',
          toolType: 'WEBTOON',
          thread_id: id,
          image_url: 'https://example.org/panel.png',
        })
      ).text(),
    );
    const texts = first.filter((f) => f.json?.type === 'text').map((f) => f.json?.delta);
    expect(texts.join('')).toBe('2컷: 비비가 "햇빛으로 밥을 만들어!"라고 말해요.');
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain('2컷 대사예요.');
    expect(sent).toContain('교육 웹툰');

    fake.enqueue({ text: ['3컷도 고쳤어요.'] });
    await (
      await ctx.request('teacher', 'POST', '/openai/generate/stream', {
        message: '3컷도',
        toolType: 'WEBTOON',
        thread_id: id,
      })
    ).text();
    // The second request carries the first question and answer.
    const second = JSON.stringify(fake.requests.at(-1)?.body);
    expect(second).toContain('2컷 대사를 더 쉽게 바꿔 줘');
    expect(second).toContain('햇빛으로 밥을 만들어!');
    const thread = (await (
      await ctx.request('teacher', 'GET', `/openai/generate/thread/${id}`)
    ).json()) as Thread;
    expect(thread.offline).toBe(false);
    expect(thread.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(thread.messages[0]?.imageUrl).toBe('https://example.org/panel.png');
    expect(thread.messages[3]?.text).toBe('3컷도 고쳤어요.');
  });
});
