import { DEFAULT_READ_LIMITS, type ReadLimits } from '@ssaem/documents/limits';

/**
 * Limits for an uploaded spreadsheet, much tighter than for documents: a class list or a list of
 * accounts is a few kilobytes, so anything near these is not one.
 */
export interface SheetLimits {
  maxFileBytes: number;
  /** Data rows read; a longer sheet is refused rather than cut. */
  maxRows: number;
  /** Columns looked at in the header row. */
  maxColumns: number;
  /** Characters kept from one cell. */
  maxCellChars: number;
  /** The zip container's limits, checked before the spreadsheet library sees a byte. */
  zip: ReadLimits;
}

const MiB = 1024 * 1024;

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  maxFileBytes: 2 * MiB,
  maxRows: 1000,
  maxColumns: 30,
  maxCellChars: 200,
  zip: {
    ...DEFAULT_READ_LIMITS,
    maxFileBytes: 2 * MiB,
    maxZipEntries: 100,
    maxZipTotalBytes: 16 * MiB,
    maxInflatedBytes: 16 * MiB,
    maxZipEntryBytes: 12 * MiB,
    maxZipRatio: 100,
    zipRatioFloorBytes: 256 * 1024,
  },
};
