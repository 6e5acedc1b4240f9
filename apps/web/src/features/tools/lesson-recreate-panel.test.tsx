import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { LessonRecreatePanel } from './panel/lesson-recreate-panel';
import { baseHandlers, eventStream, fakeToolsFetch, type Handler, successSignal } from './tools-fixtures';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const LESSON = {
  id: 42,
  title: '분수의 크기 비교',
  status: 3,
  creatorId: 7,
  result: {
    sections: [
      { id: 102, seq: 3, title: '전개', keyNum: 3, displayNo: 3, additionalInfo: '', items: [] },
      {
        id: 100,
        seq: 1,
        title: '학습 목표와 성취기준',
        keyNum: 1,
        displayNo: 1,
        additionalInfo: '',
        items: [],
      },
      { id: 101, seq: 2, title: '도입', keyNum: 2, displayNo: 2, additionalInfo: '', items: [] },
    ],
  },
};

function serve(extra: Array<[string, string | RegExp, Handler]> = []) {
  const fake = fakeToolsFetch([
    ...extra,
    ['GET', '/api/v1/lesson/42', () => Response.json(LESSON)],
    ['DELETE', /^\/api\/v1\/lesson\/42\/section\/\d+$/, () => Response.json(LESSON)],
    ['POST', '/api/v1/lesson/42/append', () => Response.json({ id: 42 }, { status: 202 })],
    ...baseHandlers(),
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function renderPanel() {
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<LessonRecreatePanel lessonId={42} opened onClose={onClose} onDone={onDone} />);
  return { onDone, onClose };
}

function checkbox(dialog: HTMLElement, name: string): HTMLInputElement {
  return within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
}

const lessonCalls = (calls: ReturnType<typeof serve>['calls']) =>
  calls
    .filter(
      (call) =>
        call.url.pathname.startsWith('/api/v1/lesson/42/') || call.url.pathname.startsWith('/api/subscribe/'),
    )
    .map((call) => `${call.method} ${call.url.pathname}`);

beforeEach(async () => {
  await loadPageTexts(['tools']);
});

describe('LessonRecreatePanel', () => {
  it('lists the sections in order; All chooses every section and locks the others', async () => {
    serve();
    renderPanel();
    const dialog = await screen.findByRole('dialog', { name: '수업 다시 만들기' });
    await within(dialog).findByRole('checkbox', { name: '도입' });
    const labels = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => dialog.querySelector(`label[for="${box.id}"]`)?.textContent);
    expect(labels).toEqual(['전체', '학습 목표와 성취기준', '도입', '전개']);

    fireEvent.click(checkbox(dialog, '도입'));
    expect(checkbox(dialog, '도입').checked).toBe(true);
    fireEvent.click(checkbox(dialog, '전체'));
    for (const name of ['학습 목표와 성취기준', '도입', '전개']) {
      expect(checkbox(dialog, name).checked).toBe(true);
      expect(checkbox(dialog, name).disabled).toBe(true);
    }
    fireEvent.click(checkbox(dialog, '전체'));
    expect(checkbox(dialog, '전개').disabled).toBe(false);
    expect(checkbox(dialog, '전개').checked).toBe(false);
  });

  it('alerts when no section is chosen and changes nothing', async () => {
    const fake = serve();
    const { onDone } = renderPanel();
    const dialog = await screen.findByRole('dialog', { name: '수업 다시 만들기' });
    await within(dialog).findByRole('checkbox', { name: '도입' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'AI 생성' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('선택된 섹션이 없습니다.');
    expect(fake.calls.some((call) => call.method !== 'GET')).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('deletes, appends and waits for each chosen section in order, then reports done', async () => {
    let releaseFirst: () => void = () => {};
    const firstSignal = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let subscriptions = 0;
    const fake = serve([
      [
        'GET',
        '/api/subscribe/7/42',
        async () => {
          subscriptions += 1;
          if (subscriptions === 1) await firstSignal;
          return successSignal(42);
        },
      ],
    ]);
    const { onDone, onClose } = renderPanel();
    const dialog = await screen.findByRole('dialog', { name: '수업 다시 만들기' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '전개' }));
    fireEvent.click(checkbox(dialog, '학습 목표와 성취기준'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '요청 사항' }), {
      target: { value: '모둠 활동을 넣어 주세요.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'AI 생성' }));

    await waitFor(() => expect(subscriptions).toBe(1));
    expect(await within(dialog).findByText('AI가 수업을 다시 만들고 있어요 (1/2)')).toBeTruthy();
    // The second section waits for the first one's signal.
    expect(lessonCalls(fake.calls)).toEqual([
      'DELETE /api/v1/lesson/42/section/100',
      'POST /api/v1/lesson/42/append',
      'GET /api/subscribe/7/42',
    ]);
    releaseFirst();

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(lessonCalls(fake.calls)).toEqual([
      'DELETE /api/v1/lesson/42/section/100',
      'POST /api/v1/lesson/42/append',
      'GET /api/subscribe/7/42',
      'DELETE /api/v1/lesson/42/section/102',
      'POST /api/v1/lesson/42/append',
      'GET /api/subscribe/7/42',
    ]);
    const appends = fake.calls
      .filter((call) => call.url.pathname === '/api/v1/lesson/42/append')
      .map((call) => call.body);
    expect(appends).toEqual([
      { key: 1, displayNo: 1, additionalInfo: '모둠 활동을 넣어 주세요.' },
      { key: 3, displayNo: 3, additionalInfo: '모둠 활동을 넣어 주세요.' },
    ]);
  });

  it('asks before making again a part the teacher changed by hand', async () => {
    const edited = {
      ...LESSON,
      result: {
        sections: LESSON.result.sections.map((section) =>
          section.id === 101 ? { ...section, edited: true } : section,
        ),
      },
    };
    const fake = serve([
      ['GET', '/api/v1/lesson/42', () => Response.json(edited)],
      ['GET', '/api/subscribe/7/42', () => successSignal(42)],
    ]);
    const { onDone } = renderPanel();
    const dialog = await screen.findByRole('dialog', { name: '수업 다시 만들기' });
    const editedPart = await within(dialog).findByRole('checkbox', { name: /^도입\s*직접 고침$/ });
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' }) as HTMLButtonElement;

    // An unchanged part asks nothing.
    fireEvent.click(checkbox(dialog, '전개'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(submit.disabled).toBe(false);

    fireEvent.click(editedPart);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('직접 고친 내용이 사라집니다');
    expect(alert.textContent).toContain('도입: 만든 뒤에 직접 고친 부분이에요.');
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(fake.calls.some((call) => call.method !== 'GET')).toBe(false);

    fireEvent.click(within(alert).getByRole('checkbox', { name: '고친 내용이 사라져도 다시 만들게요' }));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(lessonCalls(fake.calls).filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE /api/v1/lesson/42/section/101',
      'DELETE /api/v1/lesson/42/section/102',
    ]);
  });

  it('goes on after a section that fails, then shows the failure and still reloads', async () => {
    let subscriptions = 0;
    serve([
      [
        'GET',
        '/api/subscribe/7/42',
        () => {
          subscriptions += 1;
          return subscriptions === 1
            ? eventStream('data: {"result":"error","id":42,"message":"모델 응답 오류"}\n\n')
            : successSignal(42);
        },
      ],
    ]);
    const { onDone, onClose } = renderPanel();
    const dialog = await screen.findByRole('dialog', { name: '수업 다시 만들기' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '전체' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'AI 생성' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(subscriptions).toBe(3);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('모델 응답 오류');
    expect(onClose).not.toHaveBeenCalled();
  });
});
