import { ApiError, toApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { SseParser } from './sse-parser';
import { getStreamToken } from './stream-token';

/** core.md §9 message receive timeout: a stream silent this long (not even a heartbeat) is given up. */
export const MESSAGE_RECEIVE_TIMEOUT_MS = 10_000;

export interface StreamRequest {
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /** Tests shorten it; the app uses MESSAGE_RECEIVE_TIMEOUT_MS. */
  receiveTimeoutMs?: number;
}

/** One decoded frame: the SSE event name and its JSON data (`[DONE]` ends the stream and is not passed on). */
export type FrameHandler = (event: string, data: unknown) => void;

async function openResponse(request: StreamRequest, token: string | null): Promise<Response> {
  const headers = new Headers({
    Accept: 'text/event-stream',
    'Accept-Language': i18n.resolvedLanguage ?? i18n.language,
  });
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(request.path, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw new ApiError('E_ABORTED', 0, 'The request was cancelled.');
    }
    throw new ApiError('E_NETWORK', 0, error instanceof Error ? error.message : 'Network error');
  }
}

/**
 * Opens a chat stream with fetch (EventSource cannot POST or send a bearer token) and passes each
 * frame on. A 401 gets one token refresh and one restart (core.md §4); any other non-OK reply is
 * the server's JSON error. Resolves when the server ends the stream.
 */
export async function readChatStream(request: StreamRequest, onFrame: FrameHandler): Promise<void> {
  let response = await openResponse(request, await getStreamToken());
  if (response.status === 401) {
    response = await openResponse(request, await getStreamToken({ refresh: true }));
  }
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new ApiError('SERVER_ERROR', response.status, 'The stream has no body.');

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const dispatch = (events: ReturnType<SseParser['push']>) => {
    for (const { event, data } of events) {
      if (data === '[DONE]') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        continue;
      }
      onFrame(event, parsed);
    }
  };
  // The server writes a heartbeat comment every few seconds, so silence means the connection is
  // gone even when the socket does not say so; the answer then ends with a retry (E_STREAM_TIMEOUT).
  const timeoutMs = request.receiveTimeoutMs ?? MESSAGE_RECEIVE_TIMEOUT_MS;
  let timedOut = false;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      timedOut = true;
      void reader.cancel().catch(() => undefined);
    }, timeoutMs);
  };
  try {
    arm();
    for (;;) {
      const { value, done } = await reader.read();
      if (timedOut) throw new ApiError('E_STREAM_TIMEOUT', 0, 'No frame arrived in time.');
      if (done) break;
      arm();
      dispatch(parser.push(decoder.decode(value, { stream: true })));
    }
    dispatch(parser.push(decoder.decode()));
    dispatch(parser.end());
  } catch (error) {
    if (timedOut) throw new ApiError('E_STREAM_TIMEOUT', 0, 'No frame arrived in time.');
    if (request.signal?.aborted) throw new ApiError('E_ABORTED', 0, 'The request was cancelled.');
    throw new ApiError('E_NETWORK', 0, error instanceof Error ? error.message : 'Stream interrupted');
  } finally {
    clearTimeout(watchdog);
    reader.releaseLock();
  }
}
