import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { adminRoutes } from '../features/admin/routes';
import { chatRoutes } from '../features/chat/routes';
import { classGroupRoutes } from '../features/class-group/routes';
import { classesRoutes } from '../features/classes/routes';
import { documentRoutes, immersiveDocumentRoutes } from '../features/documents/routes';
import { edutechRoutes } from '../features/edutech/routes';
import { libraryRoutes, sharedLibraryRoute } from '../features/library/routes';
import { myMaterialsRoutes } from '../features/my-materials/routes';
import { noticeRoutes, publicNoticeRoutes } from '../features/notices/routes';
import { quizToolRoutes } from '../features/quiz-tool/routes';
import { recordsRoutes } from '../features/records/routes';
import { standardToolRoutes } from '../features/standard-tool/routes';
import { immersiveToolViewRoutes, toolViewRoutes } from '../features/tool-views/routes';
import { toolRoutes } from '../features/tools/routes';
import { webtoonRoutes } from '../features/webtoon/routes';
import { loadPageTexts, type PageNamespace } from '../lib/i18n';
import { isSignedIn } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from './route-error-page';

/** Where `/` sends a visitor: the signed-in to their home (/dashboard), everyone else to /landing. */
export function rootDestination(): string {
  return isSignedIn() ? '/dashboard' : '/landing';
}

/**
 * A lazily loaded screen: its code and its texts (in the current language) download in parallel,
 * and the router renders it only when both are there.
 */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: readonly PageNamespace[] = [],
): RouteObject['lazy'] {
  // The function form: the router keeps what it returns on its own copy of the route, so one
  // route table can serve several routers (tests create one each).
  return async () => {
    const [module] = await Promise.all([load(), loadPageTexts(namespaces)]);
    return { Component: pick(module) };
  };
}

// Every screen is its own chunk: the first load carries only the router, the public layout and
// the page that was asked for.
const publicPages: RouteObject[] = [
  {
    path: 'landing',
    lazy: lazyPage(
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
    lazy: lazyPage(
      () => import('../features/public-site/teacher-page'),
      (m) => m.TeacherPage,
      ['site', 'teacher'],
    ),
  },
  {
    path: 'pricing',
    lazy: lazyPage(
      () => import('../features/public-site/pricing-page'),
      (m) => m.PricingPage,
      ['pricing'],
    ),
  },
  {
    path: 'about',
    lazy: lazyPage(
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
    lazy: lazyPage(
      () => import('./not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

export const appRoutes: RouteObject[] = [
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
        id: 'shell',
        lazy: lazyPage(
          () => import('../features/auth/signed-in-shell'),
          (m) => m.SignedInShell,
          ['account'],
        ),
        children: [
          {
            // The home after sign-in, made for each role; open without a licence (a teacher
            // without one is shown the way to it there).
            path: 'dashboard',
            lazy: lazyPage(
              () => import('../features/home/home-page'),
              (m) => m.HomePage,
              ['dashboard', 'home', 'library', 'account', 'edutech'],
            ),
          },
          {
            path: 'my-info',
            lazy: lazyPage(
              () => import('../features/account/my-info-page'),
              (m) => m.MyInfoPage,
              ['account', 'admin'],
            ),
          },
          // The admin area needs no licence: a super administrator may hold none.
          ...adminRoutes,
          // EduTech needs no Ssaem licence: teachers, administrators and providers (each screen checks its roles).
          ...edutechRoutes,
          // The notice board is for every signed-in role, licence or not.
          ...noticeRoutes,
          {
            // Screens that need a valid licence; the rest go to /license-guide.
            id: 'licensed',
            lazy: lazyPage(
              () => import('../features/licences/require-licence'),
              (m) => m.RequireLicence,
            ),
            children: [
              {
                lazy: lazyPage(
                  () => import('../features/auth/require-roles'),
                  (m) => m.TeacherOnlyOutlet,
                ),
                children: [
                  ...chatRoutes,
                  ...libraryRoutes,
                  ...myMaterialsRoutes,
                  ...documentRoutes,
                  ...toolRoutes,
                  ...toolViewRoutes,
                  ...classGroupRoutes,
                  ...standardToolRoutes,
                  ...webtoonRoutes,
                  ...quizToolRoutes,
                  ...classesRoutes,
                  ...recordsRoutes,
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'immersive',
        lazy: lazyPage(
          () => import('./layouts/immersive-layout'),
          (m) => m.ImmersiveLayout,
        ),
        // Immersive screens need an id (/immersive/document/{id}); the bare prefix has nothing to show.
        children: [
          { index: true, loader: () => redirect(rootDestination()), element: null },
          ...immersiveToolViewRoutes,
          ...immersiveDocumentRoutes,
        ],
      },
    ],
  },
];
