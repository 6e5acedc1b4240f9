import { contactInquirySchema, contactReceiptSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { ContactService } from './contact.service.ts';

/** POST /api/v1/public/contact: anyone may ask, ten times a minute per address (a school shares one). */
export function contactRoutes(service: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/public/contact',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['site'],
          summary:
            'A question from a school that wants to buy or ask (stored a year, mailed to the operators)',
          body: contactInquirySchema,
          response: { 201: contactReceiptSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => reply.status(201).send(await service.submit(request.body)),
    );
  };
}
