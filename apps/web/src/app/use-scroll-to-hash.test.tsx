import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollToHash } from './use-scroll-to-hash';

function Layout() {
  useScrollToHash();
  return <Outlet />;
}

function Page() {
  return (
    <>
      <section id="features">features</section>
      <section id="faq">faq</section>
    </>
  );
}

function setup(initialEntry: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/landing', element: <Page /> },
          { path: '/pricing', element: <p /> },
        ],
      },
    ],
    { initialEntries: [initialEntry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrolled: Array<{ id: string; options: unknown }>;

beforeEach(() => {
  scrolled = [];
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement, options) {
    scrolled.push({ id: this.id, options });
  });
});

afterEach(() => vi.restoreAllMocks());

describe('useScrollToHash', () => {
  it('scrolls smoothly to the section of a directly loaded hash', () => {
    setup('/landing#faq');
    expect(scrolled).toEqual([{ id: 'faq', options: { behavior: 'smooth', block: 'start' } }]);
    expect(document.activeElement?.id).toBe('faq');
  });

  it('scrolls to each followed anchor, even the same one twice', async () => {
    const router = setup('/landing');
    await act(() => router.navigate('/landing#features'));
    await act(() => router.navigate('/landing#features'));
    expect(scrolled.map((entry) => entry.id)).toEqual(['features', 'features']);
  });

  it('starts a new page at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = setup('/landing');
    await act(() => router.navigate('/pricing'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
  });

  it('respects a preference for less motion', () => {
    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList,
      );
    setup('/landing#faq');
    expect(scrolled[0]?.options).toEqual({ behavior: 'auto', block: 'start' });
    matchMedia.mockRestore();
  });
});
