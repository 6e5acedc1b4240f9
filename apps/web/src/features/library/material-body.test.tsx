import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import {
  buildFeedback,
  buildLesson,
  buildSummary,
  buildTextCorrection,
} from '../tool-views/tool-view-fixtures';
import { MaterialBody, materialView } from './components/material-body';

function render(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: <div data-testid="body">{ui}</div> }], {
    initialEntries: ['/v2/library/1'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return { container: screen.getByTestId('body') };
}

/** Nothing of the stored shape may show: no codes, no keys, no braces. */
function expectNoRawData(container: HTMLElement) {
  const text = container.textContent ?? '';
  expect(text).not.toMatch(/KOREAN|ACTIVITY|QUESTION|\bTEXT\b|\bgrammar\b|offline|[{}]|"type"/);
}

const LETTER = {
  kind: 'document',
  title: '방과 후 학교 신청 안내',
  document: {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: '방과 후 학교 신청 안내' }] },
      { type: 'paragraph', content: [{ type: 'text', text: '학부모님께' }] },
      {
        type: 'orderedList',
        content: [
          {
            type: 'listItem',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: '장소: 본교' }] }],
          },
        ],
      },
    ],
  },
  engine: 'offline',
  notice: null,
};

beforeEach(async () => {
  await loadPageTexts(['library', 'toolViews', 'documents']);
});

describe('materialView', () => {
  it('picks the reader by the tool and the shape of what was stored', () => {
    expect(materialView('LESSON', buildLesson())).toBe('lesson');
    expect(materialView('FEEDBACK', buildFeedback())).toBe('feedback');
    expect(materialView('TEXT_CORRECTION', buildTextCorrection())).toBe('correction');
    expect(materialView('PARENT_LETTER', LETTER)).toBe('document');
    expect(materialView('SUMMARY', buildSummary())).toBe('text');
    // A lesson whose content is not a lesson falls back to its text, never to its data.
    expect(materialView('LESSON', { something: 'else' })).toBe('text');
  });
});

describe('MaterialBody', () => {
  it('reads a lesson as its lesson plan: goal, standards, steps with their kinds and minutes', () => {
    const { container } = render(<MaterialBody libraryType="LESSON" content={buildLesson()} text="" />);
    expect(screen.getByRole('heading', { name: '학습 목표' })).toBeTruthy();
    expect(screen.getByText('분모가 같은 분수의 크기를 비교할 수 있다.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '도입' })).toBeTruthy();
    expect(screen.getByText('피자를 나누어 본 적이 있나요?')).toBeTruthy();
    expect(screen.getAllByText('발문').length).toBeGreaterThan(0);
    expectNoRawData(container);
  });

  it('reads feedback with its scores and the AI and area comments', () => {
    const { container } = render(<MaterialBody libraryType="FEEDBACK" content={buildFeedback()} text="" />);
    expect(screen.getByText('78점')).toBeTruthy();
    expect(screen.getByText('방학 이야기를 순서대로 잘 썼어요.')).toBeTruthy();
    expect(screen.getByText('맞춤법을 잘 지켰어요.')).toBeTruthy();
    expectNoRawData(container);
  });

  it('reads a correction with its marks and its list of changes', () => {
    const { container } = render(
      <MaterialBody libraryType="TEXT_CORRECTION" content={buildTextCorrection()} text="" />,
    );
    const list = screen.getByRole('region', { name: /고친 곳/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('correction-1')).toBeTruthy();
    expect(container.textContent).not.toMatch(/dictionary/);
  });

  it('reads a parent letter as its document', () => {
    const { container } = render(<MaterialBody libraryType="PARENT_LETTER" content={LETTER} text="" />);
    expect(screen.getByRole('heading', { name: '방과 후 학교 신청 안내' })).toBeTruthy();
    expect(screen.getByText('학부모님께')).toBeTruthy();
    expect(screen.getByText('장소: 본교')).toBeTruthy();
    expectNoRawData(container);
  });

  it('reads a summary as keywords and points', () => {
    const { container } = render(<MaterialBody libraryType="SUMMARY" content={buildSummary()} text="" />);
    expect(screen.getByText('광합성')).toBeTruthy();
    expect(screen.getByText('식물은 빛을 받아 양분을 만든다.')).toBeTruthy();
    expectNoRawData(container);
  });

  it('reads a comic as the strip the server drew, with its words below', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:strip', revokeObjectURL: () => {} }),
    );
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        requested.push(String(input));
        return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: { 'content-type': 'image/svg+xml' },
        });
      }),
    );
    const comic = {
      topic: '광합성',
      grade: '초등 5학년',
      characters: [{ name: '하늘', role: '궁금한 학생', colour: '#4C6EF5' }],
      panels: [1, 2, 3, 4].map((n) => ({
        scene: `${n}번 장면`,
        setting: 'classroom',
        narration: `${n}컷 해설`,
        dialogue: [{ speaker: '하늘', text: `${n}컷 질문이에요?` }],
        imageUrl: null,
      })),
      engine: 'offline',
      notice: null,
    };
    expect(materialView('WEBTOON', comic)).toBe('webtoon');
    render(
      <MaterialBody id={5} libraryType="WEBTOON" content={comic} text="1컷 해설 하늘: 1컷 질문이에요?" />,
    );
    const strip = await screen.findByRole('img', { name: '웹툰 그림' });
    expect(strip.getAttribute('src')).toBe('blob:strip');
    expect(requested.some((url) => url.endsWith('/api/v1/webtoon/5/svg'))).toBe(true);
    expect(screen.getByText(/1컷 질문이에요/)).toBeTruthy();
  });
});
afterEach(() => vi.unstubAllGlobals());
