import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { fakeFetch, on } from '../../library/library-fixtures';
import { TrialOffer } from './trial-offer';

const PLAN = { name: '무료 체험', periodDays: 30, tokenLimit: 100_000 };

function serve(offer: unknown, start: () => Response = () => Response.json({ id: 9 }, { status: 201 })) {
  const { fetchMock, calls } = fakeFetch([
    on('GET', '/api/v1/user-license/trial', () => Response.json(offer)),
    on('POST', '/api/v1/user-license/trial', start),
  ]);
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(async () => {
  await loadPageTexts(['account']);
});

describe('the free trial on the licence wall', () => {
  it('says what the trial gives and starts it with one press', async () => {
    const calls = serve({ status: 'AVAILABLE', plan: PLAN });
    const onStarted = vi.fn();
    renderWithProviders(<TrialOffer onStarted={onStarted} />);
    expect(
      await screen.findByText('30일 동안 토큰 100,000개까지 모든 AI 문서 도구와 채팅을 써 볼 수 있어요.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '무료 체험 시작하기' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/v1/user-license/trial',
    ]);
  });

  it('shows the server’s reason when the trial was started in another tab', async () => {
    serve({ status: 'AVAILABLE', plan: PLAN }, () =>
      Response.json(
        { code: 'E_TRIAL_USED', message: '무료 체험은 계정마다 한 번만 시작할 수 있습니다.' },
        { status: 409 },
      ),
    );
    const onStarted = vi.fn();
    renderWithProviders(<TrialOffer onStarted={onStarted} />);
    fireEvent.click(await screen.findByRole('button', { name: '무료 체험 시작하기' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '무료 체험은 계정마다 한 번만 시작할 수 있습니다.',
    );
    expect(onStarted).not.toHaveBeenCalled();
  });

  it('says so once the account has used it, and shows nothing when no trial is offered', async () => {
    serve({ status: 'USED', plan: PLAN });
    const { unmount } = renderWithProviders(<TrialOffer onStarted={() => undefined} />);
    expect(await screen.findByText(/무료 체험을 이미 사용했어요/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    const calls = serve({ status: 'NO_PLAN', plan: null });
    renderWithProviders(<TrialOffer onStarted={() => undefined} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/무료 체험/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
