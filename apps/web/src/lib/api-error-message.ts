import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/**
 * The message for a failed call, chosen by its code (core.md §8). A code this build does not know
 * yet falls back to the server's message, which is already in the request's language.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  const common = t('errors.COMMON');
  if (!isApiError(error)) return common;
  return t(`errors.${error.code}` as 'errors.COMMON', { defaultValue: error.message || common });
}
