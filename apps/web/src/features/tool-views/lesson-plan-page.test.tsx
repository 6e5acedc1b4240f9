import type { LessonItem, LessonResult } from '@ssaem/contracts/lesson';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { LessonPlanPage } from './components/lesson-plan-page';
import { mergeDraft, toDraft } from './lesson-draft';
import { renderView } from './render-view';
import { buildItem, buildLesson, fakeFetch, on, READ_ONLY, type Route } from './tool-view-fixtures';
import type { ToolItem } from './types';

const lesson = () => buildItem(buildLesson(), { id: 7, title: '분수의 크기 비교' });

function serve(item: ToolItem<unknown>, ...routes: Route[]) {
  const fake = fakeFetch([on('GET', `/api/v1/lesson/${item.id}`, () => Response.json(item)), ...routes]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

const renderAt = (path: string) => {
  const pattern = path.startsWith('/immersive') ? '/immersive/create-lesson/:id' : '/tool/lesson-plan/:id';
  return renderView(pattern, <LessonPlanPage />, path);
};

beforeEach(async () => {
  await loadPageTexts(['toolViews']);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The fixture lesson with one section's items changed. */
function withItems(sectionId: number, change: (items: LessonItem[]) => LessonItem[]): LessonResult {
  const result = buildLesson();
  return {
    ...result,
    sections: result.sections.map((s) => (s.id === sectionId ? { ...s, items: change(s.items) } : s)),
  };
}

const blankItem: LessonItem = { id: 40, type: 'TEXT', title: '', content: '', minutes: null, imageUrl: null };

describe('lesson draft', () => {
  it('keeps unsaved edits when the server adds or removes items', () => {
    const draft = toDraft('분수', buildLesson());
    const edited = {
      ...draft,
      sections: draft.sections.map((s) => ({
        ...s,
        items: s.items.map((i) => (i.id === 21 ? { ...i, title: '고친 활동' } : i)),
      })),
    };
    const server = withItems(2, (items) => [...items.filter((i) => i.id === 21), blankItem]);
    const merged = mergeDraft(edited, server);
    expect(merged.sections.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(merged.sections.find((s) => s.id === 2)?.items.map((i) => [i.id, i.title])).toEqual([
      [21, '고친 활동'],
      [40, ''],
    ]);
  });
});

describe('LessonPlanPage', () => {
  it('shows the goal, standards, notices and the sections in displayNo order with their items', async () => {
    serve(lesson());
    renderAt('/tool/lesson-plan/7');
    expect(await screen.findByRole('heading', { level: 1, name: '분수의 크기 비교' })).toBeTruthy();
    expect(screen.getByText('분모가 같은 분수의 크기를 비교할 수 있다.')).toBeTruthy();
    expect(screen.getByText('[4수01-10]')).toBeTruthy();
    expect(screen.getByText('이미지 생성 모델이 연결되어 있지 않아 그림 없이 만들었습니다.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '도입',
      '전개',
      '정리',
    ]);
    const develop = screen.getByRole('heading', { level: 3, name: '전개' }).closest('section') as HTMLElement;
    expect(within(develop).getByText('색종이로 분수 만들기')).toBeTruthy();
    expect(within(develop).getByText('활동')).toBeTruthy();
    expect(within(develop).getByText('15분')).toBeTruthy();
    expect(screen.getByRole('link', { name: '슬라이드로 보기' }).getAttribute('href')).toBe(
      '/tool/lesson-slide/7',
    );
  });

  it('links to the immersive slides from the immersive plan', async () => {
    serve(lesson());
    renderAt('/immersive/create-lesson/7');
    expect((await screen.findByRole('link', { name: '슬라이드로 보기' })).getAttribute('href')).toBe(
      '/immersive/lesson-slide/7',
    );
  });

  it('saves edited titles and texts as the lesson/result payload', async () => {
    const { calls } = serve(
      lesson(),
      on('POST', '/api/v1/lesson/result', () => Response.json(lesson())),
    );
    renderAt('/tool/lesson-plan/7');
    fireEvent.click(await screen.findByRole('button', { name: '편집' }));

    fireEvent.change(screen.getByRole('textbox', { name: /^제목/ }), { target: { value: '분수 비교하기' } });
    fireEvent.change(screen.getByRole('textbox', { name: '학습 목표' }), {
      target: { value: '분수를 비교한다.' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '1단계 제목' }), { target: { value: '동기 유발' } });
    fireEvent.change(screen.getByRole('textbox', { name: '전개 항목 2 제목' }), {
      target: { value: '수직선 활동' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '전개 항목 2 내용' }), {
      target: { value: '수직선에 분수를 나타내 봅시다.' },
    });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      id: 7,
      title: '분수 비교하기',
      goal: '분수를 비교한다.',
      sections: [
        {
          id: 1,
          title: '동기 유발',
          additionalInfo: '',
          items: [{ id: 11, title: '동기 유발', content: '피자를 나누어 본 적이 있나요?', minutes: 5 }],
        },
        {
          id: 2,
          title: '전개',
          additionalInfo: '',
          items: [
            { id: 21, title: '활동 1', content: '색종이로 분수 만들기', minutes: 15 },
            { id: 22, title: '수직선 활동', content: '수직선에 분수를 나타내 봅시다.', minutes: 10 },
          ],
        },
        {
          id: 3,
          title: '정리',
          additionalInfo: '',
          items: [{ id: 31, title: '마무리', content: '배운 내용 정리', minutes: 5 }],
        },
      ],
    });
    expect(await screen.findByText('저장했어요.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '저장' })).toBeNull();
  });

  it('adds and deletes items on the server while editing', async () => {
    const withNew = withItems(3, (items) => [...items, blankItem]);
    const withoutSecond = withItems(2, (items) => items.filter((i) => i.id !== 22));
    const { calls } = serve(
      lesson(),
      on('POST', '/api/v1/lesson/7/section/item', () =>
        Response.json(buildItem(withNew, { id: 7, title: '분수의 크기 비교' })),
      ),
      on('DELETE', '/api/v1/lesson/7/section/item/22', () =>
        Response.json(buildItem(withoutSecond, { id: 7, title: '분수의 크기 비교' })),
      ),
    );
    renderAt('/tool/lesson-plan/7');
    fireEvent.click(await screen.findByRole('button', { name: '편집' }));

    fireEvent.click(screen.getByRole('button', { name: '정리에 항목 추가' }));
    expect(await screen.findByRole('textbox', { name: '정리 항목 2 제목' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      sectionId: 3,
      type: 'TEXT',
      title: '',
      content: '',
    });

    fireEvent.click(screen.getByRole('button', { name: '전개 항목 2 삭제' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '전개 항목 2 제목' })).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('downloads the lesson as an HWP file', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/lesson');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = serve(
      lesson(),
      on('POST', '/api/v1/document/library/7/lesson', () => new Response(new Blob(['PK']), { status: 200 })),
    );
    renderAt('/tool/lesson-plan/7');
    fireEvent.click(await screen.findByRole('button', { name: '한글 파일(.hwp) 받기' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('분수의 크기 비교.hwp');
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/lesson'))).toBe(true);
  });

  it('removes all pictures in one step, and offers it only while the lesson has pictures', async () => {
    const picture: LessonItem = {
      id: 41,
      type: 'IMAGE',
      title: '삽화',
      content: '피자를 나누는 아이들',
      minutes: null,
      imageUrl: '/api/v1/lesson/images/a.png',
    };
    const { calls } = serve(
      buildItem(
        withItems(2, (items) => [...items, picture]),
        { id: 7, title: '분수의 크기 비교' },
      ),
      on('DELETE', '/api/v1/lesson/7/typeContent', () =>
        Response.json(buildItem(buildLesson(), { id: 7, title: '분수의 크기 비교' })),
      ),
    );
    renderAt('/tool/lesson-plan/7');
    fireEvent.click(await screen.findByRole('button', { name: '그림 모두 빼기' }));
    expect(await screen.findByText('그림을 모두 뺐어요.')).toBeTruthy();
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.url.searchParams.get('type')).toBe('IMAGE');
    await waitFor(() => expect(screen.queryByRole('button', { name: '그림 모두 빼기' })).toBeNull());
  });

  it('offers no editing or recreating to someone who may not edit', async () => {
    serve(buildItem(buildLesson(), { id: 7, abilities: READ_ONLY }));
    renderAt('/tool/lesson-plan/7');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: '편집' })).toBeNull();
    expect(screen.queryByRole('button', { name: '다시 만들기' })).toBeNull();
    expect(screen.getByRole('button', { name: '한글 파일(.hwp) 받기' })).toBeTruthy();
  });

  it('shows the not-found state for a 404', async () => {
    serve(lesson());
    renderAt('/tool/lesson-plan/8');
    expect(await screen.findByRole('heading', { level: 1, name: '결과를 찾을 수 없어요' })).toBeTruthy();
  });
});
