import {
  partnerProductCreateSchema,
  partnerProductEnabledSchema,
  partnerProductListSchema,
  partnerProductParamsSchema,
  partnerProductSchema,
  partnerProductUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, superAdminOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { auditContextOf } from '../admin/audit.service.ts';
import type { PartnerProductsService } from './partner-products.service.ts';

/** Partner products registered for the token exchange: the super administrator's, audited. */
export function partnerProductsRoutes(service: PartnerProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['partners'], security: [{ bearerAuth: [] }] };
    const product = { 200: partnerProductSchema, ...ERROR_RESPONSES };

    app.get(
      '/api/v1/partner-products',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Partner products that may sign their users in to Ssaem',
          response: { 200: partnerProductListSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.list(actorOf(request)),
    );

    app.post(
      '/api/v1/partner-products',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Register a partner product (E_CONFLICT_002: the client id is taken)',
          body: partnerProductCreateSchema,
          response: { 201: partnerProductSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(auditContextOf(request), request.body)),
    );

    app.get(
      '/api/v1/partner-products/:id',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'One partner product',
          params: partnerProductParamsSchema,
          response: product,
        },
      },
      (request) => service.get(actorOf(request), request.params.id),
    );

    app.put(
      '/api/v1/partner-products/:id',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary:
            'Change a partner product: only the fields sent (E_IMMUTABLE_VALUE_001: its client id or product key)',
          params: partnerProductParamsSchema,
          body: partnerProductUpdateSchema,
          response: product,
        },
      },
      (request) => service.update(auditContextOf(request), request.params.id, request.body),
    );

    app.put(
      '/api/v1/partner-products/:id/enabled',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Switch a partner product on or off: off, its sign-ins are refused at once',
          params: partnerProductParamsSchema,
          body: partnerProductEnabledSchema,
          response: product,
        },
      },
      (request) => service.setEnabled(auditContextOf(request), request.params.id, request.body.enabled),
    );
  };
}
