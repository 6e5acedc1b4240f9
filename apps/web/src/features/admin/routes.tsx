import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

function page<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), loadPageTexts(['admin'])]);
    return { Component: pick(module) };
  };
}

/** The admin area: accounts, join requests, token usage (school administrators and the super administrator), tool catalogue, prompts, licences, audit log and error reports (the super administrator). */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: page(
      () => import('./components/admin-layout'),
      (m) => m.AdminOutlet,
    ),
    children: [
      {
        path: 'users',
        lazy: page(
          () => import('./components/users-page'),
          (m) => m.UsersPage,
        ),
      },
      {
        path: 'users/:userId',
        lazy: page(
          () => import('./components/user-detail-page'),
          (m) => m.UserDetailPage,
        ),
      },
      {
        path: 'school-requests',
        lazy: page(
          () => import('./components/school-requests-page'),
          (m) => m.SchoolRequestsPage,
        ),
      },
      {
        path: 'usage',
        lazy: page(
          () => import('./components/usage-page'),
          (m) => m.UsagePage,
        ),
      },
      {
        lazy: page(
          () => import('./components/admin-layout'),
          (m) => m.SuperAdminOutlet,
        ),
        children: [
          {
            path: 'tools',
            lazy: page(
              () => import('./components/tool-catalogue-page'),
              (m) => m.ToolCataloguePage,
            ),
          },
          {
            path: 'tools/new',
            lazy: page(
              () => import('./components/tool-edit-page'),
              (m) => m.ToolEditPage,
            ),
          },
          {
            path: 'tools/:toolId/edit',
            lazy: page(
              () => import('./components/tool-edit-page'),
              (m) => m.ToolEditPage,
            ),
          },
          {
            path: 'prompts',
            lazy: page(
              () => import('./components/prompts-page'),
              (m) => m.PromptsPage,
            ),
          },
          {
            path: 'licenses',
            lazy: page(
              () => import('./components/licences-page'),
              (m) => m.LicencesPage,
            ),
          },
          {
            path: 'partners',
            lazy: page(
              () => import('./components/partners-page'),
              (m) => m.PartnersPage,
            ),
          },
          {
            path: 'audit',
            lazy: page(
              () => import('./components/audit-page'),
              (m) => m.AuditPage,
            ),
          },
          {
            path: 'events',
            lazy: async () => {
              const [module] = await Promise.all([
                import('../events/admin-events-page'),
                loadPageTexts(['admin', 'events']),
              ]);
              return { Component: module.AdminEventsPage };
            },
          },
          {
            path: 'errors',
            lazy: page(
              () => import('./components/error-reports-page'),
              (m) => m.ErrorReportsPage,
            ),
          },
        ],
      },
    ],
  },
];
