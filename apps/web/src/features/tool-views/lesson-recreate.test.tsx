import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { LessonPlanPage } from './components/lesson-plan-page';
import { renderView } from './render-view';
import { buildItem, buildLesson, fakeFetch, on } from './tool-view-fixtures';

// The panel is the tools feature's; here only how the plan opens it and reloads afterwards.
vi.mock('../tools/panel/lesson-recreate-panel', () => ({
  LessonRecreatePanel: (props: {
    lessonId: number;
    opened: boolean;
    onClose: () => void;
    onDone: () => void;
  }) =>
    props.opened ? (
      <div role="dialog" aria-label={`recreate ${props.lessonId}`}>
        <button type="button" onClick={props.onDone}>
          done
        </button>
      </div>
    ) : null,
}));

beforeEach(async () => {
  await loadPageTexts(['toolViews']);
});

describe('LessonPlanPage recreate mode', () => {
  it('opens the recreate panel for this lesson and reloads the lesson when it is done', async () => {
    const fake = fakeFetch([
      on('GET', '/api/v1/lesson/7', () => Response.json(buildItem(buildLesson(), { id: 7, title: '분수' }))),
    ]);
    vi.stubGlobal('fetch', fake.fetchMock);
    renderView('/tool/lesson-plan/:id', <LessonPlanPage />, '/tool/lesson-plan/7');

    fireEvent.click(await screen.findByRole('button', { name: '다시 만들기' }));
    const panel = await screen.findByRole('dialog', { name: 'recreate 7' });
    const reads = () => fake.calls.filter((call) => call.url.pathname === '/api/v1/lesson/7').length;
    const before = reads();
    fireEvent.click(panel.querySelector('button') as HTMLButtonElement);
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
