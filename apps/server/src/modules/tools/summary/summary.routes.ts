import { summaryInputSchema, summaryResultSchema } from '@ssaem/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, withRoles } from '../../../platform/auth/guards.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { itemResponseSchema } from '../tool-items.ts';
import { type SummaryService, summaryUpdateSchema } from './summary.service.ts';

const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MAX_FILES = 5;
const teachers = withRoles('ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN');
const idParams = z.object({ id: z.coerce.number().int().positive() });
const itemSchema = itemResponseSchema(summaryResultSchema);

/** JSON, or multipart with `data` (JSON) and any number of `files` (document-tools.md §7). */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { input: request.body, files: [] };
  let input: unknown;
  const files: { bytes: Buffer; filename: string }[] = [];
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES + 1, files: MAX_FILES } })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('E_PAYLOAD_TOO_LARGE');
      files.push({ bytes, filename: part.filename || 'upload' });
    } else if (part.fieldname === 'data' || part.fieldname === 'inputDto') {
      try {
        input = JSON.parse(String(part.value));
      } catch {
        throw new AppError('E_VALIDATION');
      }
    }
  }
  return { input, files };
}

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
        const form = await readForm(request);
        const parsed = summaryInputSchema.safeParse(form.input ?? {});
        if (!parsed.success) {
          throw new AppError('E_VALIDATION', {
            details: parsed.error.issues.map((issue) => ({
              path: issue.path.join('.'),
              message: issue.message,
            })),
          });
        }
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
