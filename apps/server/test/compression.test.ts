import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeWebDist, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';

/** A signed-in page's inline gate, as the build writes it in the page's head. */
const GATE = `(function hide(options) { if (!sessionStorage.length) document.head.append(options.id); })({"id":"x"})`;
const CATALOGUE = `<!doctype html><html lang="ko"><head><script>${GATE}</script><script type="application/json" id="texts">{}</script></head><body><div id="root" data-prerendered="ko" data-signed-in-page="edutech"><h1>에듀테크</h1></div></body></html>`;
const LANDING = `<!doctype html><html lang="ko"><head><link rel="canonical" href="%SSAEM_ORIGIN%/landing"></head><body><div id="root" data-prerendered="ko"><h1>수업 준비부터 가정통신문까지, 쌤이 함께할게요</h1>${'<p>선생님을 위한 AI 도우미</p>'.repeat(100)}</div></body></html>`;
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16"/></svg>';
const ASSET = `export const greeting = ${JSON.stringify('안녕하세요 선생님 '.repeat(400))};\n`;

let t: TestApp & { origin: string };
let world: DemoWorld;
let dist: string;
beforeAll(async () => {
  dist = createFakeWebDist();
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(ASSET));
  // What apps/web/build/prerender.ts writes for the public pages (only the landing page here).
  writeFileSync(join(dist, 'favicon.svg'), ICON);
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(join(dist, 'prerendered', 'landing.html'), LANDING);
  writeFileSync(join(dist, 'prerendered', 'edutech.html'), CATALOGUE);
  t = await buildListeningApp({ WEB_DIST_DIR: dist, AI_OFFLINE_WORD_DELAY_MS: '200' });
  world = await buildDemoWorld(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Node's fetch decodes bodies itself; this asks over raw HTTP so the test sees the wire. */
async function raw(path: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(`${t.origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed delivery', () => {
  it('serves hashed assets precompressed by negotiation, cached for a year, decoding to the file', async () => {
    const brotli = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(ASSET);

    const gzip = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(ASSET);

    const plain = await raw('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('keeps the icon, whose name does not change between builds, for a day', async () => {
    const icon = await raw('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect(icon.body.toString()).toBe(ICON);
  });

  it('compresses API JSON above 1 KB when the client accepts it, and leaves small answers alone', async () => {
    const docs = await raw('/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.body).toString()).openapi).toMatch(/^3\./);
    const gzip = await raw('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(gzip.body).toString()).openapi).toMatch(/^3\./);
    expect((await raw('/api/docs/json')).headers['content-encoding']).toBeUndefined();
    const small = await raw('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends the page with no-cache and an ETag, and answers a matching If-None-Match with 304', async () => {
    const page = await raw('/v2/library/list');
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await raw('/v2/library/list', { 'if-none-match': etag })).status).toBe(304);
    expect((await raw('/teacher', { 'if-none-match': etag })).status).toBe(304);
  });

  it('sends the prerendered landing page at / and /landing, compressed, with its origin filled in and an ETag', async () => {
    for (const path of ['/', '/landing']) {
      const brotli = await raw(path, { 'accept-encoding': 'gzip, br' });
      expect(brotli.status).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotli.headers['cache-control']).toBe('no-cache');
      const html = brotliDecompressSync(brotli.body).toString();
      expect(html).toContain('<h1>수업 준비부터 가정통신문까지, 쌤이 함께할게요</h1>');
      expect(html).toContain(`<link rel="canonical" href="${t.origin}/landing">`);
      expect(html).not.toContain('%SSAEM_ORIGIN%');

      const gzip = await raw(path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(html);
      const plain = await raw(path, { 'accept-encoding': 'br;q=0, identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(html);
      expect((await raw(path, { 'if-none-match': String(brotli.headers.etag) })).status).toBe(304);
    }
    // A page the build did not prerender gets the app's shell.
    const shell = await raw('/pricing');
    expect(shell.status).toBe(200);
    expect(shell.body.toString()).toContain('<div id="root"></div>');
  });

  it('sends the signed-in catalogue as the page prerendered for a teacher, with or without a search', async () => {
    let catalogue = '';
    for (const path of ['/edutech', '/edutech?keyword=%EC%88%98%ED%95%99']) {
      const page = await raw(path);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body.toString()).toContain('data-signed-in-page="edutech"');
      // Its gate runs: the policy allows that script by its hash, and no other inline script.
      const gateHash = `'sha256-${createHash('sha256').update(GATE).digest('base64')}'`;
      catalogue = String(page.headers['content-security-policy']);
      expect(catalogue).toContain(`script-src 'self' ${gateHash};`);
      expect(catalogue.match(/'sha256-/g)).toHaveLength(1);
    }
    // Every other page keeps the common policy: no inline script at all.
    const landing = String((await raw('/landing')).headers['content-security-policy']);
    expect(landing).toContain("script-src 'self';");
    // The same policy otherwise, directive by directive, as helmet writes it for every response.
    expect(catalogue.replace(/script-src[^;]*;/, '')).toBe(landing.replace(/script-src[^;]*;/, ''));
    // The catalogue's other screens are the app's.
    expect((await raw('/edutech/7')).body.toString()).toContain('<div id="root"></div>');
  });

  it('never buffers a server-sent event stream: the first event arrives while the answer is still being written', async () => {
    const response = await fetch(`${t.origin}/api/agents/chat/openAI`, {
      method: 'POST',
      headers: {
        ...(await world.headersFor('teacher')),
        'content-type': 'application/json',
        'accept-encoding': 'br, gzip',
      },
      body: JSON.stringify({ text: '분수 수업을 어떻게 시작하면 좋을까요?' }),
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('data: ');
    // Offline words come 200 ms apart: the stream is still open after its first event.
    const next = await reader.read();
    expect(next.done).toBe(false);
    await reader.cancel();
  });
});
