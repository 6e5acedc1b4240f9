import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { jsonOf, parseFrames, textOfDeltas } from './sse-client.ts';

let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

async function send(
  persona: 'teacher' | 'otherSchoolTeacher',
  payload: Record<string, unknown>,
  url = '/api/agents/chat/openAI',
) {
  const res = await t.app.inject({ method: 'POST', url, headers: await world.headersFor(persona), payload });
  return { res, frames: parseFrames(res.body) };
}

describe('chat on the offline provider', () => {
  it('streams created, run steps, deltas and final, and saves both messages', async () => {
    const { res, frames } = await send('teacher', {
      text: '평가계획 만드는 법을 알려 줘',
      parentMessageId: '00000000-0000-0000-0000-000000000000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['x-accel-buffering']).toBe('no');
    const first = frames[0]?.json as {
      created: boolean;
      message: { text: string; conversationId: string };
      streamId: string;
    };
    expect(first.created).toBe(true);
    expect(first.message.text).toBe('평가계획 만드는 법을 알려 줘');
    expect(first.streamId).toBeTruthy();
    const events = frames.map(
      (f) => (f.json?.event as string) ?? (f.json?.final ? 'final' : f.json?.created ? 'created' : f.event),
    );
    expect(events[1]).toBe('on_agent_update');
    expect(events).toContain('on_run_step');
    expect(events.at(-1)).toBe('final');
    const text = textOfDeltas(frames);
    // A question on how to use a tool gets no draft: the answer says so and points to the tool.
    expect(text.startsWith('AI 연결 없이는 답을 새로 쓰지 못해요.')).toBe(true);
    for (const setting of ['OPENAI_API_KEY', 'AI_BASE_URL', 'AI_MODEL', 'vLLM', 'Ollama'])
      expect(text).not.toContain(setting);
    expect(text).toContain('평가계획');
    const final = frames.at(-1)?.json as {
      conversation: { conversationId: string; title: string };
      responseMessage: {
        text: string;
        unfinished: boolean;
        content: { type: string; text?: string }[];
        parentMessageId: string;
      };
      requestMessage: { messageId: string };
    };
    expect(final.responseMessage.text).toBe(text);
    expect(final.responseMessage.unfinished).toBe(false);
    expect(final.responseMessage.parentMessageId).toBe(final.requestMessage.messageId);
    const runStep = frames.find((f) => f.json?.event === 'on_run_step')?.json?.data as { index: number };
    expect(final.responseMessage.content[runStep.index]).toMatchObject({ type: 'text', text });
    // The client asks for the title after the first answer (core.md §4).
    expect(final.conversation.title).toBe('New Chat');
    const title = await t.app.inject({
      method: 'POST',
      url: '/api/convos/gen_title',
      headers: await world.headersFor('teacher'),
      payload: { conversationId: final.conversation.conversationId },
    });
    expect(title.json()).toEqual({ title: '평가계획 만드는 법을 알려 줘' });

    const messages = await t.app.inject({
      url: `/api/v1/conversations/${final.conversation.conversationId}/messages`,
      headers: await world.headersFor('teacher'),
    });
    expect(messages.json().map((m: { isCreatedByUser: boolean }) => m.isCreatedByUser)).toEqual([
      true,
      false,
    ]);
  });

  it('answers in English to an English question and ends the newer path with [DONE]', async () => {
    const { frames } = await send(
      'teacher',
      { text: 'How do I write a parent letter?' },
      '/api/v1/agent/chat/stream',
    );
    // A how-to question gets no draft, and the answer says so in English.
    expect(textOfDeltas(frames)).toContain('Without an AI connection no new answer is written.');
    expect(frames.at(-1)?.data).toBe('[DONE]');
    expect(frames.at(-2)?.json?.final).toBe(true);
  });

  it('continues a conversation on its branch and counts siblings when regenerating', async () => {
    const first = await send('teacher', { text: '첫 질문' });
    const final = first.frames.at(-1)?.json as {
      conversation: { conversationId: string };
      requestMessage: { messageId: string };
      responseMessage: { messageId: string };
    };
    const conversationId = final.conversation.conversationId;
    await send('teacher', {
      text: '두 번째 질문',
      conversationId,
      parentMessageId: final.responseMessage.messageId,
    });
    // A second answer to the same parent: a sibling branch.
    await send('teacher', {
      text: '두 번째 질문(다시)',
      conversationId,
      parentMessageId: final.responseMessage.messageId,
    });
    const page = await t.app.inject({
      url: `/api/v1/conversations/${conversationId}/messages/paged`,
      headers: await world.headersFor('teacher'),
    });
    const body = page.json();
    expect(body.totalCount).toBe(6);
    const siblings = body.messages.filter(
      (m: { parentMessageId: string }) => m.parentMessageId === final.responseMessage.messageId,
    );
    expect(siblings.map((m: { siblingCount: number }) => m.siblingCount)).toEqual([2, 2]);
  });

  it('refuses bad payloads, unknown conversations and parents before anything is saved', async () => {
    const before = await t.database.db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await send('teacher', { text: '' })).res.statusCode).toBe(400);
    expect((await send('teacher', { text: 'x'.repeat(20_001) })).res.json().code).toBe('E_VALIDATION');
    expect(
      (await send('teacher', { text: 'hi', conversationId: 'no-such-conversation' })).res.statusCode,
    ).toBe(404);
    expect((await send('teacher', { text: 'hi', parentMessageId: 'no-such-message' })).res.statusCode).toBe(
      404,
    );
    const after = await t.database.db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a user without a licence with a coded error', async () => {
    const { accessTokenFor } = await import('./auth-helpers.ts');
    const user = world.users.unlicensed;
    if (!user) throw new Error('missing');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents/chat/openAI',
      headers: { authorization: `Bearer ${await accessTokenFor(t, user)}` },
      payload: { text: '안녕하세요' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E_LICENSE_001');
  });
});

describe('conversations', () => {
  async function newConversation(text: string) {
    const { frames } = await send('teacher', { text });
    return (jsonOf(frames.at(-1)) as unknown as { conversation: { conversationId: string } }).conversation
      .conversationId;
  }

  it('pages the list with hasMore and totalCount, newest first', async () => {
    const headers = await world.headersFor('teacher');
    const ids = [await newConversation('목록 1'), await newConversation('목록 2')];
    const page = (
      await t.app.inject({ url: '/api/v1/conversations/paged?pageNo=0&pageSize=2', headers })
    ).json();
    expect(page.conversations).toHaveLength(2);
    expect(page.conversations[0].conversationId).toBe(ids[1]);
    expect(page.hasMore).toBe(true);
    expect(page.totalCount).toBeGreaterThanOrEqual(5);
    const legacy = (await t.app.inject({ url: '/api/convos?pageNumber=1', headers })).json();
    expect(legacy.totalCount).toBe(page.totalCount);
  });

  it('pins at most 10, reorders pins, renames, likes and deletes', async () => {
    const headers = await world.headersFor('teacher');
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await newConversation(`고정 ${i}`));
    for (const id of ids.slice(0, 10)) {
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/v1/conversations/${id}/pin`,
            headers,
            payload: { isPinned: true },
          })
        ).statusCode,
      ).toBe(200);
    }
    const full = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/conversations/${ids[10]}/pin`,
      headers,
      payload: { isPinned: true },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('E_ALREADY_FULL');
    const reversed = ids.slice(0, 10).reverse();
    const reordered = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/conversations/reorder-pinned',
      headers,
      payload: { conversationIds: reversed },
    });
    expect(reordered.json().map((c: { conversationId: string }) => c.conversationId)).toEqual(reversed);
    const unpinned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversations/update',
      headers,
      payload: { conversationId: ids[0], isPinned: false, title: '바뀐 제목' },
    });
    expect(unpinned.json()).toMatchObject({ isPinned: false, title: '바뀐 제목' });
    expect((await t.app.inject({ url: `/api/v1/conversations/${ids[0]}/title`, headers })).json()).toEqual({
      title: '바뀐 제목',
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/conversations/${ids[1]}/title`,
      headers,
      payload: { title: '새 이름' },
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/convos/gen_title',
          headers,
          payload: { conversationId: ids[1] },
        })
      ).json(),
    ).toEqual({ title: '새 이름' });

    const messages = (await t.app.inject({ url: `/api/messages/${ids[2]}`, headers })).json();
    const answer = messages[1];
    const liked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/conversations/${ids[2]}/messages/${answer.messageId}/like`,
      headers,
      payload: { isLiked: true },
    });
    expect(liked.json().isLiked).toBe(true);
    const legacyLike = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${ids[2]}/${answer.messageId}`,
      headers,
      payload: { isLiked: null },
    });
    expect(legacyLike.json().isLiked).toBeNull();

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/conversations/${ids[3]}`, headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/v1/conversations/${ids[3]}/messages`, headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/convos',
          headers,
          payload: { arg: { conversationId: ids[4] } },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lists seeded assistants with at most four starters and short commands, and keeps settings', async () => {
    const headers = await world.headersFor('teacher');
    const agents = (await t.app.inject({ url: '/api/v1/agent/list?type=chat', headers })).json();
    expect(agents.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining(['general', 'lesson-ideas', 'parent-communication', 'edutech-finder']),
    );
    for (const agent of agents) {
      expect(agent.conversationStarters.length).toBeLessThanOrEqual(4);
      for (const command of agent.commands) expect(command.length).toBeLessThanOrEqual(56);
    }
    const english = (
      await t.app.inject({ url: '/api/gadgets', headers: { ...headers, 'accept-language': 'en' } })
    ).json();
    expect(english[0].name).toBe('Ssaem assistant');
    expect((await t.app.inject({ url: '/api/v1/user-settings', headers })).json()).toMatchObject({
      model: 'gpt-4.1',
      streamRate: 1,
      language: 'ko',
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user-settings',
      headers,
      payload: { streamRate: 3 },
    });
    expect(put.json()).toMatchObject({ streamRate: 3, model: 'gpt-4.1' });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/user-settings',
          headers,
          payload: { streamRate: 99 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v1/user-settings', headers, payload: { unknown: 1 } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('briefing', () => {
  it("summarises the teacher's licence and recent conversations, plainly and streamed", async () => {
    const headers = await world.headersFor('teacher');
    const res = await t.app.inject({ url: '/api/v1/agent/briefing/chat', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.briefing).toContain('김하늘 선생님');
    expect(body.briefing).toMatch(/라이선스는 유효하며 만료까지 D-\d+/);
    expect(body.facts.conversationCount).toBeGreaterThan(0);
    const english = await t.app.inject({
      url: '/api/v1/agent/briefing/chat',
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(english.json().briefing).toMatch(/^Hello, 김하늘\./);
    const streamed = await t.app.inject({ method: 'POST', url: '/api/v1/agent/briefing/chat', headers });
    const frames = parseFrames(streamed.body);
    expect(textOfDeltas(frames)).toBe(body.briefing);
    expect(frames.at(-1)?.data).toBe('[DONE]');
    expect((await t.app.inject({ url: '/api/v1/agent/briefing/chat' })).statusCode).toBe(401);
  });
});

describe('chat authorization', () => {
  it("answers 404 for another user's conversation, messages, title, pin, like and stream", async () => {
    const mine = await send('teacher', { text: '내 대화' });
    const final = mine.frames.at(-1)?.json as {
      conversation: { conversationId: string };
      responseMessage: { messageId: string };
    };
    const id = final.conversation.conversationId;
    const streamId = (jsonOf(mine.frames[0]) as unknown as { streamId: string }).streamId;
    const other = await world.headersFor('otherSchoolTeacher');
    const attempts = [
      { method: 'GET' as const, url: `/api/v1/conversations/${id}/messages` },
      { method: 'GET' as const, url: `/api/v1/conversations/${id}/messages/paged` },
      { method: 'GET' as const, url: `/api/messages/${id}` },
      { method: 'GET' as const, url: `/api/v1/conversations/${id}/title` },
      { method: 'PUT' as const, url: `/api/v1/conversations/${id}/title`, payload: { title: 'x' } },
      { method: 'PUT' as const, url: `/api/v1/conversations/${id}/pin`, payload: { isPinned: true } },
      {
        method: 'PUT' as const,
        url: `/api/v1/conversations/${id}/messages/${final.responseMessage.messageId}/like`,
        payload: { isLiked: true },
      },
      { method: 'DELETE' as const, url: `/api/v1/conversations/${id}` },
      { method: 'GET' as const, url: `/api/v1/streaming/${streamId}?resume=true` },
      { method: 'POST' as const, url: '/api/v1/streaming/cancel', payload: { stream_id: streamId } },
      { method: 'GET' as const, url: `/api/v1/streaming/conversation/${id}` },
      {
        method: 'POST' as const,
        url: '/api/agents/chat/openAI',
        payload: { text: '끼어들기', conversationId: id },
      },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: other });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    const anonymous = await t.app.inject({ url: `/api/v1/conversations/${id}/messages` });
    expect(anonymous.statusCode).toBe(401);
    const still = await t.app.inject({
      url: `/api/v1/conversations/${id}/messages`,
      headers: await world.headersFor('teacher'),
    });
    expect(still.json()).toHaveLength(2);
  });
});
