import { ERROR_CATALOGUE, type ErrorCode } from '@ssaem/contracts';

/** A detail's message: as written, or in both languages for the handler to pick from. */
export type DetailMessage = string | { ko: string; en: string };
export type ErrorDetail = { path: string; message: DetailMessage };

/** The one error type services throw; the error handler maps its code to status and message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      details?: ErrorDetail[];
      headers?: Record<string, string>;
      cause?: unknown;
      /** Another status than the catalogue's, where one code covers two cases (E_EXCEL_001 reading an upload: 400). */
      status?: number;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_CATALOGUE[code].status;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * What a failure that ends a stream or a job says to the teacher: its catalogue code, or COMMON for
 * anything unexpected. Never an exception's own message, which is English, internal and may name
 * configuration (a model server's words about its key); that goes to the log.
 */
export function failureCode(error: unknown): ErrorCode {
  return error instanceof AppError ? error.code : 'COMMON';
}

/** What to log for a failure: the cause an AppError wraps (a model server's own error), else itself. */
export function failureCause(error: unknown): unknown {
  return error instanceof AppError && error.cause !== undefined ? error.cause : error;
}
