import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { DOCUMENT_FILE_MESSAGES } from '@ssaem/contracts';
import { isDocumentError, sanitizeFileName } from '@ssaem/documents';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredFileTable } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { readSpooledImageInfo, sniffSpooled } from '../../platform/http/sniff-spooled.ts';
import { removeSpooled, type SpooledFile } from '../../platform/http/upload-spool.ts';
import type { DocumentReader } from '../../platform/sandbox/document-reader.ts';
import { type FileStorage, isStorageNotFound } from '../../platform/storage/file-storage.ts';
import type { Actor } from '../../policies/actor.ts';
import type { FilesRepository } from './files.repository.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** What the model is given of a document: enough for a question, not a book. */
const MAX_DOCUMENT_TEXT = 60_000;

const IMAGE_KINDS = new Set(['png', 'jpeg', 'gif', 'webp', 'bmp']);
const DOCUMENT_KINDS = new Set(['hwp', 'hwpx', 'docx', 'pdf', 'text']);

export function presentFile(row: StoredFileTable) {
  return {
    file_id: row.id,
    filename: row.filename,
    type: row.mimeType,
    kind: row.kind,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    status: row.status,
    error: row.error,
    purpose: row.purpose,
    filepath: `/api/v1/files/${row.id}/content`,
  };
}

/**
 * Uploads for chat: type and size decided by content (magic bytes), never by name; images are
 * kept for vision models, documents are read into text in the background. A file belongs to its
 * uploader: anyone else gets "not found".
 */
export function createFilesService(deps: {
  reader: DocumentReader;
  repository: FilesRepository;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Answer downloads with a short-lived presigned URL (object storage only) instead of the bytes. */
  presignedDownloads?: boolean;
}) {
  async function own(actor: Actor, id: string): Promise<StoredFileTable> {
    const row = await deps.repository.find(id);
    if (!row || row.userId !== actor.userId) throw new AppError('E_NOT_FOUND');
    return row;
  }

  /** Reads a kept upload into text, then removes it (the stored copy stays). */
  async function extract(row: StoredFileTable, file: SpooledFile) {
    try {
      const result = await deps.reader.readFile(file.path, row.filename, {
        allowedKinds: ['hwp', 'hwpx', 'docx', 'pdf', 'text'],
      });
      await deps.repository.finishProcessing(row.id, {
        status: 'ready',
        text: result.text.slice(0, MAX_DOCUMENT_TEXT),
        error: null,
      });
    } catch (error) {
      const reason = isDocumentError(error) ? error.reason : 'unreadable';
      if (!isDocumentError(error)) deps.log.warn({ err: error, fileId: row.id }, 'reading an upload failed');
      await deps.repository
        .finishProcessing(row.id, { status: 'failed', text: null, error: reason })
        // Shutting down: the start-up sweep of the next run fails this file instead.
        .catch((failure: unknown) =>
          deps.log.warn({ err: failure, fileId: row.id }, 'could not record a failed reading'),
        );
    } finally {
      await removeSpooled(file);
    }
  }

  return {
    /** Fails the readings a stopped process left unfinished (see the repository). */
    failAbandoned: (before: Date) => deps.repository.failAbandoned(before.toISOString()),

    /**
     * Stores an upload and, for a document, reads it in the background. The file stays spooled
     * until then: `keep` takes it from the request's clean-up, and the reading removes it.
     */
    async upload(
      actor: Actor,
      input: { file: SpooledFile; purpose: 'chat' | 'image'; keep: (file: SpooledFile) => void },
    ) {
      const { file } = input;
      if (file.size === 0) throw new AppError('E_FILE_001');
      const sniffed = await sniffSpooled(file);
      const isImage = IMAGE_KINDS.has(sniffed.kind);
      const isDocument = DOCUMENT_KINDS.has(sniffed.kind);
      if (!isImage && (input.purpose === 'image' || !isDocument)) throw new AppError('E_FILE_001');
      if (file.size > (isImage ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES))
        throw new AppError('E_PAYLOAD_TOO_LARGE');
      const info = isImage ? await readSpooledImageInfo(file) : undefined;
      if (isImage && !info) throw new AppError('E_FILE_001');
      // A small file can claim gigapixels; a picture that large is never a photo of a worksheet.
      if (info && info.width * info.height > MAX_IMAGE_PIXELS) {
        throw new AppError('E_FILE_001', {
          details: [{ path: 'file', message: DOCUMENT_FILE_MESSAGES['too-large'] }],
        });
      }
      const id = randomUUID();
      const row: StoredFileTable = {
        id,
        userId: actor.userId,
        filename: sanitizeFileName(file.filename, isImage ? 'image' : 'document'),
        mimeType: sniffed.mimeType,
        kind: sniffed.kind,
        bytes: file.size,
        width: info?.width ?? null,
        height: info?.height ?? null,
        storageKey: `uploads/${actor.userId}/${id}`,
        purpose: input.purpose,
        status: isImage ? 'ready' : 'processing',
        text: null,
        error: null,
        createdAt: new Date().toISOString(),
      };
      // The row first: a crash before the bytes are stored leaves a row the start-up sweep fails,
      // never stored bytes that no row points at.
      await deps.repository.insert(row);
      await deps.storage.putStream(row.storageKey, createReadStream(file.path));
      if (!isImage) {
        input.keep(file);
        void extract(row, file);
      }
      return presentFile(row);
    },

    async status(actor: Actor, id: string) {
      return presentFile(await own(actor, id));
    },

    async cancel(actor: Actor, id: string) {
      const row = await own(actor, id);
      await deps.repository.finishProcessing(id, { status: 'cancelled', text: null, error: null });
      return presentFile({ ...row, status: row.status === 'processing' ? 'cancelled' : row.status });
    },

    /**
     * A file for its owner: streamed from storage (never whole in memory), or, with presigned
     * downloads on, a URL valid for a minute, issued only after the same ownership check.
     */
    async content(actor: Actor, id: string) {
      const row = await own(actor, id);
      if (deps.presignedDownloads) {
        const url = await deps.storage.presignedUrl(row.storageKey, {
          expiresInSeconds: 60,
          filename: row.filename,
          type: row.mimeType,
        });
        if (url) return { row, url };
      }
      const body = await deps.storage.getStream(row.storageKey).catch((error: unknown) => {
        if (isStorageNotFound(error)) throw new AppError('E_NOT_FOUND');
        throw error;
      });
      return { row, body };
    },

    /** The attachments of a chat message: images as data URLs, documents as their text. */
    async forChat(actor: Actor, fileIds: string[]) {
      const rows = await deps.repository.findMany([...new Set(fileIds)]);
      if (rows.length !== new Set(fileIds).size || rows.some((row) => row.userId !== actor.userId)) {
        throw new AppError('E_NOT_FOUND');
      }
      const images = [];
      const documents = [];
      for (const row of rows) {
        if (IMAGE_KINDS.has(row.kind)) {
          const bytes = await deps.storage.get(row.storageKey);
          images.push({
            url: `data:${row.mimeType};base64,${bytes.toString('base64')}`,
            mediaType: row.mimeType,
          });
        } else if (row.status === 'ready' && row.text) {
          documents.push({ name: row.filename, text: row.text });
        }
      }
      return { images, documents };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
