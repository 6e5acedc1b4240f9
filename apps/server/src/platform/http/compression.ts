import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers above 1 KB leave compressed when the client accepts it (brotli at a quality cheap
 * enough for every request, else gzip): API JSON, the OpenAPI document, HTML. Already-compressed
 * files (documents, pictures, zips) and server-sent events are left alone — event streams are
 * written on the raw socket, so each event reaches the client when it is written.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes:
      /^text\/(?!event-stream)|^application\/(?:json|javascript|xml|yaml)|\+json|\+xml|^image\/svg\+xml/,
  });
}
