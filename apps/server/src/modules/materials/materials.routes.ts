import {
  folderDeleteQuerySchema,
  folderInputSchema,
  folderLibraryInputSchema,
  folderRenameSchema,
  folderSchema,
  idParamSchema,
  myLibraryEntrySchema,
  myMaterialsPageSchema,
  myMaterialsQuerySchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { MaterialsService } from './materials.service.ts';

const BASE = '/api/v1/my-materials';
const success = z.object({ success: z.boolean() });

/** core.md §7 my-materials: the caller's materials by school year, and their folders. */
export function materialsRoutes(service: MaterialsService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['my-materials'], security: [{ bearerAuth: [] }] };
    const secured = { preHandler: teachersOnly };

    app.get(
      BASE,
      {
        ...secured,
        schema: {
          ...schema,
          querystring: myMaterialsQuerySchema,
          response: { 200: myMaterialsPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.list(actorOf(request), request.query),
    );
    app.get(
      `${BASE}/library`,
      {
        ...secured,
        schema: { ...schema, response: { 200: z.array(myLibraryEntrySchema), ...ERROR_RESPONSES } },
      },
      (request) => service.finishedOwn(actorOf(request)),
    );
    app.get(
      `${BASE}/folder`,
      { ...secured, schema: { ...schema, response: { 200: z.array(folderSchema), ...ERROR_RESPONSES } } },
      (request) => service.folders(actorOf(request)),
    );
    app.post(
      `${BASE}/folder`,
      {
        ...secured,
        schema: { ...schema, body: folderInputSchema, response: { 201: folderSchema, ...ERROR_RESPONSES } },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createFolder(actorOf(request), request.body)),
    );
    app.put(
      `${BASE}/folder/:id`,
      {
        ...secured,
        schema: {
          ...schema,
          params: idParamSchema,
          body: folderRenameSchema,
          response: { 200: folderSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.renameFolder(actorOf(request), request.params.id, request.body.name),
    );
    app.delete(
      `${BASE}/folder/:id`,
      {
        ...secured,
        schema: {
          ...schema,
          params: idParamSchema,
          querystring: folderDeleteQuerySchema,
          response: { 200: success, ...ERROR_RESPONSES },
        },
      },
      (request) => service.deleteFolder(actorOf(request), request.params.id, request.query.deleteType),
    );
    app.post(
      `${BASE}/folder-library`,
      {
        ...secured,
        schema: { ...schema, body: folderLibraryInputSchema, response: { 200: success, ...ERROR_RESPONSES } },
      },
      (request) => service.placeItems(actorOf(request), request.body),
    );
  };
}
