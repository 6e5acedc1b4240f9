import { CfbFile } from './cfb-reader.ts';
import { DocumentError } from './document-error.ts';
import { readHwpFileHeader } from './hwp-reader.ts';
import type { InflateBudget } from './inflate-budget.ts';
import type { ReadLimits } from './limits.ts';

/** The streams an HWP reader inflates: document settings, the body sections and embedded files. */
const INFLATED_STREAMS = /^(DocInfo$|BodyText\/|BinData\/)/i;

/**
 * Inflates the compressed streams of an HWP 5 file against the decompression budget before the
 * reader parses them, so a bomb stops here at the file's budget whatever its streams declare.
 * Streams that are not deflate data (a stored picture) are left alone.
 */
export function checkHwpStreams(bytes: Uint8Array, budget: InflateBudget, limits: ReadLimits): void {
  let cfb: CfbFile;
  try {
    cfb = new CfbFile(bytes);
    if (!readHwpFileHeader(cfb).compressed) return;
  } catch {
    return; // not readable as HWP: the reader reports why
  }
  for (const entry of cfb.entries) {
    if (entry.type !== 'stream' || !INFLATED_STREAMS.test(entry.path)) continue;
    const data = cfb.read(entry.path, limits.maxZipEntryBytes);
    try {
      budget.inflateRaw(data, `HWP stream ${entry.path}`, limits.maxZipEntryBytes);
    } catch (error) {
      if (error instanceof DocumentError && error.reason === 'zip-bomb') throw error;
    }
  }
}
