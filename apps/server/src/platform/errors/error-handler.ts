import {
  ERROR_CATALOGUE,
  type ErrorCode,
  type ErrorResponse,
  errorMessage,
  pickLanguage,
} from '@ssaem/contracts';
import { messageIn } from '@ssaem/contracts/messages-en';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { localizeIssueMessage } from '../i18n/validation-messages.ts';
import { type ErrorDetail, isAppError } from './app-error.ts';

/** Fastify's own error codes for bodies it cannot accept, mapped to our catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'E_UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'E_VALIDATION',
  FST_ERR_CTP_BODY_TOO_LARGE: 'E_PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'E_VALIDATION',
  FST_ERR_CTP_INVALID_JSON_BODY: 'E_VALIDATION',
  FST_ERR_VALIDATION: 'E_VALIDATION',
  FST_ERR_CTP_INVALID_TYPE: 'E_VALIDATION',
  FST_REQ_FILE_TOO_LARGE: 'E_PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'E_PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'E_PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'E_UNSUPPORTED_MEDIA_TYPE',
};

/** The multipart parser's plain errors: a client's broken body, not a fault of ours. */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Unexpected end of multipart data)/;

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'E_UNAUTHORIZED';
  if (status === 403) return 'E_FORBIDDEN';
  if (status === 404) return 'E_NOT_FOUND';
  if (status === 413) return 'E_PAYLOAD_TOO_LARGE';
  if (status === 415) return 'E_UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'E_TOO_MANY_REQUESTS';
  if (status >= 500) return 'SERVER_ERROR';
  return status === 400 ? 'E_VALIDATION' : 'COMMON';
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  options: { status?: number; details?: ErrorDetail[] } = {},
): FastifyReply {
  const language = pickLanguage(request.headers['accept-language']);
  const body: ErrorResponse = { code, message: errorMessage(code, language) };
  if (options.details?.length) {
    body.details = options.details.map(({ path, message }) => ({
      path,
      // A service's own Korean message is read from the contracts' table in English.
      message: typeof message === 'string' ? messageIn(language, message) : message[language],
    }));
  }
  return reply
    .status(options.status ?? ERROR_CATALOGUE[code].status)
    .type('application/json; charset=utf-8')
    .send(body);
}

function validationDetails(error: FastifyError, request: FastifyRequest): ErrorResponse['details'] {
  const language = pickLanguage(request.headers['accept-language']);
  if (!hasZodFastifySchemaValidationErrors(error)) {
    return error.message ? [{ path: '', message: error.message }] : undefined;
  }
  const context = error.validationContext ?? 'body';
  return error.validation.map((entry) => {
    const path = entry.instancePath.split('/').filter(Boolean);
    const issue = { ...entry.params, code: entry.keyword, path, message: entry.message ?? '' };
    return {
      path: [context, ...path].join('.'),
      message: localizeIssueMessage(issue as Parameters<typeof localizeIssueMessage>[0], language),
    };
  });
}

/**
 * One error handler for the whole API: every failure leaves as `{code, message}` in the
 * request's language; stack traces and SQL stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.headers) reply.headers(error.headers);
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, error.code, { status: error.status, details: error.details });
    }
    if (error.validation || hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 'E_VALIDATION', { details: validationDetails(error, request) });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      const status = mapped === 'E_VALIDATION' ? 400 : ERROR_CATALOGUE[mapped].status;
      return sendError(request, reply, mapped, { status });
    }
    if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
      return sendError(request, reply, 'E_VALIDATION', { status: 400 });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
    return sendError(request, reply, codeForStatus(status), { status });
  });
}
