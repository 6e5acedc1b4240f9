import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../platform/auth/guards.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { drain, type SpooledFile } from '../../platform/http/upload-spool.ts';
import { type FilesService, MAX_DOCUMENT_BYTES } from './files.service.ts';

const fileSchema = z
  .object({
    file_id: z.string(),
    filename: z.string(),
    type: z.string(),
    kind: z.string(),
    bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    status: z.enum(['processing', 'ready', 'failed', 'cancelled']),
    error: z.string().nullable(),
    purpose: z.enum(['chat', 'image', 'tool']),
    filepath: z.string(),
  })
  .meta({ id: 'StoredFile' });
const idParams = z.object({ id: z.string().min(1).max(100) });
const FILE_FIELDS = new Set(['file', 'image']);

/** Spools the one file of a multipart upload (field `file` or `image`); other parts are drained. */
async function readUpload(request: FastifyRequest): Promise<SpooledFile> {
  if (!request.isMultipart()) throw new AppError('E_UNSUPPORTED_MEDIA_TYPE');
  let upload: SpooledFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: 1 } })) {
    if (part.type !== 'file') continue;
    if (!FILE_FIELDS.has(part.fieldname) || upload) {
      await drain(part.file);
      continue;
    }
    upload = await request.spoolFile(part, MAX_DOCUMENT_BYTES);
  }
  if (!upload) throw new AppError('E_FILE_001');
  return upload;
}

/** Files one `upload/multiple` request may carry (the multipart plugin's own cap is 10 parts). */
export const MAX_FILES_PER_UPLOAD = 10;

/** Spools every file part of a multipart upload (fields `files` or `file`), at most MAX_FILES_PER_UPLOAD. */
async function readUploads(request: FastifyRequest): Promise<SpooledFile[]> {
  if (!request.isMultipart()) throw new AppError('E_UNSUPPORTED_MEDIA_TYPE');
  const uploads: SpooledFile[] = [];
  for await (const part of request.parts({
    limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: MAX_FILES_PER_UPLOAD + 1 },
  })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'files' && part.fieldname !== 'file') {
      await drain(part.file);
      continue;
    }
    if (uploads.length >= MAX_FILES_PER_UPLOAD) throw new AppError('E_PAYLOAD_TOO_LARGE');
    uploads.push(await request.spoolFile(part, MAX_DOCUMENT_BYTES));
  }
  if (uploads.length === 0) throw new AppError('E_FILE_001');
  return uploads;
}

export function filesRoutes(files: FilesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['files'];
    const secured = { tags, security: [{ bearerAuth: [] }], consumes: ['multipart/form-data'] };
    const upload = (purpose: 'chat' | 'image') => async (request: FastifyRequest, reply: FastifyReply) => {
      const file = await readUpload(request);
      const keep = (kept: SpooledFile) => request.keepSpooled(kept);
      return reply.status(201).send(await files.upload(actorOf(request), { file, purpose, keep }));
    };
    const uploadSchema = { ...secured, response: { 201: fileSchema, ...ERROR_RESPONSES } };

    for (const url of ['/api/v1/files/upload', '/api/files']) {
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: { ...uploadSchema, summary: 'Upload a file for chat (image or document)' },
        },
        upload('chat'),
      );
    }
    // core.md §7 "files upload multiple": several chat attachments in one request, each read and
    // checked as a single upload is; the answer lists them in the order sent.
    app.post(
      '/api/v1/files/upload/multiple',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: 'Upload several files for chat at once (multipart field `files`)',
          response: { 201: z.object({ files: z.array(fileSchema) }), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const uploads = await readUploads(request);
        const stored = [];
        const keep = (kept: SpooledFile) => request.keepSpooled(kept);
        for (const file of uploads) stored.push(await files.upload(actor, { file, purpose: 'chat', keep }));
        return reply.status(201).send({ files: stored });
      },
    );
    for (const url of ['/api/v1/files/upload/images', '/api/files/images']) {
      app.post(
        url,
        { preHandler: teachersOnly, schema: { ...uploadSchema, summary: 'Upload an image for chat' } },
        upload('image'),
      );
    }

    app.get(
      '/api/v1/files/processing/status/:id',
      {
        preHandler: teachersOnly,
        schema: { tags, params: idParams, response: { 200: fileSchema, ...ERROR_RESPONSES } },
      },
      (request) => files.status(actorOf(request), request.params.id),
    );
    app.post(
      '/api/v1/files/processing/cancel/:id',
      {
        preHandler: teachersOnly,
        schema: { tags, params: idParams, response: { 200: fileSchema, ...ERROR_RESPONSES } },
      },
      (request) => files.cancel(actorOf(request), request.params.id),
    );
    app.get(
      '/api/v1/files/:id/content',
      {
        preHandler: teachersOnly,
        schema: { tags, params: idParams, response: { 200: z.any(), ...ERROR_RESPONSES } },
      },
      async (request, reply) => {
        const content = await files.content(actorOf(request), request.params.id);
        if ('url' in content) {
          return reply.header('cache-control', 'no-store').redirect(content.url as string, 302);
        }
        const { row, body } = content;
        return reply
          .type(row.mimeType)
          .header('content-length', String(row.bytes))
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
          .send(body);
      },
    );
  };
}
