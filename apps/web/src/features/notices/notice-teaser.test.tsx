import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { fetchLatestNotices } from './api';
import { NoticeTeaser } from './components/notice-teaser';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn(async () => responses.shift() ?? json(500, { code: 'SERVER_ERROR', message: 'x' }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const PAGE = {
  items: [
    {
      id: 3,
      title: '2학기 평가계획 도구 개선 안내',
      writer: '운영팀',
      createdAt: '2025-09-01T09:00:00Z',
      views: 128,
    },
  ],
  total: 1,
  pageIndex: 0,
  pageSize: 3,
};

function renderInRouter(element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }]);
  return renderWithProviders(<RouterProvider router={router} />);
}

beforeEach(async () => {
  await loadPageTexts(['home']);
});

describe('fetchLatestNotices', () => {
  it('asks the board for the first page', async () => {
    const fetchMock = stubFetch(json(200, PAGE));
    await expect(fetchLatestNotices(3)).resolves.toEqual(PAGE.items);
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/v1/board/list?pageIndex=0&pageSize=3',
      expect.objectContaining({ method: 'GET' }),
    ]);
  });

  it('treats a missing board as no notices', async () => {
    stubFetch(json(404, { code: 'E_NOT_FOUND', message: 'not found' }));
    await expect(fetchLatestNotices(3)).resolves.toEqual([]);
  });

  it('passes other failures on', async () => {
    stubFetch(json(403, { code: 'E_FORBIDDEN', message: 'no' }));
    await expect(fetchLatestNotices(3)).rejects.toMatchObject({ code: 'E_FORBIDDEN' });
  });
});

describe('NoticeTeaser', () => {
  it('lists the newest notices with writer, date and views', async () => {
    stubFetch(json(200, PAGE));
    renderInRouter(<NoticeTeaser />);
    expect(await screen.findByText('2학기 평가계획 도구 개선 안내')).toBeTruthy();
    expect(screen.getByText('운영팀')).toBeTruthy();
    expect(screen.getByText('조회 128')).toBeTruthy();
    expect(screen.getByRole('region', { name: '공지사항' })).toBeTruthy();
    // A visitor opens the public board; the notice itself is one click away.
    expect(screen.getByRole('link', { name: '2학기 평가계획 도구 개선 안내' }).getAttribute('href')).toBe(
      '/notices/3',
    );
    expect(screen.getByRole('link', { name: '공지사항 전체 보기' }).getAttribute('href')).toBe('/notices');
  });

  it('marks pinned and new notices', async () => {
    stubFetch(json(200, { ...PAGE, items: [{ ...PAGE.items[0], pinned: true, isNew: true }] }));
    renderInRouter(<NoticeTeaser />);
    expect(await screen.findByRole('img', { name: '고정 공지' })).toBeTruthy();
    expect(screen.getByText('새 글')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    stubFetch(json(200, { ...PAGE, items: [], total: 0 }));
    renderInRouter(<NoticeTeaser />);
    expect(await screen.findByText('아직 올라온 공지사항이 없어요.')).toBeTruthy();
  });

  it('offers a retry after a failure', async () => {
    stubFetch(json(500, { code: 'SERVER_ERROR', message: 'x' }), json(200, PAGE));
    renderInRouter(<NoticeTeaser />);
    fireEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('2학기 평가계획 도구 개선 안내')).toBeTruthy();
  });
});
