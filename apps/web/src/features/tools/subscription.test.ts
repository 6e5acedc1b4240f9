import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SSE_RETRY_DELAY_MS, SubscriptionError, TASK_TIMEOUT_MS, waitForCompletion } from './subscription';

function eventStream(text: string): Response {
  return new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });
}

const getToken = async () => 'token-1';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('waitForCompletion', () => {
  it('subscribes with the bearer token and resolves with the success signal', async () => {
    const fetchMock = vi.fn(async () =>
      eventStream(': subscribed\n\ndata: {"result":"success","id":42}\n\n'),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(waitForCompletion({ userId: 7, id: 42, getToken })).resolves.toEqual({
      result: 'success',
      id: 42,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/subscribe/7/42?timeout=${TASK_TIMEOUT_MS}`);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
    expect(new Headers(init.headers).get('Accept')).toBe('text/event-stream');
  });

  it('passes an error signal on with its message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => eventStream('data: {"result":"error","id":42,"message":"E_AI_001"}\n\n')),
    );
    await expect(waitForCompletion({ userId: 7, id: 42, getToken })).resolves.toEqual({
      result: 'error',
      id: 42,
      message: 'E_AI_001',
    });
  });

  it("fails with a task timeout on the server's timeout frame, without retrying", async () => {
    const fetchMock = vi.fn(async () => eventStream('event: error\ndata: {"error":"Task timeout"}\n\n'));
    vi.stubGlobal('fetch', fetchMock);
    const error = await waitForCompletion({ userId: 7, id: 42, getToken }).catch((caught) => caught);
    expect(error).toBeInstanceOf(SubscriptionError);
    expect((error as SubscriptionError).kind).toBe('timeout');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a failing connection 5 times, 3 s apart, then fails with a connection error', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    let outcome: unknown = 'pending';
    void waitForCompletion({ userId: 7, id: 42, getToken }).then(
      (value) => {
        outcome = value;
      },
      (caught) => {
        outcome = caught;
      },
    );

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (let retry = 1; retry <= 5; retry += 1) {
      await vi.advanceTimersByTimeAsync(SSE_RETRY_DELAY_MS - 1);
      expect(fetchMock).toHaveBeenCalledTimes(retry);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(retry + 1);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toBeInstanceOf(SubscriptionError);
    expect((outcome as SubscriptionError).kind).toBe('connection');
    // No sixth retry.
    await vi.advanceTimersByTimeAsync(SSE_RETRY_DELAY_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('reconnects after a dropped stream or a gateway error and asks only for the time left', async () => {
    const fetchMock = vi
      .fn<(url: string) => Promise<Response>>()
      .mockResolvedValueOnce(eventStream(': subscribed\n\n'))
      .mockResolvedValueOnce(new Response('bad gateway', { status: 502 }))
      .mockResolvedValueOnce(eventStream('data: {"result":"success","id":42}\n\n'));
    vi.stubGlobal('fetch', fetchMock);
    const done = waitForCompletion({ userId: 7, id: 42, getToken });

    await vi.advanceTimersByTimeAsync(SSE_RETRY_DELAY_MS * 2);
    await expect(done).resolves.toEqual({ result: 'success', id: 42 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const lastUrl = new URL(fetchMock.mock.calls[2]?.[0] ?? '', 'http://localhost');
    expect(Number(lastUrl.searchParams.get('timeout'))).toBe(TASK_TIMEOUT_MS - SSE_RETRY_DELAY_MS * 2);
  });

  it('does not retry a refusal (the item is not the user’s)', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ code: 'E_NOT_FOUND', message: 'not found' }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(waitForCompletion({ userId: 7, id: 42, getToken })).rejects.toMatchObject({
      code: 'E_NOT_FOUND',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up with a task timeout when the server never answers', async () => {
    const fetchMock = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const done = waitForCompletion({ userId: 7, id: 42, getToken, timeoutMs: 5000 }).catch(
      (caught) => caught,
    );
    await vi.advanceTimersByTimeAsync(5000 + 15_000);
    const error = await done;
    expect((error as SubscriptionError).kind).toBe('timeout');
  });
});
