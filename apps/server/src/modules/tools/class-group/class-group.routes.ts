import {
  classGroupExportQuerySchema,
  classGroupInputSchema,
  classGroupParseRequestSchema,
  classGroupParseResultSchema,
  classGroupResultSchema,
  classGroupUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { accessContextOf } from '../../classes/classes.routes.ts';
import { sendFile } from '../../documents/send-file.ts';
import { formError } from '../tool-form.ts';
import { readChangedForm, TOOL_SCHEMA, toolItemParams } from '../tool-item.routes.ts';
import { itemResponseSchema } from '../tool-items.ts';
import type { ClassGroupService } from './class-group.service.ts';

const BASE = '/api/v1/class-group';
const itemSchema = itemResponseSchema(classGroupResultSchema);
const itemWithInputSchema = itemSchema.extend({ input: z.record(z.string(), z.unknown()) });

/** document-tools.md §7 class-group: list, get, library, create, update, re-create, delete, copy, generate/ClassGroup. */
export function classGroupRoutes(service: ClassGroupService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      BASE,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Form groups from a class roster or a pasted list under stated constraints',
          body: z.unknown(),
          response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const parsed = classGroupInputSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw formError(parsed.error.issues);
        const key = request.headers['idempotency-key'];
        const { id } = await service.create(
          accessContextOf(request),
          parsed.data,
          typeof key === 'string' ? key.slice(0, 100) : undefined,
        );
        return reply.status(201).send({ id });
      },
    );
    app.post(
      `${BASE}/generate/ClassGroup`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: "Read the teacher's sentence into grouping constraints (names never reach a model)",
          body: classGroupParseRequestSchema,
          response: { 200: classGroupParseResultSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.parse(actorOf(request), request.body.text, request.body.names),
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
    app.put(
      `${BASE}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Save groups rearranged by drag and drop (or a new title)',
          params: toolItemParams,
          body: classGroupUpdateSchema,
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
          summary: 'Form the groups again, with a changed form or with a new seed',
          params: toolItemParams,
          // Optional: `{ input }` with the changed form; no body at all re-solves with a new seed.
          response: { 200: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { changed } = await readChangedForm(request, classGroupInputSchema, { maxFiles: 0 });
        return service.recreate(accessContextOf(request), request.params.id, changed);
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
          summary: 'The groups as a table (HWPX, DOCX or PDF)',
          params: toolItemParams,
          querystring: classGroupExportQuerySchema,
          response: { 200: z.any().describe('The file'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        sendFile(reply, await service.exportItem(actorOf(request), request.params.id, request.query.format)),
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
