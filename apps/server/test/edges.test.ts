import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { buildListeningApp } from './listening-app.ts';

/**
 * The edges an attacker reaches before any route: who may speak for the client, where the sign-in
 * endpoints point, how many connections one address may hold.
 */
let t: TestApp & { origin: string };
beforeAll(async () => {
  t = await buildListeningApp();
});
afterAll(() => t.close());

describe('request edges', () => {
  it('keeps the discovery document on PUBLIC_URL whatever Host or X-Forwarded-Host says', async () => {
    const response = await fetch(`${t.origin}/realms/ssaem/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' },
    });
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${t.origin}/realms/ssaem`);
    const urls = Object.values(discovery).filter(
      (value): value is string => typeof value === 'string' && value.includes('://'),
    );
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url.startsWith(`${t.origin}/`), url).toBe(true);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, so rate limits hold', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const response = await fetch(`${t.origin}/api/v1/users/public/name-exists?username=probe${i}`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe('a trusted proxy', () => {
  let proxied: TestApp & { origin: string };
  beforeAll(async () => {
    proxied = await buildListeningApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => proxied.close());

  it('has its X-Forwarded-For believed, one client address per forwarded address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const response = await fetch(`${proxied.origin}/api/v1/users/public/name-exists?username=probe${i}`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe('connections per address', () => {
  // Its own server: nothing else has a connection open to it when the sockets below connect.
  let capped: TestApp & { origin: string };
  beforeAll(async () => {
    capped = await buildListeningApp({ MAX_CONNECTIONS_PER_ADDRESS: '5' });
  });
  afterAll(() => capped.close());

  it('closes connections from one address beyond the cap and serves the others', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 8 }, () => {
        const port = Number(new URL(capped.origin).port);
        return new Promise<ReturnType<typeof connect>>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.on('error', () => undefined);
        });
      }),
    );
    // A request on each: the first five are answered, the rest find their connection closed.
    const answers = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<string>((resolve) => {
            let text = '';
            socket.on('data', (chunk) => {
              text += chunk.toString();
              if (text.includes('\r\n\r\n')) resolve(text.slice(0, 12));
            });
            socket.on('close', () => resolve(text ? text.slice(0, 12) : 'closed'));
            socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
          }),
      ),
    );
    for (const socket of sockets) socket.destroy();
    expect(answers.filter((answer) => answer === 'HTTP/1.1 200')).toHaveLength(5);
    expect(answers.filter((answer) => answer === 'closed')).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`${capped.origin}/healthz`)).status).toBe(200);
  });
});
