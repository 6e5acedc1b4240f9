import type { WebtoonResult } from '@ssaem/contracts/webtoon';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderView } from '../tool-views/render-view';
import { baseHandlers, eventStream, fakeToolsFetch } from '../tools/tools-fixtures';
import type { WebtoonItem } from './api';
import { castOf, WebtoonFormPage } from './components/webtoon-form-page';
import { WebtoonViewPage } from './components/webtoon-view-page';

const RESULT: WebtoonResult = {
  topic: '광합성',
  grade: '초등 5학년',
  characters: [
    { name: '하늘', role: '궁금한 학생', colour: '#4C6EF5' },
    { name: '선생님', role: '선생님', colour: '#F76707' },
  ],
  panels: [1, 2, 3, 4].map((n) => ({
    scene: `${n}번 장면`,
    setting: 'classroom' as const,
    narration: `${n}컷 해설`,
    dialogue: [
      { speaker: '하늘', text: `${n}컷 질문이에요?` },
      { speaker: '선생님', text: `${n}컷 대답이에요.` },
    ],
    imageUrl: null,
  })),
  engine: 'offline',
  notice: 'AI 모델이 연결되어 있지 않아 입력하신 주제와 내용으로 만든 오프라인 초안이에요.',
};

const ITEM: WebtoonItem = {
  id: 7,
  title: '광합성 웹툰',
  status: 3,
  error: null,
  result: RESULT,
  input: {
    title: '광합성 웹툰',
    topic: '광합성',
    gradeSeq: 13,
    gradeName: '초3',
    facts: '식물은 빛을 받아 양분을 만든다.',
    panelCount: 4,
    characters: ['하늘'],
    pictures: true,
    accessLevel: 'PUBLIC',
    editable: true,
  },
  abilities: { edit: true, copy: true, delete: true },
};

const THREAD = {
  id: '7d0c8a7e-0000-4000-8000-000000000001',
  toolType: 'WEBTOON',
  libraryId: 7,
  offline: true,
};
const ANSWER =
  'AI 모델이 연결되어 있지 않아 지금은 대화로 결과를 고칠 수 없으니, 결과 화면에서 직접 고쳐 주세요.';

beforeEach(async () => {
  await loadPageTexts(['webtoon', 'toolAssistant', 'tools']);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:webtoon', revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('WebtoonViewPage', () => {
  it('shows the strip, the notice, and saves an edited line', async () => {
    const fake = fakeToolsFetch([
      ...baseHandlers(),
      ['GET', '/api/v1/webtoon/7', () => Response.json(ITEM)],
      ['GET', '/api/v1/webtoon/7/svg', () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      [
        'POST',
        '/api/v1/assistant/threads',
        () => Response.json({ ...THREAD, messages: [] }, { status: 201 }),
      ],
      [
        'PUT',
        '/api/v1/webtoon/7',
        (_url, call) => {
          const { panels } = call.body as { panels: WebtoonResult['panels'] };
          return Response.json({
            ...ITEM,
            result: { ...RESULT, panels: RESULT.panels.map((p, i) => ({ ...p, ...panels[i] })) },
          });
        },
      ],
    ]);
    vi.stubGlobal('fetch', fake.fetchMock);
    renderView('/tool/webtoon/:id', <WebtoonViewPage />, '/tool/webtoon/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: '광합성 웹툰' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(RESULT.notice ?? '')).toBeTruthy();
    expect(screen.getByText('오프라인 초안')).toBeTruthy();
    const strip = (await screen.findByRole('img', { name: '광합성 웹툰 웹툰' })) as HTMLImageElement;
    expect(strip.getAttribute('src')).toBe('blob:webtoon');

    const editor = screen.getByRole('region', { name: '컷 글 고치기' });
    const lines = within(editor).getAllByRole('textbox', { name: '대사' });
    fireEvent.change(lines[2] as HTMLElement, { target: { value: '잎에서 양분이 만들어진다고?' } });
    fireEvent.click(within(editor).getByRole('button', { name: '고친 글 저장' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = fake.calls.find((c) => c.method === 'PUT')?.body as { panels: WebtoonResult['panels'] };
    expect(put.panels[1]?.dialogue[0]).toEqual({ speaker: '하늘', text: '잎에서 양분이 만들어진다고?' });
    expect(put.panels).toHaveLength(4);
    expect(await screen.findByText('고친 글을 저장했어요.')).toBeTruthy();
  });

  it('asks the assistant and shows the kept thread with its answer', async () => {
    let asked: unknown;
    const fake = fakeToolsFetch([
      ...baseHandlers(),
      ['GET', '/api/v1/webtoon/7', () => Response.json(ITEM)],
      ['GET', '/api/v1/webtoon/7/svg', () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      [
        'POST',
        '/api/v1/assistant/threads',
        () => Response.json({ ...THREAD, messages: [] }, { status: 201 }),
      ],
      [
        'POST',
        '/api/v1/assistant/stream',
        (_url, call) => {
          asked = call.body;
          return eventStream(
            `data: {"type":"created"}\n\ndata: ${JSON.stringify({ type: 'text', delta: ANSWER })}\n\n`,
          );
        },
      ],
      [
        'GET',
        `/api/v1/assistant/threads/${THREAD.id}`,
        () =>
          Response.json({
            ...THREAD,
            messages: [
              {
                id: 'q',
                role: 'user',
                text: '2컷 대사를 더 쉬운 말로 바꿔 줘',
                imageUrl: null,
                status: 'complete',
                createdAt: '',
              },
              { id: 'a', role: 'assistant', text: ANSWER, imageUrl: null, status: 'offline', createdAt: '' },
            ],
          }),
      ],
    ]);
    vi.stubGlobal('fetch', fake.fetchMock);
    renderView('/tool/webtoon/:id', <WebtoonViewPage />, '/tool/webtoon/7');
    await screen.findByRole('heading', { level: 1, name: '광합성 웹툰' }, { timeout: 10_000 });
    const assistant = await screen.findByRole('region', { name: 'AI 도우미' }, { timeout: 10_000 });
    expect(within(assistant).getByText(/대화로 결과를 고칠 수 없어요/)).toBeTruthy();
    fireEvent.click(within(assistant).getByRole('button', { name: '2컷 대사를 더 쉬운 말로 바꿔 줘' }));
    expect(await within(assistant).findByText(ANSWER, {}, { timeout: 10_000 })).toBeTruthy();
    expect(asked).toEqual({
      message: '2컷 대사를 더 쉬운 말로 바꿔 줘',
      toolType: 'WEBTOON',
      thread_id: THREAD.id,
    });
    await waitFor(() =>
      expect(
        within(assistant).getByTestId('assistant-messages').querySelectorAll('[data-role]'),
      ).toHaveLength(2),
    );
  });
});

describe('WebtoonFormPage', () => {
  it('reads the cast from commas', () => {
    expect(castOf(' 민지, 도윤 ,, 서연, 지호')).toEqual(['민지', '도윤', '서연']);
  });

  it('reopens the kept form for recreate and sends the changed one', async () => {
    const fake = fakeToolsFetch([
      ...baseHandlers(),
      ['GET', '/api/v1/webtoon/7', () => Response.json(ITEM)],
      ['POST', '/api/v1/webtoon/7/re-create', () => Response.json({ id: 7 })],
    ]);
    vi.stubGlobal('fetch', fake.fetchMock);
    renderView('/tool/webtoon', <WebtoonFormPage />, '/tool/webtoon?recreate=7');
    const topic = (await screen.findByDisplayValue('광합성')) as HTMLInputElement;
    expect(topic).toBeTruthy();
    expect(screen.getByDisplayValue('식물은 빛을 받아 양분을 만든다.')).toBeTruthy();
    expect(screen.getByDisplayValue('하늘')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /학년/ }) as HTMLSelectElement).value).toBe('13'),
    );
    fireEvent.change(topic, { target: { value: '물의 순환' } });
    fireEvent.click(screen.getByRole('radio', { name: '6' }));
    fireEvent.click(screen.getByRole('button', { name: '다시 만들기' }));
    await waitFor(() => expect(fake.calls.some((c) => c.url.pathname.endsWith('/re-create'))).toBe(true));
    const sent = fake.calls.find((c) => c.url.pathname.endsWith('/re-create'))?.body as {
      input: Record<string, unknown>;
    };
    expect(sent.input).toMatchObject({
      topic: '물의 순환',
      panelCount: 6,
      gradeSeq: 13,
      characters: ['하늘'],
    });
  });
});
