import {
  DOCUMENT_FILE_MESSAGES,
  DOCUMENT_UPLOAD_MAX_BYTES,
  type DocumentDraftExport,
  type DocumentExportFormat,
  type DocumentFileProblem,
  type DocumentUploadResult,
  type DocumentUploadType,
  type Language,
  type LibraryDocument,
  type LibraryDocumentCreate,
} from '@ssaem/contracts';
import {
  type DocumentNode,
  documentSchema,
  exportDocument,
  isDocumentError,
  type ReadDocumentResult,
} from '@ssaem/documents';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../platform/http/upload-spool.ts';
import type { DocumentReader } from '../../platform/sandbox/document-reader.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { Actor } from '../../policies/actor.ts';
import { canOnMaterial, materialAbilities } from '../../policies/material.policy.ts';
import type { LibraryItemRow, LibraryRepository } from '../library/library.repository.ts';
import { asMaterial } from '../tools/tool-items.ts';
import { downloadName } from './content-disposition.ts';
import {
  contentToDocument,
  contentWithDocument,
  editedDocumentOf,
  parseContent,
} from './content-to-document.ts';
import { documentToHtml } from './document-html.ts';
import { createDocumentUploads } from './document-uploads.ts';

/** The HWP editor's own items ("save to My Materials"). */
export const HWP_EDITOR = 'HWP_EDITOR';
const UPLOAD_KINDS: DocumentUploadType[] = ['hwp', 'hwpx', 'docx'];
const MIME_TYPES: Record<DocumentUploadType | DocumentExportFormat, string> = {
  hwp: 'application/x-hwp',
  hwpx: 'application/hwp+zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};
/** A library item offered through the download call: `library-<id>.<format>`. */
const LIBRARY_FILE = /^library-(\d{1,12})\.(hwp|hwpx|docx|pdf)$/;
const MAX_DETAILS = 10;

/** An upload for the editor, spooled to disk (see platform/http/upload-spool). */
export type UploadedFile = SpooledFile;

export interface FileToSend {
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
}

function fileError(problem: DocumentFileProblem, language: Language): AppError {
  return new AppError('E_FILE_001', {
    details: [{ path: 'file', message: DOCUMENT_FILE_MESSAGES[problem][language] }],
  });
}

/** A document sent by a client, checked node by node against the model. */
function validDocument(value: unknown, path = 'document'): DocumentNode {
  const parsed = documentSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError('E_VALIDATION', {
    details: parsed.error.issues.slice(0, MAX_DETAILS).map((issue) => ({
      path: [path, ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  });
}

/**
 * document-tools.md §7 "hwp" and "Document": uploads opened in the editor, HTML previews,
 * downloads, and library items as documents (view, edit, export), under the material policy.
 */
export function createDocumentsService(deps: {
  reader: DocumentReader;
  library: LibraryRepository;
  storage: FileStorage;
  log: FastifyBaseLogger;
}) {
  const uploads = createDocumentUploads(deps.storage);

  /** An item the actor may see, else "not found" (no hint that it exists). */
  async function visible(actor: Actor, id: number): Promise<LibraryItemRow> {
    const item = await deps.library.find(id);
    if (!item || !canOnMaterial(actor, 'view', asMaterial(item))) throw new AppError('E_NOT_FOUND');
    return item;
  }

  function documentOf(item: LibraryItemRow): DocumentNode {
    return contentToDocument(item.libraryType, parseContent(item.content), item.title);
  }

  function present(actor: Actor, item: LibraryItemRow): LibraryDocument {
    return {
      id: item.id,
      title: item.title,
      libraryType: item.libraryType,
      status: item.status,
      visibility: item.visibility,
      editable: item.editable === 1,
      // "편집됨" marks a generated material changed in the editor; a document written in the editor
      // has no generated original, so it is never "edited".
      edited: item.libraryType !== HWP_EDITOR && editedDocumentOf(parseContent(item.content)) !== undefined,
      document: documentOf(item),
      abilities: materialAbilities(actor, asMaterial(item)),
      updatedAt: item.updatedAt,
    };
  }

  /** Reads an upload for the editor; every refusal is E_FILE_001 with the reason in words. */
  async function read(file: UploadedFile, language: Language): Promise<ReadDocumentResult> {
    if (file.size === 0) throw fileError('unreadable', language);
    if (file.size > DOCUMENT_UPLOAD_MAX_BYTES) throw fileError('too-large', language);
    try {
      return await deps.reader.readFile(file.path, file.filename, {
        allowedKinds: UPLOAD_KINDS,
        includeImages: true,
        limits: { maxFileBytes: DOCUMENT_UPLOAD_MAX_BYTES },
      });
    } catch (error) {
      if (isDocumentError(error)) throw fileError(error.reason, language);
      // A reader bug is still the file's fault as far as the teacher can tell; the log keeps the cause.
      deps.log.warn({ err: error }, 'reading an upload for the editor failed');
      throw fileError('unreadable', language);
    }
  }

  function modelOf(result: ReadDocumentResult): DocumentNode {
    if (result.document) return result.document;
    const paragraphs = result.text
      .split('\n')
      .map((line) =>
        line.trim()
          ? { type: 'paragraph' as const, content: [{ type: 'text' as const, text: line }] }
          : { type: 'paragraph' as const },
      );
    return { type: 'doc', content: paragraphs };
  }

  async function exportItem(actor: Actor, id: number, format: DocumentExportFormat, fileName?: string) {
    const item = await visible(actor, id);
    // A document still being generated has nothing to export yet.
    if (item.status !== 3 || !item.content) throw new AppError('E_NOT_FOUND');
    const exported = await exportDocument(documentOf(item), format, { creator: 'Ssaem' });
    return {
      bytes: exported.bytes,
      mimeType: exported.mimeType,
      fileName: downloadName(fileName, item.title, exported.extension),
    } satisfies FileToSend;
  }

  return {
    async upload(actor: Actor, file: UploadedFile, language: Language): Promise<DocumentUploadResult> {
      const result = await read(file, language);
      const fileType = result.kind as DocumentUploadType;
      const fileName = downloadName(result.fileName, 'document', fileType);
      const fileUrl = await uploads.save(actor.userId, {
        path: file.path,
        size: file.size,
        fileName,
        fileType,
        mimeType: MIME_TYPES[fileType],
      });
      const query = new URLSearchParams({ fileUrl, fileName });
      return {
        fileUrl,
        fileName,
        fileType,
        downloadUrl: `/api/v1/hwp/download?${query}`,
        document: modelOf(result),
        text: result.text,
      };
    },

    async html(input: { file: UploadedFile } | { document: unknown }, language: Language) {
      const document =
        'file' in input ? modelOf(await read(input.file, language)) : validDocument(input.document);
      return { html: documentToHtml(document) };
    },

    /** The caller's own upload, or a library item they may view as an export; else "not found". */
    async download(actor: Actor, fileUrl: string, fileName: string | undefined): Promise<FileToSend> {
      const library = LIBRARY_FILE.exec(fileUrl);
      if (library) {
        return exportItem(actor, Number(library[1]), library[2] as DocumentExportFormat, fileName);
      }
      const upload = await uploads.find(actor.userId, fileUrl);
      if (!upload) throw new AppError('E_NOT_FOUND');
      return {
        bytes: upload.bytes,
        mimeType: MIME_TYPES[upload.meta.fileType],
        fileName: downloadName(fileName, upload.meta.fileName, upload.meta.fileType),
      };
    },

    exportItem,

    /** The editor's unsaved document as a file: validated like a save, written, sent, not stored. */
    async exportDraft(input: DocumentDraftExport): Promise<FileToSend> {
      const edited = validDocument(input.document);
      const document: DocumentNode = { ...edited, attrs: { ...edited.attrs, title: input.title } };
      const exported = await exportDocument(document, input.format, { creator: 'Ssaem' });
      return {
        bytes: exported.bytes,
        mimeType: exported.mimeType,
        fileName: downloadName(undefined, input.title, exported.extension),
      };
    },

    /** Uploads last written before `before` are removed (see document-uploads). */
    purgeUploads: (before: Date) => uploads.purgeOlderThan(before),

    async get(actor: Actor, id: number): Promise<LibraryDocument> {
      return present(actor, await visible(actor, id));
    },

    /** The creator saves the edited document (and, optionally, a new title). */
    async save(
      actor: Actor,
      id: number,
      changes: { title?: string | undefined; document: unknown },
    ): Promise<LibraryDocument> {
      const item = await visible(actor, id);
      if (!canOnMaterial(actor, 'edit', asMaterial(item))) throw new AppError('E_FORBIDDEN');
      if (item.status !== 3) throw new AppError('E_NOT_READY');
      const title = changes.title ?? item.title;
      const edited = validDocument(changes.document);
      const document: DocumentNode = { ...edited, attrs: { ...edited.attrs, title } };
      const content = contentWithDocument(item.libraryType, parseContent(item.content), document, title);
      await deps.library.setStatus(item.id, 3, { content: JSON.stringify(content), title });
      return present(actor, await visible(actor, id));
    },

    /** The HWP editor's "save to My Materials": a finished document item of the caller. */
    async create(actor: Actor, input: LibraryDocumentCreate): Promise<{ id: number }> {
      const edited = validDocument(input.document);
      const document: DocumentNode = { ...edited, attrs: { ...edited.attrs, title: input.title } };
      const now = new Date().toISOString();
      const id = await deps.library.insert({
        creatorId: actor.userId,
        schoolId: actor.schoolId,
        libraryType: HWP_EDITOR,
        materialType: 'document',
        title: input.title,
        status: 3,
        visibility: input.accessLevel,
        editable: input.editable ? 1 : 0,
        gradeSeq: input.gradeSeq ?? null,
        input: JSON.stringify({ source: 'editor' }),
        content: JSON.stringify(contentWithDocument(HWP_EDITOR, null, document, input.title)),
        createdAt: now,
        updatedAt: now,
        completedAt: now,
      });
      return { id };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
