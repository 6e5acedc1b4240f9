import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/** The translated message for a failed call, chosen by its code (core.md §8). */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  const code = isApiError(error) ? error.code : 'COMMON';
  return t(`errors.${code}`, { defaultValue: t('errors.COMMON') }) as string;
}
