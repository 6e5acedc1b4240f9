import type { Language } from '@ssaem/contracts';
import { messageIn } from '@ssaem/contracts/messages-en';
import { z } from 'zod';

type LocaleIssue = Parameters<ReturnType<typeof z.locales.en>['localeError']>[0];

const locales = { ko: z.locales.ko(), en: z.locales.en() };

function render(language: Language, issue: LocaleIssue): string | undefined {
  const result = locales[language].localeError(issue);
  return typeof result === 'string' ? result : result?.message;
}

/**
 * Schemas carry the spec's own Korean messages (e.g. "자료명을 입력해주세요."): kept in Korean, in
 * English from the contracts' table. Zod's default English messages are re-rendered in the
 * request's language.
 */
export function localizeIssueMessage(issue: LocaleIssue & { message: string }, language: Language): string {
  const english = render('en', issue);
  if (english !== undefined && english === issue.message) return render(language, issue) ?? issue.message;
  return messageIn(language, issue.message);
}

/** An uploaded sheet's problems, each in the request's language (a report is an answer, not an error). */
export function problemsIn<T extends { message: string }>(language: Language, problems: readonly T[]): T[] {
  return problems.map((problem) => ({ ...problem, message: messageIn(language, problem.message) }));
}

/** An answer's optional message (a duplicate check's) in the request's language. */
export function withMessageIn<T extends { message: string | null }>(language: Language, answer: T): T {
  return answer.message === null ? answer : { ...answer, message: messageIn(language, answer.message) };
}
