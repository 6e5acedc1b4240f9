import { pickLanguage, userBatchReportSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, withRoles } from '../../platform/auth/guards.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { sendSheet } from '../../platform/excel/sheet-reply.ts';
import { readSheetUpload } from '../../platform/excel/sheet-upload.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { problemsIn } from '../../platform/i18n/validation-messages.ts';
import type { UsersBatchService } from './users-batch.service.ts';

const administrators = withRoles('ROLE_ADMIN', 'ROLE_SUPER_ADMIN');

export function usersBatchRoutes(batch: UsersBatchService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['users'], security: [{ bearerAuth: [] }] };

    app.post(
      '/api/v1/users/batch',
      {
        preHandler: administrators,
        schema: {
          ...schema,
          summary: 'Create accounts from .xlsx (multipart `file`, optional `schoolId`); all rows or none',
          response: { 200: userBatchReportSchema, 201: userBatchReportSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { bytes, fields } = await readSheetUpload(request);
        const schoolId = fields.schoolId
          ? z.coerce.number().int().positive().safeParse(fields.schoolId)
          : undefined;
        if (schoolId && !schoolId.success) {
          throw new AppError('E_VALIDATION', {
            details: [{ path: 'schoolId', message: '학교 번호가 올바르지 않습니다.' }],
          });
        }
        const report = await batch.create(actorOf(request), bytes, schoolId?.data);
        const language = pickLanguage(request.headers['accept-language']);
        return reply
          .status(report.problems.length ? 200 : 201)
          .send({ ...report, problems: problemsIn(language, report.problems) });
      },
    );

    app.get(
      '/api/v1/users/batch/template',
      {
        preHandler: administrators,
        schema: {
          ...schema,
          summary: 'Accounts template (.xlsx)',
          response: { 200: z.any(), ...ERROR_RESPONSES },
        },
      },
      async (_request, reply) => sendSheet(reply, await batch.template(), '계정 일괄 등록 양식.xlsx'),
    );
  };
}
