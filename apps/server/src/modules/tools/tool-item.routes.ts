import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { SpooledFile } from '../../platform/http/upload-spool.ts';
import { formError, readToolForm } from './tool-form.ts';
import { type createToolItems, itemResponseSchema } from './tool-items.ts';

export const TOOL_SCHEMA = { tags: ['tools'], security: [{ bearerAuth: [] }] };
export const toolItemParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The changed form of a re-create: JSON `{ input }`, or multipart with the form in one field
 * (`inputDto`, `data`) and new files beside it; validated exactly as the tool's create form. No
 * body (or no form in it) means "again, with the kept form": `changed` is undefined.
 */
export async function readChangedForm<I>(
  request: FastifyRequest,
  schema: z.ZodType<I>,
  options: { maxFiles: number; formFields?: string[] },
): Promise<{ changed: I | undefined; files: SpooledFile[] }> {
  const form = await readToolForm(request, options);
  const raw = request.isMultipart() ? form.input : (form.input as { input?: unknown } | undefined)?.input;
  if (raw === undefined || raw === null) return { changed: undefined, files: form.files };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw formError(parsed.error.issues);
  return { changed: parsed.data, files: form.files };
}

/**
 * The routes every document tool has the same way (document-tools.md §7): `list`, `{id}` (and
 * aliases such as `library/{id}`), `{id}/re-create` and `DELETE {id}` under the tool's base path.
 */
export function toolItemRoutes<T extends z.ZodType>(options: {
  base: string;
  getAliases?: string[];
  /** `POST {base}/copy` with `{ id }`: the caller's own copy (feedback, text correction). */
  copy?: boolean;
  resultSchema: T;
  items: ReturnType<typeof createToolItems<T>>;
  /** `{id}/re-create` with a changed form (see `readChangedForm`); without it, again from the kept form. */
  recreate?: (request: FastifyRequest<{ Params: { id: number } }>) => Promise<{ id: number }>;
}): FastifyPluginAsyncZod {
  // Widened on purpose: TypeScript cannot relate a generic schema's output to the item's result
  // type; at run time the response is still serialized (and documented) by the full schema.
  const itemSchema: z.ZodType = itemResponseSchema(options.resultSchema);
  const { base, items } = options;
  return async (app) => {
    app.get(
      `${base}/list`,
      {
        preHandler: teachersOnly,
        schema: { ...TOOL_SCHEMA, response: { 200: z.array(itemSchema), ...ERROR_RESPONSES } },
      },
      (request) => items.list(actorOf(request)),
    );
    for (const url of [`${base}/:id`, ...(options.getAliases ?? [])]) {
      app.get(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            params: toolItemParams,
            response: { 200: itemSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => items.get(actorOf(request), request.params.id),
      );
    }
    app.post(
      `${base}/:id/re-create`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          ...(options.recreate
            ? { summary: 'Make again, with the kept form or a changed one (JSON `{ input }` or multipart)' }
            : {}),
          params: toolItemParams,
          response: { 200: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      (request) =>
        options.recreate ? options.recreate(request) : items.recreate(actorOf(request), request.params.id),
    );
    if (options.copy) {
      app.post(
        `${base}/copy`,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            body: toolItemParams,
            response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => reply.status(201).send(await items.copy(actorOf(request), request.body.id)),
      );
    }
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
      (request) => items.remove(actorOf(request), request.params.id),
    );
  };
}
