import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { APICallError } from '@ai-sdk/provider';
import { createChunkReader } from './chat-chunk-reader.ts';
import { createEventStreamParser } from './event-stream-parser.ts';

/** What a model stream yields to the gateway, whichever way it was read. */
export type ModelStreamEvent =
  | { type: 'text' | 'reasoning'; delta: string }
  | { type: 'text-end' | 'reasoning-end' }
  | { type: 'tool-call'; id: string; name: string; args: string }
  | { type: 'tool-result'; id: string; name: string; output: string }
  | { type: 'finish'; reason: string; inputTokens: number; outputTokens: number };

export interface ChatCompletionsRequest {
  system: string;
  turns: { role: 'user' | 'assistant'; text: string; images?: { url: string }[] | undefined }[];
  vision: boolean;
  maxOutputTokens: number;
  abortSignal: AbortSignal | undefined;
}

const MAX_ERROR_BODY = 64 * 1024;
/** Idle keep-alive connections kept to the model server; answers running at once are below it. */
const MAX_IDLE_CONNECTIONS = 4096;

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function errorMessageOf(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: the status says enough
  }
  return `The model server answered HTTP ${status}`;
}

async function readLimited(response: IncomingMessage): Promise<string> {
  let body = '';
  response.setEncoding('utf8');
  for await (const piece of response) {
    if (body.length < MAX_ERROR_BODY) body += piece as string;
  }
  return body.slice(0, MAX_ERROR_BODY);
}

/**
 * The hottest call of the product — a chat answer without tools from an OpenAI-compatible server —
 * read straight off the socket: node:http on a keep-alive agent, an event-stream parser that hands
 * each event on in the tick it arrived, and a chunk reader that parses only what changed.
 * Through the AI SDK provider each token passes a fetch body and four web-stream transforms with a
 * schema validation, which at a few hundred concurrent answers costs more than all the rest of
 * the server. Everything else (tools, structured output, OpenAI's own API) stays on the AI SDK.
 */
export function createChatCompletionsStreamer(options: {
  baseURL: string;
  apiKey?: string | undefined;
  model: string;
}) {
  const url = new URL(`${options.baseURL.replace(/\/+$/, '')}/chat/completions`);
  const secure = url.protocol === 'https:';
  // Connections stay open for the next answers, as many as were busy at once (the model server
  // closes those it finds idle): with Node's default of 256 kept, a school's evening of a few
  // hundred streams at a time connects and closes again at every wave, a TCP handshake and a
  // socket's setup and teardown for each answer beyond the 256th.
  const pool = { keepAlive: true, scheduling: 'lifo', maxFreeSockets: MAX_IDLE_CONNECTIONS } as const;
  const agent = secure ? new HttpsAgent(pool) : new HttpAgent(pool);
  const send = secure ? httpsRequest : httpRequest;

  function bodyFor(input: ChatCompletionsRequest) {
    const messages: unknown[] = [{ role: 'system', content: input.system }];
    for (const turn of input.turns) {
      const images = input.vision && turn.role === 'user' ? (turn.images ?? []) : [];
      messages.push({
        role: turn.role,
        content: images.length
          ? [
              { type: 'text', text: turn.text },
              ...images.map((image) => ({ type: 'image_url', image_url: { url: image.url } })),
            ]
          : turn.text,
      });
    }
    return {
      model: options.model,
      messages,
      max_tokens: input.maxOutputTokens,
      stream: true,
      stream_options: { include_usage: true },
    };
  }

  return {
    /**
     * Sends the request and waits for the response head; an HTTP error becomes an APICallError
     * (retryable for 408, 409, 429 and 5xx, as the AI SDK decides), so callers retry it alike.
     */
    async open(input: ChatCompletionsRequest): Promise<IncomingMessage> {
      const body = bodyFor(input);
      const payload = JSON.stringify(body);
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const outgoing = send(url, {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            'content-length': Buffer.byteLength(payload),
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          ...(input.abortSignal ? { signal: input.abortSignal } : {}),
        });
        outgoing.once('response', resolve);
        outgoing.once('error', (cause) =>
          reject(
            new APICallError({
              message: `Cannot connect to the model server: ${cause.message}`,
              url: url.href,
              requestBodyValues: body,
              cause,
              isRetryable: !input.abortSignal?.aborted,
            }),
          ),
        );
        outgoing.end(payload);
      });
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return response;
      const responseBody = await readLimited(response);
      throw new APICallError({
        message: errorMessageOf(responseBody, status),
        url: url.href,
        requestBodyValues: body,
        statusCode: status,
        responseBody,
        isRetryable: isRetryableStatus(status),
      });
    },

    /**
     * Hands the response's events to `onEvent` as its bytes arrive, in the same tick: no promise or
     * generator step per token. Resolves once the model finished; rejects (and drops the response)
     * when it sent an error, when `onEvent` throws, or when the stream stops before the model's end.
     */
    pipe(response: IncomingMessage, onEvent: (event: ModelStreamEvent) => void): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const readChunk = createChunkReader();
        let done = false;
        let settled = false;
        let finishReason: string | null = null;
        let usage = { inputTokens: 0, outputTokens: 0 };
        let open: 'text' | 'reasoning' | null = null;
        const fail = (error: unknown) => {
          if (settled) return;
          settled = true;
          response.destroy();
          reject(error);
        };
        const parser = createEventStreamParser((data) => {
          if (settled) return;
          if (data === '[DONE]') {
            done = true;
            return;
          }
          const reading = readChunk(data);
          if (reading.error !== undefined) throw new Error(reading.error);
          if (reading.usage) usage = reading.usage;
          if (reading.reasoning) {
            open = 'reasoning';
            onEvent({ type: 'reasoning', delta: reading.reasoning });
          }
          if (reading.text) {
            if (open === 'reasoning') onEvent({ type: 'reasoning-end' });
            open = 'text';
            onEvent({ type: 'text', delta: reading.text });
          }
          if (reading.finishReason) finishReason = reading.finishReason;
        });
        response.setEncoding('utf8');
        response.on('data', (piece: string) => {
          try {
            parser.feed(piece);
          } catch (error) {
            fail(error);
          }
        });
        // Kept for the response's life: an error after the end must not go unhandled.
        response.on('error', fail);
        response.once('end', () => {
          if (settled) return;
          if (!done && finishReason === null) {
            fail(new Error('The model stream ended unexpectedly'));
            return;
          }
          try {
            if (open) onEvent({ type: open === 'text' ? 'text-end' : 'reasoning-end' });
            onEvent({ type: 'finish', reason: finishReason ?? 'other', ...usage });
          } catch (error) {
            fail(error);
            return;
          }
          settled = true;
          resolve();
        });
        // Closed without an end (the connection dropped or the call was aborted).
        response.once('close', () => fail(new Error('The model stream ended unexpectedly')));
      });
    },

    /** Closes idle keep-alive connections (at shutdown). */
    close(): void {
      agent.destroy();
    },
  };
}

export type ChatCompletionsStreamer = ReturnType<typeof createChatCompletionsStreamer>;
