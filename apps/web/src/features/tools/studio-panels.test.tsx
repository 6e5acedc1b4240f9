import { defaultSemester } from '@ssaem/contracts/lesson';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { CREATE_LINKS } from '../my-materials/components/create-menu';
import { isPanelTool } from './api';
import { DocumentGeneratePage } from './components/document-generate-page';
import { ToolListPage } from './components/tool-list-page';
import {
  baseHandlers,
  fakeToolsFetch,
  type Handler,
  type RecordedCall,
  successSignal,
} from './tools-fixtures';

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
      { path: '/document/generate', element: <DocumentGeneratePage /> },
      { path: '/immersive/*', element: <p>document viewer</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function serve(extra: Array<[string, string | RegExp, Handler]> = []) {
  const fake = fakeToolsFetch([...extra, ...baseHandlers()]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

/** The create call answers 201 {id} and the subscription says the document is ready. */
function created(method: string, path: string, id: number, status = 201): Array<[string, string, Handler]> {
  return [
    [method, path, () => Response.json({ id }, { status })],
    ['GET', `/api/subscribe/7/${id}`, () => successSignal(id)],
  ];
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const submitOf = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'AI 생성' });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

function pick(input: HTMLInputElement, ...files: File[]) {
  fireEvent.change(input, { target: { files } });
}

function callTo(calls: RecordedCall[], method: string, path: string): RecordedCall {
  const call = calls.find((c) => c.method === method && c.url.pathname === path);
  if (!call) throw new Error(`no ${method} ${path}`);
  return call;
}

/** Types a value, then clears it, so the schema's message for an empty field shows. */
async function expectEmptyMessage(dialog: HTMLElement, field: HTMLElement, message: string) {
  type(field, 'x');
  type(field, '');
  expect(await within(dialog).findByText(message)).toBeTruthy();
}

beforeEach(async () => {
  await loadPageTexts(['tools']);
});

describe('evaluation plan panel', () => {
  it('stays disabled until grade, subject, semester and title are there, offers the publishers and posts JSON', async () => {
    const fake = serve([
      ...created('POST', '/api/v1/document/evaluation-plans', 50),
      [
        'GET',
        '/api/v1/publishers/grade/13',
        () => Response.json([{ seq: 301, name: '천재교육', author: '한대희' }]),
      ],
    ]);
    const router = renderAt('/v2/tool/list?tool=evaluation-plan');
    const dialog = await screen.findByRole('dialog', { name: '평가계획' });
    const submit = submitOf(dialog);
    expect(isDisabled(submit)).toBe(true);
    expect(isChecked(within(dialog).getByRole('radio', { name: `${defaultSemester()}학기` }))).toBe(true);
    expect(isChecked(within(dialog).getByRole('radio', { name: '2022 개정' }))).toBe(true);

    await expectEmptyMessage(dialog, textbox(dialog, '제목'), '제목을 입력해주세요.');
    fireEvent.blur(within(dialog).getByRole('combobox', { name: '학년' }));
    expect(await within(dialog).findByText('학년을 선택해주세요.')).toBeTruthy();

    type(textbox(dialog, '제목'), '3학년 1학기 수학 평가계획');
    const grade = within(dialog).getByRole('combobox', { name: '학년' });
    await waitFor(() => expect(within(grade).getAllByRole('option')).toHaveLength(3));
    type(grade, '13');
    const subject = within(dialog).getByRole('combobox', { name: '과목' });
    await waitFor(() => expect(within(subject).getAllByRole('option')).toHaveLength(3));
    expect(isDisabled(submit)).toBe(true);
    type(subject, '13004');

    const publisher = within(dialog).getByRole('combobox', { name: '교과서 출판사' });
    await waitFor(() => expect(within(publisher).getAllByRole('option')).toHaveLength(2));
    type(publisher, '301');
    fireEvent.click(within(dialog).getByRole('radio', { name: '2015 개정' }));
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/50'));
    expect(router.state.location.search).toBe('?type=EVALUATION_PLAN');
    const publisherQueries = fake.calls
      .filter((call) => call.url.pathname === '/api/v1/publishers/grade/13')
      .map((call) => call.url.searchParams.get('subject'));
    expect(publisherQueries.at(-1)).toBe('13004');
    expect(callTo(fake.calls, 'POST', '/api/v1/document/evaluation-plans').body).toMatchObject({
      type: 'EVALUATION_PLAN',
      title: '3학년 1학기 수학 평가계획',
      gradeSeq: 13,
      grade: '초3',
      subjectSeq: 13004,
      subject: '수학',
      semester: defaultSemester(),
      curriculum: 2015,
      isUserTemplate: false,
      publisherAuthorSeq: 301,
      levelCodeSeq: 1,
      extension: 'hwp',
      accessLevel: 'PUBLIC',
      editable: true,
    });
  });

  it("with the teacher's own template needs the file, names the plan after it and sends multipart", async () => {
    const fake = serve(created('POST', '/api/v1/document/evaluation-plans', 51));
    renderAt('/v2/tool/list?tool=evaluation-plan');
    const dialog = await screen.findByRole('dialog', { name: '평가계획' });
    const grade = within(dialog).getByRole('combobox', { name: '학년' });
    await waitFor(() => expect(within(grade).getAllByRole('option')).toHaveLength(3));
    type(grade, '13');
    const subject = within(dialog).getByRole('combobox', { name: '과목' });
    await waitFor(() => expect(within(subject).getAllByRole('option')).toHaveLength(3));
    type(subject, '13004');

    fireEvent.click(within(dialog).getByRole('radio', { name: '내 양식 올리기' }));
    expect(within(dialog).queryByRole('combobox', { name: '교과서 출판사' })).toBeNull();
    expect(await within(dialog).findByText('제목을 입력해주세요.')).toBeTruthy();
    expect(isDisabled(submitOf(dialog))).toBe(true);

    pick(fileInput(dialog), new File(['x'], '양식.exe'));
    expect(
      await within(dialog).findByText('평가계획 양식은 HWP, HWPX, WORD(DOCX), PDF 파일만 쓸 수 있습니다.'),
    ).toBeTruthy();
    pick(fileInput(dialog), new File(['hwp'], '우리학교 평가계획 양식.hwpx'));
    await waitFor(() =>
      expect((textbox(dialog, '제목') as HTMLInputElement).value).toBe('우리학교 평가계획 양식'),
    );
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));

    await waitFor(() => expect(fake.calls.some((c) => c.url.pathname === '/api/subscribe/7/51')).toBe(true));
    const body = callTo(fake.calls, 'POST', '/api/v1/document/evaluation-plans').body as FormData;
    const dto = JSON.parse(String(body.get('generateDto')));
    expect(dto).toMatchObject({
      isUserTemplate: true,
      title: '우리학교 평가계획 양식',
      publisherAuthorSeq: null,
    });
    expect(dto.template).toBeUndefined();
    expect((body.get('userTemplate') as File).name).toBe('우리학교 평가계획 양식.hwpx');
  });

  it('recreate mode starts from the stored title and sends the changed form with PUT', async () => {
    const fake = serve([
      [
        'GET',
        '/api/v1/document/studio/evaluation-plan/60',
        () =>
          Response.json({
            id: 60,
            title: '지난 평가계획',
            status: 3,
            visibility: 'SCHOOL',
            editable: false,
            creatorId: 7,
            abilities: { view: true, use: true, edit: true, copy: true, changeSettings: true, delete: true },
            input: {
              title: '처음 제목',
              gradeSeq: 13,
              subjectSeq: 13004,
              semester: 1,
              query: '분수 단원 위주로',
              isUserTemplate: false,
              publisherAuthorSeq: null,
              accessLevel: 'SCHOOL',
              editable: false,
            },
          }),
      ],
      ...created('PUT', '/api/v1/document/studio/evaluation-plan/60', 60, 202),
    ]);
    const router = renderAt('/v2/tool/list?tool=evaluation-plan&recreate=60');
    const dialog = await screen.findByRole('dialog', { name: '평가계획 다시 만들기' });
    await waitFor(() => expect((textbox(dialog, '제목') as HTMLInputElement).value).toBe('지난 평가계획'));
    // The whole form comes back as it was sent, the title as the document has it now.
    expect(within(dialog).queryByText(/제목만 채워 두었어요/)).toBeNull();
    expect(isChecked(within(dialog).getByRole('radio', { name: '우리 학교 공개' }))).toBe(true);
    expect((textbox(dialog, '추가 요청') as HTMLTextAreaElement).value).toBe('분수 단원 위주로');
    const grade = within(dialog).getByRole('combobox', { name: '학년' });
    await waitFor(() => expect((grade as HTMLSelectElement).value).toBe('13'));
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: '과목' }) as HTMLSelectElement).value).toBe(
        '13004',
      ),
    );
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    await waitFor(() => expect(within(grade).getAllByRole('option')).toHaveLength(3));
    type(grade, '14');
    const subject = within(dialog).getByRole('combobox', { name: '과목' });
    type(subject, '');
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(true));
    type(grade, '13');
    await waitFor(() => expect(within(subject).getAllByRole('option')).toHaveLength(3));
    type(subject, '13001');
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));

    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/60'));
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(callTo(fake.calls, 'PUT', '/api/v1/document/studio/evaluation-plan/60').body).toMatchObject({
      type: 'EVALUATION_PLAN',
      title: '지난 평가계획',
      gradeSeq: 13,
      subjectSeq: 13001,
      semester: 1,
      query: '분수 단원 위주로',
      accessLevel: 'SCHOOL',
      editable: false,
    });
  });
});

describe('parent letter panel', () => {
  it('asks for title and topic, sends the application letter and opens it', async () => {
    const fake = serve(created('POST', '/api/v1/document/letter', 52));
    const router = renderAt('/v2/tool/list?tool=parent-letter');
    const dialog = await screen.findByRole('dialog', { name: '가정통신문' });
    expect(isDisabled(submitOf(dialog))).toBe(true);
    await expectEmptyMessage(dialog, textbox(dialog, '제목'), '제목을 입력해주세요.');
    await expectEmptyMessage(dialog, textbox(dialog, '주제'), '주제를 입력해주세요.');
    type(textbox(dialog, '제목'), '현장체험학습 참가 신청');
    expect(isDisabled(submitOf(dialog))).toBe(true);
    type(textbox(dialog, '주제'), '5월 15일 어린이대공원 현장체험학습');
    expect(isChecked(within(dialog).getByRole('radio', { name: '신청 (회신서 포함)' }))).toBe(true);
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));

    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/52'));
    expect(router.state.location.search).toBe('?type=PARENT_LETTER');
    expect(callTo(fake.calls, 'POST', '/api/v1/document/letter').body).toEqual({
      type: 'PARENT_LETTER',
      title: '현장체험학습 참가 신청',
      topic: '5월 15일 어린이대공원 현장체험학습',
      additionalInfo: '',
      documentType: 'APPLY',
      isUseUserTemplate: false,
      gradeSeq: null,
      extension: 'hwp',
      accessLevel: 'PUBLIC',
      editable: true,
    });
  });

  it('recreate mode PUTs the changed letter, and refuses a letter that is not the teacher’s', async () => {
    const item = (edit: boolean) => ({
      id: 61,
      title: '운동회 안내',
      status: 3,
      visibility: 'PUBLIC',
      editable: true,
      creatorId: edit ? 7 : 9,
      abilities: { view: true, use: true, edit, copy: true, changeSettings: edit, delete: edit },
      input: edit
        ? {
            title: '운동회 안내',
            topic: '9월 운동회',
            additionalInfo: '체육복 착용',
            documentType: 'APPLY',
            isUseUserTemplate: false,
            gradeSeq: 13,
            accessLevel: 'PUBLIC',
            editable: true,
          }
        : null,
    });
    let mine = true;
    const fake = serve([
      ['GET', '/api/v1/document/studio/parent-letter/61', () => Response.json(item(mine))],
      ...created('PUT', '/api/v1/document/studio/parent-letter/61', 61, 202),
    ]);
    const router = renderAt('/v2/tool/list?tool=parent-letter&recreate=61');
    const dialog = await screen.findByRole('dialog', { name: '가정통신문 다시 만들기' });
    await waitFor(() => expect((textbox(dialog, '제목') as HTMLInputElement).value).toBe('운동회 안내'));
    expect((textbox(dialog, '주제') as HTMLTextAreaElement).value).toBe('9월 운동회');
    expect((textbox(dialog, '세부 내용') as HTMLTextAreaElement).value).toBe('체육복 착용');
    expect(isChecked(within(dialog).getByRole('radio', { name: '신청 (회신서 포함)' }))).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: '안내' }));
    type(textbox(dialog, '주제'), '10월 운동회');
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));
    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/61'));
    expect(callTo(fake.calls, 'PUT', '/api/v1/document/studio/parent-letter/61').body).toMatchObject({
      type: 'PARENT_LETTER',
      title: '운동회 안내',
      topic: '10월 운동회',
      additionalInfo: '체육복 착용',
      gradeSeq: 13,
      documentType: 'GUIDE',
    });

    mine = false;
    renderAt('/v2/tool/list?tool=parent-letter&recreate=61');
    const other = (await screen.findAllByRole('dialog', { name: '가정통신문 다시 만들기' })).at(
      -1,
    ) as HTMLElement;
    expect(await within(other).findByText('이 문서는 만든 선생님만 다시 만들 수 있어요.')).toBeTruthy();
    type(textbox(other, '주제'), '10월 운동회');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isDisabled(submitOf(other))).toBe(true);
  });
});

describe('meeting minutes panel', () => {
  async function fillRequired(dialog: HTMLElement) {
    type(textbox(dialog, '제목'), '제3차 학교운영위원회');
    type(textbox(dialog, '안건'), '2025학년도 학교 예산안 심의');
    type(textbox(dialog, '교장 위원'), '박교장');
    type(textbox(dialog, '교원 위원 1'), '김하늘');
    type(textbox(dialog, '학부모 위원 1'), '이학부');
  }

  it('grows and shrinks the member lists, keeping one row each, and sends them comma-joined', async () => {
    const fake = serve(created('POST', '/api/v1/document/meeting-minutes', 53));
    const router = renderAt('/v2/tool/list?tool=meeting-minutes');
    const dialog = await screen.findByRole('dialog', { name: '운영위원회 회의록' });
    expect(isDisabled(within(dialog).getByRole('button', { name: '교원 위원 1 빼기' }))).toBe(true);

    await fillRequired(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '교원 위원 추가' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '교원 위원 추가' }));
    type(textbox(dialog, '교원 위원 2'), '최보람');
    type(textbox(dialog, '교원 위원 3'), '정다운');
    expect(isDisabled(within(dialog).getByRole('button', { name: '교원 위원 1 빼기' }))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '교원 위원 2 빼기' }));
    expect((textbox(dialog, '교원 위원 2') as HTMLInputElement).value).toBe('정다운');
    expect(within(dialog).queryByRole('textbox', { name: '교원 위원 3' })).toBeNull();

    // The parent list: emptied, it says it needs one member and the button waits.
    type(textbox(dialog, '학부모 위원 1'), '');
    expect(await within(dialog).findByText('학부모 위원을 한 명 이상 입력해주세요.')).toBeTruthy();
    expect(isDisabled(submitOf(dialog))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '학부모 위원 추가' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '학부모 위원 1 빼기' }));
    expect(within(dialog).getAllByRole('textbox', { name: /^학부모 위원 \d$/ })).toHaveLength(1);
    expect(isDisabled(within(dialog).getByRole('button', { name: '학부모 위원 1 빼기' }))).toBe(true);
    type(textbox(dialog, '학부모 위원 1'), '이학부');
    fireEvent.click(within(dialog).getByRole('button', { name: '학부모 위원 추가' }));
    type(textbox(dialog, '학부모 위원 2'), '한지역');

    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));
    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/53'));
    expect(router.state.location.search).toBe('?type=MEETING_MINUTES');
    expect(callTo(fake.calls, 'POST', '/api/v1/document/meeting-minutes').body).toMatchObject({
      type: 'MEETING_MINUTES',
      title: '제3차 학교운영위원회',
      topic: '2025학년도 학교 예산안 심의',
      principal: '박교장',
      teachers: '김하늘,정다운',
      parents: '이학부,한지역',
      meetingKind: 'REGULAR',
      schoolLevel: '초등학교',
    });
  });

  it('asks for the agenda and the principal', async () => {
    serve();
    renderAt('/v2/tool/list?tool=meeting-minutes');
    const dialog = await screen.findByRole('dialog', { name: '운영위원회 회의록' });
    await expectEmptyMessage(dialog, textbox(dialog, '안건'), '안건을 입력해주세요.');
    await expectEmptyMessage(dialog, textbox(dialog, '교장 위원'), '교장 위원 이름을 입력해주세요.');
    type(textbox(dialog, '교원 위원 1'), '김');
    type(textbox(dialog, '교원 위원 1'), '');
    expect(await within(dialog).findByText('교원 위원을 한 명 이상 입력해주세요.')).toBeTruthy();
  });

  it('sends a recording as multipart and, without a speech-to-text model, says so and keeps the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sttMessage =
      '녹음을 글로 옮기는 음성 인식 모델이 연결되어 있지 않습니다. 회의 내용을 직접 입력해 주세요.';
    const fake = serve([
      [
        'POST',
        '/api/v1/document/meeting-minutes',
        () =>
          Response.json(
            {
              code: 'E_VALIDATION',
              message: '입력값을 확인해 주세요.',
              details: [{ path: 'files', message: sttMessage }],
            },
            { status: 400 },
          ),
      ],
    ]);
    const router = renderAt('/v2/tool/list?tool=meeting-minutes');
    const dialog = await screen.findByRole('dialog', { name: '운영위원회 회의록' });
    await fillRequired(dialog);
    fireEvent.click(within(dialog).getByRole('radio', { name: '녹음 파일로 만들기' }));
    expect(await within(dialog).findByText('녹음 파일(mp3, mp4)을 첨부해주세요.')).toBeTruthy();
    expect(isDisabled(submitOf(dialog))).toBe(true);
    pick(fileInput(dialog), new File(['ID3'], '회의.wav'));
    expect(await within(dialog).findByText('녹음 파일은 mp3 또는 mp4만 올릴 수 있습니다.')).toBeTruthy();
    pick(fileInput(dialog), new File(['ID3'], '회의.mp3'));
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(sttMessage);
    expect(router.state.location.pathname).toBe('/v2/tool/list');
    expect((textbox(dialog, '교원 위원 1') as HTMLInputElement).value).toBe('김하늘');
    expect(isDisabled(submitOf(dialog))).toBe(false);
    const body = callTo(fake.calls, 'POST', '/api/v1/document/meeting-minutes').body as FormData;
    expect(JSON.parse(String(body.get('inputDto')))).toMatchObject({
      type: 'MEETING_MINUTES',
      teachers: '김하늘',
      parents: '이학부',
    });
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['회의.mp3']);
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('cooperative play panels', () => {
  it('the play plan needs a grade band, a period and a situation, and sends the situations comma-joined', async () => {
    const fake = serve(created('POST', '/api/v1/document/studio', 54));
    const router = renderAt('/v2/tool/list?tool=group-play-plan');
    const dialog = await screen.findByRole('dialog', { name: '협동놀이 계획' });
    type(textbox(dialog, '제목'), '3학년 협동놀이');
    fireEvent.click(within(dialog).getByRole('radio', { name: '3~4학년군' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '수시' }));
    expect(isDisabled(submitOf(dialog))).toBe(true);
    const outdoor = within(dialog).getByRole('checkbox', { name: '운동장·바깥 놀이' });
    fireEvent.click(outdoor);
    fireEvent.click(outdoor);
    expect(await within(dialog).findByText('놀이 상황을 하나 이상 선택해주세요.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '갈등 해결·화해' }));
    fireEvent.click(outdoor);
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));

    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/54'));
    expect(router.state.location.search).toBe('?type=GROUP_PLAY_PLAN');
    expect(callTo(fake.calls, 'POST', '/api/v1/document/studio').body).toMatchObject({
      type: 'GROUP_PLAY_PLAN',
      title: '3학년 협동놀이',
      grade: '3-4',
      season: 'NO_DATE',
      topic: 'OUTDOOR,CONFLICT',
    });
  });

  it('the play lesson plan needs the play name', async () => {
    const fake = serve(created('POST', '/api/v1/document/studio', 55));
    const router = renderAt('/v2/tool/list?tool=group-play-lesson-plan');
    const dialog = await screen.findByRole('dialog', { name: '놀이 수업 지도안' });
    type(textbox(dialog, '제목'), '풍선 릴레이 수업');
    fireEvent.click(within(dialog).getByRole('radio', { name: '1~2학년군' }));
    await expectEmptyMessage(dialog, textbox(dialog, '놀이 이름'), '놀이 이름을 입력해주세요.');
    expect(isDisabled(submitOf(dialog))).toBe(true);
    type(textbox(dialog, '놀이 이름'), '풍선 릴레이');
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));
    await waitFor(() => expect(router.state.location.search).toBe('?type=GROUP_PLAY_LESSON_PLAN'));
    expect(callTo(fake.calls, 'POST', '/api/v1/document/studio').body).toMatchObject({
      type: 'GROUP_PLAY_LESSON_PLAN',
      grade: '1-2',
      topic: '풍선 릴레이',
    });
  });
});

describe('counselling panels', () => {
  it('the student record starts private and needs every part of the record', async () => {
    const fake = serve(created('POST', '/api/v1/document/studio', 56));
    const router = renderAt('/v2/tool/list?tool=counsel-student');
    const dialog = await screen.findByRole('dialog', { name: '학생 상담 기록' });
    expect(isChecked(within(dialog).getByRole('radio', { name: '나만 보기' }))).toBe(true);
    await expectEmptyMessage(dialog, textbox(dialog, '학생 이름'), '학생 이름을 입력해주세요.');
    type(textbox(dialog, '제목'), '3월 상담');
    type(textbox(dialog, '학생 이름'), '홍길동');
    fireEvent.click(within(dialog).getByRole('radio', { name: '남' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '교우관계' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '학업' }));
    type(textbox(dialog, '상담 내용(상황)'), '쉬는 시간에 혼자 지냄');
    type(textbox(dialog, '교사의 개입'), '모둠 활동 역할 부여');
    expect(isDisabled(submitOf(dialog))).toBe(true);
    type(textbox(dialog, '향후 계획'), '2주 뒤 다시 상담');
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));

    await waitFor(() => expect(router.state.location.search).toBe('?type=COUNSEL_STUDENT'));
    expect(callTo(fake.calls, 'POST', '/api/v1/document/studio').body).toMatchObject({
      type: 'COUNSEL_STUDENT',
      studentName: '홍길동',
      gender: 'MALE',
      counselSubject: 'STUDY,PEER_RELATIONS',
      accessLevel: 'PRIVATE',
    });
  });

  it('the catalogue’s parent counselling opens the record sheet for automatic generation (sheet: true)', async () => {
    const fake = serve(created('POST', '/api/v1/document/studio', 57));
    const router = renderAt('/v2/tool/list?tool=counsel-parent');
    const dialog = await screen.findByRole('dialog', { name: '학부모 상담 기록지 자동 생성' });
    expect(isChecked(within(dialog).getByRole('radio', { name: '나만 보기' }))).toBe(true);
    type(textbox(dialog, '학생 이름'), '홍길동');
    fireEvent.click(within(dialog).getByRole('radio', { name: '여' }));
    const relation = within(dialog).getByRole('combobox', { name: '상담 대상(학생과의 관계)' });
    fireEvent.blur(relation);
    expect(await within(dialog).findByText('상담 대상(학생과의 관계)을 선택해주세요.')).toBeTruthy();
    type(relation, 'MOTHER');
    type(textbox(dialog, '상담 주제'), '교우 관계');
    await expectEmptyMessage(dialog, textbox(dialog, '상담 내용 요약'), '상담 내용 요약을 입력해주세요.');
    type(textbox(dialog, '상담 내용 요약'), '친구 관계 고민');
    type(textbox(dialog, '학부모 의견'), '집에서도 이야기함');
    expect(isDisabled(submitOf(dialog))).toBe(true);
    type(textbox(dialog, '교사 관찰 의견'), '모둠 활동에 적극적');
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));

    await waitFor(() => expect(router.state.location.search).toBe('?type=COUNSEL_PARENT'));
    expect(callTo(fake.calls, 'POST', '/api/v1/document/studio').body).toMatchObject({
      type: 'COUNSEL_PARENT',
      sheet: true,
      title: '학부모 상담 기록지',
      relation: 'MOTHER',
      gender: 'FEMALE',
      accessLevel: 'PRIVATE',
    });
  });

  it('the record sheet and the full record link to each other', async () => {
    serve();
    const router = renderAt('/v2/tool/list?tool=counsel-parent');
    const sheet = await screen.findByRole('dialog', { name: '학부모 상담 기록지 자동 생성' });
    fireEvent.click(within(sheet).getByRole('button', { name: '상담 기록 양식으로 자세히 쓰기' }));
    const record = await screen.findByRole('dialog', { name: '학부모 상담 기록' });
    expect(router.state.location.search).toBe('?tool=counsel-parent-record');
    fireEvent.click(within(record).getByRole('button', { name: '기록지 자동 생성으로 돌아가기' }));
    expect(await screen.findByRole('dialog', { name: '학부모 상담 기록지 자동 생성' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tool=counsel-parent');
  });

  it('the parent counselling record (sheet: false) adds relation and parent opinion to the student form', async () => {
    const fake = serve(created('POST', '/api/v1/document/studio', 58));
    renderAt('/v2/tool/list?tool=counsel-parent-record');
    const dialog = await screen.findByRole('dialog', { name: '학부모 상담 기록' });
    expect(isChecked(within(dialog).getByRole('radio', { name: '나만 보기' }))).toBe(true);
    type(textbox(dialog, '제목'), '1학기 학부모 상담');
    type(textbox(dialog, '학생 이름'), '홍길동');
    fireEvent.click(within(dialog).getByRole('radio', { name: '남' }));
    type(within(dialog).getByRole('combobox', { name: '상담 대상(학생과의 관계)' }), 'GRANDPARENT');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '가정' }));
    type(textbox(dialog, '상담 내용(상황)'), '등교 준비가 늦음');
    type(textbox(dialog, '교사의 개입'), '아침 활동 안내');
    await expectEmptyMessage(dialog, textbox(dialog, '학부모 의견'), '학부모 의견을 입력해주세요.');
    expect(isDisabled(submitOf(dialog))).toBe(true);
    type(textbox(dialog, '학부모 의견'), '아침 습관을 함께 잡겠음');
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));
    await waitFor(() => expect(fake.calls.some((c) => c.url.pathname === '/api/subscribe/7/58')).toBe(true));
    expect(callTo(fake.calls, 'POST', '/api/v1/document/studio').body).toMatchObject({
      type: 'COUNSEL_PARENT',
      sheet: false,
      relation: 'GRANDPARENT',
      counselSubject: 'FAMILY',
      futurePlan: '',
      accessLevel: 'PRIVATE',
    });
  });
});

describe('parent counselling scenario panel', () => {
  it('offers 10–60 minutes (20 first) and the topics of the school level, and says the assistant is generating', async () => {
    let finish: (response: Response) => void = () => {};
    const fake = serve([
      ['POST', '/api/v1/document/studio', () => Response.json({ id: 59 }, { status: 201 })],
      ['GET', '/api/subscribe/7/59', () => new Promise<Response>((resolve) => (finish = resolve))],
    ]);
    const router = renderAt('/v2/tool/list?tool=counsel-parent-script');
    const dialog = await screen.findByRole('dialog', { name: '학부모 상담 시나리오' });
    expect(isChecked(within(dialog).getByRole('radio', { name: '나만 보기' }))).toBe(true);
    const duration = within(dialog).getByRole('combobox', { name: '상담 시간' }) as HTMLSelectElement;
    expect(
      within(duration)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10분', '20분', '30분', '40분', '50분', '60분']);
    expect(duration.value).toBe('20');

    // The teacher's school is an elementary school: its four topics.
    const level = within(dialog).getByRole('combobox', { name: '학교급' }) as HTMLSelectElement;
    await waitFor(() => expect(level.value).toBe('ELEMENTARY'));
    const topicNames = () =>
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => dialog.querySelector(`label[for="${box.id}"]`)?.textContent);
    expect(topicNames()).toEqual(['학습 습관', '교우 관계', '정서·행동', '가정생활']);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '학습 습관' }));

    type(level, 'MIDDLE');
    expect(topicNames()).toEqual([
      '학업 태도 및 성취',
      '교우 관계 및 의사소통',
      '정서·심리 상태',
      '생활 습관 및 미디어 사용',
      '진로 관심사 탐색',
    ]);
    type(level, 'HIGH');
    expect(topicNames()).toHaveLength(5);
    expect(topicNames()).toContain('진로 계획');
    type(level, 'OTHER');
    expect(topicNames()).toEqual(['학습 습관', '교우 관계', '정서·행동', '가정생활']);
    type(level, 'MIDDLE');

    type(textbox(dialog, '제목'), '1학기 학부모 상담');
    expect(await within(dialog).findByText('상담 주제를 하나 이상 선택해주세요.')).toBeTruthy();
    expect(isDisabled(submitOf(dialog))).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '진로 관심사 탐색' }));
    type(duration, '40');
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));

    expect(
      await within(dialog).findByText(
        'AI 어시스턴트가 상담 시나리오를 생성하고 있어요. 잠시만 기다려 주세요.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(fake.calls.some((c) => c.url.pathname === '/api/subscribe/7/59')).toBe(true));
    finish(successSignal(59));
    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/59'));
    expect(router.state.location.search).toBe('?type=COUNSEL_PARENT_SCRIPT');
    expect(callTo(fake.calls, 'POST', '/api/v1/document/studio').body).toMatchObject({
      type: 'COUNSEL_PARENT_SCRIPT',
      title: '1학기 학부모 상담',
      schoolLevel: 'MIDDLE',
      topic: 'CAREER_INTEREST',
      season: 40,
      isUseUserTemplate: false,
      accessLevel: 'PRIVATE',
    });
  });

  it('recreate mode hides the settings and PUTs the scenario', async () => {
    const fake = serve([
      [
        'GET',
        '/api/v1/document/studio/counsel-parent-script/62',
        () =>
          Response.json({
            id: 62,
            title: '지난 상담 시나리오',
            status: 3,
            visibility: 'PRIVATE',
            editable: true,
            creatorId: 7,
            abilities: { view: true, use: true, edit: true, copy: true, changeSettings: true, delete: true },
            input: {
              title: '지난 상담 시나리오',
              schoolLevel: 'ELEMENTARY',
              season: 30,
              topic: ['STUDY_HABITS'],
              requestContent: '숙제 습관 위주',
              isUseUserTemplate: false,
              accessLevel: 'PRIVATE',
              editable: true,
            },
          }),
      ],
      ...created('PUT', '/api/v1/document/studio/counsel-parent-script/62', 62, 202),
    ]);
    const router = renderAt('/v2/tool/list?tool=counsel-parent-script&recreate=62');
    const dialog = await screen.findByRole('dialog', { name: '상담 시나리오 다시 만들기' });
    await waitFor(() =>
      expect((textbox(dialog, '제목') as HTMLInputElement).value).toBe('지난 상담 시나리오'),
    );
    expect(within(dialog).queryByRole('radio', { name: '나만 보기' })).toBeNull();
    expect(within(dialog).queryByText('공개 범위')).toBeNull();
    await waitFor(() =>
      expect(isChecked(within(dialog).getByRole('checkbox', { name: '학습 습관' }))).toBe(true),
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '가정생활' }));
    await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
    fireEvent.click(submitOf(dialog));
    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/62'));
    expect(callTo(fake.calls, 'PUT', '/api/v1/document/studio/counsel-parent-script/62').body).toMatchObject({
      type: 'COUNSEL_PARENT_SCRIPT',
      title: '지난 상담 시나리오',
      topic: 'STUDY_HABITS,HOME_LIFE',
      season: 30,
      requestContent: '숙제 습관 위주',
    });
  });
});

describe('general document page', () => {
  it('needs the request only, sends it multipart with the template and opens the document', async () => {
    const fake = serve(created('POST', '/api/v1/document/generate', 63));
    const router = renderAt('/document/generate');
    const form = await screen.findByRole('form', { name: '문서 만들기' });
    const submit = within(form).getByRole('button', { name: 'AI 생성' });
    expect(isDisabled(submit)).toBe(true);
    await expectEmptyMessage(form, textbox(form, '만들 문서의 내용'), '만들 문서의 내용을 입력해주세요.');
    type(textbox(form, '만들 문서의 내용'), '4월 20일 공개수업 안내문');
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    pick(fileInput(form), new File(['docx'], '안내문 양식.docx'));
    expect(await within(form).findByText('안내문 양식.docx')).toBeTruthy();
    fireEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/immersive/document/63'));
    expect(router.state.location.search).toBe('?type=GENERATE_DOCUMENT');
    const body = callTo(fake.calls, 'POST', '/api/v1/document/generate').body as FormData;
    expect(JSON.parse(String(body.get('data')))).toMatchObject({
      type: 'GENERATE_DOCUMENT',
      title: '',
      query: '4월 20일 공개수업 안내문',
    });
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['안내문 양식.docx']);
  });
});

describe('My Materials create menu', () => {
  it('opens a panel for every tool it links to, the lesson panel and the HWP editor', () => {
    const links = Object.fromEntries(CREATE_LINKS.map((link) => [link.id, link.to]));
    expect(links.lessonPlan).toBe('/create-lesson');
    expect(links.hwpEditor).toBe('/immersive/document/editor');
    for (const link of CREATE_LINKS) {
      const url = new URL(link.to, 'http://localhost');
      if (url.pathname !== '/v2/tool/list') continue;
      expect(isPanelTool(url.searchParams.get('tool'))).toBe(true);
    }
    expect(links.evaluationPlan).toBe('/v2/tool/list?tool=evaluation-plan');
    expect(links.parentLetter).toBe('/v2/tool/list?tool=parent-letter');
  });
});
