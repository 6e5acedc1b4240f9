import type { Language } from '@ssaem/contracts/errors';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@ssaem/contracts/i18n';

/** The current language lives in session storage (core.md §3), so a new tab starts in Korean. */
export const LANGUAGE_STORAGE_KEY = 'ssaem.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): Language {
  try {
    const stored = window.sessionStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be disabled (private mode, strict settings); Korean is the default then.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.sessionStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not being able to remember the choice is harmless: the page still switches.
  }
}
