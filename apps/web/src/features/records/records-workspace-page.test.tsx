import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { fakeFetch, on } from '../library/library-fixtures';
import { RecordsWorkspacePage } from './components/records-workspace-page';

// Mantine's autosize textarea listens for web fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const AREAS = [
  ['BEHAVIOR', '행동특성 및 종합의견', 500],
  ['SUBJECT', '세부능력 및 특기사항', 500],
  ['AUTONOMY', '자율·자치활동', 500],
  ['CLUB', '동아리활동', 500],
  ['CAREER', '진로활동', 700],
].map(([area, label, chars]) => ({
  area,
  label,
  labelEn: String(area),
  charLimit: chars,
  byteLimit: Number(chars) * 3,
  perSubject: area === 'SUBJECT',
}));

function student(id: number, number: number, name: string) {
  return { id, number, name, gender: 'M', records: [] as unknown[] };
}

function serve() {
  let nextId = 100;
  const fake = fakeFetch([
    on('GET', '/api/v1/student-records', () =>
      Response.json({ classroomId: 7, students: [student(1, 1, '김하나'), student(2, 2, '이둘')] }),
    ),
    on('GET', '/api/v1/student-records/items', () =>
      Response.json({ areas: AREAS, subjects: ['국어', '수학'] }),
    ),
    on('POST', '/api/v1/student-records', (_url, body) => {
      const input = body as { studentId: number; area: string; content: string };
      return Response.json(
        {
          id: nextId++,
          studentId: input.studentId,
          classroomId: 7,
          schoolYear: 2026,
          area: input.area,
          subject: '',
          content: input.content,
          bytes: 0,
          authorId: 1,
          authorName: '김하늘',
          createdAt: '2026-07-01T00:00:00.000Z',
          updatedAt: '2026-07-01T00:00:00.000Z',
          abilities: { view: true, edit: true, delete: true },
        },
        { status: 201 },
      );
    }),
    on('POST', '/api/v1/student-records/drafts', () =>
      Response.json({
        id: 9,
        studentId: 1,
        area: 'BEHAVIOR',
        subject: '',
        status: 'done',
        text: '책임감이 돋보이는 학생임.',
        bytes: 0,
        byteLimit: 1500,
        engine: 'offline',
        notice: 'AI 연결 없이 입력하신 관찰 내용으로 기본 초안을 만들었어요.',
        error: null,
        createdAt: '2026-07-01T00:00:00.000Z',
      }),
    ),
    on('POST', '/api/v1/student-records/drafts/9/accept', () => Response.json({ id: 9 })),
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function renderWorkspace() {
  const router = createMemoryRouter(
    [{ path: '/my-class/:classroomId/records', element: <RecordsWorkspacePage /> }],
    {
      initialEntries: ['/my-class/7/records'],
    },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

const behaviour = () => screen.getByRole('region', { name: '행동특성 및 종합의견' });

beforeEach(async () => {
  await loadPageTexts(['classes', 'records']);
});

// A whole workspace with Mantine under happy-dom: slow on a shared machine.
describe('RecordsWorkspacePage', { timeout: 30_000 }, () => {
  it('meters NEIS bytes as the teacher types, red past the limit, and flags banned items with the reason', async () => {
    serve();
    renderWorkspace();
    const editor = await within(
      await screen.findByRole('region', { name: '행동특성 및 종합의견' }),
    ).findByRole('textbox', {
      name: '행동특성 및 종합의견',
    });
    fireEvent.change(editor, { target: { value: '성실함.' } });
    const meter = within(behaviour()).getByTestId('byte-meter');
    expect(meter.textContent).toContain('10 / 1,500 바이트');
    expect(meter.dataset.over).toBe('false');
    fireEvent.change(editor, { target: { value: '가'.repeat(501) } });
    expect(meter.dataset.over).toBe('true');
    expect(meter.textContent).toContain('3바이트 초과');
    fireEvent.change(editor, { target: { value: '토익 900점을 받았다.' } });
    const checks = within(behaviour()).getByTestId('checks');
    expect(checks.textContent).toContain('공인어학시험');
    expect(checks.textContent).toContain('어느 항목에도 적을 수 없음');
    fireEvent.click(within(checks).getByRole('button', { name: "'받았음'으로 바꾸기" }));
    expect((editor as HTMLTextAreaElement).value).toBe('토익 900점을 받았음.');
  });

  it('puts an accepted draft in the editor without saving it, saves on request, and moves to the next pupil with Alt+↓', async () => {
    const fake = serve();
    renderWorkspace();
    await screen.findByRole('heading', { name: '1번 김하나' });
    fireEvent.click(within(behaviour()).getByRole('button', { name: 'AI 초안' }));
    const draft = within(behaviour()).getByRole('region', { name: '행동특성 및 종합의견 AI 초안' });
    fireEvent.change(within(draft).getByLabelText('키워드'), { target: { value: '책임감' } });
    fireEvent.click(within(draft).getByRole('button', { name: '초안 만들기' }));
    expect((await within(draft).findByRole('status')).textContent).toContain('AI 연결 없이');
    fireEvent.click(within(draft).getByRole('button', { name: '받아들이기' }));
    const editor = within(behaviour()).getByRole('textbox', { name: '행동특성 및 종합의견' });
    await waitFor(() => expect((editor as HTMLTextAreaElement).value).toBe('책임감이 돋보이는 학생임.'));
    expect(fake.calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/student-records')).toBe(
      false,
    );
    expect(within(behaviour()).getByTestId('saved-indicator').textContent).toContain('저장하지 않은 변경');

    fireEvent.click(within(behaviour()).getByRole('button', { name: '저장' }));
    await waitFor(() =>
      expect(within(behaviour()).getByTestId('saved-indicator').textContent).toMatch(/^저장됨/),
    );
    const saved = fake.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/student-records');
    expect(saved?.body).toEqual({ studentId: 1, area: 'BEHAVIOR', content: '책임감이 돋보이는 학생임.' });

    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true });
    expect(await screen.findByRole('heading', { name: '2번 이둘' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true });
    expect(await screen.findByRole('heading', { name: '1번 김하나' })).toBeTruthy();
    expect(
      (within(behaviour()).getByRole('textbox', { name: '행동특성 및 종합의견' }) as HTMLTextAreaElement)
        .value,
    ).toBe('책임감이 돋보이는 학생임.');
  });
});
