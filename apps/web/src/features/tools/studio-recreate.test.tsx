import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import type { StudioItemResponse } from './api';
import { ToolListPage } from './components/tool-list-page';
import {
  baseHandlers,
  fakeToolsFetch,
  type Handler,
  type RecordedCall,
  successSignal,
} from './tools-fixtures';

// Recreate mode of the minutes, play and counselling panels (document-tools.md §2): the form the
// document was made from comes back complete and changeable, and the changed form re-makes it (PUT).

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/v2/tool/list', element: <ToolListPage /> },
      { path: '/immersive/*', element: <p>document viewer</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The stored item as its creator (user 7) reads it: its title and sharing now, the form it was made from. */
function storedItem(
  id: number,
  title: string,
  input: Record<string, unknown>,
  overrides: Partial<StudioItemResponse> = {},
): StudioItemResponse {
  return {
    id,
    title,
    input,
    status: 3,
    visibility: 'PRIVATE',
    editable: false,
    creatorId: 7,
    abilities: { view: true, use: true, edit: true, copy: true, changeSettings: true, delete: true },
    ...overrides,
  };
}

/** Serves the item at its studio route and answers its re-creation (202) and completion signal. */
function serveRecreate(slug: string, item: StudioItemResponse) {
  const path = `/api/v1/document/studio/${slug}/${item.id}`;
  const handlers: Array<[string, string | RegExp, Handler]> = [
    ['GET', path, () => Response.json(item)],
    ['PUT', path, () => Response.json({ id: item.id }, { status: 202 })],
    ['GET', `/api/subscribe/7/${item.id}`, () => successSignal(item.id)],
    ...baseHandlers(),
  ];
  const fake = fakeToolsFetch(handlers);
  vi.stubGlobal('fetch', fake.fetchMock);
  return { fake, path };
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const fieldValue = (element: HTMLElement) => (element as HTMLInputElement).value;
const submitOf = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'AI 생성' });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const radio = (dialog: HTMLElement, name: string) => within(dialog).getByRole('radio', { name });
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name });

function onlyCall(calls: RecordedCall[], method: string, path: string): RecordedCall {
  const matching = calls.filter((c) => c.method === method && c.url.pathname === path);
  expect(matching).toHaveLength(1);
  return matching[0] as RecordedCall;
}

/** Submits the recreate form and waits for the re-made document to open; nothing was created anew. */
async function recreate(
  dialog: HTMLElement,
  router: ReturnType<typeof renderAt>,
  fake: { calls: RecordedCall[] },
  id: number,
) {
  await waitFor(() => expect(isDisabled(submitOf(dialog))).toBe(false));
  fireEvent.click(submitOf(dialog));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/immersive/document/${id}`));
  expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
}

beforeEach(async () => {
  await loadPageTexts(['tools']);
});

const MINUTES_FORM = {
  title: '제3차 학교운영위원회',
  topic: '2026학년도 학교 예산안 심의\n방과후학교 운영 계획',
  principal: '박교장',
  chair: '최위원장',
  secretary: '정간사',
  admin: '오실장',
  teachers: '김하늘,정다운',
  parents: '이학부',
  requestContent: '예산안은 원안가결',
  meetingKind: 'EXTRA',
  meetingDate: '2026-03-12',
  place: '본관 2층 회의실',
  schoolLevel: '초등학교',
  type: 'MEETING_MINUTES',
  extension: 'hwp',
  accessLevel: 'SCHOOL',
  editable: true,
};

describe('meeting minutes recreate', () => {
  it('reopens every field and both member lists, and PUTs the changed minutes', async () => {
    const { fake, path } = serveRecreate(
      'meeting-minutes',
      storedItem(80, '제3차 학교운영위원회 회의록', MINUTES_FORM, { visibility: 'SCHOOL', editable: true }),
    );
    const router = renderAt('/v2/tool/list?tool=meeting-minutes&recreate=80');
    const dialog = await screen.findByRole('dialog', { name: '운영위원회 회의록 다시 만들기' });
    await waitFor(() => expect(fieldValue(textbox(dialog, '제목'))).toBe('제3차 학교운영위원회 회의록'));
    expect(fieldValue(textbox(dialog, '안건'))).toBe(MINUTES_FORM.topic);
    expect(fieldValue(textbox(dialog, '교장 위원'))).toBe('박교장');
    expect(fieldValue(textbox(dialog, '위원장'))).toBe('최위원장');
    expect(fieldValue(textbox(dialog, '간사'))).toBe('정간사');
    expect(fieldValue(textbox(dialog, '행정실장'))).toBe('오실장');
    expect(fieldValue(textbox(dialog, '회의 장소'))).toBe('본관 2층 회의실');
    expect(fieldValue(within(dialog).getByLabelText('회의 일시'))).toBe('2026-03-12');
    expect(isChecked(radio(dialog, '임시회'))).toBe(true);
    expect(isChecked(radio(dialog, '직접 입력'))).toBe(true);
    expect(fieldValue(textbox(dialog, '회의 내용·메모'))).toBe('예산안은 원안가결');
    expect(fieldValue(textbox(dialog, '교원 위원 1'))).toBe('김하늘');
    expect(fieldValue(textbox(dialog, '교원 위원 2'))).toBe('정다운');
    expect(within(dialog).getAllByRole('textbox', { name: /^학부모 위원 \d$/ })).toHaveLength(1);
    expect(fieldValue(textbox(dialog, '학부모 위원 1'))).toBe('이학부');
    // The document's sharing as it is now, not changed from here.
    expect(isChecked(radio(dialog, '우리 학교 공개'))).toBe(true);
    expect(isDisabled(radio(dialog, '나만 보기'))).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: '학부모 위원 추가' }));
    type(textbox(dialog, '학부모 위원 2'), '한지역');
    fireEvent.click(within(dialog).getByRole('button', { name: '교원 위원 1 빼기' }));
    fireEvent.click(radio(dialog, '정기회'));
    type(within(dialog).getByLabelText('회의 일시'), '2026-03-19');
    await recreate(dialog, router, fake, 80);

    expect(onlyCall(fake.calls, 'PUT', path).body).toEqual({
      ...MINUTES_FORM,
      title: '제3차 학교운영위원회 회의록',
      teachers: '정다운',
      parents: '이학부,한지역',
      meetingKind: 'REGULAR',
      meetingDate: '2026-03-19',
    });
  });

  it('minutes made from a recording keep its text until another recording is chosen', async () => {
    const transcript = '위원장: 예산안을 상정합니다. 교원위원: 찬성합니다.';
    const { fake, path } = serveRecreate(
      'meeting-minutes',
      storedItem(81, '녹음 회의록', {
        ...MINUTES_FORM,
        title: '녹음 회의록',
        requestContent: '',
        transcript,
      }),
    );
    const router = renderAt('/v2/tool/list?tool=meeting-minutes&recreate=81');
    const dialog = await screen.findByRole('dialog', { name: '운영위원회 회의록 다시 만들기' });
    await waitFor(() => expect(isChecked(radio(dialog, '녹음 파일로 만들기'))).toBe(true));
    expect(
      within(dialog).getByText('처음 올린 녹음 파일을 옮긴 글을 그대로 써요. 다른 파일을 고르면 바뀌어요.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText('녹음 파일(mp3, mp4)을 첨부해주세요.')).toBeNull();
    type(textbox(dialog, '추가 메모'), '두 번째 안건은 보류');
    await recreate(dialog, router, fake, 81);
    expect(onlyCall(fake.calls, 'PUT', path).body).toMatchObject({
      title: '녹음 회의록',
      requestContent: '두 번째 안건은 보류',
      transcript,
    });
  });

  it('a new recording replaces the kept text (multipart), and typed notes drop it', async () => {
    const transcript = '위원장: 예산안을 상정합니다.';
    const item = storedItem(82, '녹음 회의록', { ...MINUTES_FORM, title: '녹음 회의록', transcript });
    const { fake, path } = serveRecreate('meeting-minutes', item);
    const router = renderAt('/v2/tool/list?tool=meeting-minutes&recreate=82');
    const dialog = await screen.findByRole('dialog', { name: '운영위원회 회의록 다시 만들기' });
    await waitFor(() => expect(isChecked(radio(dialog, '녹음 파일로 만들기'))).toBe(true));
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['ID3'], '2차 회의.mp3')] } });
    await waitFor(() =>
      expect(
        within(dialog).queryByText(
          '처음 올린 녹음 파일을 옮긴 글을 그대로 써요. 다른 파일을 고르면 바뀌어요.',
        ),
      ).toBeNull(),
    );
    await recreate(dialog, router, fake, 82);
    const body = onlyCall(fake.calls, 'PUT', path).body as FormData;
    const form = JSON.parse(String(body.get('inputDto'))) as Record<string, unknown>;
    expect(form).toMatchObject({ type: 'MEETING_MINUTES', teachers: '김하늘,정다운', parents: '이학부' });
    expect(form).not.toHaveProperty('transcript');
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['2차 회의.mp3']);

    // Made again from typed notes, the old recording's text does not come along.
    const typed = serveRecreate('meeting-minutes', item);
    const again = renderAt('/v2/tool/list?tool=meeting-minutes&recreate=82');
    const second = (await screen.findAllByRole('dialog', { name: '운영위원회 회의록 다시 만들기' })).at(
      -1,
    ) as HTMLElement;
    await waitFor(() => expect(isChecked(radio(second, '녹음 파일로 만들기'))).toBe(true));
    fireEvent.click(radio(second, '직접 입력'));
    await recreate(second, again, typed.fake, 82);
    expect(onlyCall(typed.fake.calls, 'PUT', typed.path).body).not.toHaveProperty('transcript');
  });
});

describe('cooperative play recreate', () => {
  it('the play plan reopens grade band, period and situations, and PUTs the changed ones comma-joined', async () => {
    const { fake, path } = serveRecreate(
      'group-play-plan',
      storedItem(
        83,
        '5학년 협동놀이',
        {
          title: '5학년 협동놀이',
          grade: '5-6',
          season: 'SEMESTER_1',
          topic: ['RAINY_DAY', 'FOCUS'],
          requestContent: '교실에서',
          type: 'GROUP_PLAY_PLAN',
          extension: 'hwp',
          accessLevel: 'PUBLIC',
          editable: true,
        },
        { visibility: 'PUBLIC', editable: true },
      ),
    );
    const router = renderAt('/v2/tool/list?tool=group-play-plan&recreate=83');
    const dialog = await screen.findByRole('dialog', { name: '협동놀이 계획 다시 만들기' });
    await waitFor(() => expect(isChecked(radio(dialog, '5~6학년군'))).toBe(true));
    expect(isChecked(radio(dialog, '1학기'))).toBe(true);
    expect(isChecked(checkbox(dialog, '비 오는 날 교실 놀이'))).toBe(true);
    expect(isChecked(checkbox(dialog, '집중·마음 가라앉히기'))).toBe(true);
    expect(isChecked(checkbox(dialog, '갈등 해결·화해'))).toBe(false);
    expect(fieldValue(textbox(dialog, 'AI에게 요청할 내용'))).toBe('교실에서');

    fireEvent.click(checkbox(dialog, '집중·마음 가라앉히기'));
    fireEvent.click(checkbox(dialog, '감정 표현·마음 나누기'));
    fireEvent.click(radio(dialog, '2학기'));
    await recreate(dialog, router, fake, 83);
    expect(onlyCall(fake.calls, 'PUT', path).body).toMatchObject({
      type: 'GROUP_PLAY_PLAN',
      title: '5학년 협동놀이',
      grade: '5-6',
      season: 'SEMESTER_2',
      topic: 'RAINY_DAY,EMOTION',
      requestContent: '교실에서',
    });
  });

  it('the play lesson plan reopens the play, and refuses someone else’s plan', async () => {
    const form = {
      title: '풍선 릴레이 수업',
      grade: '1-2',
      topic: '풍선 릴레이',
      requestContent: '',
      accessLevel: 'PUBLIC',
      editable: true,
    };
    const { fake, path } = serveRecreate(
      'group-play-lesson-plan',
      storedItem(84, '풍선 릴레이 수업', form, { visibility: 'PUBLIC', editable: true }),
    );
    const router = renderAt('/v2/tool/list?tool=group-play-lesson-plan&recreate=84');
    const dialog = await screen.findByRole('dialog', { name: '놀이 수업 지도안 다시 만들기' });
    await waitFor(() => expect(fieldValue(textbox(dialog, '놀이 이름'))).toBe('풍선 릴레이'));
    expect(isChecked(radio(dialog, '1~2학년군'))).toBe(true);
    type(textbox(dialog, '놀이 이름'), '협동 풍선 나르기');
    fireEvent.click(radio(dialog, '3~4학년군'));
    await recreate(dialog, router, fake, 84);
    expect(onlyCall(fake.calls, 'PUT', path).body).toMatchObject({
      type: 'GROUP_PLAY_LESSON_PLAN',
      grade: '3-4',
      topic: '협동 풍선 나르기',
    });

    // A colleague's plan: no form comes back and nothing can be sent.
    serveRecreate(
      'group-play-lesson-plan',
      storedItem(84, '풍선 릴레이 수업', form, {
        input: null,
        creatorId: 9,
        abilities: { view: true, use: true, edit: false, copy: true, changeSettings: false, delete: false },
      }),
    );
    renderAt('/v2/tool/list?tool=group-play-lesson-plan&recreate=84');
    const other = (await screen.findAllByRole('dialog', { name: '놀이 수업 지도안 다시 만들기' })).at(
      -1,
    ) as HTMLElement;
    expect(await within(other).findByText('이 문서는 만든 선생님만 다시 만들 수 있어요.')).toBeTruthy();
    type(textbox(other, '제목'), '바꾼 제목');
    type(textbox(other, '놀이 이름'), '풍선 릴레이');
    fireEvent.click(radio(other, '1~2학년군'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isDisabled(submitOf(other))).toBe(true);
  });
});

const STUDENT_FORM = {
  title: '3월 상담',
  studentName: '홍길동',
  gender: 'MALE',
  counselSubject: ['STUDY', 'PEER_RELATIONS'],
  topic: '쉬는 시간에 혼자 지냄',
  teacherIntervention: '모둠 활동 역할 부여',
  futurePlan: '2주 뒤 다시 상담',
  requestContent: '',
  type: 'COUNSEL_STUDENT',
  extension: 'hwp',
  accessLevel: 'PRIVATE',
  editable: false,
};

describe('counselling recreate', () => {
  it('the student record reopens every part, stays private and PUTs the changed record', async () => {
    const { fake, path } = serveRecreate('counsel-student', storedItem(85, '3월 상담', STUDENT_FORM));
    const router = renderAt('/v2/tool/list?tool=counsel-student&recreate=85');
    const dialog = await screen.findByRole('dialog', { name: '학생 상담 기록 다시 만들기' });
    await waitFor(() => expect(fieldValue(textbox(dialog, '학생 이름'))).toBe('홍길동'));
    expect(isChecked(radio(dialog, '남'))).toBe(true);
    expect(isChecked(checkbox(dialog, '학업'))).toBe(true);
    expect(isChecked(checkbox(dialog, '교우관계'))).toBe(true);
    expect(isChecked(checkbox(dialog, '가정'))).toBe(false);
    expect(fieldValue(textbox(dialog, '상담 내용(상황)'))).toBe('쉬는 시간에 혼자 지냄');
    expect(fieldValue(textbox(dialog, '교사의 개입'))).toBe('모둠 활동 역할 부여');
    expect(fieldValue(textbox(dialog, '향후 계획'))).toBe('2주 뒤 다시 상담');
    expect(isChecked(radio(dialog, '나만 보기'))).toBe(true);

    type(textbox(dialog, '향후 계획'), '1주 뒤 보호자와 함께 상담');
    fireEvent.click(checkbox(dialog, '가정'));
    await recreate(dialog, router, fake, 85);
    expect(onlyCall(fake.calls, 'PUT', path).body).toEqual({
      ...STUDENT_FORM,
      counselSubject: 'STUDY,FAMILY,PEER_RELATIONS',
      futurePlan: '1주 뒤 보호자와 함께 상담',
    });
  });

  it('a parent counselling record (sheet: false) reopens in the record form, whichever form the link named', async () => {
    const form = {
      sheet: false,
      title: '1학기 학부모 상담',
      studentName: '홍길동',
      gender: 'MALE',
      relation: 'GRANDPARENT',
      counselSubject: ['FAMILY'],
      topic: '등교 준비가 늦음',
      parentOpinion: '아침 습관을 함께 잡겠음',
      teacherIntervention: '아침 활동 안내',
      futurePlan: '',
      requestContent: '',
      accessLevel: 'PRIVATE',
      editable: false,
    };
    const { fake, path } = serveRecreate('counsel-parent', storedItem(86, '1학기 학부모 상담', form));
    // The viewer names the record sheet's route for the item type both forms share.
    const router = renderAt('/v2/tool/list?tool=counsel-parent&recreate=86');
    const dialog = await screen.findByRole('dialog', { name: '학부모 상담 기록 다시 만들기' });
    await waitFor(() => expect(fieldValue(textbox(dialog, '학부모 의견'))).toBe('아침 습관을 함께 잡겠음'));
    expect(screen.queryByRole('dialog', { name: '학부모 상담 기록지 다시 만들기' })).toBeNull();
    expect(fieldValue(within(dialog).getByRole('combobox', { name: '상담 대상(학생과의 관계)' }))).toBe(
      'GRANDPARENT',
    );
    expect(isChecked(checkbox(dialog, '가정'))).toBe(true);
    expect(fieldValue(textbox(dialog, '상담 내용(상황)'))).toBe('등교 준비가 늦음');
    // Made again as what it is: no switch to the other form here.
    expect(within(dialog).queryByRole('button', { name: '기록지 자동 생성으로 돌아가기' })).toBeNull();

    type(textbox(dialog, '향후 계획 (선택)'), '한 달 뒤 전화 상담');
    await recreate(dialog, router, fake, 86);
    expect(onlyCall(fake.calls, 'PUT', path).body).toMatchObject({
      type: 'COUNSEL_PARENT',
      sheet: false,
      relation: 'GRANDPARENT',
      counselSubject: 'FAMILY',
      futurePlan: '한 달 뒤 전화 상담',
      accessLevel: 'PRIVATE',
    });
  });

  it('a parent counselling sheet (sheet: true) reopens in the sheet form and PUTs the changed sheet', async () => {
    const form = {
      sheet: true,
      title: '학부모 상담 기록지',
      studentName: '김민지',
      gender: 'FEMALE',
      relation: 'MOTHER',
      topic: '교우 관계',
      counselSummary: '친구 관계 고민',
      parentOpinion: '집에서도 이야기함',
      teacherObservation: '모둠 활동에 적극적',
      requestContent: '',
      accessLevel: 'PRIVATE',
      editable: false,
    };
    const { fake, path } = serveRecreate('counsel-parent', storedItem(87, '학부모 상담 기록지', form));
    const router = renderAt('/v2/tool/list?tool=counsel-parent&recreate=87');
    const dialog = await screen.findByRole('dialog', { name: '학부모 상담 기록지 다시 만들기' });
    await waitFor(() => expect(fieldValue(textbox(dialog, '학생 이름'))).toBe('김민지'));
    expect(isChecked(radio(dialog, '여'))).toBe(true);
    expect(fieldValue(within(dialog).getByRole('combobox', { name: '상담 대상(학생과의 관계)' }))).toBe(
      'MOTHER',
    );
    expect(fieldValue(textbox(dialog, '상담 주제'))).toBe('교우 관계');
    expect(fieldValue(textbox(dialog, '상담 내용 요약'))).toBe('친구 관계 고민');
    expect(fieldValue(textbox(dialog, '교사 관찰 의견'))).toBe('모둠 활동에 적극적');
    expect(within(dialog).queryByRole('button', { name: '상담 기록 양식으로 자세히 쓰기' })).toBeNull();

    type(textbox(dialog, '상담 내용 요약'), '친구 관계 고민, 점심시간에 혼자 있음');
    await recreate(dialog, router, fake, 87);
    expect(onlyCall(fake.calls, 'PUT', path).body).toEqual({
      ...form,
      type: 'COUNSEL_PARENT',
      extension: 'hwp',
      counselSummary: '친구 관계 고민, 점심시간에 혼자 있음',
    });
  });
});

describe('recreate of a document the teacher changed by hand', () => {
  it('warns that the changes will be lost and sends nothing until the teacher accepts', async () => {
    const { fake, path } = serveRecreate(
      'meeting-minutes',
      storedItem(88, '제3차 학교운영위원회 회의록', MINUTES_FORM, { edited: true }),
    );
    const router = renderAt('/v2/tool/list?tool=meeting-minutes&recreate=88');
    const dialog = await screen.findByRole('dialog', { name: '운영위원회 회의록 다시 만들기' });
    await waitFor(() => expect(fieldValue(textbox(dialog, '제목'))).toBe('제3차 학교운영위원회 회의록'));

    const warning = within(dialog).getByRole('alert');
    expect(warning.textContent).toContain('직접 고친 내용이 사라집니다');
    // The form is complete, yet it cannot be sent before the teacher says so.
    expect(isDisabled(submitOf(dialog))).toBe(true);
    fireEvent.click(submitOf(dialog));
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(checkbox(dialog, '고친 내용이 사라져도 다시 만들게요'));
    await recreate(dialog, router, fake, 88);
    // The form as it was made, with the document's title and sharing as they are now.
    expect(onlyCall(fake.calls, 'PUT', path).body).toEqual({
      ...MINUTES_FORM,
      title: '제3차 학교운영위원회 회의록',
      accessLevel: 'PRIVATE',
      editable: false,
    });
  });

  it('says nothing of the kind for a document as it was made', async () => {
    const { fake } = serveRecreate(
      'meeting-minutes',
      storedItem(89, '제3차 학교운영위원회 회의록', MINUTES_FORM, { edited: false }),
    );
    const router = renderAt('/v2/tool/list?tool=meeting-minutes&recreate=89');
    const dialog = await screen.findByRole('dialog', { name: '운영위원회 회의록 다시 만들기' });
    await waitFor(() => expect(fieldValue(textbox(dialog, '제목'))).toBe('제3차 학교운영위원회 회의록'));
    expect(within(dialog).queryByText('직접 고친 내용이 사라집니다')).toBeNull();
    await recreate(dialog, router, fake, 89);
  });
});
