import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { LibraryListPage } from './components/library-list-page';
import { buildCard, buildPage, fakeFetch, on } from './library-fixtures';

const GRADES = [
  {
    codeSeq: 13,
    parentSeq: 1,
    groupCode: 'GRADE',
    name: '초3',
    translation: 'Elementary grade 3',
    sortOrder: 3,
  },
];

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/v2/library/list', element: <LibraryListPage /> }], {
    initialEntries: [path],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function searchCalls(calls: Array<{ url: URL }>) {
  return calls
    .filter((call) => call.url.pathname === '/api/v1/library/search')
    .map((call) => call.url.searchParams);
}

beforeEach(async () => {
  await loadPageTexts(['library']);
});

describe('LibraryListPage', () => {
  it('keeps the tab, filter and keyword in the URL and sends them to the search', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/code', () => Response.json(GRADES)),
      on('GET', '/api/v1/library/search', () => Response.json(buildPage([buildCard()]))),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/v2/library/list');

    expect(await screen.findByRole('link', { name: '3학년 수학 분수 단원 수업 자료' })).toBeTruthy();
    expect(searchCalls(calls)[0]?.get('tab')).toBe('OUR_SCHOOL');
    expect(searchCalls(calls)[0]?.get('filter')).toBe('ALL');

    fireEvent.click(screen.getByRole('tab', { name: '다른 학교' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=OTHER_SCHOOLS'));
    await waitFor(() => expect(searchCalls(calls).at(-1)?.get('tab')).toBe('OTHER_SCHOOLS'));

    fireEvent.click(screen.getByRole('radio', { name: '인기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=OTHER_SCHOOLS&filter=POPULAR'));
    await waitFor(() => expect(searchCalls(calls).at(-1)?.get('filter')).toBe('POPULAR'));

    fireEvent.change(screen.getByRole('searchbox', { name: '검색어' }), { target: { value: '분수' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('분수'),
    );
    await waitFor(() => expect(searchCalls(calls).at(-1)?.get('keyword')).toBe('분수'));
    expect(searchCalls(calls).at(-1)?.get('tab')).toBe('OTHER_SCHOOLS');

    fireEvent.change(screen.getByRole('combobox', { name: '학년' }), { target: { value: '13' } });
    await waitFor(() => expect(searchCalls(calls).at(-1)?.get('gradeSeq')).toBe('13'));
  });

  it('offers the corrected keyword when a mistyped search finds nothing, and searches it on a press', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/code', () => Response.json(GRADES)),
      on('GET', '/api/v1/library/search', (url) =>
        Response.json(
          url.searchParams.get('keyword') === '붐수'
            ? buildPage([], { suggestion: '분수' })
            : buildPage([buildCard()]),
        ),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/v2/library/list?keyword=%EB%B6%90%EC%88%98');
    const offer = await screen.findByTestId('did-you-mean');
    expect(offer.textContent).toContain('혹시 이것을 찾으셨나요?');
    fireEvent.click(within(offer).getByRole('button', { name: '분수' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('분수'),
    );
    expect(await screen.findByRole('link', { name: '3학년 수학 분수 단원 수업 자료' })).toBeTruthy();
    expect(searchCalls(calls).at(-1)?.get('keyword')).toBe('분수');
    expect(screen.queryByTestId('did-you-mean')).toBeNull();
  });

  it('lets a subject be chosen without a grade: each subject name once, sent by name', async () => {
    const subject = (codeSeq: number, parentSeq: number, name: string) => ({
      codeSeq,
      parentSeq,
      groupCode: 'SUBJECT',
      name,
      translation: name,
      sortOrder: 1,
    });
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/code', (url) =>
        Response.json(
          url.searchParams.get('groupCode') === 'SUBJECT'
            ? [subject(13001, 13, '국어'), subject(13002, 13, '수학'), subject(14002, 14, '수학')]
            : GRADES,
        ),
      ),
      on('GET', '/api/v1/library/search', () => Response.json(buildPage([buildCard()]))),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/v2/library/list');
    const select = await screen.findByRole('combobox', { name: '과목' });
    expect((select as HTMLSelectElement).disabled).toBe(false);
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['전체', '국어', '수학']),
    );
    fireEvent.change(select, { target: { value: 'name:수학' } });
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('subject')).toBe('수학'),
    );
    await waitFor(() => expect(searchCalls(calls).at(-1)?.get('subject')).toBe('수학'));
    // Choosing a grade afterwards starts the subject over, with that grade's own subjects.
    fireEvent.change(screen.getByRole('combobox', { name: '학년' }), { target: { value: '13' } });
    await waitFor(() => expect(searchCalls(calls).at(-1)?.get('gradeSeq')).toBe('13'));
    expect(searchCalls(calls).at(-1)?.get('subject')).toBeNull();
  });

  it('reads the search from the URL it was opened with', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/library/search', () => Response.json(buildPage([]))),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/v2/library/list?tab=SUGGESTIONS&filter=LIKED&keyword=%EB%B6%84%EC%88%98&materialType=summary');

    expect(await screen.findByText('조건에 맞는 자료가 없어요.')).toBeTruthy();
    const sent = searchCalls(calls)[0];
    expect(sent?.get('tab')).toBe('SUGGESTIONS');
    expect(sent?.get('filter')).toBe('LIKED');
    expect(sent?.get('keyword')).toBe('분수');
    expect(sent?.get('materialType')).toBe('summary');
    expect(screen.getByRole('tab', { name: 'AI 추천' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('searchbox', { name: '검색어' }) as HTMLInputElement).value).toBe('분수');
  });

  it('shows "1,000+" when the count is capped, and a suggestion’s reason', async () => {
    const { fetchMock } = fakeFetch([
      on('GET', '/api/v1/library/search', () =>
        Response.json(
          buildPage([buildCard({ reason: '최근에 만든 3학년 수학 자료와 비슷해요.' })], {
            total: 1000,
            totalCapped: true,
          }),
        ),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/v2/library/list?tab=SUGGESTIONS');

    expect(await screen.findByText('자료 1,000+개')).toBeTruthy();
    expect(screen.getByText('추천 이유: 최근에 만든 3학년 수학 자료와 비슷해요.')).toBeTruthy();
    const card = screen.getByRole('article');
    expect(within(card).getByText('김하늘 선생님 · 서울가락초등학교')).toBeTruthy();
    expect(within(card).getByText('좋아요 3')).toBeTruthy();
    expect(within(card).getByText('저장 2')).toBeTruthy();
    expect(within(card).getByText('초3 · 수학')).toBeTruthy();
  });

  it('loads the next page with the cursor when "더 보기" is pressed', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/library/search', (url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? Response.json(buildPage([buildCard({ id: 6, title: '분수 놀이 활동지' })], { total: 2 }))
          : Response.json(buildPage([buildCard()], { total: 2, nextCursor: 'page-2' })),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/v2/library/list');

    expect(await screen.findByText('자료 2개')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByRole('link', { name: '분수 놀이 활동지' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '3학년 수학 분수 단원 수업 자료' })).toBeTruthy();
    expect(searchCalls(calls).at(-1)?.get('cursor')).toBe('page-2');
    await waitFor(() => expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull());
  });

  it('says so when the search fails', async () => {
    const { fetchMock } = fakeFetch([
      on('GET', '/api/v1/library/search', () =>
        Response.json({ code: 'E_FORBIDDEN', message: '권한이 없습니다.' }, { status: 403 }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/v2/library/list');
    expect(await screen.findByText('자료를 불러오지 못했어요.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();
  });

  // issue 14: a search that forgives, and an empty result that offers a way on.
  it('says when the results hold only some of the words', async () => {
    const { fetchMock } = fakeFetch([
      on('GET', '/api/v1/code', () => Response.json(GRADES)),
      on('GET', '/api/v1/library/search', () =>
        Response.json(buildPage([buildCard()], { matchedAnyWord: true })),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/v2/library/list?keyword=%EA%B3%BC%ED%95%99+%EC%8B%A4%ED%97%98');
    expect(await screen.findByTestId('any-word-notice')).toBeTruthy();
    expect(screen.getByTestId('any-word-notice').textContent).toContain(
      '‘과학 실험’의 모든 단어를 담은 자료가 없어',
    );
  });

  it('offers a way on when nothing is found: clear the conditions, other schools, ask the assistant', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/code', () => Response.json(GRADES)),
      on('GET', '/api/v1/library/search', () => Response.json(buildPage([]))),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(
      [
        { path: '/v2/library/list', element: <LibraryListPage /> },
        { path: '/chat/new', element: <p>새 대화</p> },
      ],
      { initialEntries: ['/v2/library/list?keyword=%EC%9A%B0%EC%A3%BC&materialType=lesson'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('조건에 맞는 자료가 없어요.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '다른 학교 자료에서 찾기' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=OTHER_SCHOOLS'));

    fireEvent.click(await screen.findByRole('button', { name: '검색 조건 모두 지우기' }));
    await waitFor(() => expect(searchCalls(calls).at(-1)?.get('keyword')).toBeNull());
    expect(searchCalls(calls).at(-1)?.get('materialType')).toBeNull();

    await act(() => router.navigate('/v2/library/list?keyword=%EC%9A%B0%EC%A3%BC'));
    fireEvent.click(await screen.findByRole('button', { name: /AI 도우미에게 ‘우주’ 자료 만들어/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/new'));
    expect(router.state.location.state).toEqual({ prompt: '‘우주’에 관한 수업 자료를 만들어 줘' });
  });
});
