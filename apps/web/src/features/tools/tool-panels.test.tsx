import { defaultSemester } from '@ssaem/contracts/lesson';
import { defaultCurriculum } from '@ssaem/contracts/reference';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { CreateLessonPage, ToolListPage } from './components/tool-list-page';
import { baseHandlers, eventStream, fakeToolsFetch, type Handler, successSignal } from './tools-fixtures';

// Mantine's autosize textarea listens for web fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/v2/tool/list', element: <ToolListPage /> },
      { path: '/create-lesson', element: <CreateLessonPage /> },
      { path: '/immersive/*', element: <p>result view</p> },
      { path: '/document/generate', element: <p>document generator</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function serve(
  extra: Array<[string, string | RegExp, Handler]> = [],
  options: { levelCodeSeq?: number | null } = {},
) {
  const fake = fakeToolsFetch([...extra, ...baseHandlers(options)]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function isDisabled(element: HTMLElement): boolean {
  return (element as HTMLButtonElement).disabled;
}

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

function pick(input: HTMLInputElement, ...files: File[]) {
  fireEvent.change(input, { target: { files } });
}

beforeEach(async () => {
  await loadPageTexts(['tools']);
});

describe('summary panel', () => {
  it('stays disabled until valid, shows the contract messages, posts multipart and opens the summary', async () => {
    const fake = serve([
      ['POST', '/api/v1/summary', () => Response.json({ id: 42 }, { status: 201 })],
      ['GET', '/api/subscribe/7/42', () => successSignal(42)],
    ]);
    const router = renderAt('/v2/tool/list?tool=summary');

    const dialog = await screen.findByRole('dialog', { name: '요약하기' });
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    expect(isDisabled(submit)).toBe(true);

    const title = within(dialog).getByRole('textbox', { name: '제목' });
    fireEvent.change(title, { target: { value: '광합성' } });
    fireEvent.change(title, { target: { value: '' } });
    expect(await within(dialog).findByText('제목을 입력해주세요.')).toBeTruthy();
    fireEvent.change(title, { target: { value: '광합성 자료 요약' } });

    fireEvent.click(within(dialog).getByRole('radio', { name: '문서 요약' }));
    expect(await within(dialog).findByText('파일을 업로드해주세요.')).toBeTruthy();
    expect(isDisabled(submit)).toBe(true);

    pick(fileInput(dialog), new File(['x'], 'virus.exe'));
    expect(await within(dialog).findByText('지원하지 않는 파일 형식입니다.')).toBeTruthy();
    expect(isDisabled(submit)).toBe(true);

    pick(fileInput(dialog), new File(['%PDF'], '광합성.pdf'), new File(['hwp'], '식물.hwp'));
    expect(await within(dialog).findByText('광합성.pdf')).toBeTruthy();
    await waitFor(() => expect(isDisabled(submit)).toBe(false));

    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/create-summary'));
    expect(router.state.location.search).toBe('?id=42');

    const post = fake.calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/summary');
    const body = post?.body as FormData;
    expect(JSON.parse(String(body.get('data')))).toMatchObject({
      title: '광합성 자료 요약',
      summaryType: 'DOCUMENT_SUMMARY',
      summaryFormat: 'KEYWORD_SUMMARY',
      accessLevel: 'PUBLIC',
      editable: true,
    });
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['광합성.pdf', '식물.hwp']);
  });

  it('asks for the topic of a topic summary', async () => {
    serve();
    renderAt('/v2/tool/list?tool=summary');
    const dialog = await screen.findByRole('dialog', { name: '요약하기' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '제목' }), { target: { value: '요약' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '주제 요약' }));
    const topic = await within(dialog).findByRole('textbox', { name: '요약할 주제' });
    fireEvent.change(topic, { target: { value: '광' } });
    fireEvent.change(topic, { target: { value: '' } });
    expect(await within(dialog).findByText('요약할 주제를 입력해주세요.')).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'AI 생성' }))).toBe(true);
  });
});

describe('feedback panel', () => {
  it('starts with all six areas on, requires the document name and a file in file mode, and alerts an error signal', async () => {
    const fake = serve([
      ['POST', '/api/v1/feedback', () => Response.json({ id: 43 }, { status: 201 })],
      [
        'GET',
        '/api/subscribe/7/43',
        () => eventStream('data: {"result":"error","id":43,"message":"글을 읽지 못했습니다."}\n\n'),
      ],
    ]);
    const router = renderAt('/v2/tool/list?tool=feedback');
    const dialog = await screen.findByRole('dialog', { name: '글쓰기 피드백' });
    for (const area of ['문법', '어휘', '표현', '문장', '구성', '내용·아이디어']) {
      expect((within(dialog).getByRole('checkbox', { name: area }) as HTMLInputElement).checked).toBe(true);
    }
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    const title = within(dialog).getByRole('textbox', { name: '자료명' });
    fireEvent.change(title, { target: { value: '글' } });
    fireEvent.change(title, { target: { value: ' ' } });
    expect(await within(dialog).findByText('자료명을 입력해주세요.')).toBeTruthy();
    fireEvent.change(title, { target: { value: '3학년 1반 논설문' } });

    fireEvent.click(within(dialog).getByRole('radio', { name: '파일 올리기' }));
    expect(await within(dialog).findByText('파일을 첨부해주세요.')).toBeTruthy();
    expect(isDisabled(submit)).toBe(true);
    pick(fileInput(dialog), new File(['png'], '학생글.png'));
    await waitFor(() => expect(isDisabled(submit)).toBe(false));

    fireEvent.click(submit);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('피드백을 생성하는 중 오류가 발생했습니다');
    expect(alert.textContent).toContain('글을 읽지 못했습니다.');
    expect(router.state.location.pathname).toBe('/v2/tool/list');

    const body = fake.calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(JSON.parse(String(body.get('inputDto')))).toMatchObject({
      title: '3학년 1반 논설문',
      useManualType: false,
      items: ['grammar', 'vocabulary', 'expression', 'sentence', 'composition', 'ideas'],
    });
    expect(body.getAll('files')).toHaveLength(1);
  });
});

describe('sharing of pupils’ work', () => {
  const sharingOf = (dialog: HTMLElement) => ({
    privateChecked: (within(dialog).getByRole('radio', { name: '나만 보기' }) as HTMLInputElement).checked,
    editable: (within(dialog).getByRole('switch', { name: /편집/ }) as HTMLInputElement).checked,
  });

  it('opens feedback as 나만 보기 with editing off, and remembers the teacher’s choice for the tool', async () => {
    let settings: Record<string, unknown> = { toolSharing: {} };
    const fake = serve([
      ['GET', '/api/v1/user-settings', () => Response.json(settings)],
      [
        'PUT',
        '/api/v1/user-settings',
        (_url, call) => {
          settings = { ...settings, ...(call.body as Record<string, unknown>) };
          return Response.json(settings);
        },
      ],
    ]);
    renderAt('/v2/tool/list?tool=feedback');
    const dialog = await screen.findByRole('dialog', { name: '글쓰기 피드백' });
    await waitFor(() => expect(sharingOf(dialog)).toEqual({ privateChecked: true, editable: false }));

    fireEvent.click(within(dialog).getByRole('radio', { name: '우리 학교 공개' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        toolSharing: { feedback: { accessLevel: 'SCHOOL', editable: false } },
      }),
    );
  }, 20_000);
});

describe('text correction panel', () => {
  it('sends the typed text and opens the correction view', async () => {
    const fake = serve([
      ['POST', '/api/v1/text-correction', () => Response.json({ id: 44 }, { status: 201 })],
      ['GET', '/api/subscribe/7/44', () => successSignal(44)],
    ]);
    const router = renderAt('/v2/tool/list?tool=text-correction');
    const dialog = await screen.findByRole('dialog', { name: '맞춤법·문법 검사기' });
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '제목' }), { target: { value: '일기' } });
    expect(isDisabled(submit)).toBe(true);

    fireEvent.click(within(dialog).getByRole('radio', { name: '파일 올리기' }));
    expect(await within(dialog).findByText('파일을 첨부해주세요.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: '직접 입력' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: '검사할 내용' }), {
      target: { value: '오늘은 날씨가 조았다.' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: '나만 보기' }));
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/create-text-correction'));
    expect(router.state.location.search).toBe('?id=44');
    const body = fake.calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(JSON.parse(String(body.get('inputDto')))).toMatchObject({
      title: '일기',
      useManualType: 'TEXT',
      userText: '오늘은 날씨가 조았다.',
      accessLevel: 'PRIVATE',
      editable: true,
    });
  });

  it('shows the task-timeout message when the server times the task out', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve([
      ['POST', '/api/v1/text-correction', () => Response.json({ id: 45 }, { status: 201 })],
      ['GET', '/api/subscribe/7/45', () => eventStream('event: error\ndata: {"error":"Task timeout"}\n\n')],
    ]);
    renderAt('/v2/tool/list?tool=text-correction');
    const dialog = await screen.findByRole('dialog', { name: '맞춤법·문법 검사기' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '제목' }), { target: { value: '일기' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '검사할 내용' }), {
      target: { value: '글' },
    });
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('작업 시간이 초과되었습니다');
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('lesson panel', () => {
  it('opens from /create-lesson, offers the grades of the school level, and creates the lesson', async () => {
    const fake = serve([
      ['POST', '/api/v1/lesson', () => Response.json({ id: 46 }, { status: 201 })],
      ['GET', '/api/subscribe/7/46', () => successSignal(46)],
    ]);
    const router = renderAt('/create-lesson');
    const dialog = await screen.findByRole('dialog', { name: '수업 만들기' });
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    expect(isDisabled(submit)).toBe(true);

    const grade = within(dialog).getByRole('combobox', { name: '학년' });
    await waitFor(() =>
      expect(
        within(grade)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['학년 선택', '초3', '초4']),
    );
    expect(
      (within(dialog).getByRole('radio', { name: `${defaultSemester()}학기` }) as HTMLInputElement).checked,
    ).toBe(true);
    // No grade yet: the newest curriculum; a grade brings the one it follows this school year.
    expect((within(dialog).getByRole('radio', { name: '2022 개정' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('combobox', { name: '언어' }) as HTMLSelectElement).value).toBe(
      'KOREAN',
    );
    expect((within(dialog).getByRole('combobox', { name: '이미지 생성' }) as HTMLSelectElement).value).toBe(
      'imagen',
    );

    fireEvent.change(within(dialog).getByRole('textbox', { name: '제목' }), {
      target: { value: '분수의 크기 비교' },
    });
    fireEvent.change(grade, { target: { value: '13' } });
    const subject = within(dialog).getByRole('combobox', { name: '과목' });
    await waitFor(() => expect(within(subject).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(subject, { target: { value: '13004' } });
    expect(
      (within(dialog).getByRole('radio', { name: `${defaultCurriculum(13)} 개정` }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(isDisabled(submit)).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '수업 목표' }), {
      target: { value: '분모가 같은 분수의 크기를 비교할 수 있다.' },
    });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/create-lesson/46'));
    const post = fake.calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/lesson');
    expect(post?.body).toEqual({
      title: '분수의 크기 비교',
      gradeSeq: 13,
      subjectSeq: 13004,
      semester: defaultSemester(),
      curriculum: defaultCurriculum(13),
      language: 'KOREAN',
      query: '분모가 같은 분수의 크기를 비교할 수 있다.',
      provider: 'imagen',
      additionalInfo: '',
      accessLevel: 'PUBLIC',
      editable: true,
      promptSeq: 8,
    });
  });

  it('shows the subject and goal messages of the contract', async () => {
    serve();
    renderAt('/create-lesson');
    const dialog = await screen.findByRole('dialog', { name: '수업 만들기' });
    const goal = within(dialog).getByRole('textbox', { name: '수업 목표' });
    fireEvent.change(goal, { target: { value: 'a' } });
    fireEvent.change(goal, { target: { value: '' } });
    expect(await within(dialog).findByText('수업 목표를 입력해주세요.')).toBeTruthy();
    fireEvent.blur(within(dialog).getByRole('combobox', { name: '학년' }));
    expect(await within(dialog).findByText('학년을 선택해주세요.')).toBeTruthy();
  });

  it('offers every grade when the school level is unknown', async () => {
    serve([], { levelCodeSeq: null });
    renderAt('/create-lesson');
    const dialog = await screen.findByRole('dialog', { name: '수업 만들기' });
    const grade = within(dialog).getByRole('combobox', { name: '학년' });
    await waitFor(() => expect(within(grade).getAllByRole('option')).toHaveLength(4));
  });
});

describe('AI tools index', () => {
  it('lists the catalogue and opens a panel from ?tool= and from a card', async () => {
    serve();
    const router = renderAt('/v2/tool/list?tool=feedback');
    expect(await screen.findByRole('dialog', { name: '글쓰기 피드백' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');

    fireEvent.click(await screen.findByRole('button', { name: '수업 만들기' }));
    expect(await screen.findByRole('dialog', { name: '수업 만들기' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tool=lesson');
  });

  it('logs a tool without a panel and only says it is coming; a link tool navigates', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve();
    const router = renderAt('/v2/tool/list');
    fireEvent.click(await screen.findByRole('button', { name: '웹툰 만들기' }));
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('WEBTOON'));
    expect(await screen.findByText('이 도구는 준비 중이에요. 조금만 기다려 주세요.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/v2/tool/list');

    fireEvent.click(screen.getByRole('button', { name: '문서 만들기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document/generate'));
  });

  it('logs an unknown ?tool= and opens nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve();
    renderAt('/v2/tool/list?tool=webtoon');
    expect(await screen.findByText('이 도구는 준비 중이에요. 조금만 기다려 주세요.')).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('webtoon'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
