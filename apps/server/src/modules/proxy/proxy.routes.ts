import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { ProxyService } from './proxy.service.ts';

const imageQuery = z.object({ url: z.string().trim().min(1).max(2048) });
const imageLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** core.md §7: proxy image and image/blob. */
export function proxyRoutes(proxy: ProxyService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['proxy'];
    app.get(
      '/api/v1/proxy/image',
      {
        config: imageLimit,
        schema: {
          tags,
          summary:
            'A picture from an allow-listed origin (for <img> in documents, public items included); never from inside our network',
          querystring: imageQuery,
          response: { 200: z.any(), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const image = await proxy.image(request.query.url);
        return reply
          .type(image.mimeType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'public, max-age=86400')
          .send(image.bytes);
      },
    );
    app.get(
      '/api/v1/proxy/image/blob',
      {
        preHandler: signedIn,
        config: imageLimit,
        schema: {
          tags,
          security: [{ bearerAuth: [] }],
          summary: 'The same picture as a data: URL, for a document or export that embeds it',
          querystring: imageQuery,
          response: {
            200: z.object({ mimeType: z.string(), bytes: z.number().int(), dataUrl: z.string() }),
            ...ERROR_RESPONSES,
          },
        },
      },
      (request) => proxy.imageBlob(request.query.url),
    );
  };
}
