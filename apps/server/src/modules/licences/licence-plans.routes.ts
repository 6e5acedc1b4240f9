import {
  licensePlanCreateSchema,
  licensePlanListSchema,
  licensePlanParamsSchema,
  licensePlanSchema,
  licensePlanUpdateSchema,
  licensePlanUseSchema,
  trialOfferSchema,
  userLicenseSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, signedIn, superAdminOnly, teachersOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { auditContextOf } from '../admin/audit.service.ts';
import type { LicencePlansService } from './licence-plans.service.ts';

/** `license` (core.md §7): the plans keys grant, the super administrator's; and the free trial. */
export function licencePlansRoutes(service: LicencePlansService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['licences'], security: [{ bearerAuth: [] }] };
    const plan = { 200: licensePlanSchema, ...ERROR_RESPONSES };

    app.get(
      '/api/v1/license',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Licence plans, with keys issued and used and active holders',
          response: { 200: licensePlanListSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.list(actorOf(request)),
    );

    app.post(
      '/api/v1/license',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Create a licence plan (trial: true makes it the free trial)',
          body: licensePlanCreateSchema,
          response: { 201: licensePlanSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(auditContextOf(request), request.body)),
    );

    app.put(
      '/api/v1/license/:id',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Change a licence plan: only the fields sent; keys already redeemed keep their terms',
          params: licensePlanParamsSchema,
          body: licensePlanUpdateSchema,
          response: plan,
        },
      },
      (request) => service.update(auditContextOf(request), request.params.id, request.body),
    );

    app.put(
      '/api/v1/license/:id/use-yn',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Switch a plan on or off: its unredeemed keys and (if it is the trial) the trial follow',
          params: licensePlanParamsSchema,
          body: licensePlanUseSchema,
          response: plan,
        },
      },
      (request) => service.setUse(auditContextOf(request), request.params.id, request.body.useYn),
    );

    app.get(
      '/api/v1/user-license/trial',
      {
        preHandler: signedIn,
        schema: {
          ...schema,
          summary: 'The free trial offered to the caller, and whether they may start it',
          response: { 200: trialOfferSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.trialOffer(actorOf(request)),
    );

    app.post(
      '/api/v1/user-license/trial',
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Start the free trial (once per account)',
          response: { 201: userLicenseSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => reply.status(201).send(await service.startTrial(actorOf(request))),
    );
  };
}
