import {
  FEEDBACK_MAX_FILES,
  feedbackInputSchema,
  feedbackResultSchema,
  feedbackUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { readChangedForm, TOOL_SCHEMA, toolItemParams, toolItemRoutes } from '../tool-item.routes.ts';
import { itemResponseSchema } from '../tool-items.ts';
import type { FeedbackService } from './feedback.service.ts';

const BASE = '/api/v1/feedback';

/** document-tools.md §7, Feedback: list, {id}, library/{id}, create, save, re-create, delete, copy. */
export function feedbackRoutes(service: FeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    // The AI host's `/generate/feedback` is the same call: same form, same job, same rules.
    for (const url of [BASE, '/generate/feedback', '/openai/generate/feedback'])
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: 'Feedback on a student text (JSON, or multipart inputDto + files)',
            response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const form = await readToolForm(request, { maxFiles: FEEDBACK_MAX_FILES });
          const parsed = feedbackInputSchema.safeParse(form.input ?? {});
          if (!parsed.success) throw formError(parsed.error.issues);
          const key = request.headers['idempotency-key'];
          const { id } = await service.create(
            actorOf(request),
            parsed.data,
            form.files,
            typeof key === 'string' ? key.slice(0, 100) : undefined,
          );
          return reply.status(201).send({ id });
        },
      );
    app.put(
      `${BASE}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: "Save the teacher's feedback or an edited result",
          params: toolItemParams,
          body: feedbackUpdateSchema,
          response: { 200: itemResponseSchema(feedbackResultSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.save(actorOf(request), request.params.id, request.body),
    );
    await app.register(
      toolItemRoutes({
        base: BASE,
        getAliases: [`${BASE}/library/:id`],
        copy: true,
        resultSchema: feedbackResultSchema,
        // Re-creating someone else's visible item is forbidden here, as PUT and DELETE are.
        items: service.items,
        recreate: async (request) => {
          const { changed, files } = await readChangedForm(request, feedbackInputSchema, {
            maxFiles: FEEDBACK_MAX_FILES,
          });
          return service.recreate(actorOf(request), request.params.id, changed, files);
        },
      }),
    );
  };
}
