import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server (chat completions, streaming and not): the one fake the tests
 * allow, at the outer boundary, so the real AI SDK provider code runs against it.
 */
export interface FakeScript {
  /** Text chunks, streamed in order. */
  text?: string[];
  /** Reasoning chunks (`reasoning_content`), streamed before the text. */
  reasoning?: string[];
  /** A tool call the model makes instead of answering; the next request gets the next script. */
  toolCall?: { name: string; args: Record<string, unknown> };
  /** Pause between chunks. */
  delayMs?: number;
  /** Drop the connection after this many chunks (an error mid-stream). */
  failAfterChunks?: number;
  /** Answer with an HTTP error status instead. */
  status?: number;
  usage?: { prompt: number; completion: number };
  /** The content of a non-streaming answer (e.g. structured output as JSON). */
  content?: string;
}

/** What the fake speech-to-text endpoint answers (`POST /audio/transcriptions`). */
export interface FakeTranscription {
  text: string;
}

export interface FakeLlm {
  url: string;
  /** Each request, with how long the fake took to answer it (the "model time"). */
  requests: { body: Record<string, unknown>; at: number; started?: number; durationMs?: number }[];
  enqueue(...scripts: FakeScript[]): void;
  /** Scripts applied when the queue is empty. */
  fallback: FakeScript;
  /** Answers of the speech-to-text endpoint, in order; each request's size is recorded. */
  transcriptions: FakeTranscription[];
  transcriptionRequests: { bytes: number }[];
  /** Prompts the image endpoint (`POST /images/generations`) was asked to draw. */
  imageRequests: { prompt: string }[];
  close(): Promise<void>;
}

/** A 1×1 PNG: what the fake image endpoint draws. */
export const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

function lastUserText(body: Record<string, unknown>): string {
  const messages = (body.messages as { role: string; content: unknown }[] | undefined) ?? [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return ((last.content as { type: string; text?: string }[]) ?? []).map((p) => p.text ?? '').join('');
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
}

async function stream(response: ServerResponse, script: FakeScript, closed: () => boolean) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let sent = 0;
  const send = async (frame: string) => {
    if (script.failAfterChunks !== undefined && sent >= script.failAfterChunks) {
      response.destroy();
      throw new Error('dropped');
    }
    if (closed()) throw new Error('client gone');
    response.write(frame);
    sent += 1;
    if (script.delayMs) await sleep(script.delayMs);
  };
  try {
    await send(chunk({ role: 'assistant', content: '' }));
    for (const piece of script.reasoning ?? []) await send(chunk({ reasoning_content: piece }));
    if (script.toolCall) {
      await send(
        chunk({
          tool_calls: [
            {
              index: 0,
              id: 'call_fake_1',
              type: 'function',
              function: { name: script.toolCall.name, arguments: '' },
            },
          ],
        }),
      );
      await send(
        chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(script.toolCall.args) } }] }),
      );
      await send(chunk({}, 'tool_calls'));
    } else {
      for (const piece of script.text ?? []) await send(chunk({ content: piece }));
      await send(chunk({}, 'stop'));
    }
    const usage = script.usage ?? { prompt: 10, completion: (script.text ?? []).length };
    await send(
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: 'fake-model',
        choices: [],
        usage: {
          prompt_tokens: usage.prompt,
          completion_tokens: usage.completion,
          total_tokens: usage.prompt + usage.completion,
        },
      })}\n\n`,
    );
    response.end('data: [DONE]\n\n');
  } catch {
    // the connection was dropped on purpose or by the client
  }
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const queue: FakeScript[] = [];
  const requests: FakeLlm['requests'] = [];
  const fake: FakeLlm = {
    url: '',
    requests,
    enqueue: (...scripts) => queue.push(...scripts),
    fallback: {},
    transcriptions: [],
    transcriptionRequests: [],
    imageRequests: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (request, response) => {
    const started = performance.now();
    response.on('finish', () => {
      const entry = requests.find((r) => r.started === started);
      if (entry) entry.durationMs = performance.now() - started;
    });
    if (request.method === 'POST' && request.url?.endsWith('/audio/transcriptions')) {
      let bytes = 0;
      for await (const chunk of request) bytes += (chunk as Buffer).length;
      fake.transcriptionRequests.push({ bytes });
      const answer = fake.transcriptions.shift() ?? { text: '' };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ text: answer.text, language: 'korean', duration: 3, segments: [] }));
      return;
    }
    if (request.method === 'POST' && request.url?.endsWith('/images/generations')) {
      const body = await readBody(request);
      fake.imageRequests.push({ prompt: String(body.prompt ?? '') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [{ b64_json: ONE_PIXEL_PNG }] }),
      );
      return;
    }
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404).end();
      return;
    }
    const body = await readBody(request);
    requests.push({ body, at: Date.now(), started });
    const script = queue.shift() ?? {
      ...fake.fallback,
      text: fake.fallback.text ?? ['답변: ', lastUserText(body).slice(0, 50)],
    };
    if (script.status) {
      response.writeHead(script.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
      return;
    }
    if (body.stream) {
      let closed = false;
      response.on('close', () => {
        closed = true;
      });
      await stream(response, script, () => closed);
      return;
    }
    const content = script.content ?? (script.text ?? []).join('');
    const usage = script.usage ?? { prompt: 10, completion: 10 };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'fake-model',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: {
          prompt_tokens: usage.prompt,
          completion_tokens: usage.completion,
          total_tokens: usage.prompt + usage.completion,
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
