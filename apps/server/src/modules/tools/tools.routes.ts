import type { AiPrompt } from '@ssaem/contracts';
import {
  aiPromptInputSchema,
  aiPromptListQuerySchema,
  aiPromptSchema,
  aiPromptUpdateSchema,
  pickLanguage,
  toolInputSchema,
  toolListQuerySchema,
  toolOrderSchema,
  toolParentSchema,
  toolSchema,
  toolUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, signedIn, superAdminOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import {
  type AuditContext,
  type AuditService,
  auditContextOf,
  changedFields,
} from '../admin/audit.service.ts';
import type { ToolsService } from './tools.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const seqParams = z.object({ seq: z.coerce.number().int().positive() });
const language = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

/** What the admin area does around a prompt save: keep its version history and audit it. */
export interface PromptSaveHooks {
  beforeSave(context: AuditContext, seq: number): Promise<AiPrompt>;
  saved(context: AuditContext, before: AiPrompt | null, after: AiPrompt): Promise<void>;
}

export function toolsRoutes(
  tools: ToolsService,
  prompts?: PromptSaveHooks,
  audit?: AuditService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['tools'], security: [{ bearerAuth: [] }] };

    app.get(
      '/api/v1/tool/list',
      {
        preHandler: signedIn,
        schema: {
          ...schema,
          summary: 'The tool catalogue (by codeName: with its promptSeq)',
          querystring: toolListQuerySchema,
          response: { 200: z.array(toolSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => tools.list(actorOf(request), language(request), request.query),
    );
    app.get(
      '/api/v1/tool/:id',
      {
        preHandler: signedIn,
        schema: { ...schema, params: idParams, response: { 200: toolSchema, ...ERROR_RESPONSES } },
      },
      (request) => tools.get(actorOf(request), language(request), request.params.id),
    );
    /** Every change to the catalogue is an admin action: audited with what changed. */
    const audited = async (
      request: FastifyRequest,
      action: string,
      id: number,
      before: Record<string, unknown> | null,
      after: { codeName?: string } & Record<string, unknown>,
    ) => {
      if (!audit) return;
      const diff = before ? changedFields(before, after) : { before: null, after };
      await audit.record(auditContextOf(request), {
        action,
        targetType: 'tool',
        targetId: id,
        targetLabel: after.codeName ?? null,
        ...diff,
      });
    };

    app.post(
      '/api/v1/tool',
      {
        preHandler: superAdminOnly,
        schema: { ...schema, body: toolInputSchema, response: { 201: toolSchema, ...ERROR_RESPONSES } },
      },
      async (request, reply) => {
        const created = await tools.create(actorOf(request), language(request), request.body);
        await audited(request, 'tool.create', created.id, null, created);
        return reply.status(201).send(created);
      },
    );
    app.put(
      '/api/v1/tool/:id',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          params: idParams,
          body: toolUpdateSchema,
          response: { 200: toolSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const before = await tools.get(actorOf(request), language(request), request.params.id);
        const after = await tools.update(
          actorOf(request),
          language(request),
          request.params.id,
          request.body,
        );
        await audited(request, 'tool.update', after.id, before, after);
        return after;
      },
    );
    app.put(
      '/api/v1/tool/:id/parent',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Move a tool under another parent',
          params: idParams,
          body: toolParentSchema,
          response: { 200: toolSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const before = await tools.get(actorOf(request), language(request), request.params.id);
        const after = await tools.moveToParent(
          actorOf(request),
          language(request),
          request.params.id,
          request.body.parentId,
        );
        await audited(request, 'tool.parent', after.id, before, after);
        return after;
      },
    );
    app.put(
      '/api/v1/tool/:id/order',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Set the display order; siblings shift around it',
          params: idParams,
          body: toolOrderSchema,
          response: { 200: z.array(toolSchema), ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const before = await tools.get(actorOf(request), language(request), request.params.id);
        const siblings = await tools.reorder(
          actorOf(request),
          language(request),
          request.params.id,
          request.body.sort,
        );
        const after = siblings.find((tool) => tool.id === request.params.id) ?? before;
        await audited(request, 'tool.order', before.id, before, after);
        return siblings;
      },
    );

    app.get(
      '/api/v1/ai/prompt',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          querystring: aiPromptListQuerySchema,
          response: { 200: z.array(aiPromptSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => tools.listPrompts(actorOf(request), request.query.useYn),
    );
    app.get(
      '/api/v1/ai/prompt/:seq',
      {
        preHandler: superAdminOnly,
        schema: { ...schema, params: seqParams, response: { 200: aiPromptSchema, ...ERROR_RESPONSES } },
      },
      (request) => tools.getPrompt(actorOf(request), request.params.seq),
    );
    app.post(
      '/api/v1/ai/prompt',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          body: aiPromptInputSchema,
          response: { 201: aiPromptSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const created = await tools.createPrompt(actorOf(request), request.body);
        await prompts?.saved(auditContextOf(request), null, created);
        return reply.status(201).send(created);
      },
    );
    app.put(
      '/api/v1/ai/prompt/:seq',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          params: seqParams,
          body: aiPromptUpdateSchema,
          response: { 200: aiPromptSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const before = await prompts?.beforeSave(auditContextOf(request), request.params.seq);
        const after = await tools.updatePrompt(actorOf(request), request.params.seq, request.body);
        if (before) await prompts?.saved(auditContextOf(request), before, after);
        return after;
      },
    );
  };
}
