import { textCorrectionInputSchema, textCorrectionResultSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, withRoles } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { itemResponseSchema } from '../tool-items.ts';
import type { TextCorrectionService } from './text-correction.service.ts';

const teachers = withRoles('ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN');
const idParams = z.object({ id: z.coerce.number().int().positive() });
const itemSchema = itemResponseSchema(textCorrectionResultSchema);

export function textCorrectionRoutes(service: TextCorrectionService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['tools'], security: [{ bearerAuth: [] }] };

    app.post(
      '/api/v1/text-correction',
      {
        preHandler: teachers,
        schema: {
          ...schema,
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
    app.get(
      '/api/v1/text-correction/list',
      {
        preHandler: teachers,
        schema: { ...schema, response: { 200: z.array(itemSchema), ...ERROR_RESPONSES } },
      },
      (request) => service.list(actorOf(request)),
    );
    app.get(
      '/api/v1/text-correction/:id',
      {
        preHandler: teachers,
        schema: { ...schema, params: idParams, response: { 200: itemSchema, ...ERROR_RESPONSES } },
      },
      (request) => service.get(actorOf(request), request.params.id),
    );
    app.post(
      '/api/v1/text-correction/:id/re-create',
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
      '/api/v1/text-correction/:id',
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
