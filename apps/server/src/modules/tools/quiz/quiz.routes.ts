import {
  QUIZ_MAX_FILES,
  quizExportQuerySchema,
  quizToolInputSchema,
  quizToolResultSchema,
  quizToolUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { sendFile } from '../../documents/send-file.ts';
import { formToolRoutes } from '../form-tool.routes.ts';
import { TOOL_SCHEMA, toolItemParams } from '../tool-item.routes.ts';
import type { QuizService } from './quiz.service.ts';

const BASE = '/api/v1/quiz';

/** 형성평가·학습지 (QUIZ): create, list, get, save, re-create, delete, copy, and the two printouts. */
export function quizRoutes(service: QuizService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(
      formToolRoutes({
        base: BASE,
        createPaths: [BASE],
        summary: 'Make a quiz or worksheet (JSON, or multipart inputDto + files)',
        maxFiles: QUIZ_MAX_FILES,
        inputSchema: quizToolInputSchema,
        resultSchema: quizToolResultSchema,
        updateSchema: quizToolUpdateSchema,
        service,
      }),
    );
    app.get(
      `${BASE}/:id/export`,
      {
        preHandler: teachersOnly,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'The 시험지 (sheet=paper) or the answer sheet (sheet=answers) as HWPX, PDF, DOCX or HWP',
          params: toolItemParams,
          querystring: quizExportQuerySchema,
          response: { 200: z.any().describe('The file'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.exportItem(
            actorOf(request),
            request.params.id,
            request.query.format,
            request.query.sheet,
          ),
        ),
    );
  };
}
