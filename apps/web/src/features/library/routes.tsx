import { type RouteObject, redirect } from 'react-router';
import { loadAppQueryClient } from '../../lib/app-query-client';
import { loadPageTexts } from '../../lib/i18n';

async function loadLibraryTexts(): Promise<void> {
  // An item reads as its tool's own view: those texts come along.
  await loadPageTexts(['library', 'toolViews', 'documents']);
}

/** The library screens for signed-in teachers (core.md §2 Library). */
export const libraryRoutes: RouteObject[] = [
  { path: 'v2/library', loader: () => redirect('/v2/library/list'), element: null },
  {
    path: 'v2/library/list',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/library-list-page'), loadLibraryTexts()]);
      return { Component: module.LibraryListPage };
    },
  },
  {
    path: 'v2/library/:id',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/library-detail-page'), loadLibraryTexts()]);
      return { Component: module.LibraryDetailPage };
    },
  },
];

/** A PUBLIC item's share link; anyone may open it, signed in or not. */
export const sharedLibraryRoute: RouteObject = {
  path: 'shared/library/:token',
  lazy: async () => {
    // In the public layout, outside the shell: it waits for the query client itself.
    const [module] = await Promise.all([
      import('./components/public-library-page'),
      loadLibraryTexts(),
      loadAppQueryClient(),
    ]);
    return { Component: module.PublicLibraryPage };
  },
};
