import { tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLicencesRepository } from '../src/modules/licences/licences.repository.ts';
import { createTokenTracker } from '../src/modules/licences/licences.service.ts';
import { createAiGateway } from '../src/platform/ai/gateway.ts';
import { chooseModel } from '../src/platform/ai/models.ts';
import { createUsageLimits } from '../src/platform/ai/usage-limits.ts';
import { AppError } from '../src/platform/errors/app-error.ts';
import { accessTokenFor } from './auth-helpers.ts';
import type { TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildUser } from './factories.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildListeningApp } from './listening-app.ts';
import { jsonOf, readFrames, type SseFrame, textOfDeltas } from './sse-client.ts';

let fake: FakeLlm;
let t: TestApp & { origin: string };
let world: DemoWorld;

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await buildListeningApp({
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-model',
    CHAT_MAX_CONCURRENT_STREAMS: '50',
  });
  world = await buildDemoWorld(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function post(
  path: string,
  body: unknown,
  persona: 'teacher' | 'otherSchoolTeacher' = 'teacher',
  signal?: AbortSignal,
) {
  return fetch(`${t.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await world.headersFor(persona)) },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

const event = (frame: SseFrame) =>
  (frame.json?.event as string | undefined) ??
  (frame.json?.final ? 'final' : frame.json?.sync ? 'sync' : frame.event);

async function storedResponse(conversationId: string) {
  return t.database.db
    .selectFrom('message')
    .selectAll()
    .where('conversationId', '=', conversationId)
    .where('isCreatedByUser', '=', 0)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
}

describe('chat against an OpenAI-compatible server', () => {
  it('streams text and reasoning through the real provider and stores the answer', async () => {
    fake.enqueue(
      {
        reasoning: ['먼저 ', '생각'],
        text: ['분수는 ', '전체를 ', '똑같이 나눈 것입니다.'],
        usage: { prompt: 30, completion: 12 },
      },
      // The title of a new conversation is a second, small call.
      { text: ['분수 설명'], usage: { prompt: 5, completion: 3 } },
    );
    const res = await post('/api/agents/chat/openAI', { text: '분수를 설명해 줘' });
    expect(res.status).toBe(200);
    const frames = await readFrames(res, () => false);
    expect(textOfDeltas(frames)).toBe('분수는 전체를 똑같이 나눈 것입니다.');
    const thinking = frames.filter((f) => event(f) === 'on_reasoning_delta');
    expect(thinking.length).toBe(2);
    const final = frames.at(-1)?.json as {
      responseMessage: { content: { type: string }[]; model: string; text: string };
      conversation: { conversationId: string };
    };
    expect(final.responseMessage.content.map((c) => c.type)).toEqual(['agent_update', 'think', 'text']);
    expect(final.responseMessage.model).toBe('fake-model');
    const lastRequest = fake.requests.at(-1)?.body as {
      model: string;
      stream: boolean;
      messages: { role: string }[];
    };
    expect(lastRequest.model).toBe('fake-model');
    expect(lastRequest.stream).toBe(true);
    expect(lastRequest.messages[0]?.role).toBe('system');
    expect(final.conversation.conversationId).toBeTruthy();
    const title = await fetch(`${t.origin}/api/v1/conversations/${final.conversation.conversationId}/title`, {
      headers: await world.headersFor('teacher'),
    });
    expect(await title.json()).toEqual({ title: '분수 설명' });
    // Settled with the model's own usage: the answer (42) and the title (8).
    const licence = await t.database.db
      .selectFrom('userLicense')
      .select(['tokenUsed', 'tokenReserved'])
      .where('userId', '=', world.users.teacher?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(licence).toEqual({ tokenUsed: 50, tokenReserved: 0 });
    // Each call remembers the model that answered, for the usage by model.
    const models = await t.database.db
      .selectFrom('tokenReservation')
      .select('model')
      .where('userId', '=', world.users.teacher?.id ?? 0)
      .where('status', '=', 'SETTLED')
      .execute();
    expect(models.map((row) => row.model)).toEqual(['fake-model', 'fake-model']);
  });

  it('carries quotes, backslashes and line breaks in deltas intact', async () => {
    const pieces = ['"인용"과 ', '역슬래시\\ ', '줄\n바꿈', ' 탭\t끝 </script>'];
    fake.enqueue({ text: pieces });
    const res = await post('/api/agents/chat/openAI', { text: '특수 문자' });
    const frames = await readFrames(res, () => false);
    expect(textOfDeltas(frames)).toBe(pieces.join(''));
  });

  it('sends an error frame for an error mid-stream and saves the answer with its error', async () => {
    fake.enqueue({ text: ['하나 ', '둘 ', '셋 ', '넷'], failAfterChunks: 3, delayMs: 30 });
    const res = await post('/api/agents/chat/openAI', { text: '끊기는 답' });
    const frames = await readFrames(res, () => false);
    const last = frames.at(-1);
    expect(last?.event).toBe('error');
    expect(JSON.parse(last?.data ?? '{}').error).toBe('E_MODEL_UNAVAILABLE');
    const conversationId = (jsonOf(frames[0]) as unknown as { message: { conversationId: string } }).message
      .conversationId;
    const stored = await storedResponse(conversationId);
    expect(stored).toMatchObject({ error: 1, unfinished: 1, status: 'error' });
    expect(JSON.parse(stored.content).at(-1)).toEqual({ type: 'error', error: 'E_MODEL_UNAVAILABLE' });
  });

  it('tries again when the model server is briefly unavailable, then streams the answer', async () => {
    const before = fake.requests.length;
    fake.enqueue({ status: 503 }, { text: ['다시 ', '연결됐어요'] });
    const res = await post('/api/agents/chat/openAI', { text: '잠깐 끊겨도' });
    const frames = await readFrames(res, () => false);
    expect(textOfDeltas(frames)).toBe('다시 연결됐어요');
    expect(frames.at(-1)?.json?.final).toBe(true);
    // The refused request and the retried one (a title call may follow).
    expect(fake.requests.length - before).toBeGreaterThanOrEqual(2);
  });

  it('ends with the catalogue code, not the model server’s own message, when it refuses the request', async () => {
    fake.enqueue({ status: 400 });
    const res = await post('/api/agents/chat/openAI', { text: '거절되는 질문' });
    const frames = await readFrames(res, () => false);
    const last = frames.at(-1);
    expect(last?.event).toBe('error');
    // What the model server said (it may name a key or a deployment) is for the log only.
    expect(JSON.parse(last?.data ?? '{}').error).toBe('E_MODEL_UNAVAILABLE');
    expect(frames.map((frame) => frame.data).join('')).not.toContain('fake failure');
    const conversationId = (jsonOf(frames[0]) as unknown as { message: { conversationId: string } }).message
      .conversationId;
    const stored = await storedResponse(conversationId);
    expect(stored).toMatchObject({ error: 1, status: 'error' });
    expect(stored.content).not.toContain('fake failure');
  });

  it('cancels a slow stream once: partial answer saved with the stop note before the acknowledgement', async () => {
    fake.enqueue({ text: Array.from({ length: 200 }, (_, i) => `토큰${i} `), delayMs: 20 });
    const res = await post('/api/agents/chat/openAI', { text: '길게 답해 줘' });
    let streamId = '';
    const frames = await readFrames(res, (frame) => {
      if (frame.json?.created) streamId = frame.json.streamId as string;
      if (event(frame) === 'on_message_delta' && textOfDeltas([frame]).startsWith('토큰5 ')) {
        void post('/api/v1/streaming/cancel', { stream_id: streamId }).then(async (ack) => {
          expect(ack.status).toBe(200);
          expect(await ack.json()).toMatchObject({ success: true, outcome: 'cancelled' });
        });
      }
      return false;
    });
    const final = frames.at(-1)?.json as {
      final: boolean;
      responseMessage: { text: string; unfinished: boolean };
    };
    expect(final.final).toBe(true);
    expect(final.responseMessage.unfinished).toBe(true);
    expect(final.responseMessage.text).toContain('사용자가 응답을 중지했습니다');
    expect(final.responseMessage.text).not.toContain('토큰199');
    const again = await post('/api/v1/streaming/cancel', { stream_id: streamId });
    expect(await again.json()).toMatchObject({ outcome: 'cancelled' });
  });

  it('keeps generating when the connection drops and resumes with a snapshot then live frames', async () => {
    fake.enqueue({ text: Array.from({ length: 60 }, (_, i) => `${i} `), delayMs: 15 });
    const controller = new AbortController();
    const res = await post('/api/agents/chat/openAI', { text: '이어서 받기' }, 'teacher', controller.signal);
    let streamId = '';
    let seen = '';
    await readFrames(res, (frame) => {
      if (frame.json?.created) streamId = frame.json.streamId as string;
      seen += textOfDeltas([frame]);
      return seen.split(' ').length > 10;
    }).catch(() => undefined);
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const resumed = await fetch(`${t.origin}/api/v1/streaming/${streamId}?resume=true`, {
      headers: await world.headersFor('teacher'),
    });
    expect(resumed.status).toBe(200);
    const frames = await readFrames(resumed, () => false);
    const sync = frames[0]?.json as { sync: boolean; responseMessage: { text: string } };
    expect(sync.sync).toBe(true);
    expect(sync.responseMessage.text.startsWith(seen)).toBe(true);
    const full = sync.responseMessage.text + textOfDeltas(frames.slice(1));
    const expected = Array.from({ length: 60 }, (_, i) => `${i} `).join('');
    expect(full).toBe(expected);
    expect(event(frames.at(-1) as SseFrame)).toBe('final');
  });

  it('lets exactly one of 20 concurrent requests run on a licence with room for one', async () => {
    const db = t.database.db;
    const user = await buildUser(db, { schoolId: world.users.teacher?.schoolId ?? null });
    const now = new Date().toISOString();
    const licence = await db
      .insertInto('license')
      .values({
        name: 'room for one',
        description: null,
        tokenLimit: 6000,
        periodDays: 30,
        useYn: 'Y',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = await db
      .insertInto('licenseKey')
      .values({
        licenseId: licence.id,
        licenseKey: 'ROOM-0000-0000-0001',
        groupName: null,
        status: 'USED',
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('userLicense')
      .values({
        userId: user.id,
        licenseKeyId: key.id,
        startAt: now,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        tokenLimit: 6000,
        tokenUsed: 0,
        tokenReserved: 0,
        status: 'ACTIVE',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    // The admitted answer holds its reservation for a while, so every other request arrives while
    // the licence is still full, however slowly this machine handles the twenty.
    fake.fallback = { text: ['하', '나'], delayMs: 1500 };
    const token = await accessTokenFor(t, user);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${t.origin}/api/agents/chat/openAI`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ text: '동시에' }),
        }),
      ),
    );
    fake.fallback = {};
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refused = (await Promise.all(responses.filter((r) => r.status !== 200).map((r) => r.json()))) as {
      code: string;
    }[];
    expect(refused.every((body) => body.code === 'E_LICENSE_002')).toBe(true);
    await Promise.all(responses.filter((r) => r.status === 200).map((r) => readFrames(r, () => false)));
    const messages = await db.selectFrom('message').select('id').where('userId', '=', user.id).execute();
    expect(messages).toHaveLength(2);
  });
});

describe('AI gateway', () => {
  function gateway() {
    return createAiGateway({
      choice: chooseModel(
        {
          ...t.config,
          AI_PROVIDER_RESOLVED: 'openai-compatible',
          AI_BASE_URL: fake.url,
          AI_MODEL: 'fake-model',
        },
        () => '',
      ),
      tracker: createTokenTracker(createLicencesRepository(t.database.db)),
      limits: createUsageLimits({ maxConcurrent: 5, perMinute: 100 }),
    });
  }

  it('runs a tool-call round trip: the model calls, the tool answers, the model finishes', async () => {
    fake.enqueue(
      { toolCall: { name: 'search_edutech', args: { keyword: '수학' } } },
      { text: ['수학 도구로 ', '알지오매스를 추천합니다.'] },
    );
    const events = [];
    for await (const e of gateway().streamChat({
      caller: { userId: world.users.teacher?.id ?? 0 },
      purpose: 'test',
      system: 'system',
      turns: [{ role: 'user', text: '수학 도구 추천' }],
      tools: {
        search_edutech: tool({
          description: 'Search the edutech catalogue',
          inputSchema: z.object({ keyword: z.string() }),
          execute: async ({ keyword }) => ({ results: [`${keyword}: 알지오매스`] }),
        }),
      },
    })) {
      events.push(e);
    }
    expect(events.map((e) => e.type)).toEqual(['tool-call', 'tool-result', 'text', 'text', 'finish']);
    expect(events[0]).toMatchObject({ name: 'search_edutech', args: '{"keyword":"수학"}' });
    expect(events[1]).toMatchObject({ output: '{"results":["수학: 알지오매스"]}' });
    const second = fake.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
    expect(second.messages.some((m) => m.role === 'tool')).toBe(true);
  });

  it('pseudonymizes names and identifiers out and restores them, even split across chunks', async () => {
    fake.enqueue({ text: ['[학', '생1] 학생 보호자께는 [전화', '번호1]로, ', '[이메일1]에도 알렸습니다.'] });
    let text = '';
    for await (const e of gateway().streamChat({
      caller: { userId: world.users.teacher?.id ?? 0, sensitiveNames: ['김민준'] },
      purpose: 'test',
      system: 'system',
      turns: [
        {
          role: 'user',
          text: '김민준 학생 보호자(010-1234-5678, minjun.mom@example.com)에게 연락, 주민번호 120101-3123456',
        },
      ],
    })) {
      if (e.type === 'text') text += e.delta;
    }
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    for (const secret of ['김민준', '010-1234-5678', 'minjun.mom@example.com', '120101-3123456'])
      expect(sent).not.toContain(secret);
    expect(sent).toContain('[학생1]');
    expect(sent).toContain('[주민등록번호1]');
    expect(text).toBe('김민준 학생 보호자께는 010-1234-5678로, minjun.mom@example.com에도 알렸습니다.');
  });

  it('stops the call and gives its tokens back when the caller leaves the loop early', async () => {
    fake.enqueue({ text: Array.from({ length: 40 }, (_, i) => `조각${i} `), delayMs: 20 });
    const userId = world.users.teacher?.id ?? 0;
    const reserved = async () =>
      (
        await t.database.db
          .selectFrom('userLicense')
          .select('tokenReserved')
          .where('userId', '=', userId)
          .execute()
      ).reduce((sum, row) => sum + Number(row.tokenReserved), 0);
    const before = await reserved();
    const texts: string[] = [];
    for await (const e of gateway().streamChat({
      caller: { userId },
      purpose: 'early-exit',
      system: 'system',
      turns: [{ role: 'user', text: '길게 답해 주세요' }],
    })) {
      if (e.type === 'text') texts.push(e.delta);
      if (texts.length === 2) break;
    }
    expect(texts).toEqual(['조각0 ', '조각1 ']);
    // Once the loop has left, the reservation is closed and the licence holds nothing for it.
    const reservation = await t.database.db
      .selectFrom('tokenReservation')
      .select(['status', 'used'])
      .where('purpose', '=', 'early-exit')
      .executeTakeFirstOrThrow();
    expect(reservation).toEqual({ status: 'RELEASED', used: 0 });
    expect(await reserved()).toBe(before);
  });

  it('produces structured output from a zod schema through the compatible provider', async () => {
    fake.enqueue({ content: JSON.stringify({ title: '[학생1]의 상담', items: ['가', '나'] }) });
    const result = await gateway().generateObject({
      caller: { userId: world.users.teacher?.id ?? 0, sensitiveNames: ['박지우'] },
      purpose: 'test',
      system: 'system',
      prompt: '박지우 상담 기록',
      schema: z.object({ title: z.string(), items: z.array(z.string()) }),
    });
    expect(result).toEqual({ title: '박지우의 상담', items: ['가', '나'] });
    const body = fake.requests.at(-1)?.body as { response_format?: { type: string } };
    expect(body.response_format?.type).toBe('json_schema');
  });

  it('reports a model server’s refusal of structured output as E_MODEL_UNAVAILABLE, its words kept for the log', async () => {
    fake.enqueue({ status: 400 });
    const failure = await gateway()
      .generateObject({
        caller: { userId: world.users.teacher?.id ?? 0 },
        purpose: 'test',
        system: 'system',
        prompt: '가정통신문',
        schema: z.object({ title: z.string() }),
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('E_MODEL_UNAVAILABLE');
    expect(String((failure as AppError).cause)).toContain('fake failure');
  });
});
