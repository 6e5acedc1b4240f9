import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/**
 * An uploaded file as it reached the server: written to disk while it arrived, never held whole in
 * the API process. `head` keeps its first bytes for sniffing (magic bytes, image headers); readers
 * are handed `path`.
 */
export interface SpooledFile {
  path: string;
  size: number;
  filename: string;
  head: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Streams a multipart file part to the readers' hand-over folder, refusing it with
     * E_PAYLOAD_TOO_LARGE as soon as it passes `maxBytes`. The file is removed when the response
     * has gone, unless a service `keepSpooled`s it (and then removes it itself).
     */
    spoolFile(part: MultipartFile, maxBytes: number): Promise<SpooledFile>;
    /** Takes a spooled file out of the request's clean-up: its new owner removes it. */
    keepSpooled(file: SpooledFile): void;
  }
}

/** Enough for every magic number and a text sample (64 KiB) with room to cut a character cleanly. */
export const SPOOL_HEAD_BYTES = 64 * 1024 + 16;

const spooledFiles = new WeakMap<object, SpooledFile[]>();

/**
 * Upload parts go to disk as they arrive. Holding them in memory made each upload several
 * megabyte-sized buffers (the chunks, their concatenation, the hand-over copy) alive for as long
 * as the file was read; that external memory drove the API process into full garbage collections
 * that every other request waited for. The folder is the readers' own (DATA_DIR/tmp/reader-<pid>-*),
 * so a process killed mid-upload leaves nothing the next start does not sweep.
 */
export function registerUploadSpool(app: FastifyInstance, folder: () => string): void {
  app.decorateRequest('spoolFile', async function spoolFile(part: MultipartFile, maxBytes: number) {
    const path = join(folder(), `upload-${randomUUID()}`);
    const file: SpooledFile = { path, size: 0, filename: part.filename || 'upload', head: Buffer.alloc(0) };
    const owned = spooledFiles.get(this) ?? [];
    owned.push(file);
    spooledFiles.set(this, owned);
    const headChunks: Buffer[] = [];
    let headBytes = 0;
    let tooLarge = false;
    // Counted as the bytes pass, without a stream stage of its own: each chunk costs a listener call.
    const onData = (chunk: Buffer) => {
      file.size += chunk.length;
      if (file.size > maxBytes && !tooLarge) {
        // Nothing past the limit reaches the disk (the parser's own limit is a byte higher).
        tooLarge = true;
        part.file.destroy(new AppError('E_PAYLOAD_TOO_LARGE'));
        return;
      }
      if (headBytes < SPOOL_HEAD_BYTES) {
        // A copy: the chunk's memory may be a slice of a larger parser buffer.
        const taken = Buffer.from(chunk.subarray(0, SPOOL_HEAD_BYTES - headBytes));
        headChunks.push(taken);
        headBytes += taken.length;
      }
    };
    part.file.on('data', onData);
    try {
      // A write stream with room for a few parser chunks: when the disk is behind, the request is
      // paused rather than read into memory.
      await pipeline(
        part.file,
        createWriteStream(path, { flags: 'wx', mode: 0o600, highWaterMark: 256 * 1024 }),
      );
    } catch (error) {
      await rm(path, { force: true });
      throw tooLarge ? new AppError('E_PAYLOAD_TOO_LARGE') : error;
    } finally {
      part.file.off('data', onData);
    }
    if (part.file.truncated) {
      await rm(path, { force: true });
      throw new AppError('E_PAYLOAD_TOO_LARGE');
    }
    file.head = Buffer.concat(headChunks);
    return file;
  });
  app.decorateRequest('keepSpooled', function keepSpooled(file: SpooledFile) {
    const owned = spooledFiles.get(this);
    if (owned)
      spooledFiles.set(
        this,
        owned.filter((candidate) => candidate !== file),
      );
  });
  // onResponse runs for answers and errors alike; a request cut off by the client ends here too.
  app.addHook('onResponse', async (request) => {
    const owned = spooledFiles.get(request);
    if (!owned?.length) return;
    spooledFiles.delete(request);
    await Promise.all(owned.map((file) => rm(file.path, { force: true })));
  });
}

/** Removes a spooled file its owner has finished with. */
export function removeSpooled(file: SpooledFile): Promise<void> {
  return rm(file.path, { force: true });
}

/** Reads a part nobody wants to its end, so the parser moves on to the next one. */
export async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // discarded
  }
}
