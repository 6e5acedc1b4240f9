import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_FILE_MESSAGES } from '@ssaem/contracts';
import { DocumentError, type ReadDocumentOptions, type ReadDocumentResult } from '@ssaem/documents';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { type ReadSheet, type SheetColumn, SheetError } from '../excel/sheet-reader.ts';
import { createSandboxPool, SandboxFailure, type SandboxLimits, SandboxTaskError } from './sandbox-pool.ts';

/**
 * The only way the server reads an uploaded document: `readDocument` of @ssaem/documents, run in a
 * sandbox child under memory, CPU and time limits. Whatever happens to the child, the caller gets
 * a DocumentError (E_FILE_001 with a reason) for that one file, and the server carries on.
 */
export type DocumentReader = {
  read(bytes: Uint8Array, fileName: string, options?: ReadDocumentOptions): Promise<ReadDocumentResult>;
  /** Reads a file already in `folder` (an upload spooled there): the child opens it, nothing is copied. */
  readFile(path: string, fileName: string, options?: ReadDocumentOptions): Promise<ReadDocumentResult>;
  /** This process's hand-over folder: files written here reach a child by their path. */
  readonly folder: string;
  /** The first worksheet of an uploaded .xlsx by its columns (platform/excel), read the same way. */
  readSheet<K extends string>(bytes: Uint8Array, columns: readonly SheetColumn<K>[]): Promise<ReadSheet<K>>;
  close(): Promise<void>;
  stats(): { children: number; busy: number; queued: number; pids: number[] };
};

export function createDocumentReader(options: {
  processes: number;
  limits: SandboxLimits;
  log: FastifyBaseLogger;
  /** Where hand-over folders are made: DATA_DIR/tmp, so that a killed server's leftovers are found again. */
  tempDir: string;
}): DocumentReader {
  const pool = createSandboxPool({
    entry: fileURLToPath(new URL('./document-reader-child.ts', import.meta.url)),
    size: options.processes,
    limits: options.limits,
    onChildExit: ({ pid, code, signal, stderr }) =>
      options.log.warn(
        { pid, code, signal, stderr: stderr.slice(-1000) },
        'a document reader process was stopped',
      ),
  });
  // The bytes reach a child as a file in a private folder, not through the IPC channel: serialising
  // megabytes there means copies in the API process, and each copy is external memory that makes
  // V8 mark the whole heap — a pause every request feels.
  // Under DATA_DIR rather than the system temp folder: a server killed with -9 leaves its folder
  // behind, and the next start finds it there and removes it.
  mkdirSync(options.tempDir, { recursive: true, mode: 0o700 });
  const swept = sweepStaleHandOvers(options.tempDir);
  if (swept.length) options.log.warn({ swept }, 'removed reader folders left by a stopped server');
  const handOver = mkdtempSync(join(options.tempDir, `${HAND_OVER_PREFIX}${process.pid}-`));
  ownFolders.add(handOver);
  async function withHandedOver<T>(bytes: Uint8Array, run: (path: string) => Promise<T>): Promise<T> {
    const path = join(handOver, randomUUID());
    await writeFile(path, bytes, { mode: 0o600 });
    try {
      return await run(path);
    } finally {
      await rm(path, { force: true });
    }
  }
  return {
    async read(bytes, fileName, readOptions = {}) {
      try {
        return await withHandedOver(bytes, (path) =>
          pool.run<ReadDocumentResult>('readDocument', [path, fileName, readOptions]),
        );
      } catch (error) {
        throw asDocumentError(error);
      }
    },
    async readFile(path, fileName, readOptions = {}) {
      try {
        return await pool.run<ReadDocumentResult>('readDocument', [path, fileName, readOptions]);
      } catch (error) {
        throw asDocumentError(error);
      }
    },
    folder: handOver,
    async readSheet<K extends string>(bytes: Uint8Array, columns: readonly SheetColumn<K>[]) {
      try {
        return await withHandedOver(bytes, (path) => pool.run<ReadSheet<K>>('readSheet', [path, columns]));
      } catch (error) {
        throw asSheetError(error);
      }
    },
    async close() {
      await pool.close();
      rmSync(handOver, { recursive: true, force: true });
      ownFolders.delete(handOver);
    },
    stats: () => pool.stats(),
  };
}

const HAND_OVER_PREFIX = 'reader-';
/** The folders readers of this process are using (tests build several apps in one process). */
const ownFolders = new Set<string>();

/**
 * Removes the hand-over folders of servers that no longer run. Instances may share DATA_DIR, so a
 * folder is only stale when the process named in it is gone, or is this one but the folder is not
 * in use here (a restarted container gets the same pid again).
 */
export function sweepStaleHandOvers(tempDir: string): string[] {
  const swept: string[] = [];
  for (const name of readdirSync(tempDir)) {
    if (!name.startsWith(HAND_OVER_PREFIX)) continue;
    const pid = Number(name.slice(HAND_OVER_PREFIX.length).split('-')[0]);
    const path = join(tempDir, name);
    if (ownFolders.has(path)) continue;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) continue;
    rmSync(path, { recursive: true, force: true });
    swept.push(name);
  }
  return swept;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * E_FILE_001 for a file that could not be read, with the reason as a sentence in the teacher's
 * language under `path` (the form field that carried the file).
 */
export function documentFileError(error: DocumentError, path: string): AppError {
  return new AppError('E_FILE_001', { details: [{ path, message: DOCUMENT_FILE_MESSAGES[error.reason] }] });
}

function asSheetError(error: unknown): Error {
  if (error instanceof SandboxTaskError && error.remote.name === 'SheetError') {
    return new SheetError(
      (error.remote.reason ?? 'unreadable') as SheetError['reason'],
      error.remote.message,
    );
  }
  if (error instanceof SandboxFailure && error.kind !== 'busy' && error.kind !== 'closed') {
    return new SheetError('unreadable', '파일을 읽는 데 자원이 너무 많이 들어 열지 않았습니다.', {
      cause: error,
    });
  }
  const mapped = asDocumentError(error);
  return mapped instanceof DocumentError
    ? new SheetError('unreadable', '엑셀 파일을 읽을 수 없습니다.')
    : mapped;
}

function asDocumentError(error: unknown): Error {
  if (error instanceof SandboxTaskError) {
    const { name, message, reason } = error.remote;
    if (name === 'DocumentError' && reason)
      return new DocumentError(reason as DocumentError['reason'], message);
    return new DocumentError('unreadable', message, { cause: error });
  }
  if (error instanceof SandboxFailure) {
    if (error.kind === 'busy') return new AppError('E_TOO_MANY_REQUESTS');
    if (error.kind === 'cpu' || error.kind === 'timeout') return new DocumentError('timeout', error.message);
    if (error.kind === 'closed') return error;
    return new DocumentError('resources', error.message);
  }
  return error instanceof Error ? error : new Error(String(error));
}
