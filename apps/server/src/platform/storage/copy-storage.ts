import { createHash } from 'node:crypto';
import type { FileStorage } from './file-storage.ts';

export interface CopyReport {
  copied: number;
  bytes: number;
  /** Keys whose copy, read back, did not match the original (size or SHA-256). */
  mismatched: string[];
}

async function sha256Of(storage: FileStorage, key: string) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of await storage.getStream(key)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * One-way copy of every object from one store into another (the local folder into a bucket when
 * a deployment scales out), streamed, each copy read back and compared by size and SHA-256.
 * Copying again is harmless: keys are overwritten with the same bytes. The source is left as it is.
 */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  onProgress: (key: string, bytes: number) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, bytes: 0, mismatched: [] };
  for (const key of await from.list('')) {
    const written = await to.putStream(key, await from.getStream(key));
    const original = await sha256Of(from, key);
    const copy = await sha256Of(to, key);
    if (
      copy.sha256 !== original.sha256 ||
      copy.bytes !== original.bytes ||
      written.sha256 !== original.sha256
    ) {
      report.mismatched.push(key);
      continue;
    }
    report.copied += 1;
    report.bytes += copy.bytes;
    onProgress(key, copy.bytes);
  }
  return report;
}
