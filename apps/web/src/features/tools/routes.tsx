import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

async function loadToolTexts(): Promise<void> {
  await loadPageTexts(['tools']);
}

/** The AI tools index, its creation panels and the general document page (document-tools.md §2); teachers only. */
export const toolRoutes: RouteObject[] = [
  {
    path: 'v2/tool/list',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/tool-list-page'), loadToolTexts()]);
      return { Component: module.ToolListPage };
    },
  },
  {
    path: 'create-lesson',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/tool-list-page'), loadToolTexts()]);
      return { Component: module.CreateLessonPage };
    },
  },
  {
    // The sidebar's Create Document; a static path, so it wins over the viewer's document/:id.
    path: 'document/generate',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/document-generate-page'), loadToolTexts()]);
      return { Component: module.DocumentGeneratePage };
    },
  },
];
