import { dashboardSchema, pickLanguage } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, signedIn } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The signed-in home in one request (core.md §2 home); each section keeps its own endpoint's rules. */
export function dashboardRoutes(service: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/dashboard',
      {
        preHandler: signedIn,
        schema: {
          tags: ['users'],
          security: [{ bearerAuth: [] }],
          summary:
            'What the signed-in home shows: profile, licence, tools, recent work, notices, requests, recommendations',
          querystring: z.object({}).strict(),
          response: { 200: dashboardSchema, ...ERROR_RESPONSES },
        },
      },
      // The tool labels come in the caller's language, as GET /api/v1/tool/list gives them.
      (request) => service.forActor(actorOf(request), pickLanguage(request.headers['accept-language'])),
    );
  };
}
