import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorMessage } from './api-error-message';
import { changeLanguage, i18n } from './i18n';

describe('apiErrorMessage', () => {
  it('translates the code, not the server text', async () => {
    const error = new ApiError('E_ALREADY_FULL', 409, 'whatever the server said');
    expect(apiErrorMessage(error, i18n.t)).toBe('고정할 수 있는 최대 개수에 도달했습니다.');
    await changeLanguage('en');
    expect(apiErrorMessage(error, i18n.t)).toBe('The maximum number of pinned items has been reached.');
  });

  it("falls back to the server's message for a code it does not know yet", () => {
    expect(apiErrorMessage(new ApiError('E_SOMETHING_NEW', 400, '새 오류'), i18n.t)).toBe('새 오류');
  });

  it('uses the common message for anything that is not an API error', () => {
    expect(apiErrorMessage(new Error('x'), i18n.t)).toBe(
      '오류가 발생했습니다. 새로고침하거나 잠시 후 다시 시도해 주세요.',
    );
  });
});
