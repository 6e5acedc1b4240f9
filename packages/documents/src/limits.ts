/**
 * Upper bounds for reading untrusted uploads. Every reader takes them as an option so the server
 * can tighten them per route; the defaults fit school documents with pictures.
 */
export type ReadLimits = {
  /** Largest accepted upload. */
  maxFileBytes: number;
  /** Zip containers (HWPX, DOCX): entries, total and per-entry uncompressed size. */
  maxZipEntries: number;
  maxZipTotalBytes: number;
  maxZipEntryBytes: number;
  /** Compression ratio above which a large entry counts as a bomb. */
  maxZipRatio: number;
  /** Entries smaller than this are never judged by ratio (tiny XML compresses very well). */
  zipRatioFloorBytes: number;
  /** PDF pages read for text. */
  maxPdfPages: number;
  /** Pixels an image may have before OCR refuses it. */
  maxImagePixels: number;
  /** Characters of extracted text kept. */
  maxTextChars: number;
  /**
   * Bytes one file may decompress to in all (zip entries, PDF and HWP streams, image pixels),
   * counted while inflating: the budget that stops a bomb whatever its container declares.
   */
  maxInflatedBytes: number;
};

const MiB = 1024 * 1024;

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxFileBytes: 50 * MiB,
  maxZipEntries: 5000,
  maxZipTotalBytes: 300 * MiB,
  maxZipEntryBytes: 100 * MiB,
  maxZipRatio: 200,
  zipRatioFloorBytes: MiB,
  maxPdfPages: 2000,
  maxImagePixels: 40_000_000,
  maxTextChars: 5_000_000,
  maxInflatedBytes: 160 * MiB,
};

export function resolveLimits(overrides: Partial<ReadLimits> | undefined): ReadLimits {
  return overrides ? { ...DEFAULT_READ_LIMITS, ...overrides } : DEFAULT_READ_LIMITS;
}
