import { textCorrectionInputSchema, textCorrectionResultSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { TOOL_SCHEMA, toolItemParams, toolItemRoutes } from '../tool-item.routes.ts';
import { itemResponseSchema } from '../tool-items.ts';
import type { TextCorrectionService } from './text-correction.service.ts';

const textCorrectionUpdateSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  result: textCorrectionResultSchema.optional(),
});

export function textCorrectionRoutes(service: TextCorrectionService): FastifyPluginAsyncZod {
  return async (app) => {
    // The AI host's `generate/TextCorrection` and `generate/spelling-check` are the same call.
    for (const url of [
      '/api/v1/text-correction',
      '/generate/TextCorrection',
      '/openai/generate/TextCorrection',
      '/generate/spelling-check',
      '/openai/generate/spelling-check',
    ])
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: 'Check spelling and grammar (JSON, or multipart inputDto + files)',
            response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const form = await readToolForm(request, { maxFiles: 1 });
          const parsed = textCorrectionInputSchema.safeParse(form.input ?? {});
          if (!parsed.success) throw formError(parsed.error.issues);
          const text = await service.textFrom(parsed.data, form.files[0]);
          const key = request.headers['idempotency-key'];
          const { id } = await service.create(
            actorOf(request),
            parsed.data,
            text,
            typeof key === 'string' ? key.slice(0, 100) : undefined,
          );
          return reply.status(201).send({ id });
        },
      );
    app.put(
      '/api/v1/text-correction/:id',
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Save an edited correction',
          params: toolItemParams,
          body: textCorrectionUpdateSchema,
          response: { 200: itemResponseSchema(textCorrectionResultSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.items.saveResult(actorOf(request), request.params.id, request.body),
    );
    await app.register(
      toolItemRoutes({
        base: '/api/v1/text-correction',
        getAliases: ['/api/v1/text-correction/library/:id'],
        copy: true,
        resultSchema: textCorrectionResultSchema,
        items: service.items,
      }),
    );
  };
}
