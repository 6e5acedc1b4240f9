import type { ComponentType } from 'react';
import { type PatchRoutesOnNavigationFunction, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { sharedLibraryRoute } from '../features/library/routes';
import { publicNoticeRoutes } from '../features/notices/routes';
import { loadAppQueryClient } from '../lib/app-query-client';
import { warmFormats } from '../lib/format';
import { currentLanguage, loadPageTexts, type PageNamespace } from '../lib/i18n';
import { isSignedIn } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from './route-error-page';

/** The routes the signed-in route table (signed-in-routes.tsx) fills in. */
export const SHELL_ROUTE_ID = 'shell';
export const IMMERSIVE_ROUTE_ID = 'immersive';

/** The texts of the home after sign-in (/dashboard, signed-in-routes.tsx). */
export const HOME_NAMESPACES = [
  'dashboard',
  'home',
  'library',
  'account',
  'edutech',
] as const satisfies readonly PageNamespace[];

/**
 * Starts downloading what the home after sign-in draws with: the signed-in route table with the
 * shell, the home page and its texts (the build groups the code into a few chunks,
 * apps/web/build/signed-in-chunk.ts). Called while the sign-in is completed, so on a slow link the
 * code arrives with the tokens instead of after them; a failure is left to the route that needs it.
 * The code is downloaded, not run (app/home-code-download.ts): running it took longer than the
 * tokens' round trip on a slow phone, and the tokens' answer waited for it.
 */
export function warmSignedInHome(): void {
  const ignore = () => undefined;
  void import('./home-code-download').catch(ignore);
  void loadPageTexts(HOME_NAMESPACES).catch(ignore);
  // The home writes dates: the language's locale data loads now, in a task of its own, while the
  // page waits for the tokens, not during the home's first render.
  setTimeout(() => warmFormats(currentLanguage()), 0);
}

/** Where `/` sends a visitor: the signed-in to their home (/dashboard), everyone else to /landing. */
export function rootDestination(): string {
  return isSignedIn() ? '/dashboard' : '/landing';
}

/**
 * A lazily loaded screen: its code, its texts (in the current language) and the query client
 * download in parallel, and the router renders it only when all are there.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: readonly PageNamespace[] = [],
): RouteObject['lazy'] {
  // The function form: the router keeps what it returns on its own copy of the route, so one
  // route table can serve several routers (tests create one each).
  return async () => {
    const [module] = await Promise.all([load(), loadPageTexts(namespaces), loadAppQueryClient()]);
    return { Component: pick(module) };
  };
}

/**
 * A lazily loaded screen that asks the server for nothing (nor do its children): it draws without
 * waiting for the query client, which a visitor of the public pages then never downloads.
 */
function lazyStaticPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: readonly PageNamespace[] = [],
): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), loadPageTexts(namespaces)]);
    return { Component: pick(module) };
  };
}

// Every screen is its own chunk: the first load carries only the router, the public layout and
// the page that was asked for. The signed-in screens' routes join on the first visit to one of them
// (signedInRouteDiscovery); until then their addresses fall to the catch-all below.
const publicPages: RouteObject[] = [
  {
    path: 'landing',
    lazy: lazyStaticPage(
      () => import('../features/public-site/landing-page'),
      (m) => m.LandingPage,
      ['site', 'landing'],
    ),
  },
  // core.md §2 route name Main: the public main page is /landing (where `/` sends visitors and the
  // brand links); /main is its name as an address, so it leads there rather than copy it.
  { path: 'main', loader: () => redirect('/landing'), element: null },
  {
    path: 'teacher',
    lazy: lazyStaticPage(
      () => import('../features/public-site/teacher-page'),
      (m) => m.TeacherPage,
      ['site', 'teacher'],
    ),
  },
  {
    path: 'pricing',
    lazy: lazyStaticPage(
      () => import('../features/public-site/pricing-page'),
      (m) => m.PricingPage,
      ['pricing'],
    ),
  },
  {
    path: 'about',
    lazy: lazyStaticPage(
      () => import('../features/public-site/about-page'),
      (m) => m.AboutPage,
      ['about'],
    ),
  },
  {
    path: 'contact',
    lazy: lazyPage(
      () => import('../features/public-site/contact-page'),
      (m) => m.ContactPage,
      ['about'],
    ),
  },
  {
    // core.md §2: the Fair2025 and Arena2025 event pages (the school search comes with signup's texts).
    path: 'events/:slug',
    lazy: lazyPage(
      () => import('../features/events/event-page'),
      (m) => m.EventPage,
      ['events', 'signup'],
    ),
  },
  {
    // Not static: its notice teaser asks the server for the latest notices.
    path: 'home',
    lazy: lazyPage(
      () => import('../features/public-site/home-page'),
      (m) => m.HomePage,
      ['home'],
    ),
  },
  {
    path: 'signup',
    lazy: lazyPage(
      () => import('../features/auth/signup-page'),
      (m) => m.SignupPage,
      ['signup'],
    ),
  },
  {
    path: 'find-id',
    lazy: lazyPage(
      () => import('../features/auth/find-id-page'),
      (m) => m.FindIdPage,
      ['signup'],
    ),
  },
  ...publicNoticeRoutes,
  // A PUBLIC library item's share link opens for anyone, signed in or not.
  sharedLibraryRoute,
  {
    path: '*',
    lazy: lazyStaticPage(
      () => import('./not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

export const entryRoutes: RouteObject[] = [
  {
    id: 'root',
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      // The loader always redirects; `element: null` only says so to the router.
      { index: true, loader: () => redirect(rootDestination()), element: null },
      {
        Component: PublicLayout,
        // A page that fails keeps the header and footer around its error message.
        children: [{ ErrorBoundary: RouteErrorPage, children: publicPages }],
      },
      {
        path: 'auth/callback',
        // The code exchange starts with the router, not after the screen has loaded and rendered;
        // the loader does not wait for it (the screen does, and shows a failure).
        loader: () => {
          // The address as the screen reads it (the exchange is kept per address, done once).
          const url = window.location.href;
          void import('../features/auth/sign-in-exchange').then(
            (module) => {
              void module.completeOnce(url).catch(() => undefined);
              // Most sign-ins end on the home: its code downloads while the tokens are on their
              // way. Only then: the token request goes out in the same task as the exchange starts.
              setTimeout(warmSignedInHome, 0);
            },
            () => undefined,
          );
          return null;
        },
        lazy: lazyPage(
          () => import('../features/auth/auth-callback-page'),
          (m) => m.AuthCallbackPage,
        ),
      },
      {
        // GET /oauth/openid sends browsers here to start signing in.
        path: 'auth/sign-in',
        lazy: lazyPage(
          () => import('../features/auth/sign-in-start-page'),
          (m) => m.SignInStartPage,
        ),
      },
      {
        // Signed in, without the sidebar (core.md §2).
        path: 'license-guide',
        lazy: lazyPage(
          () => import('../features/licences/license-guide-page'),
          (m) => m.LicenseGuidePage,
          ['account'],
        ),
      },
      {
        // Signed-in screens (sidebar and header) join here as their issues land. The shell signs
        // visitors in first and fills the header from users/info.
        id: SHELL_ROUTE_ID,
        lazy: lazyPage(
          () => import('../features/auth/signed-in-shell'),
          (m) => m.SignedInShell,
          ['account'],
        ),
        // Filled in by the signed-in route table (signed-in-routes.tsx) on the first visit to it.
        children: [],
      },
      {
        id: IMMERSIVE_ROUTE_ID,
        path: 'immersive',
        lazy: lazyPage(
          () => import('./layouts/immersive-layout'),
          (m) => m.ImmersiveLayout,
        ),
        // Immersive screens need an id (/immersive/document/{id}); the bare prefix has nothing to show.
        children: [{ index: true, loader: () => redirect(rootDestination()), element: null }],
      },
    ],
  },
];

/**
 * The router's `patchRoutesOnNavigation`: the first time a path is not matched by a route of its
 * own (it falls to the catch-all, or to a route with a parameter), the signed-in route table is
 * downloaded and joined to the shell and immersive routes, and the router matches the path again.
 * One per router: each router keeps its own copy of the routes.
 */
export function signedInRouteDiscovery(): PatchRoutesOnNavigationFunction {
  let joined = false;
  return async ({ patch, path, signal }) => {
    if (joined) return;
    // The home's own chunks download with the route table, not after it.
    if (path === '/dashboard') warmSignedInHome();
    const { immersiveRoutes, shellRoutes } = await import('./signed-in-routes');
    if (joined || signal.aborted) return;
    patch(SHELL_ROUTE_ID, shellRoutes);
    patch(IMMERSIVE_ROUTE_ID, immersiveRoutes);
    joined = true;
  };
}
