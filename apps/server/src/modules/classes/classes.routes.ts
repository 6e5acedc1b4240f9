import {
  accessLogPageSchema,
  accessLogQuerySchema,
  classroomDuplicateQuerySchema,
  classroomInputSchema,
  classroomListQuerySchema,
  classroomNameSchema,
  classroomSchema,
  classroomUpdateSchema,
  duplicateResultSchema,
  homeroomCandidateSchema,
  idParamSchema,
  importQuerySchema,
  okSchema,
  pickLanguage,
  studentDuplicateCheckSchema,
  studentImportReportSchema,
  studentSchema,
  studentsAddSchema,
  studentsRemoveSchema,
  studentUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly, withRoles } from '../../platform/auth/guards.ts';
import { sendSheet } from '../../platform/excel/sheet-reply.ts';
import { readSheetUpload } from '../../platform/excel/sheet-upload.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { problemsIn, withMessageIn } from '../../platform/i18n/validation-messages.ts';
import type { AccessContext, AccessLogService } from './access-log.service.ts';
import type { ClassesService } from './classes.service.ts';

/** Who is asking and from where, for the access log. */
export function accessContextOf(request: FastifyRequest): AccessContext {
  const agent = request.headers['user-agent'];
  return {
    actor: actorOf(request),
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent : null,
  };
}

export const studentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  studentId: z.coerce.number().int().positive(),
});

const xlsxResponse = { 200: z.any().describe('.xlsx file'), ...ERROR_RESPONSES };

/** Classes and rosters (core.md §7 classroom): teachers and administrators only. */
export function classesRoutes(classes: ClassesService, accessLog: AccessLogService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['classroom'], security: [{ bearerAuth: [] }] };
    const base = '/api/v1/classroom';

    app.get(
      `${base}/name`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Names of the classes I may open',
          querystring: classroomListQuerySchema,
          response: { 200: z.array(classroomNameSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => classes.names(accessContextOf(request), request.query),
    );

    app.get(
      `${base}/list`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'My classes (all of the school for administrators)',
          querystring: classroomListQuerySchema,
          response: { 200: z.array(classroomSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => classes.list(accessContextOf(request), request.query),
    );

    app.get(
      `${base}/is-duplicate`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Whether the class number is taken',
          querystring: classroomDuplicateQuerySchema,
          response: { 200: duplicateResultSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) =>
        withMessageIn(
          pickLanguage(request.headers['accept-language']),
          await classes.isDuplicate(accessContextOf(request), request.query),
        ),
    );

    app.get(
      `${base}/homeroom-teachers`,
      {
        preHandler: withRoles('ROLE_ADMIN', 'ROLE_SUPER_ADMIN'),
        schema: {
          ...schema,
          summary: 'Teachers of the school, to choose a homeroom teacher',
          querystring: z.object({ schoolId: z.coerce.number().int().positive().optional() }),
          response: { 200: z.array(homeroomCandidateSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => classes.homeroomCandidates(accessContextOf(request), request.query.schoolId),
    );

    app.get(
      `${base}/students/template`,
      {
        preHandler: teachersOnly,
        schema: { ...schema, summary: 'Class list template (.xlsx)', response: xlsxResponse },
      },
      async (_request, reply) => sendSheet(reply, await classes.template(), '학생 명단 양식.xlsx'),
    );

    app.get(
      `${base}/access-log`,
      {
        preHandler: withRoles('ROLE_ADMIN', 'ROLE_SUPER_ADMIN'),
        schema: {
          ...schema,
          summary: "Who touched which pupil's data (school administrators)",
          querystring: accessLogQuerySchema,
          response: { 200: accessLogPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => accessLog.page(accessContextOf(request), request.query),
    );

    app.get(
      `${base}/access-log/export`,
      {
        preHandler: withRoles('ROLE_ADMIN', 'ROLE_SUPER_ADMIN'),
        schema: {
          ...schema,
          summary: 'The access log as .xlsx',
          querystring: accessLogQuerySchema,
          response: xlsxResponse,
        },
      },
      async (request, reply) =>
        sendSheet(
          reply,
          await accessLog.exportSheet(accessContextOf(request), request.query),
          '학생 정보 접근 기록.xlsx',
        ),
    );

    app.get(
      `${base}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'One class',
          params: idParamSchema,
          response: { 200: classroomSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => classes.get(accessContextOf(request), request.params.id),
    );

    app.post(
      base,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Create a class',
          body: classroomInputSchema,
          response: { 201: classroomSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await classes.create(accessContextOf(request), request.body)),
    );

    app.put(
      `${base}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Update a class',
          params: idParamSchema,
          body: classroomUpdateSchema,
          response: { 200: classroomSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => classes.update(accessContextOf(request), request.params.id, request.body),
    );

    app.delete(
      `${base}/:id`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Delete a class with its roster and records',
          params: idParamSchema,
          response: { 200: okSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => classes.remove(accessContextOf(request), request.params.id),
    );

    app.get(
      `${base}/:id/students`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'The roster',
          params: idParamSchema,
          response: { 200: z.array(studentSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => classes.students(accessContextOf(request), request.params.id),
    );

    app.post(
      `${base}/:id/students`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Add students',
          params: idParamSchema,
          body: studentsAddSchema,
          response: { 201: z.array(studentSchema), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await classes.addStudents(accessContextOf(request), request.params.id, request.body.students),
          ),
    );

    app.post(
      `${base}/:id/students/duplicate-check`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Whether a student would be a duplicate',
          params: idParamSchema,
          body: studentDuplicateCheckSchema,
          response: { 200: duplicateResultSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) =>
        withMessageIn(
          pickLanguage(request.headers['accept-language']),
          await classes.checkStudentDuplicate(accessContextOf(request), request.params.id, request.body),
        ),
    );

    app.post(
      `${base}/:id/students/remove`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Remove students (with their records)',
          params: idParamSchema,
          body: studentsRemoveSchema,
          response: { 200: z.object({ removed: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      (request) =>
        classes.removeStudents(accessContextOf(request), request.params.id, request.body.studentIds),
    );

    app.post(
      `${base}/:id/students/import`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Add students from .xlsx (multipart `file`); every row checked before anything is written',
          params: idParamSchema,
          querystring: importQuerySchema,
          response: { 200: studentImportReportSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { bytes } = await readSheetUpload(request);
        const report = await classes.importStudents(
          accessContextOf(request),
          request.params.id,
          bytes,
          request.query.dryRun === 'true',
        );
        // With problems nothing was written; the report says why (row, column, problem).
        const language = pickLanguage(request.headers['accept-language']);
        return reply.status(200).send({ ...report, problems: problemsIn(language, report.problems) });
      },
    );

    app.get(
      `${base}/:id/students/export`,
      {
        preHandler: teachersOnly,
        schema: { ...schema, summary: 'The roster as .xlsx', params: idParamSchema, response: xlsxResponse },
      },
      async (request, reply) => {
        const { bytes, filename } = await classes.exportStudents(accessContextOf(request), request.params.id);
        return sendSheet(reply, bytes, filename);
      },
    );

    app.put(
      `${base}/:id/students/:studentId`,
      {
        preHandler: teachersOnly,
        schema: {
          ...schema,
          summary: 'Update a student',
          params: studentParamsSchema,
          body: studentUpdateSchema,
          response: { 200: studentSchema, ...ERROR_RESPONSES },
        },
      },
      (request) =>
        classes.updateStudent(
          accessContextOf(request),
          request.params.id,
          request.params.studentId,
          request.body,
        ),
    );
  };
}
