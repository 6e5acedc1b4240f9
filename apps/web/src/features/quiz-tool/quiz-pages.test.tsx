import type { QuizToolResult } from '@ssaem/contracts/quiz-tool';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderView } from '../tool-views/render-view';
import { baseHandlers, fakeToolsFetch, type Handler } from '../tools/tools-fixtures';
import { QuizFormPage } from './components/quiz-form-page';
import { QuizViewPage } from './components/quiz-view-page';

const STANDARDS = [
  { code: '[4수01-10]', statement: '분모가 같은 분수끼리 크기를 비교할 수 있다.', area: '수와 연산' },
  { code: '[4수03-01]', statement: '직선, 선분, 반직선을 알고 구별할 수 있다.', area: '도형과 측정' },
].map((s) => ({
  ...s,
  curriculum: 2022,
  schoolLevel: '초',
  gradeBand: '초3-4',
  subjectGroup: '수학',
  subject: '수학',
  levels: [],
}));

const FORM = {
  title: '분수 형성평가',
  purpose: 'WORKSHEET',
  gradeSeq: 13,
  subjectSeq: 13004,
  unit: '분수',
  curriculum: 2022,
  standardCodes: ['[4수01-10]'],
  material: '단위분수는 분자가 1인 분수이다.',
  counts: { choice: 1, short: 0, ox: 2, matching: 0, essay: 1 },
  choiceOptions: 5,
  difficulty: '중',
  accessLevel: 'SCHOOL',
  editable: false,
  fileNames: ['분수.hwpx'],
};

const RESULT: QuizToolResult = {
  purpose: 'QUIZ',
  subject: '수학',
  grade: '초3',
  unit: '분수',
  standards: [
    { curriculum: 2022, code: '[4수01-10]', statement: '분모가 같은 분수끼리 크기를 비교할 수 있다.' },
  ],
  items: [
    {
      kind: 'ox',
      level: '하',
      question: '다음 설명이 맞으면 O, 틀리면 X 하시오.\n“단위분수는 분자가 1인 분수이다.”',
      options: [],
      prompts: [],
      answer: 'O',
      explanation: '자료의 설명과 같습니다.',
      rubric: [],
      standard: {
        curriculum: 2022,
        code: '[4수01-10]',
        statement: '분모가 같은 분수끼리 크기를 비교할 수 있다.',
      },
    },
  ],
  engine: 'offline',
  notice: 'AI 연결 없이 기본 초안을 만들었어요.',
};

function serve(extra: Array<[string, string | RegExp, Handler]>) {
  const fake = fakeToolsFetch([
    ...extra,
    [
      'GET',
      '/api/v1/standards',
      () => Response.json({ items: STANDARDS, total: 2, pageIndex: 0, pageSize: 200 }),
    ],
    ...baseHandlers(),
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

const item = (overrides: object = {}) => ({
  id: 40,
  title: '분수 형성평가',
  status: 3,
  error: null,
  visibility: 'SCHOOL',
  editable: false,
  creatorId: 7,
  createdAt: '2026-11-01T00:00:00.000Z',
  result: RESULT,
  input: FORM,
  abilities: { view: true, edit: true, copy: true, changeSettings: true, delete: true },
  ...overrides,
});

beforeEach(async () => {
  await loadPageTexts(['quizTool', 'tools']);
});

describe('QuizFormPage', () => {
  it('sends the chosen standards, material and counts, and opens the items', async () => {
    const fake = serve([['POST', '/api/v1/quiz', () => Response.json({ id: 41 }, { status: 201 })]]);
    const router = renderView('/tool/quiz', <QuizFormPage />, '/tool/quiz');
    fireEvent.change(await screen.findByRole('textbox', { name: /제목/ }), {
      target: { value: '분수 퀴즈' },
    });
    const grade = screen.getByRole('combobox', { name: /학년/ });
    await waitFor(() => expect(within(grade).getAllByRole('option').length).toBeGreaterThan(1));
    fireEvent.change(grade, { target: { value: '13' } });
    const subject = screen.getByRole('combobox', { name: /과목/ });
    await waitFor(() => expect(within(subject).getAllByRole('option').length).toBeGreaterThan(1));
    fireEvent.change(subject, { target: { value: '13004' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /\[4수01-10\]/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /^단원/ }), { target: { value: '분수' } });
    fireEvent.change(screen.getByRole('textbox', { name: /서술형/ }), { target: { value: '2' } });
    const submit = screen.getByRole('button', { name: '문항 만들기' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tool/quiz/41'));
    const sent = fake.calls.find((c) => c.method === 'POST')?.body;
    expect(sent).toMatchObject({
      title: '분수 퀴즈',
      gradeSeq: 13,
      subjectSeq: 13004,
      unit: '분수',
      standardCodes: ['[4수01-10]'],
      counts: { choice: 3, short: 2, ox: 2, matching: 1, essay: 2 },
      purpose: 'QUIZ',
    });
  });

  it('recreate reopens the complete form and sends it back changed', async () => {
    const fake = serve([
      ['GET', '/api/v1/quiz/40', () => Response.json(item())],
      ['POST', '/api/v1/quiz/40/re-create', () => Response.json({ id: 40 })],
    ]);
    const router = renderView('/tool/quiz', <QuizFormPage />, '/tool/quiz?recreate=40');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /제목/ }) as HTMLInputElement).value).toBe('분수 형성평가'),
    );
    expect((screen.getByRole('radio', { name: '학습지' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /^단원/ }) as HTMLInputElement).value).toBe('분수');
    expect((screen.getByRole('textbox', { name: /수업 자료/ }) as HTMLTextAreaElement).value).toBe(
      '단위분수는 분자가 1인 분수이다.',
    );
    expect((screen.getByRole('radio', { name: '5지선다' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '중' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /O\/X/ }) as HTMLInputElement).value).toBe('2');
    expect(screen.getByText(/분수\.hwpx/)).toBeTruthy();
    const standard = await screen.findByRole('checkbox', { name: /\[4수01-10\]/ });
    await waitFor(() => expect((standard as HTMLInputElement).checked).toBe(true));
    fireEvent.change(screen.getByRole('textbox', { name: /제목/ }), { target: { value: '분수 학습지' } });
    fireEvent.click(screen.getByRole('button', { name: '다시 만들기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tool/quiz/40'));
    const sent = fake.calls.find((c) => c.method === 'POST')?.body as { input: object };
    const { fileNames: _kept, ...form } = FORM;
    expect(sent.input).toEqual({ ...form, title: '분수 학습지' });
  });
});

describe('QuizViewPage', () => {
  it('shows the items, the answers on demand, and saves an edit', async () => {
    const fake = serve([
      ['GET', '/api/v1/quiz/40', () => Response.json(item())],
      [
        'PUT',
        '/api/v1/quiz/40',
        (_url, call) => Response.json(item({ result: (call.body as { result: unknown }).result })),
      ],
    ]);
    renderView('/tool/quiz/:id', <QuizViewPage />, '/tool/quiz/40');
    expect(await screen.findByRole('heading', { level: 1, name: '분수 형성평가' })).toBeTruthy();
    expect(screen.getByText('AI 연결 없이 기본 초안을 만들었어요.')).toBeTruthy();
    expect(screen.getByText('“단위분수는 분자가 1인 분수이다.”')).toBeTruthy();
    expect(screen.queryByTestId('answer')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: '정답과 해설 보기' }));
    expect(screen.getByTestId('answer').textContent).toContain('[4수01-10]');
    fireEvent.click(screen.getByRole('button', { name: '고치기' }));
    fireEvent.change(screen.getByRole('textbox', { name: '해설' }), { target: { value: '분자가 1이에요.' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = fake.calls.find((c) => c.method === 'PUT')?.body as { result: QuizToolResult };
    expect(sent.result.items[0]?.explanation).toBe('분자가 1이에요.');
    expect(await screen.findByRole('button', { name: '고치기' })).toBeTruthy();
  });
});
