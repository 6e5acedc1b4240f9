import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyStorage } from '../src/platform/storage/copy-storage.ts';
import {
  ChecksumMismatchError,
  createLocalFileStorage,
  type FileStorage,
  StorageNotFoundError,
} from '../src/platform/storage/file-storage.ts';
import {
  createS3FileStorage,
  ensureBucket,
  type S3StorageOptions,
} from '../src/platform/storage/s3-file-storage.ts';

/**
 * One contract for every storage backend: the local folder always, and a real S3 server (CI
 * starts a single-node Ceph gateway) when TEST_S3_ENDPOINT is set.
 */
const s3: S3StorageOptions | undefined = process.env.TEST_S3_ENDPOINT
  ? {
      endpoint: process.env.TEST_S3_ENDPOINT,
      bucket: process.env.TEST_S3_BUCKET ?? 'ssaem-contract',
      region: process.env.TEST_S3_REGION ?? 'us-east-1',
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'ciaccesskey',
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'cisecretkey',
      forcePathStyle: true,
      // Each run in its own prefix: runs never see each other's objects.
      prefix: `contract-${randomUUID()}`,
    }
  : undefined;

const MiB = 1024 * 1024;

/** Deterministic pseudo-random bytes, produced chunk by chunk (never the whole file at once). */
function generated(total: number, seed = 1, options: { failAfter?: number } = {}) {
  let state = seed;
  let sent = 0;
  const hash = createHash('sha256');
  const stream = new Readable({
    read() {
      if (options.failAfter !== undefined && sent >= options.failAfter) {
        this.destroy(new Error('connection reset by the client'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(MiB, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i + 4 <= size; i += 4) {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        chunk.writeUInt32LE(state, i);
      }
      hash.update(chunk);
      sent += size;
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

async function sha256Of(stream: Readable) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

async function text(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const sha = (value: string | Uint8Array) => createHash('sha256').update(value).digest('hex');
const bytes = (value: string) => new TextEncoder().encode(value);

function contract(name: string, open: () => Promise<{ storage: FileStorage; cleanup: () => Promise<void> }>) {
  describe(`file storage contract: ${name}`, () => {
    let storage: FileStorage;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, cleanup } = await open());
    });
    afterAll(async () => {
      await cleanup();
    });

    it('stores bytes and reads them back, with their size and hash', async () => {
      const result = await storage.put('uploads/1/a', bytes('가나다 hello'));
      expect(result).toEqual({ bytes: bytes('가나다 hello').length, sha256: sha('가나다 hello') });
      expect((await storage.get('uploads/1/a')).toString('utf8')).toBe('가나다 hello');
      expect(await text(await storage.getStream('uploads/1/a'))).toBe('가나다 hello');
      const info = await storage.stat('uploads/1/a');
      expect(info?.bytes).toBe(result.bytes);
      expect(info?.modified).toBeInstanceOf(Date);
    });

    it('overwrites a key with the new bytes', async () => {
      await storage.put('uploads/1/b', bytes('first'));
      await storage.put('uploads/1/b', bytes('second, longer'));
      expect((await storage.get('uploads/1/b')).toString()).toBe('second, longer');
    });

    it('reads a byte range, both ends inclusive, or from an offset to the end', async () => {
      await storage.put('uploads/1/range', bytes('0123456789'));
      expect(await text(await storage.getStream('uploads/1/range', { start: 2, end: 5 }))).toBe('2345');
      expect(await text(await storage.getStream('uploads/1/range', { start: 7 }))).toBe('789');
      expect(await text(await storage.getStream('uploads/1/range', { start: 0, end: 0 }))).toBe('0');
    });

    it('streams a large file in and out without holding it whole', async () => {
      const size = 40 * MiB + 12_345; // several multipart parts, and a short last one
      const source = generated(size, 7);
      const result = await storage.putStream('lesson-images/large.bin', source.stream);
      expect(result.bytes).toBe(size);
      expect(result.sha256).toBe(source.sha256());
      expect((await storage.stat('lesson-images/large.bin'))?.bytes).toBe(size);
      expect(await sha256Of(await storage.getStream('lesson-images/large.bin'))).toEqual({
        bytes: size,
        sha256: result.sha256,
      });
      // A range deep inside the file.
      const tail = await sha256Of(await storage.getStream('lesson-images/large.bin', { start: size - 100 }));
      expect(tail.bytes).toBe(100);
    });

    it('deletes, and deleting a missing key is not an error', async () => {
      await storage.put('notices/9/x', bytes('x'));
      await storage.delete('notices/9/x');
      expect(await storage.stat('notices/9/x')).toBeNull();
      await expect(storage.delete('notices/9/x')).resolves.toBeUndefined();
      await expect(storage.delete('notices/never/there')).resolves.toBeUndefined();
    });

    it('lists keys by prefix, in key order, and nothing outside it', async () => {
      await storage.put('documents/5/b', bytes('b'));
      await storage.put('documents/5/a', bytes('a'));
      await storage.put('documents/5/a.json', bytes('{}'));
      await storage.put('documents/50/c', bytes('c'));
      await storage.put('documents/6/d', bytes('d'));
      expect(await storage.list('documents/5/')).toEqual([
        'documents/5/a',
        'documents/5/a.json',
        'documents/5/b',
      ]);
      expect(await storage.list('documents/5')).toEqual([
        'documents/5/a',
        'documents/5/a.json',
        'documents/5/b',
        'documents/50/c',
      ]);
      expect(await storage.list('documents/5/a')).toEqual(['documents/5/a', 'documents/5/a.json']);
      expect(await storage.list('documents/7/')).toEqual([]);
      expect(await storage.list('nothing-here/')).toEqual([]);
    });

    it('lists what was written before a moment, for retention', async () => {
      await storage.put('retention/1/old', bytes('old'));
      const later = new Date(Date.now() + 60_000);
      const earlier = new Date(Date.now() - 60_000);
      expect(await storage.listOlderThan('retention', later)).toEqual(['retention/1/old']);
      expect(await storage.listOlderThan('retention', earlier)).toEqual([]);
      expect(await storage.listOlderThan('no-such-folder', later)).toEqual([]);
    });

    it('answers a missing key with StorageNotFoundError, and stat with null', async () => {
      await expect(storage.get('uploads/1/missing')).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.getStream('uploads/1/missing')).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.getStream('uploads/1/missing', { start: 1 })).rejects.toBeInstanceOf(
        StorageNotFoundError,
      );
      expect(await storage.stat('uploads/1/missing')).toBeNull();
    });

    it('stores nothing when the bytes do not have the expected hash', async () => {
      await expect(
        storage.put('uploads/2/bad', bytes('tampered'), { sha256: sha('original') }),
      ).rejects.toBeInstanceOf(ChecksumMismatchError);
      expect(await storage.stat('uploads/2/bad')).toBeNull();
      // A large one (multipart on S3) too.
      const source = generated(20 * MiB, 3);
      await expect(
        storage.putStream('uploads/2/bad-large', source.stream, { sha256: sha('something else') }),
      ).rejects.toBeInstanceOf(ChecksumMismatchError);
      expect(await storage.stat('uploads/2/bad-large')).toBeNull();
      // The right hash is accepted.
      await expect(
        storage.put('uploads/2/good', bytes('original'), { sha256: sha('original') }),
      ).resolves.toEqual({
        bytes: 8,
        sha256: sha('original'),
      });
    });

    it('stores nothing from an interrupted upload, and keeps what was there before', async () => {
      const small = generated(10 * MiB, 5, { failAfter: 3 * MiB });
      await expect(storage.putStream('uploads/3/cut', small.stream)).rejects.toThrow(/connection reset/);
      expect(await storage.stat('uploads/3/cut')).toBeNull();
      const large = generated(40 * MiB, 5, { failAfter: 20 * MiB });
      await expect(storage.putStream('uploads/3/cut-large', large.stream)).rejects.toThrow(
        /connection reset/,
      );
      expect(await storage.stat('uploads/3/cut-large')).toBeNull();

      await storage.put('uploads/3/kept', bytes('the earlier version'));
      const again = generated(20 * MiB, 5, { failAfter: 10 * MiB });
      await expect(storage.putStream('uploads/3/kept', again.stream)).rejects.toThrow(/connection reset/);
      expect((await storage.get('uploads/3/kept')).toString()).toBe('the earlier version');
      expect(await storage.list('uploads/3/')).toEqual(['uploads/3/kept']);
    });

    it('refuses keys that are not ours', async () => {
      await expect(storage.put('../escape', bytes('x'))).rejects.toThrow();
      await expect(storage.put('uploads/../../escape', bytes('x'))).rejects.toThrow();
    });
  });
}

contract('local folder', async () => {
  const root = await mkdtemp(join(tmpdir(), 'ssaem-storage-'));
  const storage = createLocalFileStorage(root);
  return {
    storage,
    cleanup: async () => {
      // No half-written file was left behind by the failed uploads.
      const left = await readdir(root, { recursive: true });
      expect(left.filter((name) => name.includes('.partial-'))).toEqual([]);
      await rm(root, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!s3)('S3 backend', () => {
  contract('S3 (TEST_S3_ENDPOINT)', async () => {
    const options = s3 as S3StorageOptions;
    await ensureBucket(options);
    const storage = createS3FileStorage(options);
    return {
      storage,
      cleanup: async () => {
        for (const key of await storage.list('')) await storage.delete(key);
        expect(await storage.list('')).toEqual([]);
        await storage.close();
      },
    };
  });

  it('issues a presigned URL that serves the object without credentials, and expires', async () => {
    const options = { ...(s3 as S3StorageOptions), prefix: `presign-${randomUUID()}` };
    await ensureBucket(options);
    const storage = createS3FileStorage(options);
    try {
      await storage.put('uploads/1/p', bytes('서명된 주소'));
      const url = await storage.presignedUrl('uploads/1/p', {
        expiresInSeconds: 60,
        filename: '자료.txt',
        type: 'text/plain; charset=utf-8',
      });
      expect(url).toMatch(/X-Amz-Expires=60/);
      const response = await fetch(url as string);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('서명된 주소');
      expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''");
      // Without the signature the object is private.
      const plain = new URL(url as string);
      expect((await fetch(`${plain.origin}${plain.pathname}`)).status).toBe(403);
    } finally {
      await storage.delete('uploads/1/p');
      await storage.close();
    }
  });
});

describe('copying the local store into another (npm run storage:migrate)', () => {
  async function copyInto(target: FileStorage) {
    const root = await mkdtemp(join(tmpdir(), 'ssaem-storage-src-'));
    try {
      const source = createLocalFileStorage(root);
      await source.put('uploads/1/a', bytes('첫 파일'));
      const meta = bytes('{"name":"가정통신문"}');
      await source.put('documents/2/b.json', meta);
      const large = generated(12 * MiB, 11);
      await source.putStream('notices/3/c', large.stream);
      const report = await copyStorage(source, target);
      expect(report).toEqual({
        copied: 3,
        bytes: 12 * MiB + bytes('첫 파일').length + meta.length,
        mismatched: [],
      });
      expect(await target.list('')).toEqual(['documents/2/b.json', 'notices/3/c', 'uploads/1/a']);
      expect((await target.get('uploads/1/a')).toString()).toBe('첫 파일');
      expect((await sha256Of(await target.getStream('notices/3/c'))).sha256).toBe(large.sha256());
      // The source is left as it was; a second run copies the same again.
      expect(await source.list('')).toEqual(['documents/2/b.json', 'notices/3/c', 'uploads/1/a']);
      expect((await copyStorage(source, target)).copied).toBe(3);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  it('copies every file into another folder and verifies each', async () => {
    const root = await mkdtemp(join(tmpdir(), 'ssaem-storage-dst-'));
    try {
      await copyInto(createLocalFileStorage(root));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it.skipIf(!s3)('copies every file into the bucket and verifies each', async () => {
    const options = { ...(s3 as S3StorageOptions), prefix: `copy-${randomUUID()}` };
    await ensureBucket(options);
    const target = createS3FileStorage(options);
    try {
      await copyInto(target);
    } finally {
      for (const key of await target.list('')) await target.delete(key);
      await target.close();
    }
  });
});
