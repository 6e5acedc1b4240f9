import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type Server } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWithAcceptingSockets } from '../src/platform/http/accepting-sockets.ts';
import { freePort } from './free-port.ts';

const HOST = '127.0.0.1';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newApp(): FastifyInstance {
  const app = Fastify();
  app.get('/who', async (req) => ({ peer: req.socket.remotePort }));
  return app;
}

async function started(port: number, sockets: number) {
  const app = newApp();
  const closeExtra = await listenWithAcceptingSockets(app, { port, host: HOST, sockets });
  const stop = async () => {
    await closeExtra();
    await app.close();
  };
  cleanups.push(stop);
  return stop;
}

/** One request on a connection of its own (no keep-alive): each is accepted anew. */
function getOnNewConnection(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: HOST, port, path: '/who', agent: false }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

/** Listening sockets on the port, from the kernel's table (state 0A is LISTEN). */
function listeningSocketsOn(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => local?.endsWith(`:${hexPort}`) && state === '0A').length;
}

function holdPort(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      cleanups.push(() => new Promise((done) => server.close(() => done())));
      resolve(server);
    });
  });
}

describe.skipIf(process.platform !== 'linux')('the port’s accepting sockets', () => {
  it('listens with as many sockets as asked, each serving the app', async () => {
    const port = await freePort();
    await started(port, 4);
    expect(listeningSocketsOn(port)).toBe(4);
    const statuses = await Promise.all(Array.from({ length: 60 }, () => getOnNewConnection(port)));
    expect(statuses).toEqual(Array(60).fill(200));
  });

  it('fails to start on a port something else holds', async () => {
    const port = await freePort();
    await holdPort(port);
    await expect(listenWithAcceptingSockets(newApp(), { port, host: HOST, sockets: 4 })).rejects.toThrow(
      /EADDRINUSE/,
    );
  });

  it('lets no second server share the port', async () => {
    const port = await freePort();
    await started(port, 4);
    await expect(listenWithAcceptingSockets(newApp(), { port, host: HOST, sockets: 4 })).rejects.toThrow(
      /EADDRINUSE/,
    );
    expect(listeningSocketsOn(port)).toBe(4);
  });

  it('leaves the port free once closed', async () => {
    const port = await freePort();
    const stop = await started(port, 4);
    await stop();
    expect(listeningSocketsOn(port)).toBe(0);
    await holdPort(port);
  });

  it('closes while clients keep their connections open', async () => {
    const port = await freePort();
    const stop = await started(port, 4);
    const agent = new Agent({ keepAlive: true });
    cleanups.push(async () => agent.destroy());
    const kept = await Promise.all(
      Array.from(
        { length: 12 },
        () =>
          new Promise<number>((resolve, reject) => {
            request({ host: HOST, port, path: '/who', agent }, (response) => {
              response.resume();
              response.once('end', () => resolve(response.statusCode ?? 0));
            })
              .once('error', reject)
              .end();
          }),
      ),
    );
    expect(kept).toEqual(Array(12).fill(200));
    expect(agent.freeSockets[`${HOST}:${port}:`]?.length).toBeGreaterThan(0);
    await stop();
    expect(listeningSocketsOn(port)).toBe(0);
  });

  it('uses one socket for a port the system chooses', async () => {
    const app = newApp();
    const closeExtra = await listenWithAcceptingSockets(app, { port: 0, host: HOST, sockets: 4 });
    cleanups.push(async () => {
      await closeExtra();
      await app.close();
    });
    const { port } = app.server.address() as { port: number };
    expect(listeningSocketsOn(port)).toBe(1);
  });
});
