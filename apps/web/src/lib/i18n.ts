import type { Language } from '@ssaem/contracts/errors';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES } from '@ssaem/contracts/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadFieldMessagesIn } from './field-messages';
import { isLanguage, readStoredLanguage, storeLanguage } from './language';

/** The app's own instance, so tests and the app never share global i18next state by accident. */
export const i18n = i18next.createInstance();

/** Texts that load with their screens; `common` (layout, errors) loads with every screen. */
export type PageNamespace =
  | 'site'
  | 'landing'
  | 'teacher'
  | 'pricing'
  | 'about'
  | 'events'
  | 'home'
  | 'chat'
  | 'account'
  | 'signup'
  | 'library'
  | 'documents'
  | 'toolViews'
  | 'classGroup'
  | 'standardTool'
  | 'webtoon'
  | 'toolAssistant'
  | 'quizTool'
  | 'tools'
  | 'classes'
  | 'records'
  | 'admin'
  | 'edutech'
  | 'notices'
  | 'dashboard';

// One small chunk per language and namespace: a screen downloads only the texts it shows, in the
// language shown. The common texts too: the first screen waits for them in the visitor's language,
// and the other language loads only when a visitor switches to it. Every namespace is complete in
// both languages (locales.test.ts), so no fallback language is ever needed.
const textLoaders = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  import: 'default',
});
const usedNamespaces = new Set<PageNamespace>();

/** Keeps `<html lang>` and session storage in step with the language shown. */
function followLanguage(language: string): void {
  // The build's prerender (src/prerender.tsx) has no document.
  if (!isLanguage(language) || typeof document === 'undefined') return;
  document.documentElement.lang = language;
  storeLanguage(language);
}

/**
 * Sets i18n up at once (the language is known: stored in this tab, or Korean) and resolves when
 * the common texts of that language are there. Screens wait for them too (loadPageTexts), and
 * main.tsx draws nothing before, so no key ever shows in place of its text.
 */
export function initI18n(language: Language = readStoredLanguage()): Promise<void> {
  i18n.use(initReactI18next);
  i18n.on('languageChanged', followLanguage);
  void i18n.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: ['common'],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return Promise.all([loadNamespace('common', language), loadFieldMessagesIn(language)]).then(
    () => undefined,
  );
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

async function loadNamespace(namespace: PageNamespace | 'common', language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = textLoaders[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No ${language} texts for ${namespace}`);
  i18n.addResourceBundle(language, namespace, await load(), true, true);
}

/**
 * Loads page texts, with the common texts, before their screen renders (route lazy) and remembers
 * them for language switches.
 */
export async function loadPageTexts(
  namespaces: readonly PageNamespace[],
  language: Language = currentLanguage(),
): Promise<void> {
  for (const namespace of namespaces) usedNamespaces.add(namespace);
  await Promise.all(
    (['common', ...namespaces] as const).map((namespace) => loadNamespace(namespace, language)),
  );
}

/** Switches language once every page text in use is there, so nothing flashes untranslated. */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([loadPageTexts([...usedNamespaces], language), loadFieldMessagesIn(language)]);
  await i18n.changeLanguage(language);
}
