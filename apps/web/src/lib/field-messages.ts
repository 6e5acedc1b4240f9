// A schema's message for a field, in the page's language. The contracts write their messages in
// Korean (the spec's words); their English comes from a table that loads with the English texts
// (lib/i18n.ts), so a Korean page downloads none of it.
import type { Language } from '@ssaem/contracts/errors';

let toEnglish: ((message: string) => string) | null = null;

/** Makes field messages follow `language`: the English table is loaded before English is shown. */
export async function loadFieldMessagesIn(language: Language): Promise<void> {
  if (language !== 'en') {
    toEnglish = null;
    return;
  }
  const { englishMessage } = await import('@ssaem/contracts/messages-en');
  toEnglish = englishMessage;
}

/** `message` as the page shows it: Korean as written, or its English on an English page. */
export function fieldMessage(message: string): string {
  return toEnglish ? toEnglish(message) : message;
}
