import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { renderWithProviders } from '../../test/render';

// Mantine's autosize textarea listens for web fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/** Renders one view at `entry` under `path`, as the router would; returns the router to inspect. */
export function renderView(path: string, element: ReactElement, entry: string) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}
