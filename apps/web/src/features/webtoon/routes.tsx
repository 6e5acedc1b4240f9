import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

async function texts(): Promise<void> {
  await loadPageTexts(['webtoon', 'toolAssistant', 'tools']);
}

/** The webtoon tool: the form (reopened prefilled with ?recreate=) and the comic. */
export const webtoonRoutes: RouteObject[] = [
  {
    path: 'tool/webtoon',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/webtoon-form-page'), texts()]);
      return { Component: module.WebtoonFormPage };
    },
  },
  {
    path: 'tool/webtoon/:id',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/webtoon-view-page'), texts()]);
      return { Component: module.WebtoonViewPage };
    },
  },
];
