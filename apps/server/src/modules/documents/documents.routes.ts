import {
  DOCUMENT_FILE_MESSAGES,
  DOCUMENT_JSON_MAX_BYTES,
  DOCUMENT_UPLOAD_MAX_BYTES,
  documentDownloadQuerySchema,
  documentDraftExportSchema,
  documentExportQuerySchema,
  documentHtmlInputSchema,
  documentHtmlResultSchema,
  documentUploadResultSchema,
  libraryDocumentCreateSchema,
  libraryDocumentSchema,
  libraryDocumentUpdateSchema,
  pickLanguage,
} from '@ssaem/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../platform/auth/guards.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { drain } from '../../platform/http/upload-spool.ts';
import { toolItemParams } from '../tools/tool-item.routes.ts';
import type { DocumentsService, UploadedFile } from './documents.service.ts';
import { sendFile } from './send-file.ts';

const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);
/**
 * Reading HWP is CPU work: each teacher gets a generous but finite number of reads a minute
 * (counted per user, since a whole school often shares one address).
 */
const READ_RATE_LIMIT = {
  rateLimit: {
    max: 60,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.actor ? `documents-read:${request.actor.userId}` : request.ip,
  },
};

/** The one file of a multipart request (any field name), spooled; further files are drained and ignored. */
async function readSingleFile(request: FastifyRequest): Promise<UploadedFile> {
  let upload: UploadedFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: DOCUMENT_UPLOAD_MAX_BYTES + 1, files: 3 } })) {
    if (part.type !== 'file') continue;
    if (upload) await drain(part.file);
    else upload = await request.spoolFile(part, DOCUMENT_UPLOAD_MAX_BYTES);
  }
  if (!upload) {
    throw new AppError('E_FILE_001', {
      details: [{ path: 'file', message: DOCUMENT_FILE_MESSAGES.missing[languageOf(request)] }],
    });
  }
  return upload;
}

/** document-tools.md §7 "hwp" and "Document" calls. */
export function documentsRoutes(service: DocumentsService): FastifyPluginAsyncZod {
  return async (app) => {
    const hwp = { tags: ['documents'], security: [{ bearerAuth: [] }] };
    const fileResponse = { 200: z.any().describe('The file'), ...ERROR_RESPONSES };

    app.post(
      '/api/v1/hwp/upload',
      {
        preHandler: teachersOnly,
        config: READ_RATE_LIMIT,
        schema: {
          ...hwp,
          summary: 'Upload an hwp, hwpx or docx file to open it in the editor',
          consumes: ['multipart/form-data'],
          response: { 200: documentUploadResultSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('E_UNSUPPORTED_MEDIA_TYPE');
        return service.upload(actorOf(request), await readSingleFile(request), languageOf(request));
      },
    );

    app.post(
      '/api/v1/hwp/conversion/html',
      {
        preHandler: teachersOnly,
        config: READ_RATE_LIMIT,
        bodyLimit: DOCUMENT_JSON_MAX_BYTES,
        schema: {
          ...hwp,
          summary: 'Render an uploaded file or a document as safe HTML',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: documentHtmlResultSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const language = languageOf(request);
        if (request.isMultipart()) return service.html({ file: await readSingleFile(request) }, language);
        const parsed = documentHtmlInputSchema.safeParse(request.body);
        if (!parsed.success) {
          throw new AppError('E_VALIDATION', {
            details: [{ path: 'document', message: 'A file or a document is required.' }],
          });
        }
        return service.html({ document: parsed.data.document }, language);
      },
    );

    app.get(
      '/api/v1/hwp/download',
      {
        preHandler: teachersOnly,
        schema: {
          ...hwp,
          summary: "Download the caller's upload or a library item's export",
          querystring: documentDownloadQuerySchema,
          response: fileResponse,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.download(actorOf(request), request.query.fileUrl, request.query.fileName),
        ),
    );

    app.get(
      '/api/v1/document/library/:id/export',
      {
        preHandler: teachersOnly,
        schema: {
          ...hwp,
          summary: 'Download a library item as HWPX, DOCX or PDF',
          params: toolItemParams,
          querystring: documentExportQuerySchema,
          response: fileResponse,
        },
      },
      async (request, reply) =>
        sendFile(reply, await service.exportItem(actorOf(request), request.params.id, request.query.format)),
    );

    app.post(
      '/api/v1/document/export',
      {
        preHandler: teachersOnly,
        // Writing a file is CPU work like reading one: the same per-teacher allowance.
        config: READ_RATE_LIMIT,
        bodyLimit: DOCUMENT_JSON_MAX_BYTES,
        schema: {
          ...hwp,
          summary: "Download the editor's document without saving it (HWP, HWPX, DOCX or PDF)",
          body: documentDraftExportSchema,
          response: fileResponse,
        },
      },
      async (request, reply) => sendFile(reply, await service.exportDraft(request.body)),
    );

    app.post(
      '/api/v1/document/library/:id/lesson',
      {
        preHandler: teachersOnly,
        schema: {
          ...hwp,
          summary: 'Download a library item as an .hwp file (HWP 5.0)',
          params: toolItemParams,
          response: fileResponse,
        },
      },
      async (request, reply) =>
        sendFile(reply, await service.exportItem(actorOf(request), request.params.id, 'hwp')),
    );

    app.get(
      '/api/v1/document/library/:id',
      {
        preHandler: teachersOnly,
        schema: {
          ...hwp,
          summary: 'A library item as a document, for the viewer and the editor',
          params: toolItemParams,
          querystring: z.object({ type: z.string().max(40).optional() }),
          response: { 200: libraryDocumentSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.get(actorOf(request), request.params.id),
    );

    app.put(
      '/api/v1/document/library/:id',
      {
        preHandler: teachersOnly,
        bodyLimit: DOCUMENT_JSON_MAX_BYTES,
        schema: {
          ...hwp,
          summary: "Save the editor's document (creator only)",
          params: toolItemParams,
          body: libraryDocumentUpdateSchema,
          response: { 200: libraryDocumentSchema, ...ERROR_RESPONSES },
        },
      },
      (request) =>
        service.save(actorOf(request), request.params.id, {
          title: request.body.title,
          document: request.body.document,
        }),
    );

    app.post(
      '/api/v1/document/library',
      {
        preHandler: teachersOnly,
        bodyLimit: DOCUMENT_JSON_MAX_BYTES,
        schema: {
          ...hwp,
          summary: "Save the HWP editor's document to My Materials",
          body: libraryDocumentCreateSchema,
          response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
    );
  };
}
