import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppTree } from './app/app-tree';
import { appRoutes } from './app/routes';
import { FIRST_PAINT_SLOT } from './features/edutech/first-paint-slots';
import { hasRealmRole } from './lib/auth/auth-client';
import { routerReady } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { isSignedIn } from './lib/session';
import { firstPaintTexts, pageMeta, renderPage, renderSignedInPage } from './prerender';

// The build writes these pages as HTML (build/prerender.ts); the browser hydrates them (main.tsx).
const HEADLINES: Record<string, string> = {
  '/landing': '수업 준비부터 가정통신문까지, 쌤이 함께할게요',
  '/pricing': '선생님과 학교에 맞는 요금제',
  '/home': '쌤에 오신 것을 환영해요',
  '/signup': '회원가입',
};

// hydrateRoot is called directly (not through testing-library's render), so act is enabled here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  delete document.documentElement.dataset.appStarted;
});

/** Puts the prerendered HTML in the page and hydrates it as main.tsx does; returns what React complained about. */
async function hydrate(path: string, html: string) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const complaints: unknown[][] = [];
  const record = (...args: unknown[]) => complaints.push(args);
  vi.spyOn(console, 'error').mockImplementation(record);
  vi.spyOn(console, 'warn').mockImplementation(record);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  await routerReady(router);
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppTree queryClient={createQueryClient()} router={<RouterProvider router={router} />} />,
      { onRecoverableError: (error) => complaints.push(['recoverable', error]) },
    );
  });
  return { container, complaints };
}

describe('prerendered public pages', () => {
  for (const [path, headline] of Object.entries(HEADLINES)) {
    it(`${path} is written with its headline and hydrates without a mismatch`, async () => {
      const html = await renderPage(path);
      expect(html).toContain(headline);
      const { container, complaints } = await hydrate(path, html);
      expect(complaints).toEqual([]);
      expect(container.textContent).toContain(headline);
      expect(document.documentElement.dataset.appStarted).toBe('true');
    });
  }

  it('gives each page its own title and description', async () => {
    await renderPage('/pricing');
    const meta = pageMeta('pricing');
    expect(meta.title).toContain('요금제');
    expect(meta.description.length).toBeGreaterThan(40);
  });

  it('refuses a path that is not a page of its own', async () => {
    await expect(renderPage('/')).rejects.toThrow(/redirects/);
  });
});

describe('the prerendered signed-in catalogue', () => {
  it('is drawn for a teacher: the teacher’s menu, the page, skeletons where the teacher’s data goes', async () => {
    const html = await renderSignedInPage('/edutech');
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('에듀테크');
    // The buttons and menu of a teacher (no other role): my edutech, no vendor or review pages.
    expect(page.querySelector('a[href="/my-edutech"]')).not.toBeNull();
    expect(page.querySelector('a[href="/edutech/vendor"], a[href="/edutech/review"]')).toBeNull();
    expect(page.querySelector('nav a[href="/dashboard"]')).not.toBeNull();
    // The two parts the light script fills, waiting for their data.
    const slots = [...page.querySelectorAll('[data-first-paint]')].map((slot) => [
      slot.getAttribute('data-first-paint'),
      slot.getAttribute('aria-busy'),
    ]);
    expect(slots).toEqual([
      [FIRST_PAINT_SLOT.strip, 'true'],
      [FIRST_PAINT_SLOT.results, 'true'],
    ]);
    // The stand-in's session ends with the render: nobody is signed in or holds a role after it.
    expect(hasRealmRole('ROLE_TEACHER')).toBe(false);
    expect(isSignedIn()).toBe(false);
    expect(await renderPage('/landing')).toContain(HEADLINES['/landing']);
  });

  it('carries the texts its templates are filled with', async () => {
    await renderSignedInPage('/edutech');
    const texts = JSON.parse(firstPaintTexts());
    expect(texts.catalogue.total).toBe('총 {{total}}개');
    expect(texts.categories.MATH).toBe('수학');
    expect(Object.keys(texts).sort()).toEqual([
      'card',
      'catalogue',
      'categories',
      'levels',
      'reasons',
      'strip',
    ]);
  });
});
