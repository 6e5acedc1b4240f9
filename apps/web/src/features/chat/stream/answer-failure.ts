import type { ContentPart, Message } from '@ssaem/contracts/chat';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';

/** What an error frame without a message means (core.md §8: the stream's default). */
export const STREAM_ERROR_DEFAULT = 'Stream error occurred';

/** A code of the error catalogue (core.md §8), as the server sends it in an error frame or part. */
const CATALOGUE_CODE = /^(?:E_[A-Z0-9_]+|COMMON|SERVER_ERROR)$/;

/**
 * What a saved answer says went wrong: its last error part (the server stores the catalogue code
 * there), '' when it failed without one, null when it did not fail. Its text is the answer as far
 * as it got, not the failure.
 */
export function failureOf(message: Pick<Message, 'error' | 'content'>): string | null {
  if (!message.error) return null;
  const part = message.content.findLast(
    (candidate): candidate is Extract<ContentPart, { type: 'error' }> => candidate.type === 'error',
  );
  return part?.error ?? '';
}

/**
 * The text after "오류:" on a failed answer (core.md §8): a catalogue code reads as its message in
 * the page's language, the stream's default as the status line's; what an answer saved before the
 * server sent codes holds is shown as written.
 */
export function failureText(failure: string, t: TFunction<'chat'>, tCommon: TFunction<'common'>): string {
  if (!failure) return t('messages.unknownError');
  if (failure === STREAM_ERROR_DEFAULT) return t('status.error');
  // The same message a refused call with this code shows.
  if (CATALOGUE_CODE.test(failure)) return apiErrorMessage(new ApiError(failure, 0, ''), tCommon);
  return failure;
}
