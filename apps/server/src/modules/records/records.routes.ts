import {
  classRecordsSchema,
  idParamSchema,
  okSchema,
  recordCheckRequestSchema,
  recordCheckResultSchema,
  recordDraftRequestSchema,
  recordDraftSchema,
  recordItemsQuerySchema,
  recordItemsSchema,
  studentRecordInputSchema,
  studentRecordListQuerySchema,
  studentRecordSchema,
  studentRecordUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teachersOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { accessContextOf, studentParamsSchema } from '../classes/classes.routes.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import { attachmentDisposition } from '../documents/content-disposition.ts';
import type { RecordsService } from './records.service.ts';

/**
 * Student records (core.md §7 student-records) and the AI host's `generate/student-record` and
 * `generate/check-student-record` (document-tools.md §7). Teachers and administrators only; what
 * else a caller may see is the policies'.
 */
export function recordsRoutes(records: RecordsService, classes: ClassesService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['student-records'], security: [{ bearerAuth: [] }] };
    const base = '/api/v1/student-records';

    app.get(
      `${base}/items`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'The areas, their limits and the subjects of a class',
          querystring: recordItemsQuerySchema,
          response: { 200: recordItemsSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => records.items(accessContextOf(request), request.query.classroomId),
    );

    app.get(
      base,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'A class with my records (classroomId), or one pupil’s records (studentId)',
          querystring: studentRecordListQuerySchema,
          response: { 200: z.union([classRecordsSchema, z.array(studentRecordSchema)]), ...ERROR_RESPONSES },
        },
      },
      (request) =>
        request.query.classroomId !== undefined
          ? records.listForClassroom(accessContextOf(request), request.query.classroomId)
          : records.listForStudent(accessContextOf(request), request.query.studentId ?? 0),
    );

    for (const url of [`${base}/:id`, `${base}/library/:id`]) {
      app.get(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...schema,
            summary: 'One record',
            params: idParamSchema,
            response: { 200: studentRecordSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => records.get(accessContextOf(request), request.params.id),
      );
    }

    app.post(
      base,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Write a record',
          body: studentRecordInputSchema,
          response: { 201: studentRecordSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await records.create(accessContextOf(request), request.body)),
    );

    app.put(
      `${base}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Save a record',
          params: idParamSchema,
          body: studentRecordUpdateSchema,
          response: { 200: studentRecordSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => records.update(accessContextOf(request), request.params.id, request.body.content),
    );

    app.delete(
      `${base}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Delete a record',
          params: idParamSchema,
          response: { 200: okSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => records.remove(accessContextOf(request), request.params.id),
    );

    for (const url of [
      `${base}/check`,
      '/generate/check-student-record',
      '/openai/generate/check-student-record',
    ]) {
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...schema,
            summary: 'Check a text: NEIS bytes, banned items, noun endings, spelling',
            body: recordCheckRequestSchema,
            response: { 200: recordCheckResultSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => records.check(request.body),
      );
    }

    for (const url of [`${base}/drafts`, '/generate/student-record', '/openai/generate/student-record']) {
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...schema,
            summary: 'Draft an area from observations (waits up to 45 s; status tells)',
            body: recordDraftRequestSchema,
            response: { 200: recordDraftSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => records.requestDraft(accessContextOf(request), request.body),
      );
    }

    app.get(
      `${base}/drafts/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'A draft I asked for',
          params: idParamSchema,
          response: { 200: recordDraftSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => records.getDraft(accessContextOf(request), request.params.id),
    );

    for (const [decision, accepted] of [
      ['accept', true],
      ['reject', false],
    ] as const) {
      app.post(
        `${base}/drafts/:id/${decision}`,
        {
          preHandler: teachersOnly,
          schema: {
            ...schema,
            summary: `${decision === 'accept' ? 'Take' : 'Discard'} a draft (nothing is saved until the record is)`,
            params: idParamSchema,
            response: { 200: recordDraftSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => records.decideDraft(accessContextOf(request), request.params.id, accepted),
      );
    }

    app.get(
      '/api/v1/classroom/:id/students/:studentId/export',
      {
        preHandler: teachersOnly,
        schema: {
          tags: ['classroom'],
          security: schema.security,
          summary: 'Everything held about one pupil (JSON download)',
          params: studentParamsSchema,
          response: { 200: z.any(), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const data = await records.exportStudent(
          accessContextOf(request),
          request.params.id,
          request.params.studentId,
        );
        return reply
          .header('content-disposition', attachmentDisposition(`학생 정보 ${data.student.number}번.json`))
          .header('cache-control', 'no-store')
          .send(data);
      },
    );

    app.delete(
      '/api/v1/classroom/:id/students/:studentId',
      {
        preHandler: teachersOnly,
        schema: {
          tags: ['classroom'],
          security: schema.security,
          summary: 'Delete everything about one pupil (the access log keeps the fact)',
          params: studentParamsSchema,
          response: { 200: okSchema, ...ERROR_RESPONSES },
        },
      },
      (request) =>
        classes.eraseStudent(accessContextOf(request), request.params.id, request.params.studentId),
    );
  };
}
