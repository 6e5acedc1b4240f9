import { SUMMARY_MAX_FILES, summaryInputSchema, summaryResultSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { readChangedForm, TOOL_SCHEMA, toolItemParams, toolItemRoutes } from '../tool-item.routes.ts';
import { itemResponseSchema } from '../tool-items.ts';
import { type SummaryService, summaryUpdateSchema } from './summary.service.ts';

const MAX_FILES = SUMMARY_MAX_FILES;

export function summaryRoutes(service: SummaryService): FastifyPluginAsyncZod {
  return async (app) => {
    // The AI host's `/generate/summary` is the same call: same form, same job, same rules.
    for (const url of ['/api/v1/summary', '/generate/summary', '/openai/generate/summary'])
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: 'Summarise a topic, documents or a text',
            response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const form = await readToolForm(request, { maxFiles: MAX_FILES });
          const parsed = summaryInputSchema.safeParse(form.input ?? {});
          if (!parsed.success) throw formError(parsed.error.issues);
          const { id } = await service.create(actorOf(request), parsed.data, form.files);
          return reply.status(201).send({ id });
        },
      );
    app.put(
      '/api/v1/summary/library/:id',
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Save an edited summary',
          params: toolItemParams,
          body: summaryUpdateSchema,
          response: { 200: itemResponseSchema(summaryResultSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.saveResult(actorOf(request), request.params.id, request.body),
    );
    await app.register(
      toolItemRoutes({
        base: '/api/v1/summary',
        getAliases: ['/api/v1/summary/library/:id'],
        resultSchema: summaryResultSchema,
        items: service.items,
        recreate: async (request) => {
          const { changed, files } = await readChangedForm(request, summaryInputSchema, {
            maxFiles: MAX_FILES,
          });
          return service.recreate(actorOf(request), request.params.id, changed, files);
        },
      }),
    );
  };
}
