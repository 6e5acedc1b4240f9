import { myUsageQuerySchema, myUsageSchema, usageDashboardSchema, usageQuerySchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, signedIn, withRoles } from '../../platform/auth/guards.ts';
import { XLSX_MIME } from '../../platform/excel/sheet-writer.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { attachmentDisposition } from '../documents/content-disposition.ts';
import type { UsageService } from './usage.service.ts';

/** token-tracker (core.md §7): usage per school, teacher, tool and day. */
export function usageRoutes(usage: UsageService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['admin'], security: [{ bearerAuth: [] }] };
    const schoolAdmins = withRoles('ROLE_ADMIN', 'ROLE_SUPER_ADMIN');

    app.get(
      '/api/v1/token-tracker',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: 'Token usage dashboard (a school administrator: their school)',
          querystring: usageQuerySchema,
          response: { 200: usageDashboardSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => usage.dashboard(actorOf(request), request.query),
    );

    app.get(
      '/api/v1/token-tracker/export',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: 'Token usage of a period by day, school, user and tool (.xlsx or CSV)',
          querystring: usageQuerySchema.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
          response: { 200: z.any().describe('.xlsx or .csv file'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        const bytes = await usage.export(actorOf(request), query, format);
        return reply
          .header('content-type', format === 'xlsx' ? XLSX_MIME : 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            attachmentDisposition(`토큰 사용량 ${query.from}~${query.to}.${format}`),
          )
          .header('cache-control', 'no-store')
          .send(bytes);
      },
    );

    app.get(
      '/api/v1/token-tracker/me',
      {
        preHandler: signedIn,
        schema: {
          ...schema,
          summary: 'My own token usage',
          querystring: myUsageQuerySchema,
          response: { 200: myUsageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => usage.mine(actorOf(request), request.query.days),
    );
  };
}
