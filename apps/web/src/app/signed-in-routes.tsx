import type { RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes';
import { chatRoutes } from '../features/chat/routes';
import { classGroupRoutes } from '../features/class-group/routes';
import { classesRoutes } from '../features/classes/routes';
import { documentRoutes, immersiveDocumentRoutes } from '../features/documents/routes';
import { edutechRoutes } from '../features/edutech/routes';
import { startDashboardRequest } from '../features/home/dashboard-request';
import { libraryRoutes } from '../features/library/routes';
import { myMaterialsRoutes } from '../features/my-materials/routes';
import { noticeRoutes } from '../features/notices/routes';
import { quizToolRoutes } from '../features/quiz-tool/routes';
import { recordsRoutes } from '../features/records/routes';
import { standardToolRoutes } from '../features/standard-tool/routes';
import { immersiveToolViewRoutes, toolViewRoutes } from '../features/tool-views/routes';
import { toolRoutes } from '../features/tools/routes';
import { webtoonRoutes } from '../features/webtoon/routes';
import { HOME_NAMESPACES, lazyPage } from './entry-routes';

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
    // The home's one request starts with the router, beside the screen's code, instead of after
    // the shell and the home have rendered; the router does not wait for it (the home shows its
    // skeleton until the answer is there).
    loader: () => {
      startDashboardRequest();
      return null;
    },
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
