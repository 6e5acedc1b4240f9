import {
  eventParamsSchema,
  eventRegistrationListSchema,
  eventRegistrationReceiptSchema,
  eventRegistrationSchema,
  siteEventListSchema,
  siteEventSchema,
  siteEventUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { superAdminOnly } from '../../platform/auth/guards.ts';
import { sendSheet } from '../../platform/excel/sheet-reply.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { auditContextOf } from '../admin/audit.service.ts';
import type { EventsService } from './events.service.ts';

/** The event pages (core.md §2: Fair2025, Arena2025): public schedule and registration; the super administrator's dates and list. */
export function eventsRoutes(service: EventsService): FastifyPluginAsyncZod {
  return async (app) => {
    const publicSchema = { tags: ['site'] };
    const adminSchema = { tags: ['admin'], security: [{ bearerAuth: [] }] };

    app.get(
      '/api/v1/public/events',
      {
        schema: {
          ...publicSchema,
          summary: 'The events, with their schedule, registration window and seats taken',
          response: { 200: siteEventListSchema, ...ERROR_RESPONSES },
        },
      },
      () => service.list(),
    );

    app.get(
      '/api/v1/public/events/:slug',
      {
        schema: {
          ...publicSchema,
          summary: 'One event: its schedule, registration window, seats and status',
          params: eventParamsSchema,
          response: { 200: siteEventSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.get(request.params.slug),
    );

    app.post(
      '/api/v1/public/events/:slug/registrations',
      {
        // Per address: a school's office registering its teachers shares one, so ten a minute.
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          ...publicSchema,
          summary:
            'Register for an event (one per e-mail; consent required; confirmation mailed; deleted 30 days after the event)',
          params: eventParamsSchema,
          body: eventRegistrationSchema,
          response: { 201: eventRegistrationReceiptSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.register(request.params.slug, request.body)),
    );

    app.put(
      '/api/v1/admin/events/:slug',
      {
        preHandler: superAdminOnly,
        schema: {
          ...adminSchema,
          summary: "Change an event's name, venue, dates or capacity (audited)",
          params: eventParamsSchema,
          body: siteEventUpdateSchema,
          response: { 200: siteEventSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.update(auditContextOf(request), request.params.slug, request.body),
    );

    app.get(
      '/api/v1/admin/events/:slug/registrations',
      {
        preHandler: superAdminOnly,
        schema: {
          ...adminSchema,
          summary: "An event's registrations (reading them is audited)",
          params: eventParamsSchema,
          response: { 200: eventRegistrationListSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.registrations(auditContextOf(request), request.params.slug),
    );

    app.get(
      '/api/v1/admin/events/:slug/registrations/export',
      {
        preHandler: superAdminOnly,
        schema: {
          ...adminSchema,
          summary: "An event's registrations as .xlsx (audited)",
          params: eventParamsSchema,
          response: { 200: z.any().describe('.xlsx file'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { bytes, filename } = await service.exportRegistrations(
          auditContextOf(request),
          request.params.slug,
        );
        return sendSheet(reply, bytes, filename);
      },
    );
  };
}
