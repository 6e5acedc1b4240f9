import { Socket } from 'node:net';
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
 * One chunk of the response body, framed as ServerResponse frames it (`<length in hex>\r\n`, the
 * bytes, `\r\n`), in a single socket write. ServerResponse.write() corks the socket, queues the
 * length, the frames and two line ends as four writes and sends them on the next tick in a writev:
 * on a stream of tokens, work per token that a busy server pays thousands of times a second. Only
 * once the head has gone out and the body is chunked (HTTP/1.1), so the bytes are the same;
 * ServerResponse still writes the last chunk and keeps the connection's state at end().
 */
function writeChunk(socket: Socket, frames: string): void {
  socket.write(`${Buffer.byteLength(frames).toString(16)}\r\n${frames}\r\n`);
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
  let closed = false;
  const listeners: (() => void)[] = [];
  // Frames written in the same tick (a model read holding several tokens, a step and its first
  // delta) leave in one socket write; the flush runs before any I/O, so none waits for the next.
  // The head goes out with the first frames (Node sends an unsent head with the first write): on
  // loopback and busy servers each socket write costs a system call and the peer's wake-up. The
  // flush is scheduled at once, so a stream with nothing to say yet still shows its head this tick.
  let pending = '';
  let scheduled = true;
  /** Whether the response has written its head to the socket (`headersSent` is true from writeHead on). */
  let headOut = false;
  // Later flushes go to the socket itself (writeChunk): a real connection's socket, this response's
  // alone (a pipelined request's response gets its socket only later, and one injected in tests
  // has a stand-in only the response writes to).
  const socket = raw.socket instanceof Socket ? raw.socket : null;
  const flush = () => {
    scheduled = false;
    if (closed) return;
    if (pending) {
      const frames = pending;
      pending = '';
      if (headOut && socket?.writable && raw.chunkedEncoding) writeChunk(socket, frames);
      else raw.write(frames);
    } else if (!headOut) raw.flushHeaders();
    headOut = true;
  };
  process.nextTick(flush);
  const send = (frame: string) => {
    if (closed) return;
    pending += frame;
    if (!scheduled) {
      scheduled = true;
      process.nextTick(flush);
    }
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
      // The last frames and the end of the body in one write (end() corks the socket).
      if (!closed) {
        const frames = pending;
        pending = '';
        raw.end(frames);
      }
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
