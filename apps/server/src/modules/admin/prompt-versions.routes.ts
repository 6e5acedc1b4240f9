import { aiPromptSchema, aiPromptVersionSchema, promptVersionParamsSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { superAdminOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { auditContextOf } from './audit.service.ts';
import type { PromptVersionsService } from './prompt-versions.service.ts';

/** System prompt history (core.md §7 ai/prompt): the super administrator's. */
export function promptVersionsRoutes(versions: PromptVersionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['tools'], security: [{ bearerAuth: [] }] };
    app.get(
      '/api/v1/ai/prompt/:seq/versions',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: "A system prompt's versions, newest first",
          params: z.object({ seq: z.coerce.number().int().positive() }),
          response: { 200: z.array(aiPromptVersionSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => versions.list(auditContextOf(request), request.params.seq),
    );
    app.post(
      '/api/v1/ai/prompt/:seq/versions/:version/rollback',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Make an earlier version live again (saved as a new version)',
          params: promptVersionParamsSchema,
          response: { 200: aiPromptSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => versions.rollback(auditContextOf(request), request.params.seq, request.params.version),
    );
  };
}
