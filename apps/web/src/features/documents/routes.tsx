import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

type Screens = typeof import('./document-screens');

/** One import for every document screen; the settings form is the library's, so its texts come too. */
function screen(pick: (screens: Screens) => ComponentType): RouteObject['lazy'] {
  return async () => {
    const [screens] = await Promise.all([
      import('./document-screens'),
      loadPageTexts(['documents', 'library']),
    ]);
    return { Component: pick(screens) };
  };
}

const viewer = screen((s) => s.DocumentViewerPage);

/** The editor and the viewer of a library item, for signed-in teachers (document-tools.md §2). */
export const documentRoutes: RouteObject[] = [
  { path: 'document/editor/:id', lazy: screen((s) => s.DocumentEditorPage) },
  { path: 'document/:id', lazy: viewer },
];

/** The same viewer full-screen, and the HWP editor for a new or opened file. */
export const immersiveDocumentRoutes: RouteObject[] = [
  {
    lazy: screen((s) => s.ImmersiveDocumentGuard),
    children: [
      { path: 'document/editor', lazy: screen((s) => s.NewDocumentEditorPage) },
      {
        // The generator opened full screen; a static path, so it wins over document/:id.
        path: 'document/generate',
        lazy: async () => {
          const [module] = await Promise.all([
            import('../tools/components/document-generate-page'),
            loadPageTexts(['tools']),
          ]);
          return { Component: module.DocumentGeneratePage };
        },
      },
      { path: 'document/:id', lazy: viewer },
    ],
  },
];
