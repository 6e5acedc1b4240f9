import { ApiError, toApiError } from '../../lib/api-client';
import { hasStoredSession } from '../../lib/auth/stored-session';
import { i18n } from '../../lib/i18n';
import { SseParser } from '../chat/stream/sse-parser';

/** document-tools.md §4, §9: 5 reconnects 3000 ms apart, 120000 ms task timeout. */
export const SSE_RETRY_LIMIT = 5;
export const SSE_RETRY_DELAY_MS = 3000;
export const TASK_TIMEOUT_MS = 120_000;
/** How long past the task timeout the client waits for the server's own timeout frame. */
const CLIENT_GRACE_MS = 15_000;
const MIN_SERVER_TIMEOUT_MS = 1000;

/** The completion signal the server sends on `GET /api/subscribe/{userId}/{id}`. */
export type CompletionSignal =
  | { result: 'success'; id: number }
  | { result: 'error'; id: number; message: string };

export type SubscriptionFailure = 'connection' | 'timeout' | 'aborted';

/** The subscription ended without a signal: the connection kept failing, the task timed out, or the caller left. */
export class SubscriptionError extends Error {
  override readonly name = 'SubscriptionError';
  readonly kind: SubscriptionFailure;

  constructor(kind: SubscriptionFailure, message: string = kind) {
    super(message);
    this.kind = kind;
  }
}

export function isSubscriptionError(value: unknown): value is SubscriptionError {
  return value instanceof SubscriptionError;
}

export interface WaitForCompletionOptions {
  userId: number;
  /** The library item (document) id the POST answered with. */
  id: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The bearer token; by default the signed-in user's, refreshed when close to expiry. */
  getToken?: () => Promise<string | null>;
  retries?: number;
  retryDelayMs?: number;
}

/** The same token the API client sends; the identity client is loaded only for a signed-in user. */
async function signedInToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const auth = await import('../../lib/auth/auth-client');
  return auth.getAccessToken({ minValidity: auth.API_MIN_VALIDITY });
}

type Attempt =
  | { kind: 'signal'; signal: CompletionSignal }
  | { kind: 'timeout' }
  /** The connection failed or ended before a signal: worth another try. */
  | { kind: 'dropped' };

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

function readSignal(event: string, data: string, id: number): Attempt | null {
  const payload = parseJson(data) as Record<string, unknown> | undefined;
  if (event === 'error') {
    const message = typeof payload?.error === 'string' ? payload.error : data;
    if (/timeout/i.test(message)) return { kind: 'timeout' };
    return { kind: 'signal', signal: { result: 'error', id, message } };
  }
  if (payload?.result === 'success') return { kind: 'signal', signal: { result: 'success', id } };
  if (payload?.result === 'error') {
    const message = typeof payload.message === 'string' ? payload.message : 'error';
    return { kind: 'signal', signal: { result: 'error', id, message } };
  }
  return null;
}

async function attemptOnce(
  url: string,
  token: string | null,
  id: number,
  signal: AbortSignal,
): Promise<Attempt> {
  const headers = new Headers({
    Accept: 'text/event-stream',
    'Accept-Language': i18n.resolvedLanguage ?? i18n.language,
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, credentials: 'same-origin' });
  } catch {
    return { kind: 'dropped' };
  }
  // A gateway or server failure is a connection problem; a refusal (not found, forbidden) is final.
  if (response.status >= 500) return { kind: 'dropped' };
  if (!response.ok) throw await toApiError(response);
  if (!response.body) return { kind: 'dropped' };

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const first = (events: ReturnType<SseParser['push']>) => {
    for (const { event, data } of events) {
      const found = readSignal(event, data, id);
      if (found) return found;
    }
    return null;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const found = first(parser.push(decoder.decode(value, { stream: true })));
      if (found) return found;
    }
    return first(parser.push(decoder.decode())) ?? first(parser.end()) ?? { kind: 'dropped' };
  } catch {
    return { kind: 'dropped' };
  } finally {
    reader.releaseLock();
    void response.body.cancel().catch(() => undefined);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Waits for a generated document's completion signal (document-tools.md §4). fetch, not
 * EventSource, because the stream needs the bearer token. A failed or dropped connection is tried
 * again up to `retries` times, `retryDelayMs` apart (the server answers a late subscriber at once),
 * then fails with a connection error; the server's timeout frame, or no answer by the deadline,
 * fails with a timeout.
 */
export async function waitForCompletion(options: WaitForCompletionOptions): Promise<CompletionSignal> {
  const timeoutMs = options.timeoutMs ?? TASK_TIMEOUT_MS;
  const retries = options.retries ?? SSE_RETRY_LIMIT;
  const retryDelayMs = options.retryDelayMs ?? SSE_RETRY_DELAY_MS;
  const getToken = options.getToken ?? signedInToken;
  const deadline = Date.now() + timeoutMs;

  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  const guard = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs + CLIENT_GRACE_MS);

  const stopped = () => {
    if (timedOut) return new SubscriptionError('timeout', 'Task timeout');
    return new SubscriptionError('aborted');
  };

  try {
    let failures = 0;
    for (;;) {
      if (controller.signal.aborted) throw stopped();
      // A reconnect asks only for the time that is left, so retries never stretch the task timeout.
      const remaining = Math.max(MIN_SERVER_TIMEOUT_MS, deadline - Date.now());
      const url = `/api/subscribe/${options.userId}/${options.id}?timeout=${remaining}`;
      let attempt: Attempt;
      try {
        attempt = await attemptOnce(url, await getToken(), options.id, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) throw stopped();
        if (error instanceof ApiError) throw error;
        attempt = { kind: 'dropped' };
      }
      if (controller.signal.aborted) throw stopped();
      if (attempt.kind === 'signal') return attempt.signal;
      if (attempt.kind === 'timeout') throw new SubscriptionError('timeout', 'Task timeout');
      failures += 1;
      if (failures > retries) throw new SubscriptionError('connection', 'SSE connection failed');
      await sleep(retryDelayMs, controller.signal);
    }
  } finally {
    clearTimeout(guard);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}
