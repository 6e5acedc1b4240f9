import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../lib/language';
import { setSessionProbe } from '../lib/session';
import { renderWithProviders } from '../test/render';
import { isRegisteredPath } from './route-registry';
import { appRoutes } from './routes';

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  // The home page asks for notices; a server without a board answers 404.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'E_NOT_FOUND', message: 'not found' }), { status: 404 }),
    ),
  );
});

afterEach(() => setSessionProbe(null));

describe('root path', () => {
  it('sends visitors without a session to /landing', async () => {
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
  });

  it('sends the signed-in to their home, /dashboard', async () => {
    setSessionProbe(() => true);
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('leads the route name Main (/main) to the public main page, /landing', async () => {
    const router = renderApp('/main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(
      await screen.findByRole('heading', { level: 1, name: '수업 준비부터 가정통신문까지, 쌤이 함께할게요' }),
    ).toBeTruthy();
  });
});

describe('public pages', () => {
  it.each([
    ['/landing', '수업 준비부터 가정통신문까지, 쌤이 함께할게요'],
    ['/teacher', '반복되는 문서는 쌤에게, 아이들과의 시간은 선생님께'],
    ['/pricing', '선생님과 학교에 맞는 요금제'],
    ['/home', '쌤에 오신 것을 환영해요'],
    ['/events/fair2025', '쌤 페어 2025'],
  ])('%s renders its page inside the public layout', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '주요 메뉴' })).toBeTruthy();
  });

  it.each(['/landing', '/teacher', '/pricing', '/home', '/events/arena2025', '/no-such-page'])(
    '%s links only to routes that exist',
    async (path) => {
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      const internal = screen
        .getAllByRole('link')
        .map((link) => link.getAttribute('href') ?? '')
        .filter((href) => href.startsWith('/') && !href.startsWith('/downloads/'));
      expect(internal.length).toBeGreaterThan(0);
      for (const href of internal) {
        const pathname = href.split('#')[0] || path;
        expect(isRegisteredPath(appRoutes, pathname), href).toBe(true);
      }
    },
  );

  it('offers the introduction as a real download in the current language', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    const [download] = screen.getAllByRole('link', { name: '소개 자료 내려받기' });
    expect(download?.getAttribute('href')).toBe('/downloads/ssaem-introduction-ko.pdf');
    expect(download?.hasAttribute('download')).toBe(true);
  });

  it('shows a 404 page in the public layout for unknown paths', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '찾으시는 페이지가 없어요' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '주요 메뉴' })).toBeTruthy();
  });

  it('does not show the immersive frame without a screen in it', async () => {
    const router = renderApp('/immersive');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
  });
});

describe('landing page', () => {
  it('has the features, testimonials and FAQ sections the anchors point to', async () => {
    renderApp('/landing');
    await screen.findByRole('heading', { level: 1 });
    for (const [id, name] of [
      ['features', '선생님의 일을 덜어 주는 도구'],
      ['testimonials', '먼저 써 본 선생님들의 이야기'],
      ['faq', '자주 묻는 질문'],
      ['events', '쌤 행사'],
    ] as const) {
      const section = document.getElementById(id);
      expect(section?.tagName).toBe('SECTION');
      expect(within(section as HTMLElement).getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    const sectionNav = screen.getByRole('navigation', { name: '이 페이지의 내용' });
    expect(
      within(sectionNav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/landing#features', '/landing#testimonials', '/landing#faq']);
  });

  it('switches to English and back, with <html lang> and session storage following', async () => {
    renderApp('/landing');
    await screen.findByRole('heading', { level: 1, name: '수업 준비부터 가정통신문까지, 쌤이 함께할게요' });

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'From lesson prep to letters home, Ssaem is with you',
      }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Switched to English.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '한국어' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: '수업 준비부터 가정통신문까지, 쌤이 함께할게요' }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('ko');
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
  });
});
