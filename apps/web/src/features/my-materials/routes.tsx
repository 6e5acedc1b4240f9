import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

/** My Materials (core.md §2); its texts share the library's namespace. */
export const myMaterialsRoutes: RouteObject[] = [
  {
    path: 'my-materials',
    lazy: async () => {
      const [module] = await Promise.all([
        import('./components/my-materials-page'),
        loadPageTexts(['library']),
      ]);
      return { Component: module.MyMaterialsPage };
    },
  },
];
