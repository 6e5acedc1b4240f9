import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A byte range, both ends inclusive (as in an HTTP Range header); `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredObject {
  bytes: number;
  modified: Date;
}

export interface PutOptions {
  /** The SHA-256 (hex) the bytes must have; a mismatch stores nothing and throws ChecksumMismatchError. */
  sha256?: string;
}

export interface PutResult {
  bytes: number;
  /** SHA-256 of what was stored, in hex. */
  sha256: string;
}

/**
 * Where uploaded and generated files live: a folder by default, S3-compatible object storage when
 * scaled out (several API instances and workers must see the same files). Keys are ours, never
 * user input: `<folder>/<...>`. Writes are all or nothing — an interrupted or mismatching upload
 * leaves no object behind, and a reader never sees half a file.
 */
export interface FileStorage {
  /** Which backend this is, for logs and the health page. */
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, options?: PutOptions): Promise<PutResult>;
  /** Stores a stream without holding it in memory. */
  putStream(key: string, body: Readable, options?: PutOptions): Promise<PutResult>;
  /** The whole object; throws StorageNotFoundError when there is none. For small files only. */
  get(key: string): Promise<Buffer>;
  /** The object (or a range of it) as a stream; throws StorageNotFoundError when there is none. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and last write, or null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix`, in key order. */
  list(prefix: string): Promise<string[]>;
  /** Keys under a folder last written before `before` (for retention). */
  listOlderThan(folder: string, before: Date): Promise<string[]>;
  /**
   * A short-lived URL a browser may fetch the object from directly, or null when this backend
   * serves files only through the API. Issue it only after the same authorization as a download.
   */
  presignedUrl(
    key: string,
    options: { expiresInSeconds: number; filename?: string; type?: string },
  ): Promise<string | null>;
  /** Releases connections. */
  close(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`no stored object ${key}`);
  }
}

export class ChecksumMismatchError extends Error {
  constructor(key: string) {
    super(`the bytes for ${key} do not have the expected SHA-256`);
  }
}

export function isStorageNotFound(error: unknown): boolean {
  return error instanceof StorageNotFoundError;
}

/**
 * Hashes and counts what passes through; at the end it fails the stream when the bytes do not
 * match the expected hash, so the write it feeds never completes.
 */
export function hashingStream(key: string, expected?: string) {
  const hash = createHash('sha256');
  const result = { bytes: 0, sha256: '' };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      result.bytes += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      result.sha256 = hash.digest('hex');
      if (expected && expected.toLowerCase() !== result.sha256) callback(new ChecksumMismatchError(key));
      else callback();
    },
  });
  return { transform, result };
}

/** Checks a key has the shape of ours: folders of safe names, no dot segments. */
export function checkKey(key: string): string {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) ||
    key.split('/').includes('..')
  ) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
  return key;
}

const PARTIAL = /\.partial-[0-9a-f-]{36}$/;

/**
 * Removes half-written files (see putStream) last touched before `before`: a process killed while
 * writing cannot remove its own. Returns how many went.
 */
export async function removePartialFiles(root: string, before: Date): Promise<number> {
  const names = await readdir(root, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    if (!PARTIAL.test(name)) continue;
    const path = join(root, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || info.mtime >= before) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

/** Files under DATA_DIR/files. Keys are ours (never user input), checked to stay inside the folder. */
export function createLocalFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error('storage key escapes the storage folder');
    return path;
  };
  const missing = (key: string) => (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR') throw new StorageNotFoundError(key);
    throw error;
  };

  async function walk(folder: string): Promise<string[]> {
    const names = await readdir(pathOf(folder), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [] as string[];
      throw error;
    });
    const keys: string[] = [];
    for (const name of names) {
      const key = `${folder}/${name.split(sep).join('/')}`;
      // Half-written files (see putStream) are not objects yet.
      if (PARTIAL.test(key)) continue;
      const info = await stat(pathOf(key)).catch(() => null);
      if (info?.isFile()) keys.push(key);
    }
    return keys.sort();
  }

  const storage: FileStorage = {
    kind: 'local',
    put(key, bytes, options) {
      return storage.putStream(
        key,
        Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
        options,
      );
    },
    async putStream(key, body, options = {}) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside its place and renamed at the end: readers see the whole file or none.
      const partial = `${path}.partial-${randomUUID()}`;
      const { transform, result } = hashingStream(key, options.sha256);
      try {
        await pipeline(body, transform, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { ...result };
    },
    get: (key) => readFile(pathOf(key)).catch(missing(key)),
    async getStream(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(missing(key));
      if (!info.isFile()) throw new StorageNotFoundError(key);
      const stream = createReadStream(
        path,
        range ? { start: range.start, ...(range.end !== undefined ? { end: range.end } : {}) } : {},
      );
      // Surface a vanished file as the stream's error, as S3 would.
      return stream;
    },
    async stat(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? { bytes: info.size, modified: info.mtime } : null;
    },
    delete: (key) => rm(pathOf(key), { force: true }),
    async list(prefix) {
      // A prefix may end inside a name: walk its folder and filter.
      const cut = prefix.lastIndexOf('/');
      const folder = cut > 0 ? prefix.slice(0, cut) : '';
      const keys = folder
        ? await walk(folder)
        : (
            await Promise.all((await readdir(base).catch(() => [] as string[])).map((name) => walk(name)))
          ).flat();
      return keys.filter((key) => key.startsWith(prefix)).sort();
    },
    async listOlderThan(folder, before) {
      const old: string[] = [];
      for (const key of await walk(folder)) {
        const info = await stat(pathOf(key)).catch(() => null);
        if (info && info.mtime < before) old.push(key);
      }
      return old;
    },
    presignedUrl: async () => null,
    close: async () => undefined,
  };
  return storage;
}
