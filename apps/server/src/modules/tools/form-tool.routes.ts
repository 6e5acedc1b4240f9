import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { SpooledFile } from '../../platform/http/upload-spool.ts';
import type { Actor } from '../../policies/actor.ts';
import { formError, readToolForm } from './tool-form.ts';
import { readChangedForm, TOOL_SCHEMA, toolItemParams } from './tool-item.routes.ts';
import { itemResponseSchema } from './tool-items.ts';

const created = z.object({ id: z.number().int() });

/** What a tool with a kept form (standards, quiz) offers its routes. */
export interface FormToolService<I, U> {
  create(actor: Actor, input: I, files: SpooledFile[], idempotencyKey?: string): Promise<{ id: number }>;
  list(actor: Actor): Promise<unknown[]>;
  get(actor: Actor, id: number): Promise<unknown>;
  saveResult(actor: Actor, id: number, changes: U): Promise<unknown>;
  recreate(actor: Actor, id: number, changed: I | undefined, files: SpooledFile[]): Promise<{ id: number }>;
  copy(actor: Actor, id: number): Promise<{ id: number }>;
  remove(actor: Actor, id: number): Promise<{ success: boolean }>;
}

/**
 * The routes of a tool whose form is kept with its result (document-tools.md §7): create (JSON, or
 * multipart `inputDto` + files), list, `{id}` and `library/{id}` (with the form for its creator),
 * save, re-create with the kept or a changed form, copy and delete.
 */
export function formToolRoutes<I, U>(options: {
  base: string;
  createPaths: string[];
  summary: string;
  maxFiles: number;
  inputSchema: z.ZodType<I>;
  resultSchema: z.ZodType;
  updateSchema: z.ZodType<U>;
  service: FormToolService<I, U>;
}): FastifyPluginAsyncZod {
  const { base, service, inputSchema } = options;
  // Widened as in tool-item.routes.ts: responses are still serialized and documented by the full schemas.
  const item = itemResponseSchema(options.resultSchema);
  const itemSchema: z.ZodType = item;
  const itemWithInputSchema: z.ZodType = item.extend({ input: z.record(z.string(), z.unknown()).nullable() });
  return async (app) => {
    for (const url of options.createPaths) {
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: options.summary,
            response: { 201: created, ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const form = await readToolForm(request, { maxFiles: options.maxFiles });
          const parsed = inputSchema.safeParse(form.input ?? {});
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
      `${base}/list`,
      {
        preHandler: teachersOnly,
        schema: { ...TOOL_SCHEMA, response: { 200: z.array(itemSchema), ...ERROR_RESPONSES } },
      },
      (request) => service.list(actorOf(request)),
    );
    for (const url of [`${base}/:id`, `${base}/library/:id`]) {
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
      `${base}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Save an edited result',
          params: toolItemParams,
          body: options.updateSchema,
          response: { 200: itemSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.saveResult(actorOf(request), request.params.id, request.body as U),
    );
    app.post(
      `${base}/:id/re-create`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Make again, with the kept form or a changed one (JSON `{ input }` or multipart)',
          params: toolItemParams,
          response: { 200: created, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { changed, files } = await readChangedForm(request, inputSchema, {
          maxFiles: options.maxFiles,
        });
        return service.recreate(actorOf(request), request.params.id, changed, files);
      },
    );
    app.post(
      `${base}/copy`,
      {
        preHandler: teachersOnly,
        schema: { ...TOOL_SCHEMA, body: toolItemParams, response: { 201: created, ...ERROR_RESPONSES } },
      },
      async (request, reply) => reply.status(201).send(await service.copy(actorOf(request), request.body.id)),
    );
    app.delete(
      `${base}/:id`,
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
