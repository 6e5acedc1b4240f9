import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

/** My Class for teachers (core.md §2 "My Class") and all-student management for administrators. */
export const classesRoutes: RouteObject[] = [
  {
    path: 'my-class',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/my-class-page'), loadPageTexts(['classes'])]);
      return { Component: module.MyClassPage };
    },
  },
  {
    path: 'students',
    lazy: async () => {
      const [module] = await Promise.all([
        import('./components/all-students-page'),
        loadPageTexts(['classes']),
      ]);
      return { Component: module.AllStudentsRoute };
    },
  },
];
