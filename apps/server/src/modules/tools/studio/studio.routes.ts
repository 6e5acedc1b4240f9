import { studioResultSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import type { Actor } from '../../../policies/actor.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { TOOL_SCHEMA, toolItemParams, toolItemRoutes } from '../tool-item.routes.ts';
import type { StudioToolHandle } from './studio-tool.ts';

/** A studio tool with the paths the spec names for it (document-tools.md §7 Document). */
export interface StudioEndpoint {
  handle: StudioToolHandle;
  /** The tool's own create path under /api/v1/document (e.g. `letter`), if the spec names one. */
  createPath?: string;
  /** Other full paths the spec names for creating it (the hwp and AI-host paths of §7). */
  aliases?: string[];
  /** `PUT /api/v1/document/library/{id}/<updatePath>`: re-create with a changed form. */
  updatePath?: string;
  /** Its item routes: /api/v1/document/studio/<slug>/{list,{id},{id}/re-create}. */
  slug: string;
  /** Files the form may carry (a template, a recording), read by the tool itself. */
  files?: {
    max: number;
    read(form: unknown, files: SpooledFile[], actor: Actor): Promise<unknown>;
  };
}

const created = z.object({ id: z.number().int() });

/**
 * The document studio (document-tools.md §7): `POST studio` with a `type` picks the tool; the tools
 * the spec names have their own create path too; each has re-create with a changed form.
 */
export function studioRoutes(endpoints: StudioEndpoint[]): FastifyPluginAsyncZod {
  const byType = new Map(endpoints.map((endpoint) => [endpoint.handle.libraryType, endpoint]));
  return async (app) => {
    async function createWith(endpoint: StudioEndpoint, request: Parameters<typeof readToolForm>[0]) {
      const form = await readToolForm(request, {
        maxFiles: endpoint.files?.max ?? 0,
        formFields: ['generateDto', 'inputDto', 'data'],
      });
      const input = endpoint.files
        ? await endpoint.files.read(form.input, form.files, actorOf(request))
        : form.input;
      const parsed = endpoint.handle.inputSchema.safeParse(input ?? {});
      if (!parsed.success) throw formError(parsed.error.issues);
      return endpoint.handle.create(actorOf(request), parsed.data);
    }

    // The AI host's studio paths (document-tools.md §7) answer the same way as `POST studio`.
    for (const url of ['/api/v1/document/studio', '/openai/generate/hwp', '/generate/hwp'])
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: 'Create a studio document; `type` names the tool',
            response: { 201: created, ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const body = request.isMultipart() ? undefined : (request.body as { type?: unknown } | undefined);
          const type = typeof body?.type === 'string' ? body.type : undefined;
          const endpoint = type ? byType.get(type) : undefined;
          if (!endpoint) {
            throw new AppError('E_VALIDATION', {
              details: [{ path: 'type', message: '문서 종류를 선택해주세요.' }],
            });
          }
          const { id } = await createWith(endpoint, request);
          return reply.status(201).send({ id });
        },
      );

    for (const endpoint of endpoints) {
      const createPaths = [
        ...(endpoint.createPath ? [`/api/v1/document/${endpoint.createPath}`] : []),
        ...(endpoint.aliases ?? []),
      ];
      for (const url of createPaths) {
        app.post(
          url,
          {
            preHandler: teachersOnly,
            schema: { ...TOOL_SCHEMA, response: { 201: created, ...ERROR_RESPONSES } },
          },
          async (request, reply) => {
            const { id } = await createWith(endpoint, request);
            return reply.status(201).send({ id });
          },
        );
      }
      const updatePaths = [`/api/v1/document/studio/${endpoint.slug}/:id`];
      if (endpoint.updatePath) updatePaths.push(`/api/v1/document/library/:id/${endpoint.updatePath}`);
      for (const url of updatePaths) {
        app.put(
          url,
          {
            preHandler: teachersOnly,
            schema: {
              ...TOOL_SCHEMA,
              summary: 'Make the document again from a changed form',
              params: toolItemParams,
              response: { 202: created, ...ERROR_RESPONSES },
            },
          },
          async (request, reply) => {
            const form = await readToolForm(request, {
              maxFiles: endpoint.files?.max ?? 0,
              formFields: ['generateDto', 'inputDto', 'data'],
            });
            const input = endpoint.files
              ? await endpoint.files.read(form.input, form.files, actorOf(request))
              : form.input;
            const parsed = endpoint.handle.inputSchema.safeParse(input ?? {});
            if (!parsed.success) throw formError(parsed.error.issues);
            return reply
              .status(202)
              .send(await endpoint.handle.update(actorOf(request), request.params.id, parsed.data));
          },
        );
      }
      await app.register(
        toolItemRoutes({
          base: `/api/v1/document/studio/${endpoint.slug}`,
          copy: true,
          resultSchema: studioResultSchema,
          items: endpoint.handle.items,
        }),
      );
    }
  };
}
