import { join } from 'node:path';
import type { Config } from '../../config/config.ts';
import { createLocalFileStorage, type FileStorage, removePartialFiles } from './file-storage.ts';
import type { S3StorageOptions } from './s3-file-storage.ts';

/** The S3 settings from the configuration, or undefined when files stay on the local disk. */
export function s3OptionsOf(config: Config): S3StorageOptions | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_PATH_STYLE,
    ...(config.S3_PREFIX ? { prefix: config.S3_PREFIX } : {}),
  };
}

/**
 * One store for every file the product keeps: the bucket when S3_BUCKET is set, else DATA_DIR/files.
 * The AWS SDK (about 2 MB of code) loads only for the bucket.
 */
export async function createFileStorageFromConfig(config: Config): Promise<{
  storage: FileStorage;
  /** Fails start-up early when the bucket cannot be reached (and creates it when it does not exist). */
  check: () => Promise<void>;
  /**
   * Removes files a killed process left half-written, last touched before `before`. Only the
   * folder has them: an S3 object appears whole or not at all.
   */
  removePartials: (before: Date) => Promise<number>;
}> {
  const s3 = s3OptionsOf(config);
  if (!s3) {
    const root = join(config.DATA_DIR, 'files');
    return {
      storage: createLocalFileStorage(root),
      check: async () => undefined,
      removePartials: (before) => removePartialFiles(root, before),
    };
  }
  const { createS3FileStorage, ensureBucket } = await import('./s3-file-storage.ts');
  return { storage: createS3FileStorage(s3), check: () => ensureBucket(s3), removePartials: async () => 0 };
}
