import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, signedIn } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';

const sessionStatusSchema = z.object({ active: z.literal(true) }).meta({ id: 'SessionStatus' });

/**
 * core.md §4 session check: every open tab asks every 5 seconds whether its session still holds.
 * A session ended elsewhere (sign-out in another tab, a session removed by an administrator) is
 * on the deny list, so the token check answers 401 and the tab signs out. No database read beyond
 * the token check: it runs all day in every tab.
 */
export function sessionStatusRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/users/info/status',
      {
        preHandler: signedIn,
        schema: {
          tags: ['users'],
          security: [{ bearerAuth: [] }],
          summary: "Whether the caller's session is still active (401 when it ended)",
          response: { 200: sessionStatusSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        actorOf(request);
        reply.header('cache-control', 'no-store');
        return { active: true as const };
      },
    );
  };
}
