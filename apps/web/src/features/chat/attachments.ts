import type { chatFileRefSchema } from '@ssaem/contracts/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { fileStore } from '../../lib/file-store';

/** What the files endpoints answer (POST files/upload, GET files/processing/status/{id}). */
export interface UploadedFile {
  file_id: string;
  filename: string;
  /** MIME type, decided by the server from the content. */
  type: string;
  kind: string;
  bytes: number;
  width: number | null;
  height: number | null;
  status: 'processing' | 'ready' | 'failed' | 'cancelled';
  error: string | null;
  purpose: string;
  filepath: string;
}

/** How a file is sent with a chat message. */
export type ChatFileRef = z.infer<typeof chatFileRefSchema>;

export type AttachmentPhase = 'uploading' | 'processing' | 'ready' | 'failed';

export interface Attachment {
  /** Local id, stable from the moment the file is chosen. */
  id: string;
  name: string;
  size: number;
  isImage: boolean;
  /** Object URL of the local file, for an image's thumbnail before and after upload. */
  previewUrl: string | null;
  phase: AttachmentPhase;
  /** The failure, as an ApiError so the catalogue's message can be shown. */
  error: ApiError | null;
  file: UploadedFile | null;
}

export const POLL_INTERVAL_MS = 700;
const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size in Bytes, KB, MB, GB or TB (core.md §5). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const shown = exponent === 0 ? String(value) : String(Number.parseFloat(value.toFixed(1)));
  return `${shown} ${UNITS[exponent]}`;
}

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|bmp|svg|webp)$/i;

/** Images are recognised by type, or by the extensions of core.md §5. */
export function isImageFile(type: string | undefined, name: string | undefined): boolean {
  if (type?.startsWith('image/')) return true;
  return Boolean(name && IMAGE_EXTENSIONS.test(name));
}

export function fileContentPath(ref: { file_id: string; filepath?: string }): string {
  return ref.filepath?.startsWith('/api/')
    ? ref.filepath
    : `/api/v1/files/${encodeURIComponent(ref.file_id)}/content`;
}

export function uploadFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const path = isImageFile(file.type, file.name) ? '/api/v1/files/upload/images' : '/api/v1/files/upload';
  return apiRequest<UploadedFile>(path, { method: 'POST', body, signal });
}

export function fileStatus(fileId: string, signal?: AbortSignal): Promise<UploadedFile> {
  return apiRequest<UploadedFile>(`/api/v1/files/processing/status/${encodeURIComponent(fileId)}`, {
    signal,
  });
}

export function cancelProcessing(fileId: string): Promise<UploadedFile> {
  return apiRequest<UploadedFile>(`/api/v1/files/processing/cancel/${encodeURIComponent(fileId)}`, {
    method: 'POST',
  });
}

export function toFileRef(file: UploadedFile): ChatFileRef {
  return {
    file_id: file.file_id,
    filename: file.filename,
    type: file.type,
    filepath: file.filepath,
    ...(file.width != null ? { width: file.width } : {}),
    ...(file.height != null ? { height: file.height } : {}),
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

let localSequence = 0;

/** Unsent attachments in the local file store (core.md §3): a reload brings them back to the composer. */
export const UNSENT_PREFIX = 'chat:unsent:';

function keepUnsent(id: string, file: File): void {
  void fileStore()
    ?.put(`${UNSENT_PREFIX}${id}`, file)
    .catch(() => undefined);
}

function forgetUnsent(ids: string[]): void {
  const store = fileStore();
  for (const id of ids) void store?.remove(`${UNSENT_PREFIX}${id}`).catch(() => undefined);
}

/** The files a reload interrupted, taken out of the store (they go back in as they are added again). */
async function takeUnsent(): Promise<File[]> {
  const store = fileStore();
  if (!store) return [];
  try {
    const stored = await store.list(UNSENT_PREFIX);
    await Promise.all(stored.map((entry) => store.remove(entry.key)));
    return stored.map(
      (entry) => new File([entry.blob], entry.name, { type: entry.type, lastModified: entry.storedAt }),
    );
  } catch {
    return [];
  }
}

/**
 * The composer's attachments: each chosen file uploads at once; a document is then polled until
 * the server has read it. Removing one stops its upload or cancels its processing.
 */
export function useAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const aborts = useRef(new Map<string, AbortController>());

  const update = useCallback((id: string, patch: Partial<Attachment>) => {
    setAttachments((list) => list.map((a) => (a.id === id ? { ...a, ...patch } : a)));
  }, []);

  const run = useCallback(
    async (id: string, file: File, abort: AbortController) => {
      const fail = (error: unknown) => {
        if (abort.signal.aborted) return;
        update(id, {
          phase: 'failed',
          error: error instanceof ApiError ? error : new ApiError('E_FILE_001', 0, String(error)),
        });
      };
      try {
        let uploaded = await uploadFile(file, abort.signal);
        update(id, { file: uploaded, phase: uploaded.status === 'processing' ? 'processing' : 'ready' });
        while (uploaded.status === 'processing' && !abort.signal.aborted) {
          await sleep(POLL_INTERVAL_MS, abort.signal);
          if (abort.signal.aborted) return;
          uploaded = await fileStatus(uploaded.file_id, abort.signal);
        }
        if (abort.signal.aborted) return;
        if (uploaded.status === 'ready') update(id, { file: uploaded, phase: 'ready' });
        else fail(new ApiError('E_FILE_001', 0, uploaded.error ?? ''));
      } catch (error) {
        fail(error);
      } finally {
        aborts.current.delete(id);
      }
    },
    [update],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: Attachment[] = [];
      for (const file of files) {
        localSequence += 1;
        const id = `attachment-${localSequence}`;
        const isImage = isImageFile(file.type, file.name);
        added.push({
          id,
          name: file.name,
          size: file.size,
          isImage,
          previewUrl: isImage ? URL.createObjectURL(file) : null,
          phase: 'uploading',
          error: null,
          file: null,
        });
        const abort = new AbortController();
        aborts.current.set(id, abort);
        keepUnsent(id, file);
        void run(id, file, abort);
      }
      if (added.length > 0) setAttachments((list) => [...list, ...added]);
    },
    [run],
  );

  const remove = useCallback((id: string) => {
    setAttachments((list) => {
      const target = list.find((a) => a.id === id);
      if (target?.previewUrl) URL.revokeObjectURL(target.previewUrl);
      if (target?.phase === 'processing' && target.file)
        void cancelProcessing(target.file.file_id).catch(() => {});
      return list.filter((a) => a.id !== id);
    });
    forgetUnsent([id]);
    aborts.current.get(id)?.abort();
    aborts.current.delete(id);
  }, []);

  /**
   * After sending: the chips go; the files now belong to the message. The previews of `kept` stay
   * (the composer may give them back: the question's answer failed), for their owner to revoke.
   */
  const clear = useCallback((kept: readonly Attachment[] = []) => {
    setAttachments((list) => {
      for (const a of list) if (a.previewUrl && !kept.includes(a)) URL.revokeObjectURL(a.previewUrl);
      forgetUnsent(list.map((a) => a.id));
      return [];
    });
  }, []);

  /** Chips of files uploaded already, back in the box (a failed question's), each once. */
  const restore = useCallback((back: readonly Attachment[]) => {
    setAttachments((list) => [
      ...list,
      ...back.filter((a) => !list.some((present) => present.file?.file_id === a.file?.file_id)),
    ]);
  }, []);

  // Once per composer: what a reload interrupted is chosen again (and uploads again).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    void takeUnsent().then((files) => {
      if (files.length > 0) add(files);
    });
  }, [add]);

  useEffect(() => {
    const current = aborts.current;
    return () => {
      for (const abort of current.values()) abort.abort();
      current.clear();
    };
  }, []);

  return { attachments, add, remove, clear, restore };
}
