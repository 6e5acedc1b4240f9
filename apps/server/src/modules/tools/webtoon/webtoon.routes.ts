import {
  webtoonExportQuerySchema,
  webtoonInputSchema,
  webtoonResultSchema,
  webtoonUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { GENERATED_IMAGE_FILE } from '../../../platform/storage/generated-images.ts';
import { attachmentDisposition } from '../../documents/content-disposition.ts';
import { formError } from '../tool-form.ts';
import { readChangedForm, TOOL_SCHEMA, toolItemParams } from '../tool-item.routes.ts';
import { itemResponseSchema } from '../tool-items.ts';
import type { WebtoonService } from './webtoon.service.ts';

const BASE = '/api/v1/webtoon';
const itemSchema = itemResponseSchema(webtoonResultSchema);
const itemWithInputSchema = itemSchema.extend({ input: z.record(z.string(), z.unknown()).nullable() });

/** The webtoon tool (WEBTOON): create (also the AI host's `/generate/webtoon`), list, get, edit, re-create, export, delete, copy. */
export function webtoonRoutes(service: WebtoonService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of [BASE, '/generate/webtoon', '/openai/generate/webtoon']) {
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: 'Make a 4–8-panel educational comic on a topic for a grade',
            body: z.unknown(),
            response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const parsed = webtoonInputSchema.safeParse(request.body ?? {});
          if (!parsed.success) throw formError(parsed.error.issues);
          const key = request.headers['idempotency-key'];
          const { id } = await service.create(
            actorOf(request),
            parsed.data,
            typeof key === 'string' ? key.slice(0, 100) : undefined,
          );
          return reply.status(201).send({ id });
        },
      );
    }
    app.get(
      `${BASE}/images/:file`,
      {
        schema: {
          tags: ['tools'],
          summary: 'A panel picture (its file name is the capability)',
          params: z.object({ file: z.string().regex(GENERATED_IMAGE_FILE) }),
          response: { 200: z.unknown().describe('image'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { bytes, type } = await service.image(request.params.file);
        return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
      },
    );
    app.get(
      `${BASE}/list`,
      {
        preHandler: teachersOnly,
        schema: { ...TOOL_SCHEMA, response: { 200: z.array(itemSchema), ...ERROR_RESPONSES } },
      },
      (request) => service.list(actorOf(request)),
    );
    for (const url of [`${BASE}/:id`, `${BASE}/library/:id`]) {
      app.get(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            params: toolItemParams,
            response: { 200: itemWithInputSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => service.get(actorOf(request), request.params.id),
      );
    }
    app.get(
      `${BASE}/:id/svg`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'The strip drawn as SVG (for the result page)',
          params: toolItemParams,
          response: { 200: z.any().describe('SVG'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { svg } = await service.svg(actorOf(request), request.params.id, false);
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(svg);
      },
    );
    app.put(
      `${BASE}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: "Save the panels' edited narration and dialogue (or a new title)",
          params: toolItemParams,
          body: webtoonUpdateSchema,
          response: { 200: itemSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.save(actorOf(request), request.params.id, request.body),
    );
    app.post(
      `${BASE}/:id/re-create`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Make the comic again, with the kept form or a changed one (`{ input }`)',
          params: toolItemParams,
          response: { 200: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { changed } = await readChangedForm(request, webtoonInputSchema, { maxFiles: 0 });
        return service.recreate(actorOf(request), request.params.id, changed);
      },
    );
    app.post(
      `${BASE}/copy`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          body: toolItemParams,
          response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => reply.status(201).send(await service.copy(actorOf(request), request.body.id)),
    );
    app.get(
      `${BASE}/:id/export`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'The comic as PNG (default), PDF or SVG',
          params: toolItemParams,
          querystring: webtoonExportQuerySchema,
          response: { 200: z.any().describe('The file'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const file = await service.exportItem(actorOf(request), request.params.id, request.query.format);
        return reply
          .type(file.mimeType)
          .header('content-disposition', attachmentDisposition(file.fileName))
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
      },
    );
    app.delete(
      `${BASE}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          params: toolItemParams,
          response: { 200: z.object({ success: z.boolean() }), ...ERROR_RESPONSES },
        },
      },
      (request) => service.remove(actorOf(request), request.params.id),
    );
  };
}
