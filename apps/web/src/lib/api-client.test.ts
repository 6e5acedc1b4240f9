import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildApiUrl, isApiError, setTokenProvider } from './api-client';
import { changeLanguage } from './i18n';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    // A body can be read once: every call gets its own copy.
    return response.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Headers {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

/** The ApiError a call rejects with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => setTokenProvider(null));

describe('apiRequest', () => {
  it('sends the current language as Accept-Language', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { ok: true }));
    await apiRequest('/api/v1/roles');
    expect(sentHeaders(fetchMock).get('Accept-Language')).toBe('ko');

    await changeLanguage('en');
    await apiRequest('/api/v1/roles');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Accept-Language')).toBe('en');
  });

  it('sends no Authorization header until a token provider is registered', async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await apiRequest('/api/v1/roles');
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('sends the bearer token of the registered provider', async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    setTokenProvider(async () => 'token-123');
    await apiRequest('/api/v1/roles');
    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer token-123');
  });

  it('posts JSON bodies and returns the parsed answer', async () => {
    const fetchMock = stubFetch(jsonResponse(201, { id: 7 }));
    const result = await apiRequest<{ id: number }>('/api/v1/error-reports', { body: { errorMessage: 'x' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(result).toEqual({ id: 7 });
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"errorMessage":"x"}');
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('returns undefined for 204 No Content', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/v1/library/like/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('turns an error body into an ApiError carrying code, status and message', async () => {
    stubFetch(
      jsonResponse(409, { code: 'E_ALREADY_FULL', message: '고정할 수 있는 최대 개수에 도달했습니다.' }),
    );
    const error = await failure(apiRequest('/api/v1/conversations/1/pin', { method: 'PUT', body: {} }));
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'E_ALREADY_FULL',
      status: 409,
      message: '고정할 수 있는 최대 개수에 도달했습니다.',
    });
  });

  it('keeps validation details', async () => {
    const details = [{ path: 'title', message: 'Required' }];
    stubFetch(jsonResponse(400, { code: 'E_VALIDATION', message: 'invalid', details }));
    const error = await failure(apiRequest('/api/v1/board', { body: {} }));
    expect(error.details).toEqual(details);
  });

  it('maps a non-JSON 5xx answer to SERVER_ERROR', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(apiRequest('/api/v1/roles'));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', status: 502 });
  });

  it('maps a failed connection to E_NETWORK', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest('/api/v1/roles'));
    expect(error).toMatchObject({ code: 'E_NETWORK', status: 0 });
  });

  it('maps an aborted request to E_ABORTED', async () => {
    stubFetch(new DOMException('aborted', 'AbortError'));
    const error = await failure(apiRequest('/api/v1/roles'));
    expect(error.code).toBe('E_ABORTED');
  });
});

describe('buildApiUrl', () => {
  it('appends defined query values only', () => {
    expect(buildApiUrl('/api/v1/board/list', { pageIndex: 0, pageSize: 3, q: undefined, tag: null })).toBe(
      '/api/v1/board/list?pageIndex=0&pageSize=3',
    );
  });

  it('refuses paths outside /api/', () => {
    expect(() => buildApiUrl('/realms/ssaem/token')).toThrow();
  });
});
