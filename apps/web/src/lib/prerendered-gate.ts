// The first thing a prerendered signed-in page runs, inline in its <head>, before anything is
// painted: the page is a teacher's (their menu and buttons), and anyone else would see it for a
// moment before the light script (a module, run after the first paint) empties it. The build writes
// this function's own source into the page (visitorGateScript), and the server allows exactly that
// script by its hash in the Content-Security-Policy (apps/server/src/platform/http/prerendered-pages.ts).
import type { Language } from '@ssaem/contracts/errors';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@ssaem/contracts/i18n';
import { API_MIN_VALIDITY, USER_KEY_PREFIX } from './auth/stored-session';
import { LANGUAGE_STORAGE_KEY } from './language';
import { NOT_DRAWN_FOR_STYLE_ID, PRERENDERED_SIGNED_IN_ROLE } from './prerendered';

export interface GateOptions {
  userKeyPrefix: string;
  minValidity: number;
  role: string;
  languageKey: string;
  languages: readonly string[];
  defaultLanguage: string;
  pageLanguage: string;
  styleId: string;
}

/**
 * Hides #root unless the page was drawn for this tab's visitor: exactly one stored user, whose token
 * is usable now and holds the teacher's role alone, in the page's language, with no search in the
 * address (the rule of src/public-entry.ts). Written without imports or inner functions: its source
 * runs on its own in the page.
 */
export function hideUnlessDrawnForVisitor(options: GateOptions): void {
  let drawnFor = false;
  try {
    const store = window.sessionStorage;
    let userKey: string | null = null;
    let users = 0;
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key !== null && key.indexOf(options.userKeyPrefix) === 0) {
        userKey = key;
        users += 1;
      }
    }
    const stored = store.getItem(options.languageKey);
    const language =
      stored !== null && options.languages.indexOf(stored) !== -1 ? stored : options.defaultLanguage;
    const user = users === 1 && userKey !== null ? JSON.parse(store.getItem(userKey) ?? 'null') : null;
    const token: unknown = user ? user.access_token : undefined;
    const expiresAt: unknown = user ? user.expires_at : undefined;
    if (
      typeof token === 'string' &&
      typeof expiresAt === 'number' &&
      expiresAt - Date.now() / 1000 >= options.minValidity &&
      language === options.pageLanguage &&
      !window.location.search
    ) {
      const base64 = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
      const bytes = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
      const claims = JSON.parse(new TextDecoder().decode(bytes));
      const listed: unknown = claims?.realm_access?.roles;
      const roles: string[] = [];
      if (Array.isArray(listed)) {
        for (const role of listed)
          if (typeof role === 'string' && role.indexOf('ROLE_') === 0) roles.push(role);
      }
      drawnFor = roles.length === 1 && roles[0] === options.role;
    }
  } catch {
    drawnFor = false;
  }
  if (drawnFor) return;
  const style = document.createElement('style');
  style.id = options.styleId;
  style.textContent = '#root{visibility:hidden}';
  document.head.appendChild(style);
}

/** The gate as the page's inline script, for a page written in `pageLanguage`. */
export function visitorGateScript(pageLanguage: Language): string {
  const options: GateOptions = {
    userKeyPrefix: USER_KEY_PREFIX,
    minValidity: API_MIN_VALIDITY,
    role: PRERENDERED_SIGNED_IN_ROLE,
    languageKey: LANGUAGE_STORAGE_KEY,
    languages: LANGUAGES,
    defaultLanguage: DEFAULT_LANGUAGE,
    pageLanguage,
    styleId: NOT_DRAWN_FOR_STYLE_ID,
  };
  return `(${hideUnlessDrawnForVisitor.toString()})(${JSON.stringify(options).replace(/</g, '\\u003c')})`;
}
