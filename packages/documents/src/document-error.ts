/** Why a file was refused; the server maps every reason to the catalogue code E_FILE_001. */
export type DocumentErrorReason =
  | 'unreadable'
  | 'encrypted'
  | 'too-large'
  | 'unsupported-type'
  | 'zip-bomb'
  | 'ocr-unavailable'
  /** The reader ran out of its time. */
  | 'timeout'
  /** The reader used more memory than a file may, or crashed on the file. */
  | 'resources';

export const DOCUMENT_ERROR_CODE = 'E_FILE_001';

/** The one error the readers throw for a file they cannot or will not read. */
export class DocumentError extends Error {
  readonly code: typeof DOCUMENT_ERROR_CODE;
  readonly reason: DocumentErrorReason;

  constructor(reason: DocumentErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentError';
    this.code = DOCUMENT_ERROR_CODE;
    this.reason = reason;
  }
}

export function isDocumentError(error: unknown): error is DocumentError {
  return error instanceof DocumentError;
}

/** Wraps anything a third-party parser throws, so a hostile file never surfaces as a crash. */
export function toDocumentError(error: unknown, what: string): DocumentError {
  if (error instanceof DocumentError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new DocumentError('unreadable', `${what}: ${detail.slice(0, 300)}`, { cause: error });
}
