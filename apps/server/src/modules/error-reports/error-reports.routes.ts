import {
  errorGroupPageSchema,
  errorGroupParamsSchema,
  errorGroupQuerySchema,
  errorGroupResolveSchema,
  errorGroupSchema,
  errorReportCreatedSchema,
  errorReportSchema,
  errorResponseSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, superAdminOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { type AuditService, auditContextOf } from '../admin/audit.service.ts';
import type { ErrorReportService } from './error-reports.service.ts';

/** Client-side errors reported by the web app (core.md §8), kept for operators. */
export function errorReportRoutes(service: ErrorReportService, audit: AuditService): FastifyPluginAsyncZod {
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
          userId: request.actor?.userId ?? null,
        });
        return reply.status(201).send({ id });
      },
    );

    const schema = { tags: ['operations'], security: [{ bearerAuth: [] }] };
    app.get(
      '/api/v1/admin/error-reports',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Client errors grouped by message and stack signature',
          querystring: errorGroupQuerySchema,
          response: { 200: errorGroupPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.groups(request.query),
    );

    app.put(
      '/api/v1/admin/error-reports/:signature',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Mark a group of errors resolved (a new report reopens it) or open again',
          params: errorGroupParamsSchema,
          body: errorGroupResolveSchema,
          response: { 200: errorGroupSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const group = await service.setResolved(
          request.params.signature,
          request.body.resolved,
          actorOf(request).userId,
        );
        await audit.record(auditContextOf(request), {
          action: request.body.resolved ? 'error-group.resolve' : 'error-group.reopen',
          targetType: 'error-group',
          targetId: group.signature,
          targetLabel: group.message.slice(0, 200),
          after: { resolved: group.resolved },
        });
        return group;
      },
    );
  };
}
