import type { Language } from '@ssaem/contracts/errors';
import type { createBrowserRouter } from 'react-router';
import { isLanguage } from './language';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The language a prerendered page was written in (`data-prerendered` on #root), or null for the SPA shell. */
export function prerenderedLanguage(container: HTMLElement): Language | null {
  const language = container.dataset.prerendered;
  return isLanguage(language) ? language : null;
}

/** The server answers `/` with the prerendered landing page: where `/` sends a signed-out visitor. */
export function showsPrerenderedLanding(pathname: string): boolean {
  return pathname === '/';
}

/** Resolves once the router has loaded the first screen's code and texts (or failed to). */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The signed-in pages the build prerenders for their first paint are drawn for a teacher with no
 * other role (whose menu and buttons they show); anyone else gets the app's own page at once.
 */
export const PRERENDERED_SIGNED_IN_ROLE = 'ROLE_TEACHER';

/**
 * The <style> a signed-in page's inline gate (lib/prerendered-gate.ts) adds to hide the page from a
 * visitor it was not drawn for, before its first paint; the light script removes it.
 */
export const NOT_DRAWN_FOR_STYLE_ID = 'ssaem-not-drawn-for';

/** The signed-in page a prerendered #root holds (`data-signed-in-page`), or null for a public page. */
export function prerenderedSignedInPage(container: HTMLElement): string | null {
  return container.dataset.signedInPage ?? null;
}

/**
 * Whether the app hydrates the prerendered page in `container` (main.tsx): a public page, written in
 * the visitor's language, for a visitor who is not signed in. A signed-in page is always drawn
 * afresh: it was written for a teacher, whoever is looking.
 */
export function hydratesPrerendered(container: HTMLElement, language: Language, signedIn: boolean): boolean {
  return (
    prerenderedLanguage(container) === language && !signedIn && prerenderedSignedInPage(container) === null
  );
}
