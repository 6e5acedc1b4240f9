import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { chatRoutes } from './routes';
import { useChatStreams } from './stream/chat-streams';

vi.mock('./stream/stream-token', () => ({ getStreamToken: async () => 'token' }));

const encoder = new TextEncoder();
const frame = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const now = '2026-11-22T00:00:00.000Z';

function message(overrides: Record<string, unknown>) {
  return {
    messageId: 'm',
    parentMessageId: '00000000-0000-0000-0000-000000000000',
    conversationId: 'c-1',
    text: '',
    content: [],
    sender: 'User',
    isCreatedByUser: true,
    clientTimestamp: null,
    error: false,
    unfinished: false,
    endpoint: 'openAI',
    model: null,
    files: [],
    gadgetId: 'general',
    isLiked: null,
    createdAt: now,
    updatedAt: now,
    siblingCount: 0,
    ...overrides,
  };
}

const userMessage = message({
  messageId: 'm-user',
  text: '수업 도입 추천해 줘',
  content: [{ type: 'text', text: '수업 도입 추천해 줘' }],
});
const answer = message({
  messageId: 'm-answer',
  parentMessageId: 'm-user',
  sender: '쌤',
  isCreatedByUser: false,
  text: '**오프라인** 답변입니다.',
  content: [{ type: 'text', text: '**오프라인** 답변입니다.' }],
  model: 'offline',
});

/** A server-sent event response that sends these frames and ends. */
function eventStream(frames: string[]): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of frames) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let streamCalls: RequestInit[] = [];
let saved = false;
/** The model fails after the answer began: the stream ends with this error frame. */
let failWith: string | null = null;
let deleted: string[] = [];

function fakeServer(url: string, init?: RequestInit): Response {
  const path = url.split('?')[0];
  if (path === '/api/v1/agent/list') {
    return json([
      {
        id: 'general',
        type: 'chat',
        name: '쌤 AI 도우미',
        description: '무엇이든 물어보세요.',
        icon: 'sparkles',
        conversationStarters: ['수업 도입 추천해 줘'],
        commands: [],
      },
    ]);
  }
  if (path === '/api/v1/user-settings')
    return json({ model: 'gpt-4.1', endpoint: 'openAI', sendWithEnter: true, defaultAgentId: 'general' });
  if (path === '/api/v1/conversations/paged') {
    return json({ conversations: [], pageNo: 0, pageSize: 50, totalCount: 0, hasMore: false });
  }
  if (path === '/api/v1/conversations/pinned') return json([]);
  if (path === '/api/v1/conversations/c-1/messages/paged') {
    return json({
      messages: saved ? [userMessage, answer] : [userMessage],
      pageNo: 0,
      pageSize: 40,
      totalCount: 2,
      hasMore: false,
    });
  }
  if (path === '/api/v1/streaming/conversation/c-1')
    return json({ code: 'E_NOT_FOUND', message: 'none' }, 404);
  if (path === '/api/convos/gen_title') return json({ title: '수업 도입' });
  if (path === '/api/v1/conversations/c-1' && init?.method === 'DELETE') {
    deleted.push('c-1');
    return json({});
  }
  if (path === '/api/agents/chat/openAI' && failWith !== null) {
    streamCalls.push(init ?? {});
    // The question as the server stored it: its words and the files sent with it.
    const sent = JSON.parse(String(init?.body ?? '{}'));
    const stored = { ...userMessage, text: sent.text ?? userMessage.text, files: sent.files ?? [] };
    const body = [
      frame({ created: true, message: stored, streamId: 's-1' }),
      `event: error\ndata: ${JSON.stringify({ error: failWith })}\n\n`,
    ];
    return eventStream(body);
  }
  if (path === '/api/agents/chat/openAI') {
    streamCalls.push(init ?? {});
    const body = [
      frame({ created: true, message: userMessage, streamId: 's-1' }),
      frame({
        event: 'on_run_step',
        data: { id: 'st', runId: 'm-answer', index: 0, type: 'message_creation' },
      }),
      frame({
        event: 'on_message_delta',
        data: { id: 'st', delta: { content: [{ type: 'text', text: '**오프라인** ' }] } },
      }),
      frame({
        event: 'on_message_delta',
        data: { id: 'st', delta: { content: [{ type: 'text', text: '답변입니다.' }] } },
      }),
      frame({
        final: true,
        conversation: { conversationId: 'c-1' },
        requestMessage: userMessage,
        responseMessage: answer,
      }),
    ];
    saved = true;
    return eventStream(body);
  }
  return json({ code: 'E_NOT_FOUND', message: `no ${path}` }, 404);
}

/** The server answers a picture's upload (칠판.png) at once, ready; the rest as fakeServer does. */
function serveUploadedPicture() {
  const fetchMock = vi.mocked(fetch);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url !== '/api/v1/files/upload/images') return fakeServer(url, init ?? undefined);
    return json(
      {
        file_id: 'f-img',
        filename: '칠판.png',
        type: 'image/png',
        kind: 'png',
        bytes: 1234,
        width: 640,
        height: 480,
        status: 'ready',
        error: null,
        purpose: 'image',
        filepath: '/api/v1/files/f-img/content',
      },
      201,
    );
  });
  return fetchMock;
}

/** The teacher chooses 칠판.png in the composer's file field. */
function choosePicture() {
  const fileInput = screen.getByTestId('chat-file-input');
  Object.defineProperty(fileInput, 'files', {
    configurable: true,
    value: [new File(['png'], '칠판.png', { type: 'image/png' })],
  });
  fireEvent.change(fileInput);
}

// Mantine's autosize textarea listens for web fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

beforeEach(() => {
  streamCalls = [];
  saved = false;
  failWith = null;
  deleted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => fakeServer(url, init)),
  );
  // The virtualized list measures its scroller; give it a size.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
});

afterEach(() => {
  useChatStreams.setState({ streams: {} });
});

describe('chat page', () => {
  it('tells why a new chat’s first answer failed and hands the question back to send again', {
    timeout: 20_000,
  }, async () => {
    failWith = 'E_MODEL_UNAVAILABLE';
    const router = createMemoryRouter(chatRoutes, { initialEntries: ['/chat/new'] });
    renderWithProviders(<RouterProvider router={router} />);

    fireEvent.click(await screen.findByRole('button', { name: '수업 도입 추천해 줘' }, { timeout: 10_000 }));

    // The conversation the failed answer began goes (core.md §4); the teacher is told why, in words.
    const failure = '오류: AI 모델이 답하지 못했어요. 잠시 후 다시 시도해 주세요.';
    const notice = await screen.findByTestId('chat-first-answer-failure', {}, { timeout: 5_000 });
    expect(notice.textContent).toBe(failure);
    await waitFor(() => expect(deleted).toEqual(['c-1']));
    expect(router.state.location.pathname).toBe('/chat/new');
    // Said once: the failed answer's own row went with its conversation.
    await waitFor(() => expect(screen.getAllByText(failure)).toHaveLength(1));
    expect(screen.queryByText(/E_MODEL_UNAVAILABLE/)).toBeNull();
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('수업 도입 추천해 줘'));

    // Sent again (the model is back): the notice goes, the answer comes.
    failWith = null;
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/c-1'));
    expect(screen.queryByText(failure)).toBeNull();
    expect(JSON.parse(String(streamCalls.at(-1)?.body))).toMatchObject({ text: '수업 도입 추천해 줘' });
  });

  it('sends a starter, streams the answer, moves to the new id and shows the offline banner', {
    timeout: 20_000,
  }, async () => {
    const router = createMemoryRouter(chatRoutes, { initialEntries: ['/chat/new'] });
    renderWithProviders(<RouterProvider router={router} />);

    fireEvent.click(await screen.findByRole('button', { name: '수업 도입 추천해 줘' }, { timeout: 10_000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/c-1'));
    expect(
      await screen.findByText('AI 모델이 연결되어 있지 않습니다 (오프라인 모드)', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('오프라인', {}, { timeout: 10_000 })).toBeTruthy();
    expect(streamCalls).toHaveLength(1);
    expect(JSON.parse(String(streamCalls[0]?.body))).toMatchObject({
      text: '수업 도입 추천해 줘',
      conversationId: null,
      gadgetId: 'general',
    });
    // The move to the id did not cancel the answer.
    const fetchMock = vi.mocked(fetch);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/streaming/cancel')).toBe(false);
  });

  it('stops a running answer when the teacher leaves for another conversation', {
    timeout: 20_000,
  }, async () => {
    const stream: { push: ((text: string) => void) | null } = { push: null };
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/agents/chat/openAI') {
        return new Response(
          new ReadableStream({
            start(controller) {
              stream.push = (text) => controller.enqueue(encoder.encode(text));
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }
      if (url === '/api/v1/streaming/cancel')
        return json({ success: true, streamId: 's-1', outcome: 'cancelled' });
      return fakeServer(url, init ?? undefined);
    });
    const router = createMemoryRouter(chatRoutes, { initialEntries: ['/chat/c-1'] });
    renderWithProviders(<RouterProvider router={router} />);
    const input = await screen.findByRole('textbox', { name: '메시지' }, { timeout: 10_000 });
    fireEvent.change(input, { target: { value: '계속 써 줘' } });
    fireEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(stream.push).not.toBeNull());
    stream.push?.(frame({ created: true, message: userMessage, streamId: 's-1' }));
    await waitFor(() =>
      expect(Object.values(useChatStreams.getState().streams).some((s) => s.streamId === 's-1')).toBe(true),
    );
    expect(await screen.findByRole('button', { name: '답변 멈추기' })).toBeTruthy();

    await router.navigate('/chat/c-2');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/streaming/cancel')).toBe(true),
    );
    const cancel = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/streaming/cancel');
    expect(JSON.parse(String(cancel?.[1]?.body))).toEqual({ stream_id: 's-1' });
  });

  it('re-attaches to an answer still being written after a reload', { timeout: 20_000 }, async () => {
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v1/streaming/conversation/c-1')
        return json({ streamId: 's-9', responseMessageId: 'm-answer' });
      if (url === '/api/v1/streaming/s-9?resume=true') {
        const body = [
          frame({
            sync: true,
            streamId: 's-9',
            conversationId: 'c-1',
            requestMessage: userMessage,
            responseMessage: {
              messageId: 'm-answer',
              text: '절반까지',
              content: [{ type: 'text', text: '절반까지' }],
              unfinished: true,
            },
          }),
          frame({
            event: 'on_message_delta',
            data: { id: 'later', delta: { content: [{ type: 'text', text: ' 이어서 씀' }] } },
          }),
        ];
        return new Response(
          new ReadableStream({
            start(controller) {
              for (const chunk of body) controller.enqueue(encoder.encode(chunk));
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }
      return fakeServer(url, init ?? undefined);
    });
    const router = createMemoryRouter(chatRoutes, { initialEntries: ['/chat/c-1'] });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('절반까지 이어서 씀', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '답변 멈추기' })).toBeTruthy();
    const resumeCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/v1/streaming/s-9'));
    expect(new Headers(resumeCall?.[1]?.headers).get('Authorization')).toBe('Bearer token');
  });

  it('shows how many pictures are drawn while they are drawn, then the pictures', {
    timeout: 20_000,
  }, async () => {
    let push: (payload: unknown) => void = () => {};
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v1/streaming/conversation/c-1')
        return json({ streamId: 's-7', responseMessageId: 'm-answer' });
      if (url === '/api/v1/streaming/s-7?resume=true') {
        return new Response(
          new ReadableStream({
            start(controller) {
              push = (payload) => controller.enqueue(encoder.encode(frame(payload)));
              push({
                sync: true,
                streamId: 's-7',
                conversationId: 'c-1',
                requestMessage: userMessage,
                responseMessage: { messageId: 'm-answer', text: '', content: [], unfinished: true },
              });
              push({ event: 'on_image_progress', data: { runId: 'm-answer', done: 1, total: 2 } });
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }
      return fakeServer(url, init ?? undefined);
    });
    const router = createMemoryRouter(chatRoutes, { initialEntries: ['/chat/c-1'] });
    renderWithProviders(<RouterProvider router={router} />);
    const progress = await screen.findByTestId('chat-image-progress', {}, { timeout: 10_000 });
    expect(progress.textContent).toBe('그림을 1/2장 그렸어요…');

    push({
      event: 'on_run_step',
      data: {
        id: 'img-1',
        runId: 'm-answer',
        index: 0,
        type: 'image_url',
        stepDetails: { type: 'image_url', image_url: { url: '/api/v1/chat/images/a.png' } },
      },
    });
    push({ event: 'on_image_progress', data: { runId: 'm-answer', done: 2, total: 2 } });
    await waitFor(() => expect(screen.queryByTestId('chat-image-progress')).toBeNull());
    await waitFor(() =>
      expect(document.querySelector('img[src="/api/v1/chat/images/a.png"]')).not.toBeNull(),
    );
  });

  it('sends uploaded attachments with the message', { timeout: 20_000 }, async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    serveUploadedPicture();
    const router = createMemoryRouter(chatRoutes, { initialEntries: ['/chat/c-1'] });
    renderWithProviders(<RouterProvider router={router} />);
    const input = await screen.findByRole('textbox', { name: '메시지' }, { timeout: 10_000 });
    fireEvent.change(input, { target: { value: '이 판서를 정리해 줘' } });
    choosePicture();
    const chip = await screen.findByRole('listitem', { name: '칠판.png' });
    await waitFor(() => expect(chip.getAttribute('data-phase')).toBe('ready'));
    fireEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(streamCalls).toHaveLength(1));
    expect(JSON.parse(String(streamCalls[0]?.body))).toMatchObject({
      text: '이 판서를 정리해 줘',
      files: [{ file_id: 'f-img', filename: '칠판.png', type: 'image/png', width: 640, height: 480 }],
    });
  });

  it('hands the files back with the question when a new chat’s first answer fails', {
    timeout: 20_000,
  }, async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/preview');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    failWith = 'E_MODEL_UNAVAILABLE';
    const fetchMock = serveUploadedPicture();
    const router = createMemoryRouter(chatRoutes, { initialEntries: ['/chat/new'] });
    renderWithProviders(<RouterProvider router={router} />);
    const box = (await screen.findByRole(
      'textbox',
      { name: '메시지' },
      { timeout: 10_000 },
    )) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '이 판서를 정리해 줘' } });
    choosePicture();
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: '칠판.png' }).getAttribute('data-phase')).toBe('ready'),
    );
    fireEvent.click(screen.getByRole('button', { name: '보내기' }));

    // The answer fails: the question and its picture are back in the box, the picture ready to go.
    await screen.findByTestId('chat-first-answer-failure', {}, { timeout: 5_000 });
    await waitFor(() => expect(box.value).toBe('이 판서를 정리해 줘'));
    const chip = await screen.findByRole('listitem', { name: '칠판.png' });
    expect(chip.getAttribute('data-phase')).toBe('ready');
    expect(chip.querySelector('img')?.getAttribute('src')).toBe('blob:http://localhost/preview');
    expect(revoked).not.toHaveBeenCalled();

    // Sent again: with the same file, uploaded once.
    failWith = null;
    fireEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(streamCalls).toHaveLength(2));
    expect(JSON.parse(String(streamCalls[1]?.body))).toMatchObject({
      text: '이 판서를 정리해 줘',
      files: [{ file_id: 'f-img', filename: '칠판.png' }],
    });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/files/upload'))).toHaveLength(1);
  });

  it('regenerates the last answer as a sibling branch and switches between branches', {
    timeout: 20_000,
  }, async () => {
    saved = true;
    const retry = message({
      messageId: 'm-user-2',
      text: userMessage.text,
      content: userMessage.content,
      siblingCount: 2,
    });
    const retryAnswer = message({
      messageId: 'm-answer-2',
      parentMessageId: 'm-user-2',
      sender: '쌤',
      isCreatedByUser: false,
      text: '새로운 답변',
      content: [{ type: 'text', text: '새로운 답변' }],
      model: 'offline',
    });
    let regenerated = false;
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/v1/conversations/c-1/messages/paged')) {
        const messages = regenerated
          ? [{ ...userMessage, siblingCount: 2 }, answer, retry, retryAnswer]
          : [userMessage, answer];
        return json({ messages, pageNo: 0, pageSize: 40, totalCount: messages.length, hasMore: false });
      }
      if (url === '/api/agents/chat/openAI') {
        streamCalls.push(init ?? {});
        regenerated = true;
        const body = [
          frame({ created: true, message: retry, streamId: 's-2' }),
          frame({
            final: true,
            conversation: { conversationId: 'c-1' },
            requestMessage: retry,
            responseMessage: retryAnswer,
          }),
        ];
        return new Response(
          new ReadableStream({
            start(controller) {
              for (const chunk of body) controller.enqueue(encoder.encode(chunk));
              controller.close();
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }
      return fakeServer(url, init ?? undefined);
    });
    const router = createMemoryRouter(chatRoutes, { initialEntries: ['/chat/c-1'] });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('오프라인', {}, { timeout: 10_000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '다시 생성' }));
    await waitFor(() => expect(streamCalls).toHaveLength(1));
    expect(JSON.parse(String(streamCalls[0]?.body))).toMatchObject({
      text: '수업 도입 추천해 줘',
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      conversationId: 'c-1',
    });
    expect(await screen.findByText('새로운 답변', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('sibling-position').textContent).toBe('2 / 2'));
    expect(screen.queryByText('오프라인')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '이전 답변' }));
    expect(await screen.findByText('오프라인')).toBeTruthy();
    expect(screen.getByTestId('sibling-position').textContent).toBe('1 / 2');
    expect(screen.queryByText('새로운 답변')).toBeNull();
  });
});
