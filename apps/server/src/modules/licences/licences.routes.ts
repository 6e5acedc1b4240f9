import {
  licenseCheckKeyParamsSchema,
  licenseCheckParamsSchema,
  licenseCheckSchema,
  licenseInfoSchema,
  registerLicenseKeySchema,
  userLicenseHistoryQuerySchema,
  userLicenseListQuerySchema,
  userLicensePageSchema,
  userLicenseSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, signedIn } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { LicencesService } from './licences.service.ts';

export function licencesRoutes(service: LicencesService): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { preHandler: signedIn, schema: { tags: ['licences'], security: [{ bearerAuth: [] }] } };

    app.get(
      '/api/v1/user-license/my-list',
      {
        ...secured,
        schema: {
          ...secured.schema,
          querystring: userLicenseListQuerySchema,
          response: { 200: userLicensePageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.myList(actorOf(request), request.query),
    );

    app.get(
      '/api/v1/user-license/my/nearest-end',
      {
        ...secured,
        schema: { ...secured.schema, response: { 200: userLicenseSchema.nullable(), ...ERROR_RESPONSES } },
      },
      (request) => service.nearestEnd(actorOf(request)),
    );

    app.get(
      '/api/v1/user-license/check-validity',
      { ...secured, schema: { ...secured.schema, response: { 200: licenseInfoSchema, ...ERROR_RESPONSES } } },
      (request) => service.licenceInfo(actorOf(request).userId),
    );

    app.get(
      '/api/v1/user-license',
      {
        ...secured,
        schema: {
          ...secured.schema,
          summary:
            "A user's licence history, every status, newest first (self, or their school's administrator)",
          querystring: userLicenseHistoryQuerySchema,
          response: { 200: userLicensePageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.history(actorOf(request), request.query),
    );

    app.post(
      '/api/v1/user-license',
      {
        ...secured,
        schema: {
          ...secured.schema,
          body: registerLicenseKeySchema,
          response: { 201: userLicenseSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.registerKey(actorOf(request), request.body.licenseKey)),
    );

    app.get(
      '/api/v1/users/license-check/:userId',
      {
        ...secured,
        schema: {
          ...secured.schema,
          params: licenseCheckParamsSchema,
          response: { 200: licenseCheckSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.licenseCheck(actorOf(request), request.params.userId),
    );

    app.get(
      '/api/v1/users/license-check/:userId/:licenseKey',
      {
        ...secured,
        schema: {
          ...secured.schema,
          params: licenseCheckKeyParamsSchema,
          response: { 200: licenseCheckSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.licenseCheck(actorOf(request), request.params.userId, request.params.licenseKey),
    );
  };
}
