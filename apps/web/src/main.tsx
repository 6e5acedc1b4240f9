import './app/styles';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppTree } from './app/app-tree';
import { createAppRouter } from './app/router';
import { installAuth } from './lib/auth/install';
import { installErrorReporting } from './lib/error-reporting/report-client-error';
import { currentLanguage, initI18n } from './lib/i18n';
import { prerenderedLanguage, routerReady, showsPrerenderedLanding } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { isSignedIn } from './lib/session';

// Reporting starts first so that an error during start-up is reported too.
installErrorReporting();
// Synchronous (initAsync: false, common texts bundled): ready before the router loads a screen.
void initI18n();
const queryClient = createQueryClient();
// Before the router: the root path and the guards ask whether someone is signed in.
installAuth({ clearCaches: () => queryClient.clear() });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A public page arrives prerendered (build/prerender.ts) for a signed-out Korean visitor. The
// browser hydrates it when that is who is looking; anyone else (signed in, English chosen in this
// tab) gets the page drawn afresh. `/` is sent as the landing page, the place it sends such a visitor.
const prerendered = prerenderedLanguage(container);
const hydrate = prerendered === currentLanguage() && !isSignedIn();
if (hydrate && showsPrerenderedLanding(window.location.pathname)) {
  window.history.replaceState(
    window.history.state,
    '',
    `/landing${window.location.search}${window.location.hash}`,
  );
}
const router = createAppRouter();
const app = <AppTree queryClient={queryClient} router={<RouterProvider router={router} />} />;

if (prerendered) {
  // The page's code and texts first, so the first render is the page itself, never the loader.
  void routerReady(router).then(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
} else {
  createRoot(container).render(app);
}
