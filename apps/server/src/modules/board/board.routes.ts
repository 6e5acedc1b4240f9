import {
  MAX_NOTICE_ATTACHMENT_BYTES,
  MAX_NOTICE_ATTACHMENTS,
  noticeAttachmentParamsSchema,
  noticeDetailSchema,
  noticeIdParamsSchema,
  noticeInputSchema,
  noticeListQuerySchema,
  noticePageSchema,
  noticePinAvailabilityQuerySchema,
  noticePinAvailabilitySchema,
  noticeUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, signedIn } from '../../platform/auth/guards.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { attachmentDisposition } from '../documents/content-disposition.ts';
import type { BoardService, UploadedAttachment } from './board.service.ts';

type Form = { input: unknown; files: UploadedAttachment[] };

/**
 * A notice as JSON, or multipart with the notice as JSON in `data` and the attachments in `files`.
 * The JSON part may come as a plain field or as a file part of type application/json (as Blob
 * clients send it).
 */
async function readNoticeForm(request: FastifyRequest): Promise<Form> {
  if (!request.isMultipart()) return { input: request.body, files: [] };
  let input: unknown;
  const files: UploadedAttachment[] = [];
  for await (const part of request.parts({
    limits: { fileSize: MAX_NOTICE_ATTACHMENT_BYTES + 1, files: MAX_NOTICE_ATTACHMENTS + 1 },
  })) {
    const isJson = part.fieldname === 'data' && (part.type === 'field' || /json/.test(part.mimetype));
    const text =
      part.type === 'field' ? String(part.value) : isJson ? (await part.toBuffer()).toString('utf8') : null;
    if (isJson) {
      try {
        input = JSON.parse(text ?? '');
      } catch {
        throw new AppError('E_VALIDATION', { details: [{ path: 'data', message: 'JSON' }] });
      }
    } else if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('E_PAYLOAD_TOO_LARGE');
      files.push({ bytes, filename: part.filename || 'attachment' });
    }
  }
  return { input, files };
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError('E_VALIDATION', {
    details: parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  });
}

/** core.md §7 board: search, get, list, fix/available and multipart create; plus edit, delete and attachments. */
export function boardRoutes(board: BoardService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['board'];
    const secured = { tags, security: [{ bearerAuth: [] }] };
    const form = { ...secured, consumes: ['multipart/form-data', 'application/json'] };

    for (const url of ['/api/v1/board/list', '/api/v1/board/search']) {
      app.get(
        url,
        {
          schema: {
            tags,
            summary:
              "Notices a reader may see, pinned first: the service's, and their school's when signed in",
            querystring: noticeListQuerySchema,
            response: { 200: noticePageSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => board.list(request.actor, request.query),
      );
    }
    app.get(
      '/api/v1/board/fix/available',
      {
        preHandler: signedIn,
        schema: {
          ...secured,
          summary: 'Whether one more notice may be pinned on the board the caller writes to',
          querystring: noticePinAvailabilityQuerySchema,
          response: { 200: noticePinAvailabilitySchema, ...ERROR_RESPONSES },
        },
      },
      (request) => board.pinAvailability(actorOf(request), request.query.scope),
    );
    app.get(
      '/api/v1/board/:id',
      {
        schema: {
          tags,
          summary:
            'A notice, with its attachments and the notices before and after it; counts the reader once a day',
          params: noticeIdParamsSchema,
          response: { 200: noticeDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => board.read(request.actor, request.params.id, request.ip),
    );
    app.get(
      '/api/v1/board/:id/attachments/:attachmentId',
      {
        schema: {
          tags,
          params: noticeAttachmentParamsSchema,
          response: { 200: z.any(), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { row, body } = await board.attachment(
          request.actor,
          request.params.id,
          request.params.attachmentId,
        );
        // Always a download, never rendered in our origin, whatever the file holds.
        return reply
          .type(row.mimeType)
          .header('content-disposition', attachmentDisposition(row.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('content-length', String(row.bytes))
          .header('cache-control', 'private, max-age=300')
          .send(body);
      },
    );
    app.post(
      '/api/v1/board',
      {
        preHandler: signedIn,
        schema: {
          ...form,
          summary: 'Post a notice (JSON, or multipart with the notice in `data` and attachments in `files`)',
          response: { 201: noticeDetailSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { input, files } = await readNoticeForm(request);
        return reply
          .status(201)
          .send(await board.create(actorOf(request), parse(noticeInputSchema, input), files));
      },
    );
    app.put(
      '/api/v1/board/:id',
      {
        preHandler: signedIn,
        schema: {
          ...form,
          summary: 'Edit a notice: only the fields sent change; new attachments in `files`',
          params: noticeIdParamsSchema,
          response: { 200: noticeDetailSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { input, files } = await readNoticeForm(request);
        return board.update(actorOf(request), request.params.id, parse(noticeUpdateSchema, input), files);
      },
    );
    app.delete(
      '/api/v1/board/:id',
      {
        preHandler: signedIn,
        schema: {
          ...secured,
          params: noticeIdParamsSchema,
          response: { 200: z.object({ success: z.boolean() }), ...ERROR_RESPONSES },
        },
      },
      (request) => board.remove(actorOf(request), request.params.id),
    );
  };
}
