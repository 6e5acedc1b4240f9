import { pickLanguage, playgroundGenerateSchema, playgroundResultSchema } from '@ssaem/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { superAdminOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { auditContextOf } from './audit.service.ts';
import type { PlaygroundService } from './playground.service.ts';

/**
 * Each run is two model calls: a handful a minute is plenty to compare drafts, and bounds what a
 * stolen super administrator session could spend.
 */
const PLAYGROUND_RATE_LIMIT = {
  rateLimit: {
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.actor ? `playground:${request.actor.userId}` : request.ip,
  },
};

/** `playground generate` (core.md §7): a draft and the live prompt side by side, nothing published. */
export function playgroundRoutes(playground: PlaygroundService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/playground/generate',
      {
        preHandler: superAdminOnly,
        config: PLAYGROUND_RATE_LIMIT,
        schema: {
          tags: ['tools'],
          security: [{ bearerAuth: [] }],
          summary: 'Run a draft system prompt and the live one on the same sample input',
          body: playgroundGenerateSchema,
          response: { 200: playgroundResultSchema, ...ERROR_RESPONSES },
        },
      },
      (request) =>
        playground.generate(
          auditContextOf(request),
          pickLanguage(request.headers['accept-language']),
          request.body,
        ),
    );
  };
}
