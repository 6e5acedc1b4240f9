import { summaryInputSchema, summaryResultSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, withRoles } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { itemResponseSchema } from '../tool-items.ts';
import { type SummaryService, summaryUpdateSchema } from './summary.service.ts';

const MAX_FILES = 5;
const teachers = withRoles('ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN');
const idParams = z.object({ id: z.coerce.number().int().positive() });
const itemSchema = itemResponseSchema(summaryResultSchema);

export function summaryRoutes(service: SummaryService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['tools'], security: [{ bearerAuth: [] }] };
    app.post(
      '/api/v1/summary',
      {
        preHandler: teachers,
        schema: {
          ...schema,
          summary: 'Summarise a topic, documents or a text',
          response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const form = await readToolForm(request, { maxFiles: MAX_FILES });
        const parsed = summaryInputSchema.safeParse(form.input ?? {});
        if (!parsed.success) throw formError(parsed.error.issues);
        const text = await service.sourceText(parsed.data, form.files);
        return reply.status(201).send(await service.create(actorOf(request), parsed.data, text));
      },
    );
    app.get(
      '/api/v1/summary/list',
      {
        preHandler: teachers,
        schema: { ...schema, response: { 200: z.array(itemSchema), ...ERROR_RESPONSES } },
      },
      (request) => service.list(actorOf(request)),
    );
    for (const url of ['/api/v1/summary/:id', '/api/v1/summary/library/:id']) {
      app.get(
        url,
        {
          preHandler: teachers,
          schema: { ...schema, params: idParams, response: { 200: itemSchema, ...ERROR_RESPONSES } },
        },
        (request) => service.get(actorOf(request), request.params.id),
      );
    }
    app.put(
      '/api/v1/summary/library/:id',
      {
        preHandler: teachers,
        schema: {
          ...schema,
          summary: 'Save an edited summary',
          params: idParams,
          body: summaryUpdateSchema,
          response: { 200: itemSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.saveResult(actorOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/v1/summary/:id/re-create',
      {
        preHandler: teachers,
        schema: {
          ...schema,
          params: idParams,
          response: { 200: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      (request) => service.recreate(actorOf(request), request.params.id),
    );
    app.delete(
      '/api/v1/summary/:id',
      {
        preHandler: teachers,
        schema: {
          ...schema,
          params: idParams,
          response: { 200: z.object({ success: z.boolean() }), ...ERROR_RESPONSES },
        },
      },
      (request) => service.remove(actorOf(request), request.params.id),
    );
  };
}
