import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { NoticeBoard } from './notice-board';
import { NoticeDetailView } from './notice-detail';
import { NoticeEditor } from './notice-editor';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type FetchCall = [string, RequestInit];
function stubFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock as unknown as { mock: { calls: FetchCall[] } };
}

function renderAt(path: string, routes: { path: string; element: ReactElement }[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const row = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  number: id,
  scope: 'SCHOOL',
  schoolName: '서울가락초등학교',
  title: `공지 ${id}`,
  writer: '최민준',
  createdAt: '2025-09-01T09:00:00Z',
  views: id * 10,
  pinned: false,
  isNew: false,
  attachmentCount: 0,
  ...overrides,
});

const page = (items: unknown[], pageIndex = 0, lastPageIndex = 4) => ({
  items,
  total: 45,
  pageIndex,
  pageSize: 10,
  lastPageIndex,
});

beforeEach(async () => {
  await loadPageTexts(['notices']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NoticeBoard', () => {
  const routes = [{ path: '/notice', element: <NoticeBoard basePath="/notice" lead="소식" canWrite /> }];

  it('lists number, title, writer, date and views, pinned first with badges', async () => {
    stubFetch(() =>
      json(
        200,
        page([
          row(50, { pinned: true, number: null, title: '고정된 안내', attachmentCount: 2 }),
          row(45, { isNew: true }),
        ]),
      ),
    );
    renderAt('/notice', routes);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['번호', '제목', '작성자', '작성일', '조회']);
    const [, pinned, plain] = within(table).getAllByRole('row');
    expect(within(pinned as HTMLElement).getByRole('img', { name: '고정' })).toBeTruthy();
    expect(within(pinned as HTMLElement).getByRole('img', { name: '첨부 2개' })).toBeTruthy();
    expect(within(plain as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('45');
    expect(within(plain as HTMLElement).getByText('새 글')).toBeTruthy();
    expect(
      within(plain as HTMLElement)
        .getByRole('link', { name: '공지 45' })
        .getAttribute('href'),
    ).toBe('/notice/45');
    expect(screen.getByRole('link', { name: /글쓰기/ }).getAttribute('href')).toBe('/notice/new');
  });

  it('pages with first, previous, next and last', async () => {
    const fetchMock = stubFetch((url) => {
      const pageIndex = Number(new URL(url, 'http://x').searchParams.get('pageIndex'));
      return json(200, page([row(45 - pageIndex * 10)], pageIndex));
    });
    const router = renderAt('/notice', routes);
    await screen.findByRole('link', { name: '공지 45' });
    fireEvent.click(screen.getByRole('button', { name: '마지막 페이지' }));
    await screen.findByRole('link', { name: '공지 5' });
    expect(router.state.location.search).toBe('?page=5');
    fireEvent.click(screen.getByRole('button', { name: '이전 페이지' }));
    await screen.findByRole('link', { name: '공지 15' });
    fireEvent.click(screen.getByRole('button', { name: '첫 페이지' }));
    await screen.findByRole('link', { name: '공지 45' });
    fireEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    await screen.findByRole('link', { name: '공지 35' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v1/board/list?pageIndex=4&pageSize=10');
  });

  it('searches by writer through board/search and says when nothing matches', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/v1/board/search')
        ? json(200, { ...page([], 0, 0), total: 0 })
        : json(200, page([row(1)])),
    );
    renderAt('/notice', routes);
    await screen.findByRole('link', { name: '공지 1' });
    fireEvent.change(screen.getByRole('combobox', { name: '검색 범위' }), { target: { value: 'WRITER' } });
    fireEvent.change(screen.getByRole('textbox', { name: '검색어' }), { target: { value: '김하늘' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    expect(await screen.findByText('찾는 공지사항이 없어요. 다른 검색어로 찾아보세요.')).toBeTruthy();
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(
      `/api/v1/board/search?pageIndex=0&pageSize=10&keyword=${encodeURIComponent('김하늘')}&target=WRITER`,
    );
  });

  it('offers no write button to readers', async () => {
    stubFetch(() => json(200, page([row(1)], 0, 0)));
    renderAt('/notices', [{ path: '/notices', element: <NoticeBoard basePath="/notices" lead="소식" /> }]);
    await screen.findByRole('link', { name: '공지 1' });
    expect(screen.queryByRole('link', { name: /글쓰기/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: '공지사항 페이지' })).toBeNull();
  });
});

const detail = {
  ...row(7, { title: '학부모 상담 주간', attachmentCount: 1 }),
  bodyHtml: '<p>상담 <strong>일정</strong>입니다.</p>',
  updatedAt: '2025-09-01T09:00:00Z',
  attachments: [
    {
      id: 3,
      fileName: '일정표.pdf',
      mimeType: 'application/pdf',
      bytes: 2048,
      url: '/api/v1/board/7/attachments/3',
    },
  ],
  previous: { id: 6, title: '운동회 안내' },
  next: null,
  abilities: { edit: true, delete: true },
};

describe('NoticeDetailView', () => {
  it('shows the body, previous and next, and downloads attachments through the API client', async () => {
    const createObjectURL = vi.fn(() => 'blob:notice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const fetchMock = stubFetch((url) =>
      url.endsWith('/attachments/3')
        ? new Response(new Blob(['%PDF-1.4']), {
            status: 200,
            headers: { 'content-type': 'application/pdf' },
          })
        : json(200, detail),
    );
    renderAt('/notice/7', [{ path: '/notice/:id', element: <NoticeDetailView id={7} basePath="/notice" /> }]);
    expect(await screen.findByRole('heading', { name: '학부모 상담 주간' })).toBeTruthy();
    expect(screen.getByText('일정').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '운동회 안내' }).getAttribute('href')).toBe('/notice/6');
    expect(screen.getByText('없음')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '일정표.pdf 내려받기' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(url).toBe('/api/v1/board/7/attachments/3');
    expect(init?.method).toBe('GET');
    expect(screen.getByRole('link', { name: /수정/ }).getAttribute('href')).toBe('/notice/7/edit');
  });

  it('says a notice one may not see is not there', async () => {
    stubFetch(() => json(404, { code: 'E_NOT_FOUND', message: 'x' }));
    renderAt('/notice/9', [{ path: '/notice/:id', element: <NoticeDetailView id={9} basePath="/notice" /> }]);
    expect(
      await screen.findByText('공지사항을 찾을 수 없어요. 삭제되었거나 볼 수 없는 글이에요.'),
    ).toBeTruthy();
  });
});

describe('NoticeEditor', () => {
  const editorRoutes = (element: ReactElement) => [
    { path: '/notice/new', element },
    { path: '/notice/:id', element: <p>saved</p> },
  ];

  it('refuses an empty title and body as the server would', async () => {
    const fetchMock = stubFetch(() => json(500, {}));
    renderAt('/notice/new', editorRoutes(<NoticeEditor scopes={['SCHOOL']} basePath="/notice" />));
    fireEvent.click(await screen.findByRole('button', { name: '올리기' }));
    expect(await screen.findByText('제목을 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('내용을 입력해 주세요.')).toBeTruthy();
    expect(fetchMock.mock.calls).toHaveLength(0);
  });

  it('unticks the pin with the E_ALREADY_FULL message when the board is full', async () => {
    stubFetch((url) =>
      url.startsWith('/api/v1/board/fix/available')
        ? json(200, { available: false, pinned: 5, max: 5 })
        : json(500, {}),
    );
    renderAt('/notice/new', editorRoutes(<NoticeEditor scopes={['SCHOOL']} basePath="/notice" />));
    const pin = (await screen.findByRole('checkbox', { name: '목록 맨 위에 고정' })) as HTMLInputElement;
    fireEvent.click(pin);
    expect(await screen.findByText('고정할 수 있는 최대 개수에 도달했습니다.')).toBeTruthy();
    expect(pin.checked).toBe(false);
  });

  it('posts the notice as multipart with its attachments', async () => {
    let sent: FormData | null = null;
    stubFetch((url, init) => {
      if (url === '/api/v1/board' && init.method === 'POST') {
        sent = init.body as FormData;
        return json(201, { ...detail, id: 12 });
      }
      if (url.startsWith('/api/v1/board/fix/available'))
        return json(200, { available: true, pinned: 1, max: 5 });
      return json(500, {});
    });
    const router = renderAt(
      '/notice/new',
      editorRoutes(<NoticeEditor scopes={['SCHOOL']} basePath="/notice" />),
    );
    fireEvent.change(await screen.findByRole('textbox', { name: '제목' }), {
      target: { value: '현장체험학습 안내' },
    });
    const body = screen.getByRole('textbox', { name: /내용/ });
    body.innerHTML = '<p>10월 15일입니다.</p>';
    fireEvent.input(body);
    fireEvent.click(screen.getByRole('checkbox', { name: '목록 맨 위에 고정' }));
    expect(await screen.findByText(/지금 1개가 고정되어 있어요/)).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['hello'], '안내문.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('안내문.txt')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /내용/ }).textContent).toContain('10월'));
    fireEvent.click(screen.getByRole('button', { name: '올리기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notice/12'));
    const form = sent as unknown as FormData;
    const data = JSON.parse(await (form.get('data') as Blob).text());
    expect(data).toMatchObject({ scope: 'SCHOOL', title: '현장체험학습 안내', pinned: true });
    expect(data.bodyHtml).toContain('10월 15일입니다.');
    expect((form.getAll('files')[0] as File).name).toBe('안내문.txt');
  });
});
