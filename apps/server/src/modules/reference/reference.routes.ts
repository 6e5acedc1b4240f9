import {
  codeListQuerySchema,
  codeSchema,
  idParamSchema,
  publisherParamsSchema,
  publisherQuerySchema,
  publisherSchema,
  schoolPageSchema,
  schoolSearchQuerySchema,
  standardPageSchema,
  standardQuerySchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { ReferenceService } from './reference.service.ts';

/** Reference data: the code table, the school list, achievement standards and publishers. */
export function referenceRoutes(service: ReferenceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/code',
      {
        schema: {
          tags: ['reference'],
          summary: 'Code table: levels, grades, semesters, curricula, subjects',
          querystring: codeListQuerySchema,
          response: { 200: z.array(codeSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.listCodes(request.query),
    );

    app.get(
      '/api/v1/code/:id',
      {
        schema: {
          tags: ['reference'],
          summary: 'One code',
          params: idParamSchema,
          response: { 200: codeSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.getCode(request.params.id),
    );

    app.get(
      '/api/v1/public/schools',
      {
        schema: {
          tags: ['reference'],
          summary: 'Search the national school list',
          querystring: schoolSearchQuerySchema,
          response: { 200: schoolPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.searchSchools(request.query),
    );

    app.get(
      '/api/v1/standards',
      {
        schema: {
          tags: ['reference'],
          summary: 'Achievement standards (2022 all levels, 2015 middle school)',
          querystring: standardQuerySchema,
          response: { 200: standardPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.listStandards(request.query),
    );

    app.get(
      '/api/v1/publishers/grade/:grade',
      {
        schema: {
          tags: ['reference'],
          summary: 'Textbook publishers for a grade and subject',
          params: publisherParamsSchema,
          querystring: publisherQuerySchema,
          response: { 200: z.array(publisherSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.listPublishers(request.params.grade, request.query.subject),
    );
  };
}
