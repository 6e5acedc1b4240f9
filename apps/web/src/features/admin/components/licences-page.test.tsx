import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { fakeFetch, on } from '../../library/library-fixtures';
import { LicencesPage } from './licences-page';

const plan = (overrides: Record<string, unknown>) => ({
  id: 1,
  name: '쌤 교사 라이선스',
  description: null,
  tokenLimit: 1_000_000,
  periodDays: 365,
  useYn: 'Y',
  trial: false,
  keysIssued: 12,
  keysUsed: 10,
  activeUsers: 9,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...overrides,
});

function serve() {
  const { fetchMock, calls } = fakeFetch([
    on('GET', '/api/v1/license', () =>
      Response.json({
        items: [
          plan({}),
          plan({ id: 2, name: '무료 체험', tokenLimit: 100_000, periodDays: 30, trial: true }),
        ],
      }),
    ),
    on('POST', '/api/v1/license', (_url, body) =>
      Response.json(plan({ id: 3, ...(body as Record<string, unknown>) }), { status: 201 }),
    ),
    on('PUT', /^\/api\/v1\/license\/\d+\/use-yn$/, (_url, body) =>
      Response.json(plan(body as Record<string, unknown>)),
    ),
  ]);
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(async () => {
  await loadPageTexts(['admin']);
});

describe('the licence plans page', () => {
  it('lists the plans with their terms, keys and holders, and marks the free trial', async () => {
    serve();
    renderWithProviders(<LicencesPage />);
    const table = await screen.findByRole('table', { name: '라이선스 요금제' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('1,000,000');
    expect(rows[1]?.textContent).toContain('10 / 12');
    expect(
      within(rows[2] as HTMLElement).getByText('무료 체험', { selector: '.mantine-Badge-label' }),
    ).toBeTruthy();
    expect(rows[2]?.textContent).toContain('30일');
  });

  it('checks a new plan before sending it, then creates it', async () => {
    const calls = serve();
    renderWithProviders(<LicencesPage />);
    fireEvent.click(await screen.findByRole('button', { name: '요금제 추가' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('요금제 이름을 입력해 주세요.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /이름/ }), {
      target: { value: '학교 연간' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /무료 체험으로 제공/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '학교 연간',
      description: null,
      periodDays: 365,
      tokenLimit: 0,
      trial: true,
    });
  });

  it('switches a plan off with its switch', async () => {
    const calls = serve();
    renderWithProviders(<LicencesPage />);
    fireEvent.click(await screen.findByRole('switch', { name: '쌤 교사 라이선스 사용' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/v1/license/1/use-yn');
    expect(put?.body).toEqual({ useYn: 'N' });
  });
});

describe('key groups', () => {
  it('makes a group of keys for a plan and mails them, the addresses parsed from a pasted list', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/license', () => Response.json({ items: [plan({})] })),
      on('GET', '/api/v1/license-key/groups', () =>
        Response.json([
          {
            name: '11월 연수',
            licenseId: 1,
            licenseName: '쌤 교사 라이선스',
            issued: 30,
            used: 2,
            sent: 5,
            revoked: 0,
            createdAt: '2026-11-20T00:00:00Z',
          },
        ]),
      ),
      on('POST', '/api/v1/license-key/batch', (_url, body) =>
        Response.json(
          {
            ...(body as Record<string, unknown>),
            licenseName: '쌤 교사 라이선스',
            issued: 40,
            used: 0,
            sent: 0,
            createdAt: '2026-11-28T00:00:00Z',
            name: '가락초',
          },
          { status: 201 },
        ),
      ),
      on('POST', /send-email$/, () => Response.json({ sent: 2, remaining: 23 })),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LicencesPage />);
    const groups = await screen.findByRole('table', { name: '키 묶음' });
    expect(within(groups).getByText('발급 30 · 사용 2 · 보냄 5')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '키 만들기' }));
    const make = await screen.findByRole('dialog');
    fireEvent.change(within(make).getByRole('textbox', { name: /묶음 이름/ }), {
      target: { value: '가락초' },
    });
    fireEvent.change(within(make).getByRole('textbox', { name: /만들 키 개수/ }), {
      target: { value: '40' },
    });
    fireEvent.click(within(make).getByRole('button', { name: '키 만들기' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/batch'))).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname.endsWith('/batch'))?.body).toEqual({
      licenseId: 1,
      groupName: '가락초',
      count: 40,
    });

    fireEvent.click(await screen.findByRole('button', { name: '11월 연수 키 메일로 보내기' }));
    const send = await screen.findByRole('dialog');
    fireEvent.change(within(send).getByRole('textbox', { name: /받는 사람 이메일/ }), {
      target: { value: 'a@school.example;\nb@school.example , ' },
    });
    fireEvent.click(within(send).getByRole('button', { name: '2명에게 보내기' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/send-email'))).toHaveLength(1));
    const mailed = calls.find((c) => c.url.pathname.endsWith('/send-email'));
    expect(mailed?.url.pathname).toBe(
      `/api/v1/license-key/groups/${encodeURIComponent('11월 연수')}/send-email`,
    );
    expect(mailed?.body).toEqual({ emails: ['a@school.example', 'b@school.example'] });
  });
});

describe('withdrawing a key group', () => {
  it('asks first, then withdraws the unused keys', async () => {
    const group = {
      name: '11월 연수',
      licenseId: 1,
      licenseName: '쌤 교사 라이선스',
      issued: 30,
      used: 2,
      sent: 5,
      revoked: 0,
      createdAt: '2026-11-20T00:00:00Z',
    };
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/license', () => Response.json({ items: [plan({})] })),
      on('GET', '/api/v1/license-key/groups', () => Response.json([group])),
      on('POST', /\/revoke$/, () => Response.json({ revoked: 28 })),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LicencesPage />);
    fireEvent.click(await screen.findByRole('button', { name: '11월 연수 키 회수' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('이미 등록한 선생님의 라이선스는 그대로예요.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '회수' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe(
      `/api/v1/license-key/groups/${encodeURIComponent('11월 연수')}/revoke`,
    );
  });
});
