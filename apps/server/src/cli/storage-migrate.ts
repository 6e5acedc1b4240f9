import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/config.ts';
import { copyStorage } from '../platform/storage/copy-storage.ts';
import { createLocalFileStorage } from '../platform/storage/file-storage.ts';
import { createS3FileStorage, ensureBucket } from '../platform/storage/s3-file-storage.ts';
import { s3OptionsOf } from '../platform/storage/storage-from-config.ts';

/**
 * `npm run storage:migrate`: copies every file under DATA_DIR/files into the bucket named by
 * S3_BUCKET (and the other S3_ variables), reads each copy back and compares its SHA-256. Run it
 * with the instances stopped (or before switching them to S3_BUCKET); the local files are kept
 * until you remove them yourself.
 */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const s3 = s3OptionsOf(config);
if (!s3) {
  console.error('S3_BUCKET is not set: name the bucket to copy DATA_DIR/files into.');
  process.exit(1);
}
await ensureBucket(s3);
const source = createLocalFileStorage(join(config.DATA_DIR, 'files'));
const target = createS3FileStorage(s3);
try {
  const report = await copyStorage(source, target, (key, bytes) =>
    console.log(`copied ${key} (${bytes} bytes)`),
  );
  console.log(`${report.copied} files, ${report.bytes} bytes copied to s3://${s3.bucket} and verified`);
  if (report.mismatched.length) {
    console.error(`copies that did not match (run again): ${report.mismatched.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await target.close();
}
