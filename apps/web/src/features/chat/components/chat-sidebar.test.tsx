import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ChatSidebar, moveItem } from './chat-sidebar';

const now = '2026-11-22T00:00:00.000Z';
const conversation = (id: string, title: string, isPinned: boolean, pinOrder: number | null = null) => ({
  conversationId: id,
  title,
  endpoint: 'openAI',
  model: 'offline',
  gadgetId: 'general',
  isPinned,
  pinOrder,
  createdAt: now,
  updatedAt: now,
});

const pinned = [
  conversation('a', '가 대화', true, 0),
  conversation('b', '나 대화', true, 1),
  conversation('c', '다 대화', true, 2),
];
const recent = [conversation('d', '라 대화', false)];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
let pinnedNow = pinned;

beforeEach(async () => {
  await loadPageTexts(['chat']);
  pinnedNow = pinned;
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const path = String(input).split('?')[0];
    if (path === '/api/v1/conversations/pinned') return json(pinnedNow);
    if (path === '/api/v1/conversations/paged') {
      return json({
        conversations: [...pinned, ...recent],
        pageNo: 0,
        pageSize: 50,
        totalCount: 4,
        hasMore: false,
      });
    }
    if (path === '/api/v1/conversations/reorder-pinned') {
      const ids: string[] = JSON.parse(String(init?.body)).conversationIds;
      pinnedNow = ids.flatMap((id) => pinned.filter((c) => c.conversationId === id));
      return json(pinnedNow);
    }
    if (path === '/api/v1/conversations/search') {
      const q = new URL(String(input), 'http://localhost').searchParams.get('q');
      const hits =
        q === '분수'
          ? [
              {
                ...conversation('s', '수업 준비', false),
                matchedIn: 'message',
                snippet: '…분수의 덧셈을 설명해 줘',
              },
            ]
          : [];
      return json({ conversations: hits });
    }
    if (path === '/api/v1/conversations/d/pin') {
      return json({ code: 'E_ALREADY_FULL', message: 'full' }, 409);
    }
    return json({ code: 'E_NOT_FOUND', message: 'none' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderSidebar() {
  const router = createMemoryRouter(
    [{ path: '/chat/:conversationId', element: <ChatSidebar basePath="/chat" activeId="a" /> }],
    { initialEntries: ['/chat/a'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('ChatSidebar', () => {
  it('reorders pinned conversations from the keyboard with Alt+arrows and says where it went', async () => {
    renderSidebar();
    const list = await screen.findByRole('list', { name: '고정한 대화' });
    const second = await within(list).findByRole('link', { name: '나 대화' });
    fireEvent.keyDown(second, { key: 'ArrowUp', altKey: true });
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/conversations/reorder-pinned');
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ conversationIds: ['b', 'a', 'c'] });
    });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['나 대화', '가 대화', '다 대화']);
    expect(screen.getByText('나 대화를 1번째로 옮겼어요.')).toBeTruthy();
  });

  it('explains that the pin limit is reached (E_ALREADY_FULL)', async () => {
    renderSidebar();
    const recentList = await screen.findByRole('list', { name: '최근 대화' });
    fireEvent.click(await within(recentList).findByRole('button', { name: '라 대화 대화 메뉴' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '고정' }));
    expect(await screen.findByText('고정할 수 있는 최대 개수에 도달했습니다.')).toBeTruthy();
  });
});

describe('ChatSidebar search', () => {
  const searchCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/conversations/search'));

  it('searches once typing pauses and lists the matches with the line that matched', async () => {
    renderSidebar();
    const box = await screen.findByRole('searchbox', { name: '대화 검색' });
    fireEvent.change(box, { target: { value: '분' } });
    fireEvent.change(box, { target: { value: '분수' } });
    const results = await screen.findByRole('list', { name: '검색 결과' });
    const link = within(results).getByRole('link', { name: /수업 준비/ });
    expect(link.getAttribute('href')).toBe('/chat/s');
    expect(within(results).getByText('…분수의 덧셈을 설명해 줘')).toBeTruthy();
    // The pause debounces the keys: only the finished word was searched.
    expect(
      searchCalls().map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('q')),
    ).toEqual(['분수']);
    expect(screen.queryByRole('list', { name: '최근 대화' })).toBeNull();
  });

  it('says when nothing matches, offers a next step, and clears back to the list', async () => {
    renderSidebar();
    const box = await screen.findByRole('searchbox', { name: '대화 검색' });
    fireEvent.change(box, { target: { value: '곱셈' } });
    expect(await screen.findByText("'곱셈'이 들어간 대화가 없어요.")).toBeTruthy();
    expect(screen.getByRole('link', { name: '새 대화에서 물어보기' }).getAttribute('href')).toBe('/chat/new');
    fireEvent.click(screen.getAllByRole('button', { name: '검색어 지우기' })[0]!);
    expect(await screen.findByRole('list', { name: '최근 대화' })).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
  });
});

describe('moveItem', () => {
  it('moves one item and keeps the rest in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});
