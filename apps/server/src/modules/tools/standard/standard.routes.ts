import {
  STANDARD_TOOL_MAX_FILES,
  standardToolInputSchema,
  standardToolResultSchema,
  standardToolUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { TOOL_SCHEMA, toolItemParams } from '../tool-item.routes.ts';
import { itemResponseSchema } from '../tool-items.ts';
import type { StandardService } from './standard.service.ts';

const BASE = '/api/v1/standard';
const itemSchema = itemResponseSchema(standardToolResultSchema);
const itemWithInputSchema = itemSchema.extend({ input: z.record(z.string(), z.unknown()).nullable() });

/** The standards tool (STANDARD): create (the spec's `POST standard create`), list, get, save, re-create, delete, copy. */
export function standardRoutes(service: StandardService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of [BASE, `${BASE}/create`]) {
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: 'Map a plan onto achievement standards (JSON, or multipart inputDto + files)',
            response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const form = await readToolForm(request, { maxFiles: STANDARD_TOOL_MAX_FILES });
          const parsed = standardToolInputSchema.safeParse(form.input ?? {});
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
    }
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
          summary: 'Save an edited mapping',
          params: toolItemParams,
          body: standardToolUpdateSchema,
          response: { 200: itemSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.saveResult(actorOf(request), request.params.id, request.body),
    );
    app.post(
      `${BASE}/:id/re-create`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Map again, with the kept form or a changed one (JSON `{ input }` or multipart)',
          params: toolItemParams,
          response: { 200: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const form = await readToolForm(request, { maxFiles: STANDARD_TOOL_MAX_FILES });
        const raw = request.isMultipart()
          ? form.input
          : (form.input as { input?: unknown } | undefined)?.input;
        let changed: z.infer<typeof standardToolInputSchema> | undefined;
        if (raw !== undefined && raw !== null) {
          const parsed = standardToolInputSchema.safeParse(raw);
          if (!parsed.success) throw formError(parsed.error.issues);
          changed = parsed.data;
        }
        return service.recreate(actorOf(request), request.params.id, changed, form.files);
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
