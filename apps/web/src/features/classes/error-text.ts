import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';

/** A failed call as the teacher should read it: the field problems the server named, else the code's message. */
export function errorText(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.details.length) return error.details.map((d) => d.message).join(' ');
  return apiErrorMessage(error, t);
}

/** The school year a date falls in: it starts on 1 March (DOMAIN.md). */
export function schoolYearOf(date = new Date()): number {
  return date.getMonth() < 2 ? date.getFullYear() - 1 : date.getFullYear();
}
