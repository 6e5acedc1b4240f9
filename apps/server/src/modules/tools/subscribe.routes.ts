import { errorResponseSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, signedIn } from '../../platform/auth/guards.ts';
import { dataFrame, errorFrame, openEventStream } from '../../platform/http/event-stream.ts';
import type { GenerationService } from './generation.service.ts';

/** document-tools.md §4, §9: 120000 ms unless the client asks otherwise. */
export const DEFAULT_TASK_TIMEOUT_MS = 120_000;

const params = z.object({
  userId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});
const query = z.object({
  timeout: z.coerce.number().int().min(1000).max(600_000).default(DEFAULT_TASK_TIMEOUT_MS),
});

export function subscribeRoutes(generation: GenerationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/subscribe/:userId/:id',
      {
        preHandler: signedIn,
        schema: {
          tags: ['tools'],
          summary: 'Completion signal of a generated document (server-sent events)',
          security: [{ bearerAuth: [] }],
          params,
          querystring: query,
          response: { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const item = await generation.ownItem(actorOf(request), request.params.userId, request.params.id);
        const stream = openEventStream(request, reply);
        const closed = new AbortController();
        stream.onClose(() => closed.abort());
        stream.write(': subscribed\n\n');
        const signal = await generation.waitForSignal(item.id, request.query.timeout, closed.signal);
        if (signal === 'closed') return;
        if (signal === 'timeout') {
          stream.write(errorFrame('Task timeout'));
        } else {
          stream.write(dataFrame(signal));
        }
        stream.end();
      },
    );
  };
}
