import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below the client's 10 s message receive timeout (core.md §9), so a quiet answer is not given up. */
export const HEARTBEAT_MS = 4000;

export interface EventStream {
  /** Writes a pre-serialised frame; a closed stream ignores it. */
  write(frame: string): void;
  end(): void;
  readonly closed: boolean;
  onClose(listener: () => void): void;
}

/** `data: <json>` — the frame every chat and completion event uses. */
export function dataFrame(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

export function errorFrame(message: string): string {
  return `event: error\ndata: ${JSON.stringify({ error: message })}\n\n`;
}

/**
 * Opens a text/event-stream on the reply. Headers set by hooks so far (security, request id) are
 * carried over, proxies are told not to buffer, and a comment line every 4 s keeps idle
 * connections open and tells the client the connection still holds.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs = HEARTBEAT_MS,
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  const inherited = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined) as [
      string,
      string | number | string[],
    ][],
  );
  raw.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.flushHeaders();
  let closed = false;
  const listeners: (() => void)[] = [];
  // Frames written in the same tick (a model read holding several tokens, a step and its first
  // delta) leave in one socket write; the flush runs before any I/O, so none waits for the next.
  let pending = '';
  const flush = () => {
    if (!pending) return;
    const frames = pending;
    pending = '';
    if (!closed) raw.write(frames);
  };
  const send = (frame: string) => {
    if (closed) return;
    if (!pending) process.nextTick(flush);
    pending += frame;
  };
  const heartbeat = setInterval(() => send(': ping\n\n'), heartbeatMs);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of listeners) listener();
  };
  raw.on('close', close);
  return {
    write: send,
    end() {
      flush();
      if (!closed) raw.end();
      close();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
