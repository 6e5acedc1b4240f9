import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { LessonSlidesPage } from './components/lesson-slides-page';
import { renderView } from './render-view';
import { buildItem, buildLesson, fakeFetch, on } from './tool-view-fixtures';

function serve() {
  vi.stubGlobal(
    'fetch',
    fakeFetch([on('GET', '/api/v1/lesson/7', () => Response.json(buildItem(buildLesson(), { id: 7 })))])
      .fetchMock,
  );
}

const renderAt = (path: string) =>
  renderView(
    path.startsWith('/immersive') ? '/immersive/lesson-slide/:id' : '/tool/lesson-slide/:id',
    <LessonSlidesPage />,
    path,
  );

const slideTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const counter = () => screen.getByTestId('slide-counter').textContent;
const press = (key: string) => fireEvent.keyDown(document, { key });

beforeEach(async () => {
  await loadPageTexts(['toolViews']);
});

describe('LessonSlidesPage', () => {
  it('shows one slide per section in order, with its items as bullet points', async () => {
    serve();
    renderAt('/tool/lesson-slide/7');
    expect(await screen.findByRole('heading', { level: 2, name: '도입' })).toBeTruthy();
    expect(counter()).toBe('1 / 3');
    expect(screen.getByRole('listitem').textContent).toBe('동기 유발: 피자를 나누어 본 적이 있나요?');
    expect(screen.getByRole('link', { name: '지도안으로 돌아가기' }).getAttribute('href')).toBe(
      '/tool/lesson-plan/7',
    );
  });

  it('moves with the arrow, page and Home/End keys and announces each slide', async () => {
    serve();
    renderAt('/immersive/lesson-slide/7');
    await screen.findByRole('heading', { level: 2, name: '도입' });

    press('ArrowRight');
    expect(slideTitle()).toBe('전개');
    expect(counter()).toBe('2 / 3');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('slide-announcer').textContent).toBe('슬라이드 2 / 3: 전개');
    expect(screen.getByTestId('slide-announcer').getAttribute('aria-live')).toBe('polite');

    press('PageDown');
    expect(slideTitle()).toBe('정리');
    press('ArrowRight');
    expect(counter()).toBe('3 / 3');

    press('PageUp');
    expect(slideTitle()).toBe('전개');
    press('Home');
    expect(slideTitle()).toBe('도입');
    press('ArrowLeft');
    expect(counter()).toBe('1 / 3');
    press('End');
    expect(slideTitle()).toBe('정리');
    expect(screen.getByRole('link', { name: '지도안으로 돌아가기' }).getAttribute('href')).toBe(
      '/immersive/create-lesson/7',
    );
  });

  it('moves with the previous and next buttons, disabled at the ends', async () => {
    serve();
    renderAt('/tool/lesson-slide/7');
    await screen.findByRole('heading', { level: 2, name: '도입' });
    const previous = screen.getByRole('button', { name: '이전 슬라이드' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '다음 슬라이드' }));
    expect(slideTitle()).toBe('전개');
    fireEvent.click(screen.getByRole('button', { name: '이전 슬라이드' }));
    expect(slideTitle()).toBe('도입');
  });

  it('asks the browser for full screen', async () => {
    serve();
    renderAt('/tool/lesson-slide/7');
    await screen.findByRole('heading', { level: 2, name: '도입' });
    const requestFullscreen = vi.fn(() => Promise.resolve());
    const deck = screen.getByRole('region', { name: '수업 슬라이드' });
    Object.defineProperty(deck, 'requestFullscreen', { value: requestFullscreen, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: '전체 화면' }));
    expect(requestFullscreen).toHaveBeenCalled();
  });

  it('shows the not-found state for a 404', async () => {
    serve();
    renderAt('/tool/lesson-slide/99');
    expect(await screen.findByRole('heading', { level: 1, name: '결과를 찾을 수 없어요' })).toBeTruthy();
  });
});
