import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

/** The student-record workspace of a class (core.md §1 student records). */
export const recordsRoutes: RouteObject[] = [
  {
    path: 'my-class/:classroomId/records',
    lazy: async () => {
      const [module] = await Promise.all([
        import('./components/records-workspace-page'),
        loadPageTexts(['classes', 'records']),
      ]);
      return { Component: module.RecordsWorkspacePage };
    },
  },
];
