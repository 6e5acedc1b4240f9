import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { DocumentUploadType } from '@ssaem/contracts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';

/**
 * Files uploaded to the editor, kept per user: `documents/<userId>/<uuid>` and its description
 * beside it. A caller names an upload only by its opaque id (`upload-<uuid>`); the storage key is
 * built from the caller's own user id, so another user's id, a path or anything else finds nothing.
 */

export interface StoredUpload {
  fileName: string;
  fileType: DocumentUploadType;
  mimeType: string;
  bytes: number;
  userId: number;
  createdAt: string;
}

const UPLOAD_ID = /^upload-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function isUploadId(fileUrl: string): boolean {
  return UPLOAD_ID.test(fileUrl);
}

export function createDocumentUploads(storage: FileStorage) {
  const keyOf = (userId: number, uuid: string) => `documents/${Math.trunc(userId)}/${uuid}`;

  return {
    async save(
      userId: number,
      file: { path: string; size: number; fileName: string; fileType: DocumentUploadType; mimeType: string },
    ): Promise<string> {
      const uuid = randomUUID();
      const meta: StoredUpload = {
        fileName: file.fileName,
        fileType: file.fileType,
        mimeType: file.mimeType,
        bytes: file.size,
        userId,
        createdAt: new Date().toISOString(),
      };
      // Copied from the spooled upload as a stream: the file is never whole in memory.
      await storage.putStream(keyOf(userId, uuid), createReadStream(file.path));
      await storage.put(`${keyOf(userId, uuid)}.json`, new TextEncoder().encode(JSON.stringify(meta)));
      return `upload-${uuid}`;
    },

    /**
     * Removes uploads older than the retention period: an upload is a working copy for the editor
     * and may hold pupils' names, so it is not kept once the teacher has had time to save it.
     */
    async purgeOlderThan(before: Date): Promise<number> {
      const keys = await storage.listOlderThan('documents', before);
      for (const key of keys) await storage.delete(key);
      return keys.length;
    },

    /** The caller's own upload, or undefined (never someone else's). */
    async find(userId: number, fileUrl: string): Promise<{ meta: StoredUpload; bytes: Buffer } | undefined> {
      const uuid = UPLOAD_ID.exec(fileUrl)?.[1];
      if (!uuid) return undefined;
      try {
        const meta = JSON.parse(
          (await storage.get(`${keyOf(userId, uuid)}.json`)).toString('utf8'),
        ) as StoredUpload;
        if (meta.userId !== userId) return undefined;
        return { meta, bytes: await storage.get(keyOf(userId, uuid)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

export type DocumentUploads = ReturnType<typeof createDocumentUploads>;
