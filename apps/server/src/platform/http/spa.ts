import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../errors/error-handler.ts';

/** Paths that belong to the server: a miss there is a JSON 404, never the SPA. */
const SERVER_PREFIXES = [
  '/api/',
  '/api',
  '/realms/',
  '/interaction/',
  '/openai/',
  '/healthz',
  '/readyz',
  '/metrics',
];

function isServerPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

/**
 * Serves the built web app. Hashed assets are cached for a year and served precompressed (the
 * build writes .br and .gz beside each text file; the client's Accept-Encoding picks one). The
 * page itself is never cached without asking: `no-cache` with an ETag, so a reload costs a 304.
 * Any other GET that accepts HTML gets it (history fallback), so `/teacher` or `/v2/library` loads
 * the app.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (!hasBuild) {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 'E_NOT_FOUND'));
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, path) {
      const immutable = path.includes(`${join(distDir, 'assets')}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const page = readFileSync(indexFile);
  const etag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(page);
  };

  // The static handler treats "/" as a directory listing and refuses it; the root is the app too.
  app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url);
    if (wantsPage) return sendPage(request, reply);
    return sendError(request, reply, 'E_NOT_FOUND');
  });
}
