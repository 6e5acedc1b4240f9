import { errorReportCreatedSchema, errorReportSchema, errorResponseSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ErrorReportService } from './error-reports.service.ts';

/** Client-side errors reported by the web app (core.md §8), kept for operators. */
export function errorReportRoutes(service: ErrorReportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/error-reports',
      {
        // A broken page can loop; a per-client cap keeps one tab from filling the table.
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['operations'],
          summary: 'Report a client-side error',
          body: errorReportSchema,
          response: { 201: errorReportCreatedSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const id = await service.recordErrorReport(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          userId: null,
        });
        return reply.status(201).send({ id });
      },
    );
  };
}
