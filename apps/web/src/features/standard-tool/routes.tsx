import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

async function texts(): Promise<void> {
  await loadPageTexts(['standardTool', 'tools', 'toolAssistant']);
}

/** The standards tool: the form (reopened prefilled with ?recreate=) and the mapping. */
export const standardToolRoutes: RouteObject[] = [
  {
    path: 'tool/standard',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/standard-pages'), texts()]);
      return { Component: module.StandardFormPage };
    },
  },
  {
    path: 'tool/standard/:id',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/standard-pages'), texts()]);
      return { Component: module.StandardViewPage };
    },
  },
];
