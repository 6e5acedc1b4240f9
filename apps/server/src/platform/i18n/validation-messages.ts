import type { Language } from '@ssaem/contracts';
import { z } from 'zod';

type LocaleIssue = Parameters<ReturnType<typeof z.locales.en>['localeError']>[0];

const locales = { ko: z.locales.ko(), en: z.locales.en() };

function render(language: Language, issue: LocaleIssue): string | undefined {
  const result = locales[language].localeError(issue);
  return typeof result === 'string' ? result : result?.message;
}

/**
 * Schemas carry the spec's own messages (e.g. "자료명을 입력해주세요."); those are kept. Zod's
 * default English messages are re-rendered in the request's language.
 */
export function localizeIssueMessage(issue: LocaleIssue & { message: string }, language: Language): string {
  const english = render('en', issue);
  if (english !== undefined && english === issue.message) return render(language, issue) ?? issue.message;
  return issue.message;
}
