import {
  licenseKeyBatchSchema,
  licenseKeyCreateSchema,
  licenseKeyGroupParamsSchema,
  licenseKeyGroupSchema,
  licenseKeyPageSchema,
  licenseKeyQuerySchema,
  licenseKeyRevokeResultSchema,
  licenseKeySchema,
  licenseKeySendResultSchema,
  licenseKeySendSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, superAdminOnly } from '../../platform/auth/guards.ts';
import { sendSheet } from '../../platform/excel/sheet-reply.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { auditContextOf } from '../admin/audit.service.ts';
import type { LicenceKeysService } from './licence-keys.service.ts';

/** `license-key` (core.md §7): the super administrator makes, lists, exports and mails keys by group. */
export function licenceKeysRoutes(service: LicenceKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['licences'], security: [{ bearerAuth: [] }] };
    const base = '/api/v1/license-key';

    app.get(
      base,
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Licence keys, by group and status, with who redeemed each',
          querystring: licenseKeyQuerySchema,
          response: { 200: licenseKeyPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.list(actorOf(request), request.query),
    );

    app.post(
      base,
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'One key of a plan (into the group "개별 발급" unless a group of that plan is named)',
          body: licenseKeyCreateSchema,
          response: { 201: licenseKeySchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createOne(auditContextOf(request), request.body)),
    );

    app.get(
      `${base}/groups`,
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Key groups: plan, keys issued, used and mailed',
          response: { 200: z.array(licenseKeyGroupSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.groups(actorOf(request)),
    );

    app.post(
      `${base}/batch`,
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'Make a new group of keys (up to 1,000)',
          body: licenseKeyBatchSchema,
          response: { 201: licenseKeyGroupSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.batch(auditContextOf(request), request.body)),
    );

    app.get(
      `${base}/groups/:name/keys`,
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: "A group's keys as .xlsx",
          params: licenseKeyGroupParamsSchema,
          response: { 200: z.any().describe('.xlsx file'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        sendSheet(
          reply,
          await service.exportGroup(auditContextOf(request), request.params.name),
          `라이선스 키 ${request.params.name}.xlsx`,
        ),
    );

    app.post(
      `${base}/groups/:name/revoke`,
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: "Withdraw the group's keys nobody redeemed yet (redeemed licences stay)",
          params: licenseKeyGroupParamsSchema,
          response: { 200: licenseKeyRevokeResultSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.revoke(auditContextOf(request), request.params.name),
    );

    app.post(
      `${base}/groups/:name/send-email`,
      {
        preHandler: superAdminOnly,
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          ...schema,
          summary: 'Mail one unsent key of the group to each address',
          params: licenseKeyGroupParamsSchema,
          body: licenseKeySendSchema,
          response: { 200: licenseKeySendResultSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.send(auditContextOf(request), request.params.name, request.body.emails),
    );
  };
}
