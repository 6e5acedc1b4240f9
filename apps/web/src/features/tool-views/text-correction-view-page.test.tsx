import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { TextCorrectionViewPage } from './components/text-correction-view-page';
import { correctionSegments } from './correction-segments';
import { renderView } from './render-view';
import { buildItem, buildTextCorrection, fakeFetch, on } from './tool-view-fixtures';

const renderAt = (id: number) =>
  renderView(
    '/immersive/create-text-correction',
    <TextCorrectionViewPage />,
    `/immersive/create-text-correction?id=${id}`,
  );

beforeEach(async () => {
  await loadPageTexts(['toolViews']);
});

describe('correctionSegments', () => {
  it('splits the text around corrections in reading order', () => {
    const result = buildTextCorrection();
    const segments = correctionSegments(result.checkedText, result.corrections);
    expect(
      segments.map((s) => (s.kind === 'text' ? s.text : `[${s.number}:${s.correction.original}]`)),
    ).toEqual(['오늘은 ', '[2:왠지]', ' 기분이 좋다. ', '[1:안되요]', '.']);
  });

  it('leaves out a correction that is not where it says, or overlaps another', () => {
    const segments = correctionSegments('가나다라', [
      { original: '나다', suggestion: 'x', reason: '', position: 1 },
      { original: '다라', suggestion: 'y', reason: '', position: 2 },
      { original: '없음', suggestion: 'z', reason: '', position: 0 },
    ]);
    expect(segments.filter((s) => s.kind === 'correction')).toHaveLength(1);
    expect(segments.map((s) => (s.kind === 'text' ? s.text : s.correction.suggestion)).join('')).toBe(
      '가x라',
    );
  });
});

describe('TextCorrectionViewPage', () => {
  it('highlights each correction in the text and lists them with reason and position', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch([
        on('GET', '/api/v1/text-correction/11', () =>
          Response.json(buildItem(buildTextCorrection(), { title: '독서 감상문' })),
        ),
      ]).fetchMock,
    );
    renderAt(11);
    expect(await screen.findByRole('heading', { level: 1, name: '독서 감상문' })).toBeTruthy();

    // Numbered in reading order: 왠지 comes first in the text.
    expect(within(screen.getByTestId('correction-1')).getByText('왠지').tagName).toBe('DEL');
    const second = screen.getByTestId('correction-2');
    expect(second.getAttribute('title')).toBe('‘되어요’의 준말은 ‘돼요’입니다.');
    expect(within(second).getByText('안되요').tagName).toBe('DEL');
    expect(within(second).getByText('안 돼요').tagName).toBe('INS');
    expect(within(second).getByText('고침 2: 안되요를 안 돼요로')).toBeTruthy();

    const list = screen.getByRole('heading', { name: '고친 곳 2개' }).closest('section') as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' · ')[0]),
    ).toEqual(['왠지 → 웬지', '안되요 → 안 돼요']);
    expect(within(list).getByText('‘되어요’의 준말은 ‘돼요’입니다.')).toBeTruthy();
    expect(within(list).getByText(/16번째 글자/)).toBeTruthy();
    // No model was connected: the dictionary engine says so.
    expect(screen.getByText(/AI 연결 없이 맞춤법 사전으로 검사했어요/)).toBeTruthy();
  });

  it('copies the corrected text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal(
      'fetch',
      fakeFetch([
        on('GET', '/api/v1/text-correction/11', () => Response.json(buildItem(buildTextCorrection()))),
      ]).fetchMock,
    );
    renderAt(11);
    fireEvent.click(await screen.findByRole('button', { name: '고친 글 복사' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('오늘은 웬지 기분이 좋다. 안 돼요.'));
    expect(await screen.findByText('고친 글을 복사했어요.')).toBeTruthy();
  });

  it('says so when nothing needed correcting', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch([
        on('GET', '/api/v1/text-correction/11', () =>
          Response.json(
            buildItem(
              buildTextCorrection({
                corrections: [],
                correctedText: '좋다.',
                checkedText: '좋다.',
                engine: 'model',
              }),
            ),
          ),
        ),
      ]).fetchMock,
    );
    renderAt(11);
    expect(await screen.findByText('고칠 곳을 찾지 못했어요.')).toBeTruthy();
    expect(screen.queryByText(/AI 연결 없이/)).toBeNull();
  });

  it('shows the not-found state for a 404', async () => {
    vi.stubGlobal('fetch', fakeFetch([]).fetchMock);
    renderAt(11);
    expect(await screen.findByRole('heading', { level: 1, name: '결과를 찾을 수 없어요' })).toBeTruthy();
  });
});
