import './app/styles';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppTree } from './app/app-tree';
import { installThemeCssVariables } from './app/css-variables';
import { createAppRouter } from './app/router';
import { appQueryClient } from './lib/app-query-client';
import { installAuth, loadAuthClient } from './lib/auth/install';
import { installErrorReporting } from './lib/error-reporting/report-client-error';
import { currentLanguage, initI18n } from './lib/i18n';
import {
  hydratesPrerendered,
  prerenderedLanguage,
  prerenderedSignedInPage,
  routerReady,
  showsPrerenderedLanding,
} from './lib/prerendered';
import { isSignedIn } from './lib/session';

// Reporting starts first so that an error during start-up is reported too.
installErrorReporting();
// Mantine's variables, before anything is drawn (the stylesheet does not carry them).
installThemeCssVariables();
// Set up at once, so the router's screens load their texts in the right language; the common texts
// arrive with the first screen, and nothing is drawn before them.
const textsReady = initI18n();
// Before the router: the root path and the guards ask whether someone is signed in.
installAuth({ clearCaches: () => appQueryClient()?.clear() });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A public page arrives prerendered (build/prerender.ts) for a signed-out Korean visitor. The
// browser hydrates it when that is who is looking; anyone else (signed in, English chosen in this
// tab) gets the page drawn afresh, and so does everyone on a signed-in page (it was drawn for a
// teacher, and filled in or emptied by its light script). `/` is sent as the landing page, the
// place it sends such a visitor.
const prerendered = prerenderedLanguage(container);
const hydrate = hydratesPrerendered(container, currentLanguage(), isSignedIn());
if (hydrate && showsPrerenderedLanding(window.location.pathname)) {
  window.history.replaceState(
    window.history.state,
    '',
    `/landing${window.location.search}${window.location.hash}`,
  );
}
const router = createAppRouter();
// No query client here: it loads with the first screen that fetches (lib/app-query-client).
const app = <AppTree router={<RouterProvider router={router} />} />;

// A signed-in user's token is read before the first render too: the guards then draw the page at
// once, as the prerendered signed-in page showed it, rather than a loader for a moment.
const userRead =
  isSignedIn() && prerenderedSignedInPage(container)
    ? loadAuthClient().then((auth) => auth.loadUser())
    : null;

if (prerendered) {
  // The page's code and texts first, so the first render is the page itself, never the loader.
  void Promise.all([textsReady, routerReady(router), userRead?.catch(() => null)]).then(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
} else {
  void textsReady.then(() => createRoot(container).render(app));
}
