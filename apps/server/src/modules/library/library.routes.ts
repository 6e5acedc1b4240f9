import {
  accessSettingInputSchema,
  bookmarkListQuerySchema,
  bookmarkStateSchema,
  idParamSchema,
  libraryCardSchema,
  libraryDetailSchema,
  libraryPageSchema,
  libraryRecentParamsSchema,
  librarySearchQuerySchema,
  libraryStatusInputSchema,
  likeStateSchema,
  publicLibraryItemSchema,
  shareLinkSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { LibraryService } from './library.service.ts';

const BASE = '/api/v1/library';
const seqParamSchema = z.object({ seq: z.coerce.number().int().positive() });
const tokenParamSchema = z.object({
  token: z
    .string()
    .min(10)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** core.md §7 library: the shared library, its reactions, share links and copies. */
export function libraryRoutes(service: LibraryService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['library'], security: [{ bearerAuth: [] }] };
    const secured = { preHandler: teachersOnly };

    app.get(
      `${BASE}/search`,
      {
        ...secured,
        schema: {
          ...schema,
          querystring: librarySearchQuerySchema,
          response: { 200: libraryPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.search(actorOf(request), request.query),
    );
    app.get(
      `${BASE}/recent/:x`,
      {
        ...secured,
        schema: {
          ...schema,
          params: libraryRecentParamsSchema,
          response: { 200: z.array(libraryCardSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.recentOwn(actorOf(request), request.params.x),
    );
    app.get(
      `${BASE}/shared/recent/:x`,
      {
        ...secured,
        schema: {
          ...schema,
          params: libraryRecentParamsSchema,
          response: { 200: z.array(libraryCardSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.recentShared(actorOf(request), request.params.x),
    );
    app.get(
      `${BASE}/bookmark/list`,
      {
        ...secured,
        schema: {
          ...schema,
          querystring: bookmarkListQuerySchema,
          response: { 200: libraryPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.bookmarks(actorOf(request), request.query),
    );
    app.get(
      `${BASE}/:id`,
      {
        ...secured,
        schema: {
          ...schema,
          params: idParamSchema,
          response: { 200: libraryDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.get(actorOf(request), request.params.id),
    );
    app.put(
      `${BASE}/status/:id`,
      {
        ...secured,
        schema: {
          ...schema,
          params: idParamSchema,
          body: libraryStatusInputSchema,
          response: { 200: libraryDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.setStatus(actorOf(request), request.params.id, request.body.status),
    );
    app.put(
      `${BASE}/:id/complete`,
      {
        ...secured,
        schema: {
          ...schema,
          params: idParamSchema,
          response: { 200: libraryDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.complete(actorOf(request), request.params.id),
    );
    app.put(
      `${BASE}/:id/access-setting`,
      {
        ...secured,
        schema: {
          ...schema,
          params: idParamSchema,
          body: accessSettingInputSchema,
          response: { 200: libraryDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.setAccess(actorOf(request), request.params.id, request.body),
    );

    for (const [method, on] of [
      ['post', true],
      ['delete', false],
    ] as const) {
      app[method](
        `${BASE}/like/:id`,
        {
          ...secured,
          schema: {
            ...schema,
            params: idParamSchema,
            response: { 200: likeStateSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => service.like(actorOf(request), request.params.id, on),
      );
      app[method](
        `${BASE}/bookmark/:id`,
        {
          ...secured,
          schema: {
            ...schema,
            params: idParamSchema,
            response: { 200: bookmarkStateSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => service.bookmark(actorOf(request), request.params.id, on),
      );
    }

    app.post(
      `${BASE}/:id/share-link`,
      {
        ...secured,
        schema: { ...schema, params: idParamSchema, response: { 200: shareLinkSchema, ...ERROR_RESPONSES } },
      },
      (request) => service.shareLink(actorOf(request), request.params.id),
    );
    app.post(
      `${BASE}/:id/qr-code`,
      {
        ...secured,
        schema: {
          ...schema,
          params: idParamSchema,
          description: "A PNG of the item's share link.",
          response: { 200: z.unknown().describe('image/png'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const png = await service.qrCode(actorOf(request), request.params.id);
        return reply.type('image/png').header('cache-control', 'no-store').send(png);
      },
    );
    app.post(
      `${BASE}/:seq/copy`,
      {
        ...secured,
        schema: {
          ...schema,
          params: seqParamSchema,
          response: { 201: libraryDetailSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.copy(actorOf(request), request.params.seq)),
    );

    app.get(
      '/api/v1/public/library/:token',
      {
        schema: {
          tags: ['library'],
          params: tokenParamSchema,
          response: { 200: publicLibraryItemSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.publicItem(request.params.token),
    );
  };
}
