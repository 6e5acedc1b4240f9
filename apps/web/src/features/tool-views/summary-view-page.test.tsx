import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { SummaryViewPage } from './components/summary-view-page';
import { renderView } from './render-view';
import { buildItem, buildSummary, fakeFetch, on, READ_ONLY, type Route } from './tool-view-fixtures';
import type { ToolItem } from './types';

function serve(item: ToolItem<unknown>, ...routes: Route[]) {
  const fake = fakeFetch([on('GET', `/api/v1/summary/${item.id}`, () => Response.json(item)), ...routes]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

const renderAt = (id: number | string) =>
  renderView('/immersive/create-summary', <SummaryViewPage />, `/immersive/create-summary?id=${id}`);

beforeEach(async () => {
  await loadPageTexts(['toolViews']);
});

describe('SummaryViewPage', () => {
  it('shows the title, keywords with explanations, sentences and the engine notice', async () => {
    serve(buildItem(buildSummary()));
    renderAt(11);
    expect(await screen.findByRole('heading', { level: 1, name: '3학년 국어 요약' })).toBeTruthy();
    expect(screen.getByText('광합성')).toBeTruthy();
    expect(screen.getByText('식물이 빛으로 양분을 만드는 일')).toBeTruthy();
    expect(screen.getByText('식물은 빛을 받아 양분을 만든다.')).toBeTruthy();
    expect(screen.getByText('AI 모델이 연결되어 있지 않아 글에서 뽑은 문장으로 요약했습니다.')).toBeTruthy();
  });

  it('shows an easy summary without key words as its sentences alone, never "키워드가 없어요"', async () => {
    serve(buildItem(buildSummary({ keywords: [] })));
    renderAt(11);
    expect(await screen.findByText('식물은 빛을 받아 양분을 만든다.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: '핵심 키워드' })).toBeNull();
    expect(screen.queryByText(/키워드가 없어요/)).toBeNull();
  });

  it('edits and saves the title, keywords and sentences', async () => {
    const { calls } = serve(
      buildItem(buildSummary()),
      on('PUT', '/api/v1/summary/library/11', (_url, body) => {
        const { title, result } = body as { title: string; result: ReturnType<typeof buildSummary> };
        return Response.json(buildItem(result, { title }));
      }),
    );
    renderAt(11);
    fireEvent.click(await screen.findByRole('button', { name: '편집' }));

    fireEvent.change(screen.getByRole('textbox', { name: /^제목/ }), { target: { value: '광합성 정리' } });
    fireEvent.change(screen.getByRole('textbox', { name: '키워드 2' }), { target: { value: '잎' } });
    fireEvent.click(screen.getByRole('button', { name: '요약 문장 2 삭제' }));
    fireEvent.click(screen.getByRole('button', { name: '문장 추가' }));
    fireEvent.change(screen.getByRole('textbox', { name: '요약 문장 2' }), {
      target: { value: '빛이 없으면 양분을 못 만든다.' },
    });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      title: '광합성 정리',
      result: {
        ...buildSummary(),
        title: '광합성 정리',
        keywords: [
          { keyword: '광합성', explanation: '식물이 빛으로 양분을 만드는 일' },
          { keyword: '잎', explanation: '잎의 초록 색소' },
        ],
        summary: ['식물은 빛을 받아 양분을 만든다.', '빛이 없으면 양분을 못 만든다.'],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '광합성 정리' })).toBeTruthy();
    expect(screen.getByText('빛이 없으면 양분을 못 만든다.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '저장' })).toBeNull();
  });

  it('cancels without saving and keeps the result as it was', async () => {
    const { calls } = serve(buildItem(buildSummary()));
    renderAt(11);
    fireEvent.click(await screen.findByRole('button', { name: '편집' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^제목/ }), { target: { value: '바뀐 제목' } });
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.getByRole('heading', { level: 1, name: '3학년 국어 요약' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses an empty title', async () => {
    const { calls } = serve(buildItem(buildSummary()));
    renderAt(11);
    fireEvent.click(await screen.findByRole('button', { name: '편집' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^제목/ }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('제목을 입력해주세요.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('offers no editing to someone who may not edit', async () => {
    serve(buildItem(buildSummary(), { abilities: READ_ONLY }));
    renderAt(11);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: '편집' })).toBeNull();
  });

  it('says when the summary is not there', async () => {
    serve(buildItem(buildSummary(), { id: 12 }));
    renderAt(11);
    expect(await screen.findByRole('heading', { level: 1, name: '결과를 찾을 수 없어요' })).toBeTruthy();
  });

  it('treats an id that cannot be one as not found, without asking the server', async () => {
    const { calls } = serve(buildItem(buildSummary()));
    renderAt('abc');
    expect(await screen.findByRole('heading', { level: 1, name: '결과를 찾을 수 없어요' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the §8 message when loading fails', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch([
        on('GET', '/api/v1/summary/11', () =>
          Response.json({ code: 'SERVER_ERROR', message: '서버 오류' }, { status: 500 }),
        ),
      ]).fetchMock,
    );
    renderAt(11);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('요약 데이터를 불러올 수 없습니다.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();
  });

  it('waits while the summary is being made, and shows it when done', { timeout: 10_000 }, async () => {
    let status = 2;
    vi.stubGlobal(
      'fetch',
      fakeFetch([
        on('GET', '/api/v1/summary/11', () =>
          Response.json(status === 3 ? buildItem(buildSummary()) : buildItem(null, { status })),
        ),
      ]).fetchMock,
    );
    renderAt(11);
    expect(await screen.findByText('AI가 만들고 있어요')).toBeTruthy();
    status = 3;
    expect(await screen.findByText('광합성', undefined, { timeout: 6000 })).toBeTruthy();
  });

  it('shows a generation failure with the summary error prefix', async () => {
    serve(buildItem(null, { status: 1, error: '모델이 응답하지 않았습니다.' }));
    renderAt(11);
    expect(await screen.findByText('요약 중 오류가 발생했습니다: 모델이 응답하지 않았습니다.')).toBeTruthy();
  });
});
