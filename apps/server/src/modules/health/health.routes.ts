import { errorResponseSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import { sendError } from '../../platform/errors/error-handler.ts';

const statusSchema = z.object({ status: z.string() });

/** Liveness answers while the process runs; readiness only while the database answers too. */
export function healthRoutes(database: DatabaseHandle): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      { logLevel: 'warn', schema: { tags: ['operations'], response: { 200: statusSchema } } },
      async () => ({ status: 'ok' }),
    );

    app.get(
      '/readyz',
      {
        logLevel: 'warn',
        schema: {
          tags: ['operations'],
          response: { 200: statusSchema.extend({ database: z.string() }), 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        try {
          await sql`select 1`.execute(database.db);
          return { status: 'ready', database: database.dialect };
        } catch (error) {
          request.log.error({ err: error }, 'database not reachable');
          return sendError(request, reply, 'SERVER_ERROR', { status: 503 });
        }
      },
    );
  };
}
