import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { fakeFetch, on } from '../../library/library-fixtures';
import { PlaygroundPanel } from './playground-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The playground call answered with `answerWith`; every call recorded (the shared fetch stand-in). */
function serve(answerWith: () => Response) {
  const { fetchMock, calls } = fakeFetch([on('POST', '/api/v1/playground/generate', answerWith)]);
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const LIVE = '학생 수준에 맞게 요약합니다. 핵심어와 요점 문장을 씁니다.';
const DRAFT = `${LIVE}\n세 문장을 넘지 않습니다.`;
const versions = [
  {
    id: 2,
    promptSeq: 3,
    version: 2,
    name: '요약',
    toolCode: 'SUMMARY',
    systemPrompt: LIVE,
    useYn: 'Y' as const,
    note: null,
    createdByName: '최고 관리자 (superadmin)',
    createdAt: '2026-11-25T09:00:00Z',
    live: true,
  },
  {
    id: 1,
    promptSeq: 3,
    version: 1,
    name: '요약',
    toolCode: 'SUMMARY',
    systemPrompt: '예전 요약 프롬프트입니다. 스무 글자를 넘깁니다.',
    useYn: 'Y' as const,
    note: null,
    createdByName: null,
    createdAt: '2026-11-01T09:00:00Z',
    live: false,
  },
];

const answer = (overrides: Record<string, unknown> = {}) => ({
  engine: 'model',
  model: 'gpt-test',
  notice: null,
  draft: { version: null, systemPrompt: DRAFT, output: '초안이 만든 세 문장 요약', tokens: 150 },
  live: { version: 2, systemPrompt: LIVE, output: '게시된 프롬프트의 긴 요약', tokens: 210 },
  ...overrides,
});

beforeEach(async () => {
  await loadPageTexts(['admin']);
});

describe('PlaygroundPanel', () => {
  it('runs the edited draft and the live prompt and shows both outputs side by side', async () => {
    const calls = serve(() => json(200, answer()));
    renderWithProviders(<PlaygroundPanel promptSeq={3} draftText={DRAFT} versions={versions} />);
    fireEvent.change(screen.getByLabelText('시험 입력', { exact: false }), {
      target: { value: '광합성은 식물이 빛으로 양분을 만드는 과정이다.' },
    });
    fireEvent.click(screen.getByRole('button', { name: '나란히 실행' }));

    const draft = await screen.findByRole('region', { name: '초안' });
    expect(within(draft).getByText('초안이 만든 세 문장 요약')).toBeTruthy();
    expect(within(draft).getByText('토큰 150')).toBeTruthy();
    const live = screen.getByRole('region', { name: '게시된 프롬프트 (v2)' });
    expect(within(live).getByText('게시된 프롬프트의 긴 요약')).toBeTruthy();
    expect(screen.getByText('모델: gpt-test')).toBeTruthy();

    expect(calls[0]?.url.pathname).toBe('/api/v1/playground/generate');
    expect(calls[0]?.body).toEqual({
      promptSeq: 3,
      systemPrompt: DRAFT,
      input: '광합성은 식물이 빛으로 양분을 만드는 과정이다.',
    });
  });

  it('runs a stored version instead, and says plainly when no model wrote the outputs', async () => {
    const notice =
      'AI 모델이 연결되어 있지 않아, 두 결과 모두 시스템 프롬프트를 따르지 않는 오프라인 초안 작성기가 만들었어요.';
    const calls = serve(() =>
      json(
        200,
        answer({
          engine: 'offline',
          model: 'offline',
          notice,
          draft: { version: 1, systemPrompt: versions[1]?.systemPrompt, output: '오프라인 초안', tokens: 0 },
        }),
      ),
    );
    renderWithProviders(<PlaygroundPanel promptSeq={3} draftText={DRAFT} versions={versions} />);
    const picker = screen.getAllByLabelText('실행할 초안').find((element) => element.tagName === 'INPUT');
    if (!picker) throw new Error('no draft picker');
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'v1' }));
    fireEvent.change(screen.getByLabelText('시험 입력', { exact: false }), {
      target: { value: '분수의 덧셈' },
    });
    fireEvent.click(screen.getByRole('button', { name: '나란히 실행' }));

    expect(await screen.findByText(notice)).toBeTruthy();
    expect(screen.getByRole('region', { name: '초안 (v1)' })).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      promptSeq: 3,
      version: 1,
      input: '분수의 덧셈',
    });
  });

  it('refuses an empty input or a too-short draft before calling the server', async () => {
    const calls = serve(() => json(200, answer()));
    const first = renderWithProviders(
      <PlaygroundPanel promptSeq={3} draftText={DRAFT} versions={versions} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '나란히 실행' }));
    expect(await screen.findByText('시험할 입력을 적어 주세요.')).toBeTruthy();

    first.unmount();
    renderWithProviders(<PlaygroundPanel promptSeq={3} draftText="짧은 초안" versions={versions} />);
    fireEvent.change(screen.getByLabelText('시험 입력', { exact: false }), {
      target: { value: '분수의 덧셈' },
    });
    fireEvent.click(screen.getByRole('button', { name: '나란히 실행' }));
    expect(await screen.findByText('초안 시스템 프롬프트를 20자 이상 입력해 주세요.')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(0));
  });

  it("shows the server's refusal", async () => {
    serve(() => json(429, { code: 'E_TOO_MANY_REQUESTS', message: '요청이 너무 많습니다.' }));
    renderWithProviders(<PlaygroundPanel promptSeq={3} draftText={DRAFT} versions={versions} />);
    fireEvent.change(screen.getByLabelText('시험 입력', { exact: false }), {
      target: { value: '분수의 덧셈' },
    });
    fireEvent.click(screen.getByRole('button', { name: '나란히 실행' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '초안' })).toBeNull();
  });
});
