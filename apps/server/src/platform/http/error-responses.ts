import { errorResponseSchema } from '@ssaem/contracts';

/**
 * The error statuses routes declare for the OpenAPI document; every error body has the same shape
 * ({code, message}), whatever the status.
 */
export const ERROR_RESPONSES = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};
