import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_RECEIVE_TIMEOUT_MS, readChatStream } from './stream-client';

vi.mock('./stream-token', () => ({ getStreamToken: async () => 'token' }));

const encoder = new TextEncoder();

/** A stream the test writes to by hand, as the server would over time. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })),
  );
  return {
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('readChatStream', () => {
  it('gives up a stream silent for the message receive timeout', async () => {
    const server = serverStream();
    const frames: unknown[] = [];
    const reading = readChatStream(
      { path: '/api/v1/agent/chat/stream', method: 'POST', body: {} },
      (_e, data) => frames.push(data),
    );
    const outcome = reading.then(
      () => 'finished',
      (error: { code?: string }) => error.code,
    );
    await vi.advanceTimersByTimeAsync(10);
    server.write('data: {"text":"안녕"}\n\n');
    await vi.advanceTimersByTimeAsync(MESSAGE_RECEIVE_TIMEOUT_MS - 1);
    expect(frames).toEqual([{ text: '안녕' }]);
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toBe('E_STREAM_TIMEOUT');
  });

  it('keeps a quiet stream that sends heartbeats', async () => {
    const server = serverStream();
    const frames: unknown[] = [];
    const reading = readChatStream(
      { path: '/api/v1/agent/chat/stream', method: 'POST', body: {} },
      (_e, data) => frames.push(data),
    );
    const outcome = reading.then(
      () => 'finished',
      (error: { code?: string }) => error.code,
    );
    for (let beat = 0; beat < 6; beat += 1) {
      await vi.advanceTimersByTimeAsync(4000);
      server.write(': ping\n\n');
    }
    server.write('data: {"final":true}\n\n');
    server.end();
    expect(await outcome).toBe('finished');
    expect(frames).toEqual([{ final: true }]);
  });
});
