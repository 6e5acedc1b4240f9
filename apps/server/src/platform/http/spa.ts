import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../errors/error-handler.ts';
import { loadPrerenderedPages, loadShellPage } from './prerendered-pages.ts';

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

/** A day: long enough that a visit does not ask again, short enough for a new icon to arrive. */
const UNHASHED_FILE_MAX_AGE_S = 24 * 60 * 60;

/**
 * Hashed assets never change under their name; pages are asked for again each time (an ETag makes
 * that a 304). The icon and robots.txt keep their names from build to build: kept a day, where
 * `no-cache` made a phone ask for the icon on every page, a round trip each on a slow link.
 */
function cacheControlFor(distDir: string, path: string): string {
  if (path.startsWith(join(distDir, 'assets'))) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'no-cache';
  return `public, max-age=${UNHASHED_FILE_MAX_AGE_S}`;
}

/**
 * Serves the built web app. Hashed assets are cached for a year and served precompressed (the
 * build writes .br and .gz beside each text file; the client's Accept-Encoding picks one). The
 * page itself is never cached without asking: `no-cache` with an ETag, so a reload costs a 304.
 * The pages the build prerendered (the public `/`, `/landing`, `/pricing`, `/home`, `/signup` and the
 * signed-in catalogue `/edutech`, drawn for a teacher and filled in by its light script) are sent
 * as that HTML, so they paint before any script runs; any other GET that accepts HTML gets the
 * app's shell (history fallback), so `/teacher` or `/v2/library` loads the app.
 */
export async function registerSpa(app: FastifyInstance, distDir: string, publicUrl: string): Promise<void> {
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
      res.header('Cache-Control', cacheControlFor(distDir, path));
    },
  });

  const shell = loadShellPage(distDir);
  const prerendered = loadPrerenderedPages(distDir, publicUrl);
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => shell.send(request, reply);

  // The static handler treats "/" as a directory listing and refuses it; the root is the app too.
  if (!prerendered.has('/')) app.get('/', { schema: { hide: true } }, sendPage);
  for (const [path, page] of prerendered) {
    app.get(path, { schema: { hide: true } }, (request, reply) => page.send(request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url);
    if (wantsPage) return sendPage(request, reply);
    return sendError(request, reply, 'E_NOT_FOUND');
  });
}
