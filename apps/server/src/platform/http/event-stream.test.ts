import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFrame, openEventStream } from './event-stream.ts';

const FRAMES = [
  dataFrame({ created: true }),
  dataFrame({ text: '안녕하세요, 선생님' }),
  dataFrame({ text: 'line\nbreak "quoted" \\ back' }),
  dataFrame({ text: '마지막 😀' }),
];

/**
 * Sends a raw request (not half-closing: that ends the stream) and returns all the server wrote,
 * until the last chunk of a chunked body (the stream keeps the connection alive) or the close.
 */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    const received = () => Buffer.concat(chunks).toString('utf8');
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (received().endsWith('\r\n0\r\n\r\n')) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received()));
  });
}

/** The body of a chunked response, checking each chunk's length against its bytes. */
function dechunk(body: string): { text: string; chunks: number } {
  let rest = Buffer.from(body, 'utf8');
  let text = '';
  let chunks = 0;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
    if (size === 0) return { text, chunks };
    const data = rest.subarray(lineEnd + 2, lineEnd + 2 + size);
    expect(rest.subarray(lineEnd + 2 + size, lineEnd + 4 + size).toString('latin1')).toBe('\r\n');
    text += data.toString('utf8');
    chunks += 1;
    rest = rest.subarray(lineEnd + 4 + size);
  }
}

describe('event streams over a real connection', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify();
    app.get('/stream', (request, reply) => {
      const stream = openEventStream(request, reply);
      // The first frame in the tick the stream opens (it goes out with the head), the others in
      // later turns of the event loop, then the last with the end.
      stream.write(FRAMES[0] as string);
      setTimeout(() => stream.write(FRAMES[1] as string), 5);
      setTimeout(() => {
        stream.write(FRAMES[2] as string);
        setImmediate(() => {
          stream.write(FRAMES[3] as string);
          stream.end();
        });
      }, 10);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await app.close();
  });

  it('sends every frame intact in well-formed chunks on HTTP/1.1, and ends the body', async () => {
    const response = await rawRequest(port, 'GET /stream HTTP/1.1\r\nHost: x\r\n\r\n');
    const [head, body] = [
      response.slice(0, response.indexOf('\r\n\r\n')),
      response.slice(response.indexOf('\r\n\r\n') + 4),
    ];
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).toContain('transfer-encoding: chunked');
    const { text, chunks } = dechunk(body);
    expect(text).toBe(FRAMES.join(''));
    expect(chunks).toBeGreaterThanOrEqual(3);
  });

  it('sends the frames unframed to an HTTP/1.0 client, which reads the body to the connection close', async () => {
    const response = await rawRequest(port, 'GET /stream HTTP/1.0\r\nHost: x\r\n\r\n');
    const head = response.slice(0, response.indexOf('\r\n\r\n'));
    expect(head.toLowerCase()).not.toContain('transfer-encoding');
    expect(response.slice(response.indexOf('\r\n\r\n') + 4)).toBe(FRAMES.join(''));
  });
});
