import { createServer, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Listening sockets on the server's port, each accepting for the one HTTP server. On Linux, Node's
 * event loop accepts one connection per listening socket per turn: when a thousand teachers send
 * a question within two seconds while hundreds of answers stream, each turn is long and new
 * connections wait in the kernel's queue for up to a second before the server sees their request
 * (measured: the 1,000-stream bench's time to first token p95 1.2–1.5 s with one socket,
 * 0.5–0.7 s with eight). The kernel deals new connections out over sockets that share the port
 * (SO_REUSEPORT), so eight sockets accept up to eight a turn.
 */
export const ACCEPTING_SOCKETS = 8;

export interface ListenOptions {
  port: number;
  host: string;
  /** Sockets accepting on the port; one where the platform cannot share a port among them. */
  sockets?: number;
}

function listening(server: Server, options: { port: number; host: string; reusePort?: boolean }) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closed(server: Server) {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Stops a socket accepting. Its connections are the HTTP server's, which closes them with the app:
 * waiting here for them to end (as `close`'s callback does) would wait for a kept-alive browser.
 */
function stopAccepting(server: Server) {
  return new Promise<void>((resolve) => {
    server.close();
    setImmediate(resolve);
  });
}

/**
 * Whether sockets can share this address: Linux balances connections over them; a port chosen by
 * the system (0) or a name that resolves to several addresses (`localhost`, which Fastify binds
 * twice) gets one socket.
 */
function sharesPort(options: ListenOptions): boolean {
  return process.platform === 'linux' && options.port !== 0 && options.host !== 'localhost';
}

/**
 * Starts the app on its port with `sockets` accepting sockets (ACCEPTING_SOCKETS by default).
 * Resolves to a function that stops the extra sockets accepting (the app's own closes with the app,
 * and with it every connection).
 *
 * A port held by anything else still fails with EADDRINUSE, as a single socket would: the port
 * is first bound without sharing (which fails if any socket holds it, shared or not), then
 * released and taken by sockets that share it. A second Ssaem on the same port therefore fails to
 * start instead of silently taking half of the first one's connections.
 */
export async function listenWithAcceptingSockets(
  app: FastifyInstance,
  options: ListenOptions,
): Promise<() => Promise<void>> {
  const count = options.sockets ?? ACCEPTING_SOCKETS;
  if (count <= 1 || !sharesPort(options)) {
    await app.listen({ port: options.port, host: options.host });
    return async () => {};
  }
  const address = { port: options.port, host: options.host };
  const probe = createServer();
  await listening(probe, address);
  await closed(probe);
  // Fastify hands its listen options to Node's server.listen(), which knows reusePort.
  const shared = { ...address, reusePort: true };
  await app.listen(shared);
  const extra: Server[] = [];
  const closeExtra = async () => {
    await Promise.all(extra.splice(0).map(stopAccepting));
  };
  try {
    for (let i = 1; i < count; i++) {
      // Options the HTTP server would apply to a connection it accepted itself.
      const server = createServer({ noDelay: true }, (socket) => app.server.emit('connection', socket));
      extra.push(server);
      await listening(server, { ...address, reusePort: true });
    }
  } catch (error) {
    await closeExtra();
    await app.close();
    throw error;
  }
  return closeExtra;
}
