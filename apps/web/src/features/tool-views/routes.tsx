import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

function view<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), loadPageTexts(['toolViews'])]);
    return { Component: pick(module) };
  };
}

const lessonPlan = view(
  () => import('./components/lesson-plan-page'),
  (m) => m.LessonPlanPage,
);
const lessonSlides = view(
  () => import('./components/lesson-slides-page'),
  (m) => m.LessonSlidesPage,
);

/** Result views in the signed-in teachers' block (document-tools.md §2 "other tool routes"). */
export const toolViewRoutes: RouteObject[] = [
  { path: 'tool/lesson-plan/:id', lazy: lessonPlan },
  { path: 'tool/lesson-slide/:id', lazy: lessonSlides },
];

/** Where generation leads (document-tools.md §2 destinations), inside the immersive frame. */
export const immersiveToolViewRoutes: RouteObject[] = [
  {
    lazy: view(
      () => import('./components/immersive-tool-guard'),
      (m) => m.ImmersiveToolGuard,
    ),
    children: [
      {
        path: 'create-summary',
        lazy: view(
          () => import('./components/summary-view-page'),
          (m) => m.SummaryViewPage,
        ),
      },
      {
        path: 'create-text-correction',
        lazy: view(
          () => import('./components/text-correction-view-page'),
          (m) => m.TextCorrectionViewPage,
        ),
      },
      {
        path: 'create-feedback',
        lazy: view(
          () => import('./components/feedback-view-page'),
          (m) => m.FeedbackViewPage,
        ),
      },
      { path: 'create-lesson/:id', lazy: lessonPlan },
      { path: 'lesson-slide/:id', lazy: lessonSlides },
    ],
  },
];
