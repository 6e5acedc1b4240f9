import { summaryInputSchema, summaryResultSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { TOOL_SCHEMA, toolItemParams, toolItemRoutes } from '../tool-item.routes.ts';
import { itemResponseSchema } from '../tool-items.ts';
import { type SummaryService, summaryUpdateSchema } from './summary.service.ts';

const MAX_FILES = 5;

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
          const text = await service.sourceText(parsed.data, form.files);
          return reply.status(201).send(await service.create(actorOf(request), parsed.data, text));
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
      }),
    );
  };
}
