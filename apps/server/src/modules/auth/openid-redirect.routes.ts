import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const query = z.object({ returnTo: z.string().max(2048).optional() });

/** A path inside the app, or nothing: never another origin (`//host`, `https://…`). */
function appPath(value: string | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * core.md §7: GET /oauth/openid answers the sign-in redirect URL on a 302. The code flow needs the
 * browser's PKCE verifier, so the URL is the app's own sign-in start, which goes on to the identity
 * provider and comes back to `returnTo`.
 */
export function openidRedirectRoutes(publicUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/oauth/openid',
      {
        schema: {
          tags: ['auth'],
          summary: 'Redirects (302) to where signing in starts; returnTo: a path in the app to come back to',
          querystring: query,
          response: { 302: z.null() },
        },
      },
      async (request, reply) => {
        const target = new URL('/auth/sign-in', publicUrl);
        const returnTo = appPath(request.query.returnTo);
        if (returnTo) target.searchParams.set('returnTo', returnTo);
        return reply.header('cache-control', 'no-store').redirect(target.href, 302);
      },
    );
  };
}
