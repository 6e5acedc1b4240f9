import { textCorrectionInputSchema, textCorrectionResultSchema } from '@ssaem/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, withRoles } from '../../../platform/auth/guards.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { itemResponseSchema } from '../tool-items.ts';
import type { TextCorrectionService } from './text-correction.service.ts';

const MAX_FILE_BYTES = 20 * 1024 * 1024;
const teachers = withRoles('ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN');
const idParams = z.object({ id: z.coerce.number().int().positive() });
const itemSchema = itemResponseSchema(textCorrectionResultSchema);

/** The form arrives as JSON, or as multipart with `inputDto` (JSON) and `files` (document-tools.md §7). */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { input: request.body, file: undefined };
  let input: unknown;
  let file: { bytes: Buffer; filename: string } | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES + 1, files: 1 } })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('E_PAYLOAD_TOO_LARGE');
      file = { bytes, filename: part.filename || 'upload' };
    } else if (part.fieldname === 'inputDto') {
      try {
        input = JSON.parse(String(part.value));
      } catch {
        throw new AppError('E_VALIDATION');
      }
    }
  }
  return { input, file };
}

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
        const form = await readForm(request);
        const parsed = textCorrectionInputSchema.safeParse(form.input ?? {});
        if (!parsed.success) {
          throw new AppError('E_VALIDATION', {
            details: parsed.error.issues.map((issue) => ({
              path: issue.path.join('.'),
              message: issue.message,
            })),
          });
        }
        const text = await service.textFrom(parsed.data, form.file);
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
