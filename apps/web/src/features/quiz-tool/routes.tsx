import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

async function texts(): Promise<void> {
  await loadPageTexts(['quizTool', 'tools']);
}

/** 형성평가·학습지: the form (reopened prefilled with ?recreate=) and the items. */
export const quizToolRoutes: RouteObject[] = [
  {
    path: 'tool/quiz',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/quiz-form-page'), texts()]);
      return { Component: module.QuizFormPage };
    },
  },
  {
    path: 'tool/quiz/:id',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/quiz-view-page'), texts()]);
      return { Component: module.QuizViewPage };
    },
  },
];
