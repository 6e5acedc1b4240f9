import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());

describe('operations', () => {
  it('answers liveness and readiness with the database dialect', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(t.database.dialect);
  });

  it('echoes a sane request id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/public/schools',
        '/api/v1/code',
        '/api/v1/standards',
        '/api/v1/error-reports',
      ]),
    );
    const search = doc.paths['/api/v1/public/schools'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['searchType', 'searchText', 'pageIndex', 'pageSize']),
    );
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('error shape', () => {
  it('answers unknown API paths with a 404 in the request language', async () => {
    const ko = await t.app.inject({ url: '/api/v1/does-not-exist' });
    expect(ko.statusCode).toBe(404);
    expect(ko.json()).toEqual({ code: 'E_NOT_FOUND', message: '요청한 항목을 찾을 수 없습니다.' });
    const en = await t.app.inject({
      url: '/api/v1/does-not-exist',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.json()).toEqual({ code: 'E_NOT_FOUND', message: 'The requested item was not found.' });
    const other = await t.app.inject({ url: '/api/nothing', headers: { 'accept-language': 'fr' } });
    expect(other.json().message).toBe('The requested item was not found.');
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/nothing' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('E_NOT_FOUND');
  });

  it('refuses malformed JSON with 400 and no parser details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/error-reports',
      headers: { 'content-type': 'application/json' },
      payload: '{"errorMessage": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'E_VALIDATION', message: '입력값이 올바르지 않습니다.' });
  });

  it('refuses a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/error-reports',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('E_UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/error-reports',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ errorMessage: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'E_PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
  });

  it('lists schema problems with localised messages', async () => {
    const ko = await t.app.inject({ url: '/api/v1/public/schools?searchType=phone&searchText=' });
    expect(ko.statusCode).toBe(400);
    const body = ko.json();
    expect(body.code).toBe('E_VALIDATION');
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'querystring.searchText',
      'querystring.searchType',
    ]);
    expect(body.details[0].message).toMatch(/[가-힣]/);
    const en = await t.app.inject({
      url: '/api/v1/public/schools?searchType=phone&searchText=a',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().details[0].message).toMatch(/Invalid option/);
  });

  it('keeps stack traces and SQL out of responses', async () => {
    const res = await t.app.inject({ url: '/api/v1/code/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at |select |\.ts:/i);
  });
});

describe('web app and security headers', () => {
  it('serves the app for deep links and never for API paths', async () => {
    for (const url of [
      '/teacher',
      '/v2/library',
      '/landing#faq',
      '/immersive/document/3?type=PARENT_LETTER',
    ]) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const api = await t.app.inject({ url: '/api/v1/no-such-endpoint/1', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('sends a CSP that allows scripts and images from our origin only', async () => {
    const res = await t.app.inject({ url: '/landing' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|https:|\*)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(String(docs.headers['content-security-policy'])).not.toMatch(/https:|swagger\.io/);
    // Every response carries them: an API answer and an error as much as a page.
    for (const url of ['/api/v1/public/auth-config', '/api/v1/no-such-endpoint/1']) {
      const api = await t.app.inject({ url });
      expect(String(api.headers['content-security-policy']), url).toBe(csp);
      expect(api.headers['x-content-type-options'], url).toBe('nosniff');
      expect(api.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
