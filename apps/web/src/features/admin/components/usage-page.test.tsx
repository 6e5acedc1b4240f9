import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { fakeFetch, on } from '../../library/library-fixtures';
import { UsagePage } from './usage-page';

const row = (tokens: number, calls: number) => ({ tokens, calls });

beforeEach(async () => {
  await loadPageTexts(['admin']);
});

describe('the usage dashboard', () => {
  it('shows usage by model, the offline drafter named in words', async () => {
    const { fetchMock } = fakeFetch([
      on('GET', '/api/v1/token-tracker', () =>
        Response.json({
          from: '2026-11-01',
          to: '2026-11-28',
          totals: row(1250, 4),
          daily: [{ day: '2026-11-04', ...row(1250, 4) }],
          byTool: [{ purpose: 'chat', ...row(1130, 3) }],
          byModel: [
            { model: 'gpt-4o-mini', ...row(1170, 3) },
            { model: 'offline', ...row(80, 1) },
          ],
          bySchool: [],
          byTeacher: [],
          nearLimit: [],
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UsagePage />);
    const byModel = await screen.findByRole('region', { name: '모델별' });
    const rows = within(byModel).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('gpt-4o-mini');
    expect(rows[1]?.textContent).toContain('1,170');
    expect(rows[2]?.textContent).toContain('AI 연결 없는 기본 초안');
  });
});
