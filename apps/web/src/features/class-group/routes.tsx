import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

async function texts(): Promise<void> {
  await loadPageTexts(['classGroup']);
}

/** 모둠 편성: the form (also reopened prefilled to make the groups again) and the groups. */
export const classGroupRoutes: RouteObject[] = [
  {
    path: 'tool/class-group',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/class-group-form-page'), texts()]);
      return { Component: module.ClassGroupFormPage };
    },
  },
  {
    path: 'tool/class-group/:id',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/class-group-view-page'), texts()]);
      return { Component: module.ClassGroupViewPage };
    },
  },
];
