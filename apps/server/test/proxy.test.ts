import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../src/platform/http/safe-image-fetch.ts';
import { accessTokenFor, bearer } from './auth-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildUser } from './factories.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A local picture server that counts what it is asked. */
async function startImageServer(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let port = 0;
const pictures = await startImageServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  switch (url.pathname) {
    case '/cat.png':
    case '/cached.png':
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      return;
    case '/page.html':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>alert(1)</script></html>');
      return;
    case '/fake.png':
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
      return;
    case '/drawing.svg':
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      return;
    case '/big.png':
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(10_000)]));
      return;
    case '/slow.png':
      // Never answers: the proxy gives up after its time limit.
      return;
    case '/missing.png':
      res.writeHead(404).end();
      return;
    case '/redirect':
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    default:
      res.writeHead(404).end();
  }
});
port = pictures.port;
// A second local server stands for something inside the network that must never be reached.
const inside = await startImageServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
});

afterAll(async () => {
  await pictures.close();
  await inside.close();
});

const proxied = (url: string) => `/api/v1/proxy/image?url=${encodeURIComponent(url)}`;

describe('the address rule', () => {
  it('lets only public unicast addresses through', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'ff02::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });
});

describe('the image proxy with the real address rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      // Every local address is allow-listed here on purpose: the address rule must refuse them anyway.
      PROXY_IMAGE_ORIGINS: [
        `http://127.0.0.1:${port}`,
        `http://localhost:${port}`,
        `http://[::1]:${port}`,
        `http://[::ffff:127.0.0.1]:${port}`,
        'http://10.1.2.3',
        'http://169.254.169.254',
        'http://192.168.0.10',
      ].join(','),
    });
  });
  afterAll(() => t.close());

  it.each([
    [`http://127.0.0.1:${port}/cat.png`],
    [`http://localhost:${port}/cat.png`],
    [`http://[::1]:${port}/cat.png`],
    [`http://[::ffff:127.0.0.1]:${port}/cat.png`],
    ['http://10.1.2.3/cat.png'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://192.168.0.10/cat.png'],
  ])('refuses %s and never connects to it', async (url) => {
    const before = pictures.hits.length;
    const response = await t.app.inject({ url: proxied(url), headers: { 'accept-language': 'ko' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'E_PROXY_001',
      message: '이 주소의 그림은 가져올 수 없습니다.',
    });
    expect(pictures.hits.length).toBe(before);
  });

  it.each([
    ['https://elsewhere.example/cat.png'],
    ['file:///etc/passwd'],
    [`http://user:secret@127.0.0.1:${port}/cat.png`],
    ['gopher://127.0.0.1/'],
    ['not a url'],
  ])('refuses %s (not an allow-listed web origin)', async (url) => {
    const response = await t.app.inject({ url: proxied(url) });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('E_PROXY_001');
  });

  it('asks for the address', async () => {
    const response = await t.app.inject({ url: '/api/v1/proxy/image' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('E_VALIDATION');
  });
});

describe('the image proxy fetching from an allowed server', () => {
  let t: TestApp;
  let token = '';
  const origin = () => `http://images.test:${port}`;
  beforeAll(async () => {
    t = await buildTestApp(
      {
        PROXY_IMAGE_ORIGINS: [
          `http://images.test:${port}`,
          `http://inside.test:${inside.port}`,
          `http://metadata.test:${port}`,
          `http://mixed.test:${port}`,
          `http://[::1]:${inside.port}`,
          `http://127.0.0.1:${inside.port}`,
        ].join(','),
        PROXY_IMAGE_MAX_BYTES: '4096',
        PROXY_IMAGE_TIMEOUT_MS: '500',
      },
      {
        imageProxy: {
          // A fixed name table; images.test is the one picture server standing for the public internet.
          resolve: async (host) =>
            ({
              'images.test': [{ address: '127.0.0.1', family: 4 }],
              'inside.test': [{ address: '10.0.0.7', family: 4 }],
              'metadata.test': [{ address: '169.254.169.254', family: 4 }],
              'mixed.test': [
                { address: '93.184.216.34', family: 4 },
                { address: '192.168.1.20', family: 4 },
              ],
            })[host] ?? [],
          // The test server's own address passes; every other private address is still refused.
          isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
        },
      },
    );
    const user = await buildUser(t.database.db);
    token = await accessTokenFor(t, user);
  });
  afterAll(() => t.close());

  it('serves a picture with its sniffed type, and asks the server once', async () => {
    const before = pictures.hits.filter((hit) => hit === '/cached.png').length;
    for (let round = 0; round < 3; round += 1) {
      const response = await t.app.inject({ url: proxied(`${origin()}/cached.png`) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(PNG)).toBe(true);
    }
    expect(pictures.hits.filter((hit) => hit === '/cached.png').length).toBe(before + 1);
  });

  it('gives a signed-in user the picture as a data URL', async () => {
    const anonymous = await t.app.inject({
      url: `/api/v1/proxy/image/blob?url=${encodeURIComponent(`${origin()}/cat.png`)}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const response = await t.app.inject({
      url: `/api/v1/proxy/image/blob?url=${encodeURIComponent(`${origin()}/cat.png`)}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mimeType: 'image/png',
      bytes: PNG.length,
      dataUrl: `data:image/png;base64,${PNG.toString('base64')}`,
    });
  });

  it.each([
    ['/page.html', 'a page'],
    ['/fake.png', 'a page labelled as a picture'],
    ['/drawing.svg', 'an SVG (it may carry script)'],
    ['/big.png', 'a picture over the size cap'],
    ['/slow.png', 'a server that does not answer in time'],
    ['/missing.png', 'a missing picture'],
  ])('refuses %s (%s)', async (path) => {
    const response = await t.app.inject({ url: proxied(`${origin()}${path}`) });
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('E_PROXY_002');
  });

  it('refuses a name that resolves inside the network, even partly', async () => {
    for (const host of ['inside.test', 'metadata.test', 'mixed.test']) {
      const response = await t.app.inject({
        url: proxied(`http://${host}:${host === 'inside.test' ? inside.port : port}/cat.png`),
      });
      expect(response.statusCode, host).toBe(403);
      expect(response.json().code).toBe('E_PROXY_001');
    }
  });

  it('follows a redirect to another allowed picture', async () => {
    const to = `${origin()}/cat.png`;
    const response = await t.app.inject({
      url: proxied(`${origin()}/redirect?to=${encodeURIComponent(to)}`),
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    () => `http://[::1]:${inside.port}/cat.png`,
    () => `http://inside.test:${inside.port}/cat.png`,
    () => `http://metadata.test:${port}/latest/meta-data/`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://10.0.0.1/cat.png',
    () => `http://127.0.0.2:${inside.port}/cat.png`,
  ])('follows no redirect inside the network (%#)', async (target) => {
    const before = inside.hits.length;
    const response = await t.app.inject({
      url: proxied(`${origin()}/redirect?to=${encodeURIComponent(target())}`),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('E_PROXY_001');
    expect(inside.hits.length).toBe(before);
  });

  it('stops after a few redirects', async () => {
    let url = `${origin()}/cat.png`;
    for (let hop = 0; hop < 5; hop += 1) url = `${origin()}/redirect?to=${encodeURIComponent(url)}`;
    const response = await t.app.inject({ url: proxied(url) });
    expect(response.statusCode).toBe(502);
  });
});
