import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { FeedbackViewPage } from './components/feedback-view-page';
import { renderView } from './render-view';
import { buildFeedback, buildItem, fakeFetch, on, READ_ONLY, type Route } from './tool-view-fixtures';
import type { FeedbackItem } from './types';

const items: FeedbackItem[] = [
  buildItem(buildFeedback({ title: '가장 새 글' }), { id: 30, title: '가장 새 글' }),
  buildItem(buildFeedback(), { id: 20, title: '나의 여름 방학' }),
  buildItem(buildFeedback({ title: '오래된 글' }), { id: 10, title: '오래된 글' }),
];

function serve(...routes: Route[]) {
  const fake = fakeFetch([
    ...routes,
    on('GET', '/api/v1/feedback/list', () => Response.json(items)),
    on('GET', /^\/api\/v1\/feedback\/\d+$/, (url) => {
      const found = items.find((item) => url.pathname.endsWith(`/${item.id}`));
      return found
        ? Response.json(found)
        : Response.json({ code: 'E_NOT_FOUND', message: '' }, { status: 404 });
    }),
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

const renderAt = (id: number) =>
  renderView('/immersive/create-feedback', <FeedbackViewPage />, `/immersive/create-feedback?id=${id}`);

beforeEach(async () => {
  await loadPageTexts(['toolViews']);
});

describe('FeedbackViewPage', () => {
  it('shows the total, the six area scores, area feedback and the AI overall feedback', async () => {
    serve();
    renderAt(20);
    expect(await screen.findByRole('heading', { level: 1, name: '나의 여름 방학' })).toBeTruthy();
    expect(screen.getByText('78점')).toBeTruthy();
    const expected: Record<string, [string, string]> = {
      grammar: ['문법', '80점'],
      vocabulary: ['어휘', '70점'],
      expression: ['표현', '75점'],
      sentence: ['문장', '85점'],
      composition: ['구성', '60점'],
      ideas: ['내용', '선택 안 함'],
    };
    for (const [area, [label, value]] of Object.entries(expected)) {
      const row = screen.getByTestId(`score-${area}`);
      expect(within(row).getByText(label)).toBeTruthy();
      expect(within(row).getByText(value)).toBeTruthy();
    }
    expect(screen.getByText('맞춤법을 잘 지켰어요.')).toBeTruthy();
    expect(screen.getByText('띄어쓰기를 확인해 보세요.')).toBeTruthy();
    expect(screen.getByText('할수있다 → 할 수 있다')).toBeTruthy();
    expect(screen.getByText('방학 이야기를 순서대로 잘 썼어요.')).toBeTruthy();
  });

  it('saves the teacher feedback', async () => {
    const { calls } = serve(
      on('PUT', '/api/v1/feedback/20', (_url, body) =>
        Response.json(
          buildItem(
            buildFeedback({ teacherFeedback: (body as { teacherFeedback: string }).teacherFeedback }),
            {
              id: 20,
              title: '나의 여름 방학',
            },
          ),
        ),
      ),
    );
    renderAt(20);
    const textarea = await screen.findByRole('textbox', { name: '선생님 피드백' });
    const save = screen.getByRole('button', { name: '선생님 피드백 저장' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(textarea, { target: { value: '문단을 나누면 더 읽기 쉬워요.' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        teacherFeedback: '문단을 나누면 더 읽기 쉬워요.',
      }),
    );
    expect(await screen.findByText('선생님 피드백을 저장했어요.')).toBeTruthy();
  });

  it('shows the teacher feedback read-only to someone who may not edit', async () => {
    items[1] = {
      ...items[1],
      abilities: READ_ONLY,
      result: buildFeedback({ teacherFeedback: '잘했어요!' }),
    } as FeedbackItem;
    try {
      serve();
      renderAt(20);
      expect(await screen.findByText('잘했어요!')).toBeTruthy();
      expect(screen.queryByRole('button', { name: '선생님 피드백 저장' })).toBeNull();
    } finally {
      items[1] = buildItem(buildFeedback(), { id: 20, title: '나의 여름 방학' });
    }
  });

  it('moves to the previous (newer) and next (older) feedback of the list', async () => {
    serve();
    const router = renderAt(20);
    await screen.findByRole('heading', { level: 1, name: '나의 여름 방학' });
    const nav = await screen.findByRole('navigation', { name: '피드백 목록 이동' });
    expect(within(nav).getByText('2 / 3')).toBeTruthy();

    fireEvent.click(within(nav).getByRole('link', { name: '다음 글' }));
    expect(await screen.findByRole('heading', { level: 1, name: '오래된 글' })).toBeTruthy();
    expect(router.state.location.search).toBe('?id=10');
    // The oldest has no next.
    expect((within(nav).getByRole('button', { name: '다음 글' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(nav).getByRole('link', { name: '이전 글' }));
    expect(await screen.findByRole('heading', { level: 1, name: '나의 여름 방학' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: '이전 글' }));
    expect(await screen.findByRole('heading', { level: 1, name: '가장 새 글' })).toBeTruthy();
    expect(router.state.location.search).toBe('?id=30');
  });

  it('says there is no feedback data when a finished item has no result', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch([
        on('GET', '/api/v1/feedback/list', () => Response.json([])),
        on('GET', '/api/v1/feedback/5', () => Response.json(buildItem(null, { id: 5 }))),
      ]).fetchMock,
    );
    renderAt(5);
    expect(await screen.findByText('피드백 데이터가 없습니다.')).toBeTruthy();
  });

  it('shows the §8 message when generation failed', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch([
        on('GET', '/api/v1/feedback/list', () => Response.json([])),
        on('GET', '/api/v1/feedback/5', () =>
          Response.json(buildItem(null, { id: 5, status: 1, error: 'boom' })),
        ),
      ]).fetchMock,
    );
    renderAt(5);
    expect(await screen.findByText('피드백 생성 중 오류가 발생했습니다.')).toBeTruthy();
  });
});
