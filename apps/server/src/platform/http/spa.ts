import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
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
 * Serves the built web app. Hashed assets are cached for a year; index.html is never cached, and
 * any other GET that accepts HTML gets it (history fallback), so `/teacher` or `/v2/library`
 * loads the app.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(distDir, 'assets')}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
  }

  // The static handler treats "/" as a directory listing and refuses it; the root is the app too.
  if (hasBuild) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(readFileSync(indexFile)),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url);
    if (wantsPage && hasBuild) {
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(readFileSync(indexFile));
    }
    return sendError(request, reply, 'E_NOT_FOUND');
  });
}
