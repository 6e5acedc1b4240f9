import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { KeptFile } from '@ssaem/contracts';
import { sanitizeFileName } from '@ssaem/documents';
import type { StoredFileTable } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { sniffSpooled } from '../../platform/http/sniff-spooled.ts';
import type { SpooledFile } from '../../platform/http/upload-spool.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { FilesRepository } from '../files/files.repository.ts';

/**
 * A kept file as the item's stored input holds it: the reference the form shows, and the text read
 * from it when it was uploaded. The text is what the tool is made from; it stays with the item, so
 * a recreate never reads (or OCRs) the file again, and still works when the bytes are gone.
 */
export type StoredKeptFile = Omit<KeptFile, 'available'> & { text: string };

/** A tool's stored input: the form as the teacher sent it (files apart) and its files by reference. */
export interface KeptForm<F> {
  form: F;
  files: StoredKeptFile[];
}

/** Whether a stored input keeps its form, or is an item's input from before forms were kept. */
export function isKeptForm<F, Legacy extends object>(stored: KeptForm<F> | Legacy): stored is KeptForm<F> {
  return 'form' in stored;
}

/**
 * The kept files an item's stored input refers to: those of a kept form (summary, feedback); none
 * for an input that keeps no files or predates kept forms.
 */
export function keptFilesOfInput(input: string): StoredKeptFile[] {
  const stored = JSON.parse(input) as unknown;
  if (!stored || typeof stored !== 'object' || !('form' in stored) || !('files' in stored)) return [];
  return Array.isArray(stored.files) ? (stored.files as StoredKeptFile[]) : [];
}

/** A form's files: the ones kept from before (by reference) and the new uploads, with their text. */
export interface ToolFileChoice {
  kept: StoredKeptFile[];
  added: { file: SpooledFile; text: string }[];
}

/**
 * The uploads a tool's form was made with, kept in the file storage like chat uploads
 * (`stored_file`, purpose `tool`, bytes under `tool-files/<userId>/<id>`), so that recreate reopens
 * the form with them listed and their owner can download them (`GET /api/v1/files/{id}/content`).
 * They live as long as an item of their owner refers to them: a recreate that drops one, or deleting
 * the item, removes it unless the owner's own copy of the item still names it.
 */
export function createToolFiles(deps: {
  repository: FilesRepository;
  storage: FileStorage;
  /** Whether another item of the owner (their own copy) still names the file in its form. */
  stillReferenced: (ownerId: number, fileId: string) => Promise<boolean>;
}) {
  /**
   * Removes the owner's kept files that no item of theirs names any more (a copy's references to
   * someone else's files are left alone; the owner's own copy keeps the files both name).
   */
  async function remove(ownerId: number, files: { id: string }[]): Promise<void> {
    if (files.length === 0) return;
    const rows = await deps.repository.findMany(files.map((file) => file.id));
    for (const row of rows) {
      if (row.userId !== ownerId || row.purpose !== 'tool') continue;
      if (await deps.stillReferenced(ownerId, row.id)) continue;
      // The row first, as everywhere a kept file goes: no row ever points at missing bytes.
      await deps.repository.remove(row.id);
      await deps.storage.delete(row.storageKey);
    }
  }

  return {
    /** Stores a read upload for its uploader; the reference and its text go into the item's input. */
    async keep(userId: number, file: SpooledFile, text: string): Promise<StoredKeptFile> {
      const sniffed = await sniffSpooled(file);
      const id = randomUUID();
      const row: StoredFileTable = {
        id,
        userId,
        filename: sanitizeFileName(file.filename),
        mimeType: sniffed.mimeType,
        kind: sniffed.kind,
        bytes: file.size,
        width: null,
        height: null,
        storageKey: `tool-files/${Math.trunc(userId)}/${id}`,
        purpose: 'tool',
        status: 'ready',
        text: null,
        error: null,
        createdAt: new Date().toISOString(),
      };
      // The bytes first: a row never points at nothing; bytes left by a crash are never served.
      await deps.storage.putStream(row.storageKey, createReadStream(file.path));
      await deps.repository.insert(row);
      return { id, name: row.filename, size: row.bytes, type: row.mimeType, text };
    },

    /**
     * The references a form shows: whether each is still downloadable by the item's creator (a
     * copy made by another teacher refers to files that stay its original creator's).
     */
    async present(ownerId: number, files: StoredKeptFile[]): Promise<KeptFile[]> {
      const rows = await deps.repository.findMany(files.map((file) => file.id));
      const owned = new Set(rows.filter((row) => row.userId === ownerId).map((row) => row.id));
      return files.map(({ text: _text, ...file }) => ({ ...file, available: owned.has(file.id) }));
    },

    remove,

    /**
     * What a deleted item kept outside its row: its creator's kept files, rows and bytes. Called
     * once the item's row is gone, by every path that deletes items (the tool's delete, a folder
     * deleted with its contents), so nothing is left that no item refers to.
     */
    async removeKeptOf(item: { creatorId: number; input: string }): Promise<void> {
      await remove(item.creatorId, keptFilesOfInput(item.input));
    },
  };
}

export type ToolFiles = ReturnType<typeof createToolFiles>;

/**
 * The kept files a recreate form still lists, as the item holds them: a reference the item does
 * not hold (another item's file, a made-up id) is refused, so a form can never reach other files.
 */
export function keptFilesOf(previous: StoredKeptFile[], wanted: { id: string }[]): StoredKeptFile[] {
  const byId = new Map(previous.map((file) => [file.id, file]));
  const kept: StoredKeptFile[] = [];
  for (const [index, { id }] of wanted.entries()) {
    const file = byId.get(id);
    if (!file) {
      throw new AppError('E_VALIDATION', {
        details: [{ path: `keptFiles.${index}`, message: '이 자료에 보관된 파일이 아니에요.' }],
      });
    }
    if (!kept.includes(file)) kept.push(file);
  }
  return kept;
}

/** The files a recreate dropped (kept before, not kept now): removed once the new input is stored. */
export function droppedFiles(previous: StoredKeptFile[], now: StoredKeptFile[]): StoredKeptFile[] {
  const still = new Set(now.map((file) => file.id));
  return previous.filter((file) => !still.has(file.id));
}
