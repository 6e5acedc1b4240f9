import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkKey, type FileStorage, hashingStream, StorageNotFoundError } from './file-storage.ts';

export interface S3StorageOptions {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Keys are stored under this prefix in the bucket (several deployments may share one). */
  prefix?: string;
}

/** Multipart parts: 8 MiB each, at most two in flight — a 100 MB upload holds about 16 MiB. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

function clientFor(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Not every S3-compatible server checks the SDK's optional CRC trailers; send them only where required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Creates the bucket unless it exists (tests, the migration command and first start-up). */
export async function ensureBucket(options: S3StorageOptions): Promise<void> {
  const client = clientFor(options);
  try {
    await client.send(new HeadBucketCommand({ Bucket: options.bucket }));
  } catch (error) {
    if (!isMissing(error)) throw error;
    await client.send(new CreateBucketCommand({ Bucket: options.bucket }));
  } finally {
    client.destroy();
  }
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph's RADOS gateway). Streams both ways:
 * uploads go up in 8 MiB multipart parts while they are read, downloads come down as the
 * response body. Each upload is hashed (SHA-256) as it passes; with an expected hash, a mismatch
 * fails the body before the upload completes, so S3 never commits the object. The hash is kept
 * as object metadata only when it is known in advance (S3 takes metadata before the bytes).
 * Completed multipart uploads on some servers (radosgw) answer an empty ETag; nothing here
 * relies on ETags.
 */
export function createS3FileStorage(options: S3StorageOptions): FileStorage {
  const client = clientFor(options);
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const keyOf = (key: string) => `${prefix}${checkKey(key)}`;
  const unprefixed = (key: string) => key.slice(prefix.length);

  async function listObjects(start: string) {
    const objects: { key: string; modified: Date }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${start}`, ContinuationToken }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) objects.push({ key: unprefixed(item.Key), modified: item.LastModified ?? new Date(0) });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  const storage: FileStorage = {
    kind: 's3',
    put(key, bytes, putOptions) {
      return storage.putStream(
        key,
        Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
        putOptions,
      );
    },
    async putStream(key, body, putOptions = {}) {
      const Key = keyOf(key);
      const { transform, result } = hashingStream(key, putOptions.sha256);
      // An error on the source (a client that hung up) must fail the upload too.
      body.once('error', (error) => transform.destroy(error));
      body.pipe(transform);
      const upload = new Upload({
        client,
        queueSize: QUEUE_SIZE,
        partSize: PART_SIZE,
        leavePartsOnError: false,
        params: {
          Bucket,
          Key,
          Body: transform,
          ...(putOptions.sha256 ? { Metadata: { sha256: putOptions.sha256.toLowerCase() } } : {}),
        },
      });
      // The part holding the end of the body is sent only once the hash has been checked, and a
      // failed multipart upload is aborted: an interrupted or mismatching body commits nothing.
      try {
        await upload.done();
      } catch (error) {
        throw transform.errored ?? error;
      }
      return { ...result };
    },
    async get(key) {
      const stream = await storage.getStream(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async getStream(key, range) {
      try {
        const response = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        if (!response.Body) throw new StorageNotFoundError(key);
        return response.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { bytes: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async list(start) {
      return (await listObjects(start)).map((object) => object.key);
    },
    async listOlderThan(folder, before) {
      return (await listObjects(`${folder}/`)).filter((o) => o.modified < before).map((o) => o.key);
    },
    presignedUrl(key, presign) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: keyOf(key),
          ...(presign.filename
            ? {
                ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(presign.filename)}`,
              }
            : {}),
          ...(presign.type ? { ResponseContentType: presign.type } : {}),
        }),
        { expiresIn: presign.expiresInSeconds },
      );
    },
    async close() {
      client.destroy();
    },
  };
  return storage;
}
