import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { baseHandlers, fakeToolsFetch, type Handler, type RecordedCall } from '../tools/tools-fixtures';
import { FeedbackViewPage } from './components/feedback-view-page';
import { SummaryViewPage } from './components/summary-view-page';
import { renderView } from './render-view';
import { buildFeedback, buildItem, buildSummary } from './tool-view-fixtures';

const KEPT = {
  id: '3b6c1f0e-8d2a-4c55-9f3e-1a2b3c4d5e6f',
  name: '광합성.hwpx',
  size: 20480,
  type: 'application/hwp+zip',
};

/** The item answers with its form until it is re-created; then it reads as being made again. */
function serve(
  base: string,
  item: () => unknown,
  waiting: () => unknown,
  extra: Array<[string, string, Handler]> = [],
) {
  let recreated = false;
  const fake = fakeToolsFetch([
    // The test's own answers first: the first route that answers wins.
    ...extra,
    ['GET', `${base}/11`, () => Response.json(recreated ? waiting() : item())],
    [
      'POST',
      `${base}/11/re-create`,
      () => {
        recreated = true;
        return Response.json({ id: 11 });
      },
    ],
    ['GET', `${base}/list`, () => Response.json([])],
    ...baseHandlers(),
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function recreateCall(calls: RecordedCall[], base: string): RecordedCall | undefined {
  return calls.find((call) => call.method === 'POST' && call.url.pathname === `${base}/11/re-create`);
}

const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

beforeEach(async () => {
  await loadPageTexts(['toolViews', 'tools']);
});

describe('summary result page: recreate reopens the kept form', () => {
  const form = {
    title: '처음 제목',
    summaryType: 'DOCUMENT_SUMMARY',
    summaryFormat: 'KEYWORD_SUMMARY',
    summaryTopic: '',
    inputText: '',
    summaryDetails: '초등 5학년 수준으로',
    gradeSeq: null,
    accessLevel: 'PUBLIC',
    editable: true,
    keptFiles: [{ ...KEPT, available: true }],
  };
  const item = () => ({ ...buildItem(buildSummary()), input: form });
  const waiting = () => buildItem(null, { status: 1 });

  it('opens the panel prefilled with the form and the kept document, and re-creates the same item', async () => {
    const fake = serve('/api/v1/summary', item, waiting);
    renderView('/immersive/create-summary', <SummaryViewPage />, '/immersive/create-summary?id=11');
    fireEvent.click(await screen.findByRole('button', { name: '다시 만들기' }));
    const dialog = await screen.findByRole('dialog', { name: '요약 다시 만들기' });
    // The whole form back: the title as the item has it now, the type, the details, the file.
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: /제목/ }) as HTMLInputElement).value).toBe(
        '3학년 국어 요약',
      ),
    );
    expect(isChecked(within(dialog).getByRole('radio', { name: '문서 요약' }))).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: '추가 요청' }) as HTMLTextAreaElement).value).toBe(
      '초등 5학년 수준으로',
    );
    const kept = within(dialog).getByRole('group', { name: '지난번에 올린 파일' });
    expect(within(kept).getByText('광합성.hwpx')).toBeTruthy();
    expect(within(kept).getByText('20 KB')).toBeTruthy();
    // Changeable: another format, and the kept document stays listed.
    fireEvent.click(within(dialog).getByRole('radio', { name: '쉬운 요약' }));
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);

    await waitFor(() => expect(recreateCall(fake.calls, '/api/v1/summary')).toBeTruthy());
    const body = recreateCall(fake.calls, '/api/v1/summary')?.body as FormData;
    expect(JSON.parse(String(body.get('data')))).toMatchObject({
      title: '3학년 국어 요약',
      summaryType: 'DOCUMENT_SUMMARY',
      summaryFormat: 'EASY_SUMMARY',
      summaryDetails: '초등 5학년 수준으로',
      keptFiles: [expect.objectContaining({ id: KEPT.id })],
    });
    expect(body.getAll('files')).toHaveLength(0);
    // The panel hands over; the page follows the same item being made again.
    expect(await screen.findByText('만들기를 기다리는 중이에요')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '요약 다시 만들기' })).toBeNull();
  });

  it('replaces the kept document with a new one, and needs one of them', async () => {
    const fake = serve('/api/v1/summary', item, waiting);
    renderView('/immersive/create-summary', <SummaryViewPage />, '/immersive/create-summary?id=11');
    fireEvent.click(await screen.findByRole('button', { name: '다시 만들기' }));
    const dialog = await screen.findByRole('dialog', { name: '요약 다시 만들기' });
    const remove = await within(dialog).findByRole('button', { name: '광합성.hwpx 빼기' });
    fireEvent.click(remove);
    expect(within(dialog).queryByText('광합성.hwpx')).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    await waitFor(() => expect(isDisabled(submit)).toBe(true));
    expect(within(dialog).getByText('파일을 업로드해주세요.')).toBeTruthy();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const volcano = new File(['화산'], '화산.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    fireEvent.change(input, { target: { files: [volcano] } });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(recreateCall(fake.calls, '/api/v1/summary')).toBeTruthy());
    const body = recreateCall(fake.calls, '/api/v1/summary')?.body as FormData;
    expect(JSON.parse(String(body.get('data'))).keptFiles).toEqual([]);
    expect((body.get('files') as File).name).toBe('화산.docx');
  });

  it('shows a refusal in the panel and keeps it open', async () => {
    serve('/api/v1/summary', item, waiting, [
      [
        'POST',
        '/api/v1/summary/11/re-create',
        () =>
          Response.json(
            {
              code: 'E_VALIDATION',
              message: '입력값을 확인해 주세요.',
              details: [{ path: 'keptFiles.0', message: '이 자료에 보관된 파일이 아니에요.' }],
            },
            { status: 400 },
          ),
      ],
    ]);
    renderView('/immersive/create-summary', <SummaryViewPage />, '/immersive/create-summary?id=11');
    fireEvent.click(await screen.findByRole('button', { name: '다시 만들기' }));
    const dialog = await screen.findByRole('dialog', { name: '요약 다시 만들기' });
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);
    expect(await within(dialog).findByText(/이 자료에 보관된 파일이 아니에요/)).toBeTruthy();
  });
});

describe('feedback result page: recreate reopens the kept form', () => {
  const form = {
    title: '나의 여름 방학',
    items: ['grammar', 'composition'],
    useManualType: false,
    targetContent: '',
    gradeSeq: null,
    query: '칭찬을 먼저',
    accessLevel: 'PRIVATE',
    editable: false,
    keptFiles: [{ ...KEPT, name: '방학 숙제.png', type: 'image/png', available: false }],
  };
  const item = () => ({ ...buildItem(buildFeedback(), { title: '나의 여름 방학' }), input: form });
  const waiting = () => buildItem(null, { status: 1, title: '나의 여름 방학' });

  it('opens prefilled with the areas, the request and the kept attachment, and sends the changed form', async () => {
    const fake = serve('/api/v1/feedback', item, waiting);
    renderView('/immersive/create-feedback', <FeedbackViewPage />, '/immersive/create-feedback?id=11');
    fireEvent.click(await screen.findByRole('button', { name: '다시 만들기' }));
    const dialog = await screen.findByRole('dialog', { name: '피드백 다시 만들기' });
    await waitFor(() =>
      expect(isChecked(within(dialog).getByRole('radio', { name: '파일 올리기' }))).toBe(true),
    );
    expect(isChecked(within(dialog).getByRole('checkbox', { name: '문법' }))).toBe(true);
    expect(isChecked(within(dialog).getByRole('checkbox', { name: '어휘' }))).toBe(false);
    expect(
      (within(dialog).getByRole('textbox', { name: /추가 요청|요청/ }) as HTMLTextAreaElement).value,
    ).toBe('칭찬을 먼저');
    const kept = within(dialog).getByRole('group', { name: '지난번에 올린 파일' });
    expect(within(kept).getByText('방학 숙제.png')).toBeTruthy();
    // Its original is gone; the text read from it when it was uploaded still serves.
    expect(within(kept).getByText('원본은 보관되어 있지 않아 읽어 둔 글로 만들어요')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '어휘' }));
    const submit = within(dialog).getByRole('button', { name: 'AI 생성' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(recreateCall(fake.calls, '/api/v1/feedback')).toBeTruthy());
    const body = recreateCall(fake.calls, '/api/v1/feedback')?.body as FormData;
    expect(JSON.parse(String(body.get('inputDto')))).toMatchObject({
      items: ['grammar', 'vocabulary', 'composition'],
      useManualType: false,
      query: '칭찬을 먼저',
      keptFiles: [expect.objectContaining({ id: KEPT.id })],
    });
    expect(await screen.findByText('만들기를 기다리는 중이에요')).toBeTruthy();
  });

  it('a teacher who did not make it is told so and cannot submit', async () => {
    serve(
      '/api/v1/feedback',
      () => ({
        ...buildItem(buildFeedback(), {
          abilities: { view: true, use: true, edit: false, copy: true, changeSettings: false, delete: false },
        }),
        input: null,
      }),
      waiting,
    );
    renderView('/immersive/create-feedback', <FeedbackViewPage />, '/immersive/create-feedback?id=11');
    await screen.findByRole('heading', { level: 1 });
    // The page offers no recreate to a reader; the button appears only for the creator.
    expect(screen.queryByRole('button', { name: '다시 만들기' })).toBeNull();
  });
});
