import type { ErrorCode } from '@ssaem/contracts/errors';
import { i18n } from './i18n';

/** Codes the client adds for failures that never reached the server's error handler. */
export type ClientErrorCode = 'E_NETWORK' | 'E_ABORTED' | 'E_STREAM_TIMEOUT';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** A failed API call. Callers switch on `code` (core.md §8), never on `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode | (string & {});
  readonly status: number;
  readonly details: readonly ApiErrorDetail[];

  constructor(code: string, status: number, message: string, details: readonly ApiErrorDetail[] = []) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Supplies the bearer token for each call. The identity work registers one (refreshing the token
 * before it expires); with none registered no Authorization header is sent.
 */
export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;

let tokenProvider: TokenProvider | null = null;

export function setTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; FormData is sent as multipart unchanged. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Let the request outlive the page, e.g. an error report sent while the tab closes. */
  keepalive?: boolean;
  /**
   * A token the caller holds already (the one just received at sign-in), sent as it is: asking
   * the identity client waits for its module, and other work may run first.
   */
  accessToken?: string;
}

export function buildApiUrl(path: string, query?: Query): string {
  if (!path.startsWith('/api/')) throw new Error(`API paths start with /api/: ${path}`);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function buildHeaders(options: ApiRequestOptions): Promise<Headers> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', i18n.resolvedLanguage ?? i18n.language);
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  const token = options.accessToken ?? (await tokenProvider?.());
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

/** Reads `{ code, message, details }`; anything else (a proxy's HTML page) becomes SERVER_ERROR. */
export async function toApiError(response: Response): Promise<ApiError> {
  const fallbackCode = response.status >= 500 ? 'SERVER_ERROR' : 'COMMON';
  try {
    const body: unknown = await response.json();
    if (isErrorBody(body)) return new ApiError(body.code, response.status, body.message, body.details ?? []);
  } catch {
    // Not JSON: fall through to the generic error.
  }
  return new ApiError(fallbackCode, response.status, response.statusText || fallbackCode);
}

function isErrorBody(body: unknown): body is { code: string; message: string; details?: ApiErrorDetail[] } {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.code === 'string' && typeof candidate.message === 'string';
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw new ApiError('E_ABORTED', 0, 'The request was cancelled.');
    }
    throw new ApiError('E_NETWORK', 0, error instanceof Error ? error.message : 'Network error');
  }
}

/** Calls the main backend and returns its JSON (undefined for 204), or throws an ApiError. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await send(buildApiUrl(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: await buildHeaders(options),
    body: encodeBody(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Fetches a protected file (an attachment's content, a QR code) as a Blob, with the bearer token. */
export async function apiBlob(
  path: string,
  options: Pick<ApiRequestOptions, 'signal' | 'method' | 'body'> = {},
): Promise<Blob> {
  const headers = await buildHeaders({ body: options.body });
  headers.set('Accept', '*/*');
  const response = await send(buildApiUrl(path), {
    method: options.method ?? 'GET',
    headers,
    body: encodeBody(options.body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/** Opens a server-sent event stream by POST (bearer token, JSON body); a refusal throws an ApiError. */
export async function apiEventStream(
  path: string,
  options: Pick<ApiRequestOptions, 'body' | 'signal'>,
): Promise<Response> {
  const headers = await buildHeaders({ body: options.body });
  headers.set('Accept', 'text/event-stream');
  const response = await send(buildApiUrl(path), {
    method: 'POST',
    headers,
    body: encodeBody(options.body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}
