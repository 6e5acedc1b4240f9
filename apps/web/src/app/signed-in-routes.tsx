import type { RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes';
import { chatRoutes } from '../features/chat/routes';
import { classGroupRoutes } from '../features/class-group/routes';
import { classesRoutes } from '../features/classes/routes';
import { documentRoutes, immersiveDocumentRoutes } from '../features/documents/routes';
import { edutechRoutes } from '../features/edutech/routes';
import { libraryRoutes } from '../features/library/routes';
import { myMaterialsRoutes } from '../features/my-materials/routes';
import { noticeRoutes } from '../features/notices/routes';
import { quizToolRoutes } from '../features/quiz-tool/routes';
import { recordsRoutes } from '../features/records/routes';
import { standardToolRoutes } from '../features/standard-tool/routes';
import { immersiveToolViewRoutes, toolViewRoutes } from '../features/tool-views/routes';
import { toolRoutes } from '../features/tools/routes';
import { webtoonRoutes } from '../features/webtoon/routes';
import { loadAppQueryClient } from '../lib/app-query-client';
import { i18n } from '../lib/i18n';
import { isSignedIn } from '../lib/session';
import { HOME_NAMESPACES, lazyPage } from './entry-routes';

/**
 * The dashboard's loader: starts its one request (home/api.ts) as the router starts for the
 * screen, beside its code, and returns at once, so the router never waits for the answer (the home
 * shows its skeleton until it is there). Without a session the guard signs in first instead.
 */
function startDashboardRequest(): null {
  if (!isSignedIn()) return null;
  // The key's language is the one the home's own query uses (useDashboard).
  const language = i18n.resolvedLanguage ?? i18n.language;
  void Promise.all([import('../features/home/api'), loadAppQueryClient()])
    .then(([api, queryClient]) => api.prefetchDashboard(queryClient, language))
    // A failure is the home's to show: its own query asks again.
    .catch(() => undefined);
  return null;
}

/**
 * The signed-in screens, inside the shell (sidebar and header). A chunk of its own: the router
 * joins it to the shell route on the first visit to one of them (entry-routes.tsx), so public
 * pages never download it.
 */
export const shellRoutes: RouteObject[] = [
  {
    // The home after sign-in, made for each role; open without a licence (a teacher
    // without one is shown the way to it there).
    path: 'dashboard',
    loader: startDashboardRequest,
    lazy: lazyPage(
      () => import('../features/home/home-page'),
      (m) => m.HomePage,
      HOME_NAMESPACES,
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
];

/** The immersive screens (no sidebar), each under /immersive. */
export const immersiveRoutes: RouteObject[] = [...immersiveToolViewRoutes, ...immersiveDocumentRoutes];
