import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const report = {
  errorMessage: "Cannot read properties of undefined (reading 'title')",
  errorType: 'TypeError',
  errorStack: 'TypeError: Cannot read properties…',
  errorUrl: 'http://localhost:3000/teacher',
  errorBrowser: 'Chrome 140',
  errorOs: 'Windows 11',
  errorDevice: 'desktop',
};

describe('POST /api/v1/error-reports', () => {
  it('stores a client error with the caller address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/error-reports',
      payload: report,
      headers: { 'user-agent': 'Mozilla/5.0 test' },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(201);
    const stored = await t.database.db
      .selectFrom('errorReport')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      errorMessage: report.errorMessage,
      errorBrowser: 'Chrome 140',
      errorUserAgent: 'Mozilla/5.0 test',
      errorIp: '10.1.2.3',
    });
  });

  it('refuses a report without a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/error-reports',
      payload: { errorType: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('E_VALIDATION');
  });

  it('caps reports from one client at 30 a minute with Retry-After', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/error-reports',
        payload: report,
        remoteAddress: '10.9.9.9',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send()).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('E_TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
