import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildListeningApp } from './listening-app.ts';
import { readFrames, type SseFrame, textOfDeltas } from './sse-client.ts';

type Instance = TestApp & { origin: string };

/**
 * Two API instances on one database, as when scaled out. With Redis they share the event bus, so
 * an answer running on one can be re-attached to and stopped through the other; without it the
 * second still serves a finished answer from the database.
 */
async function twoInstances(fake: FakeLlm, env: Record<string, string>) {
  const model = { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', ...env };
  const a = await buildListeningApp(model);
  // The same issuer, so a token from one instance is good on the other.
  const b = await buildListeningApp({ ...model, PUBLIC_URL: a.origin }, { database: a.database });
  return { a, b, world: await buildDemoWorld(a) };
}

/** Two instances (and the fake model) for a describe block; read their fields inside the tests. */
function instancesFor(env: Record<string, string>) {
  const ctx = {} as { fake: FakeLlm; a: Instance; b: Instance; world: DemoWorld };
  beforeAll(async () => {
    ctx.fake = await startFakeLlm();
    Object.assign(ctx, await twoInstances(ctx.fake, env));
  });
  afterAll(async () => {
    await ctx.b.close();
    await ctx.a.close();
    await ctx.fake.close();
  });
  return ctx;
}

async function ask(instance: Instance, world: DemoWorld, text: string, signal?: AbortSignal) {
  return fetch(`${instance.origin}/api/agents/chat/openAI`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await world.headersFor('teacher')) },
    body: JSON.stringify({ text }),
    ...(signal ? { signal } : {}),
  });
}

/** Starts an answer on `instance` and leaves once `words` words have come: the answer goes on. */
async function startAndLeave(instance: Instance, world: DemoWorld, text: string, words: number) {
  const controller = new AbortController();
  const res = await ask(instance, world, text, controller.signal);
  let streamId = '';
  let conversationId = '';
  let seen = '';
  await readFrames(res, (frame) => {
    if (frame.json?.created) {
      streamId = frame.json.streamId as string;
      conversationId = (frame.json.message as { conversationId: string }).conversationId;
    }
    seen += textOfDeltas([frame]);
    return seen.split(' ').length > words;
  }).catch(() => undefined);
  controller.abort();
  return { streamId, conversationId, seen };
}

async function get(instance: Instance, world: DemoWorld, path: string, persona: AnyPersona = 'teacher') {
  return fetch(`${instance.origin}${path}`, { headers: await world.headersFor(persona) });
}

const isFinal = (frame: SseFrame | undefined) => frame?.json?.final === true;
const words = (n: number) => Array.from({ length: n }, (_, i) => `${i} `);

describe('one instance on the events in this process', () => {
  const ctx = instancesFor({});

  it('serves a finished answer it did not run from the database; another teacher gets 404', async () => {
    const { a, b, world, fake } = ctx;
    fake.enqueue({ text: ['저장된 ', '답변'] });
    const frames = await readFrames(await ask(a, world, '끝난 답변'), () => false);
    const streamId = frames[0]?.json?.streamId as string;
    const resumed = await get(b, world, `/api/v1/streaming/${streamId}?resume=true`);
    expect(resumed.status).toBe(200);
    const replay = await readFrames(resumed, () => false);
    expect(replay[0]?.json).toMatchObject({ sync: true, streamId, responseMessage: { text: '저장된 답변' } });
    expect(isFinal(replay.at(-1))).toBe(true);
    expect(
      (await get(b, world, `/api/v1/streaming/${streamId}?resume=true`, 'otherSchoolTeacher')).status,
    ).toBe(404);
  });
});

const redisEnv = {
  REDIS_URL: process.env.TEST_REDIS_URL ?? '',
  REDIS_KEY_PREFIX: `test-chat-${Date.now().toString(36)}`,
  CHAT_MAX_CONCURRENT_STREAMS: '10',
};

describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing Redis', () => {
  const ctx = instancesFor(redisEnv);

  it('re-attaches through the other instance: snapshot, then the live rest, nothing lost or repeated', async () => {
    const { a, b, world, fake } = ctx;
    fake.enqueue({ text: words(40), delayMs: 25 });
    const { streamId, conversationId, seen } = await startAndLeave(a, world, '다른 서버로 이어 받기', 8);
    const active = await get(b, world, `/api/v1/streaming/conversation/${conversationId}`);
    expect(await active.json()).toMatchObject({ streamId });

    const resumed = await get(b, world, `/api/v1/streaming/${streamId}?resume=true`);
    expect(resumed.status).toBe(200);
    const frames = await readFrames(resumed, () => false);
    const sync = frames[0]?.json as { sync: boolean; responseMessage: { text: string; unfinished: boolean } };
    expect(sync).toMatchObject({ sync: true, responseMessage: { unfinished: true } });
    expect(sync.responseMessage.text.startsWith(seen)).toBe(true);
    expect(sync.responseMessage.text + textOfDeltas(frames.slice(1))).toBe(words(40).join(''));
    expect(isFinal(frames.at(-1))).toBe(true);
    expect(
      (await get(b, world, `/api/v1/streaming/${streamId}?resume=true`, 'otherSchoolTeacher')).status,
    ).toBe(404);
  });

  it('a starting instance marks only answers no instance keeps alive as unfinished', async () => {
    const { a, world, fake } = ctx;
    const db = a.database.db;
    const teacher = world.users.teacher!;
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await db
      .insertInto('conversation')
      .values({
        id: 'orphan-conversation',
        userId: teacher.id,
        title: '끊긴 대화',
        endpoint: 'agents',
        model: 'fake-model',
        gadgetId: null,
        isPinned: 0,
        pinOrder: null,
        createdAt: longAgo,
        updatedAt: longAgo,
      })
      .execute();
    await db
      .insertInto('message')
      .values({
        id: 'orphan-answer',
        conversationId: 'orphan-conversation',
        userId: teacher.id,
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        seq: 1,
        sender: 'Ssaem',
        isCreatedByUser: 0,
        text: '쓰다 만 답',
        content: '[]',
        status: 'streaming',
        error: 0,
        unfinished: 1,
        endpoint: 'agents',
        model: 'fake-model',
        files: '[]',
        gadgetId: null,
        isLiked: null,
        clientTimestamp: null,
        tokenCount: null,
        createdAt: longAgo,
        updatedAt: longAgo,
        streamId: 'orphan-stream',
      })
      .execute();
    fake.enqueue({ text: words(40), delayMs: 25 });
    const { conversationId } = await startAndLeave(a, world, '살아 있는 답', 3);
    const statusOf = async (where: { id?: string; conversationId?: string }) =>
      (
        await db
          .selectFrom('message')
          .select('status')
          .where('isCreatedByUser', '=', 0)
          .$if(where.id !== undefined, (qb) => qb.where('id', '=', where.id!))
          .$if(where.conversationId !== undefined, (qb) =>
            qb.where('conversationId', '=', where.conversationId!),
          )
          .executeTakeFirstOrThrow()
      ).status;

    const c = await buildListeningApp(
      { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', PUBLIC_URL: a.origin, ...redisEnv },
      { database: a.database },
    );
    try {
      await expect.poll(() => statusOf({ id: 'orphan-answer' })).toBe('interrupted');
      expect(await statusOf({ conversationId })).toBe('streaming');
    } finally {
      await c.close();
    }
    await expect.poll(() => statusOf({ conversationId }), { timeout: 5000 }).toBe('complete');
  });

  it('stops an answer through the other instance: saved with the stop note before the acknowledgement', async () => {
    const { a, b, world, fake } = ctx;
    fake.enqueue({ text: words(300), delayMs: 20 });
    const { streamId, conversationId } = await startAndLeave(a, world, '다른 서버에서 멈추기', 5);
    const post = async (persona: AnyPersona) =>
      fetch(`${b.origin}/api/v1/streaming/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await world.headersFor(persona)) },
        body: JSON.stringify({ stream_id: streamId }),
      });
    expect((await post('otherSchoolTeacher')).status).toBe(404);
    const cancel = await post('teacher');
    expect(await cancel.json()).toEqual({ success: true, streamId, outcome: 'cancelled' });
    const answer = await a.database.db
      .selectFrom('message')
      .select(['status', 'text', 'unfinished'])
      .where('conversationId', '=', conversationId)
      .where('isCreatedByUser', '=', 0)
      .executeTakeFirstOrThrow();
    expect(answer).toMatchObject({ status: 'cancelled', unfinished: 1 });
    expect(answer.text).toContain('사용자가 응답을 중지했습니다');
    expect(answer.text.length).toBeLessThan(words(300).join('').length);
  });
});
