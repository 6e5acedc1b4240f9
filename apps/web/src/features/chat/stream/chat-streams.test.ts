import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelChatStream, sendChatMessage, useChatStreams } from './chat-streams';
import type { FrameScheduler } from './frame-batcher';
import type { StreamState } from './response-state';
import { getStreamToken } from './stream-token';

vi.mock('./stream-token', () => ({ getStreamToken: vi.fn() }));

const encoder = new TextEncoder();
const frame = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const created = frame({
  created: true,
  streamId: 's-1',
  message: {
    messageId: 'm-user',
    conversationId: 'c-1',
    parentMessageId: '0',
    text: 'hi',
    isCreatedByUser: true,
  },
});
const runStep = frame({
  event: 'on_run_step',
  data: { id: 'st', runId: 'm-answer', index: 0, type: 'message_creation' },
});
const delta = (text: string) =>
  frame({ event: 'on_message_delta', data: { id: 'st', delta: { content: [{ type: 'text', text }] } } });
const final = (text: string) =>
  frame({
    final: true,
    conversation: { conversationId: 'c-1' },
    responseMessage: {
      messageId: 'm-answer',
      conversationId: 'c-1',
      text,
      content: [{ type: 'text', text }],
      model: 'offline',
    },
  });

function sse(chunks: string[]): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}

function endOf(key: string): Promise<StreamState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = useChatStreams.getState().streams[key];
      if (state && state.phase !== 'submitting' && state.phase !== 'streaming') {
        unsubscribe();
        resolve(state);
      }
    };
    const unsubscribe = useChatStreams.subscribe(check);
    check();
  });
}

beforeEach(() => {
  vi.mocked(getStreamToken).mockImplementation(async (options) => (options?.refresh ? 'fresh' : 'token-1'));
});

afterEach(() => {
  useChatStreams.setState({ streams: {} });
});

describe('sendChatMessage', () => {
  it('streams an answer and reports the conversation id as soon as it is created', async () => {
    const fetchMock = vi.fn(async () =>
      sse([created, runStep, delta('안녕'), delta('하세요'), final('안녕하세요')]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onConversation = vi.fn();
    const key = sendChatMessage({ text: 'hi', conversationId: null }, { onConversation });
    const state = await endOf(key);
    expect(state.phase).toBe('finished');
    expect(state.content).toEqual([{ type: 'text', text: '안녕하세요' }]);
    expect(onConversation).toHaveBeenCalledWith('c-1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/agents/chat/openAI');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
    expect(new Headers(init.headers).get('Accept-Language')).toBe('ko');
    expect(JSON.parse(String(init.body))).toMatchObject({
      text: 'hi',
      conversationId: null,
      parentMessageId: '00000000-0000-0000-0000-000000000000',
    });
  });

  it('refreshes the token once after a 401 and starts again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ code: 'E_UNAUTHORIZED', message: 'no' }), { status: 401 }),
      )
      .mockResolvedValueOnce(sse([created, runStep, delta('ok'), final('ok')]));
    vi.stubGlobal('fetch', fetchMock);
    const state = await endOf(sendChatMessage({ text: 'hi', conversationId: null }));
    expect(state.phase).toBe('finished');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getStreamToken).toHaveBeenLastCalledWith({ refresh: true });
    const first = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(first[1].headers).get('Authorization')).toBe('Bearer token-1');
    const second = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(new Headers(second[1].headers).get('Authorization')).toBe('Bearer fresh');
  });

  it('reports a refusal before streaming with its error code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'E_LICENSE_001', message: 'no licence' }), { status: 403 }),
      ),
    );
    const state = await endOf(sendChatMessage({ text: 'hi', conversationId: null }));
    expect(state.phase).toBe('error');
    expect(state.errorCode).toBe('E_LICENSE_001');
  });

  it('publishes to React once per animation frame, not once per token', async () => {
    const tokens = Array.from({ length: 120 }, (_, i) => delta(`t${i} `));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sse([created, runStep, ...tokens])),
    );
    const frames: Array<() => void> = [];
    const scheduler: FrameScheduler = {
      request: (callback) => frames.push(callback),
      cancel: () => {},
    };
    let publishes = 0;
    const unsubscribe = useChatStreams.subscribe(() => {
      publishes += 1;
    });
    const key = sendChatMessage({ text: 'hi', conversationId: null }, {}, scheduler);
    const state = await endOf(key);
    unsubscribe();
    expect(state.content[0]).toMatchObject({ type: 'text' });
    expect((state.content[0] as { text: string }).text.split(' ').length).toBe(121);
    // Start, conversation revealed, end: a handful of publishes for 120 tokens.
    expect(publishes).toBeLessThan(8);
  });
});

describe('cancelChatStream', () => {
  it('asks the server to stop, then shows the saved partial answer with its stop note', async () => {
    let push: (text: string) => void = () => {};
    let close: () => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        close = () => controller.close();
      },
    });
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/streaming/cancel') {
        expect(JSON.parse(String(init?.body))).toEqual({ stream_id: 's-1' });
        push(delta(' (중지됨)'));
        push(final('쓰던 중 (중지됨)'));
        close();
        return new Response(JSON.stringify({ success: true, streamId: 's-1', outcome: 'cancelled' }));
      }
      return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const key = sendChatMessage({ text: 'hi', conversationId: 'c-1' });
    push(created);
    push(runStep);
    push(delta('쓰던 중'));
    await vi.waitFor(() => expect(useChatStreams.getState().streams[key]?.streamId).toBe('s-1'));
    await cancelChatStream(key);
    const state = await endOf(key);
    expect(state.phase).toBe('cancelled');
    expect(state.content).toEqual([{ type: 'text', text: '쓰던 중 (중지됨)' }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/v1/streaming/cancel')).toHaveLength(1);
    // Once per response.
    await cancelChatStream(key);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/v1/streaming/cancel')).toHaveLength(1);
  });
});
