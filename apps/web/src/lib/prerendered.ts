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
