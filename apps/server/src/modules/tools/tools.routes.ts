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
    /**
     * Every change to the catalogue is an admin action, audited as before → after of the stored
     * tool (both languages, the roles it is shown to), not of the caller's language.
     */
    const audited = async (
      request: FastifyRequest,
      action: string,
      id: number,
      before: Record<string, unknown> | null,
      after: Record<string, unknown>,
    ) => {
      if (!audit) return;
      const diff = before ? changedFields(before, after) : { before: null, after };
      await audit.record(auditContextOf(request), {
        action,
        targetType: 'tool',
        targetId: id,
        targetLabel: typeof after.codeName === 'string' ? after.codeName : null,
        ...diff,
      });
    };
    const snapshot = (request: FastifyRequest, id: number) => tools.snapshot(actorOf(request), id);

    app.post(
      '/api/v1/tool',
      {
        preHandler: superAdminOnly,
        schema: { ...schema, body: toolInputSchema, response: { 201: toolSchema, ...ERROR_RESPONSES } },
      },
      async (request, reply) => {
        const created = await tools.create(actorOf(request), language(request), request.body);
        await audited(request, 'tool.create', created.id, null, await snapshot(request, created.id));
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
        const before = await snapshot(request, request.params.id);
        const after = await tools.update(
          actorOf(request),
          language(request),
          request.params.id,
          request.body,
        );
        await audited(request, 'tool.update', after.id, before, await snapshot(request, after.id));
        return after;
      },
    );
    app.put(
      '/api/v1/tool/:id/parent',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Move a tool under another parent (or to the top level), at a position there',
          params: idParams,
          body: toolParentSchema,
          response: { 200: toolSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const before = await snapshot(request, request.params.id);
        const after = await tools.moveToParent(
          actorOf(request),
          language(request),
          request.params.id,
          request.body.parentId,
          request.body.sort,
        );
        await audited(request, 'tool.parent', after.id, before, await snapshot(request, after.id));
        return after;
      },
    );
    app.put(
      '/api/v1/tool/:id/order',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Set the display order; siblings shift around it, children move with their group',
          params: idParams,
          body: toolOrderSchema,
          response: { 200: z.array(toolSchema), ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const tool = await snapshot(request, request.params.id);
        const parentId = tool.parentId as number | null;
        // The order of the whole group before → after: a move shifts every sibling.
        const before = { codeName: tool.codeName, order: await tools.siblingOrder(actor, parentId) };
        const siblings = await tools.reorder(actor, language(request), request.params.id, request.body.sort);
        const after = { codeName: tool.codeName, order: siblings.map((sibling) => sibling.codeName) };
        await audited(request, 'tool.order', request.params.id, before, after);
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
