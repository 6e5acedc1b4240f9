import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isRegisteredPath } from '../../app/route-registry';
import { appRoutes } from '../../app/routes';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { PublicLibraryPage } from './components/public-library-page';
import { fakeFetch, on } from './library-fixtures';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/shared/library/:token', element: <PublicLibraryPage /> }], {
    initialEntries: [path],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

beforeEach(async () => {
  await loadPageTexts(['library']);
});

describe('PublicLibraryPage', () => {
  it('shows a public item to anyone holding its link', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/public/library/tok-123', () =>
        Response.json({
          title: '3학년 수학 분수 단원 수업 자료',
          libraryType: 'LESSON',
          materialType: 'lesson',
          school: '서울가락초등학교',
          gradeName: '초3',
          subjectName: '수학',
          createdAt: '2026-03-10T09:00:00.000Z',
          content: null,
          text: '분수의 뜻\n분수의 크기 비교',
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/shared/library/tok-123');
    expect(
      await screen.findByRole('heading', { level: 1, name: '3학년 수학 분수 단원 수업 자료' }),
    ).toBeTruthy();
    expect(screen.getByText('분수의 크기 비교')).toBeTruthy();
    expect(screen.getByText(/서울가락초등학교 · 초3 · 수학/)).toBeTruthy();
    expect(calls[0]?.url.pathname).toBe('/api/v1/public/library/tok-123');
  });

  it('says the link is not (or no longer) public on 404', async () => {
    const { fetchMock } = fakeFetch([]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/shared/library/gone');
    expect(
      await screen.findByRole('heading', { level: 1, name: '자료를 찾을 수 없거나 더 이상 공개되지 않아요' }),
    ).toBeTruthy();
  });

  it('renders a summary’s keywords and points', async () => {
    const { fetchMock } = fakeFetch([
      on('GET', '/api/v1/public/library/sum', () =>
        Response.json({
          title: '광합성 요약',
          libraryType: 'SUMMARY',
          materialType: 'summary',
          school: null,
          gradeName: null,
          subjectName: null,
          createdAt: '2026-03-10T09:00:00.000Z',
          content: {
            title: '광합성 요약',
            keywords: [{ keyword: '엽록체', explanation: '빛을 받아 양분을 만드는 곳' }],
            summary: ['식물은 빛으로 양분을 만든다.'],
            engine: 'offline',
            notice: null,
          },
          text: '엽록체\n식물은 빛으로 양분을 만든다.',
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/shared/library/sum');
    expect(await screen.findByRole('heading', { name: '핵심 낱말' })).toBeTruthy();
    expect(screen.getByText('빛을 받아 양분을 만드는 곳')).toBeTruthy();
    expect(screen.getByRole('listitem')).toBeTruthy();
  });

  it('is a public route of the app, outside sign-in, inside the public layout', async () => {
    const { fetchMock } = fakeFetch([]);
    vi.stubGlobal('fetch', fetchMock);
    expect(isRegisteredPath(appRoutes, '/shared/library/abcdefghij')).toBe(true);
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/shared/library/abcdefghij'] });
    renderWithProviders(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: '자료를 찾을 수 없거나 더 이상 공개되지 않아요' }),
    ).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shared/library/abcdefghij');
  });
});
