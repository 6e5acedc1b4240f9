import formbody from '@fastify/formbody';
import {
  errorMessage,
  errorResponseSchema,
  partnerLoginParamsSchema,
  pickLanguage,
  tokenExchangeErrorSchema,
  tokenExchangeRequestSchema,
  tokenExchangeResponseSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { PartnerLoginService } from './partner-login.service.ts';
import { invalidRequest, TokenExchangeError, unknownProduct } from './partner-login.service.ts';

/**
 * A partner's server calls this for each user it signs in, so its limit is per product and
 * address and wider than a person's sign-in form (ten a minute); a flood is still cut off.
 */
const EXCHANGES_PER_MINUTE = 120;

/**
 * The handler answers in the RFC's shape; a request refused before it runs (a NUL byte in the
 * address, the rate limit) gets the catalogue's `{code, message}` like any other route.
 */
const refusal = z.union([tokenExchangeErrorSchema, errorResponseSchema]);

/** `POST /api/auth/{product}-login`: RFC 8693 token exchange for partner products (docs/partner-login.md). */
export function partnerLoginRoutes(service: PartnerLoginService): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 6749 §4.1.3 bodies are form-encoded; JSON is accepted too.
    await app.register(formbody, { bodyLimit: 16 * 1024 });

    app.post(
      '/api/auth/:product-login',
      {
        config: {
          rateLimit: {
            max: EXCHANGES_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request) =>
              `${request.ip}|${(request.params as { product?: string } | undefined)?.product ?? ''}`,
          },
        },
        bodyLimit: 16 * 1024,
        // A body that fails its schema is answered in the RFC's shape too, by the handler.
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary:
            'A partner product exchanges its signed assertion about a user for a Ssaem access token (RFC 8693)',
          params: partnerLoginParamsSchema,
          body: tokenExchangeRequestSchema,
          response: {
            ...ERROR_RESPONSES,
            200: tokenExchangeResponseSchema,
            400: refusal,
            401: refusal,
            404: refusal,
          },
        },
      },
      async (request, reply) => {
        // RFC 6749 §5.1: token responses are never cached.
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        try {
          if (request.validationError)
            throw request.validationError.validationContext === 'params'
              ? unknownProduct(String((request.params as { product?: unknown }).product ?? ''))
              : invalidRequest(
                  'The request members must be strings: grant_type, subject_token (at most 8 KiB), subject_token_type.',
                );
          return await service.exchange(request.params.product, request.body ?? {});
        } catch (error) {
          if (!(error instanceof TokenExchangeError)) throw error;
          request.log.info({ product: request.params.product, refusal: error.error }, error.description);
          const status = error.status;
          if (status === 401) reply.header('www-authenticate', 'Bearer error="invalid_client"');
          return reply.status(status).send({
            error: error.error,
            error_description: error.description,
            code: error.code,
            message: errorMessage(error.code, pickLanguage(request.headers['accept-language'])),
          });
        }
      },
    );
  };
}
