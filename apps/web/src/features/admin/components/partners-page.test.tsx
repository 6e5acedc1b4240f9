import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { fakeFetch, on } from '../../library/library-fixtures';
import { PartnersPage } from './partners-page';

const KEY = {
  kty: 'EC',
  crv: 'P-256',
  x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
  y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
  kid: 'k1',
  alg: 'ES256',
};

const product = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  productKey: 'classting',
  name: '클래스팅',
  clientId: 'classting-prod',
  redirectUris: ['https://www.classting.com/return'],
  allowedRoles: ['ROLE_TEACHER', 'ROLE_STUDENT'],
  jwks: { keys: [KEY] },
  enabled: true,
  loginPath: '/api/auth/classting-login',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...overrides,
});

function serve(extra: Parameters<typeof fakeFetch>[0] = []) {
  const { fetchMock, calls } = fakeFetch([
    ...extra,
    on('GET', '/api/v1/partner-products', () => Response.json({ items: [product()] })),
    on('POST', '/api/v1/partner-products', (_url, body) =>
      Response.json(product({ id: 2, ...(body as Record<string, unknown>) }), { status: 201 }),
    ),
    on('PUT', /^\/api\/v1\/partner-products\/\d+\/enabled$/, (_url, body) =>
      Response.json(product(body as Record<string, unknown>)),
    ),
    on('PUT', /^\/api\/v1\/partner-products\/\d+$/, (_url, body) =>
      Response.json(product(body as Record<string, unknown>)),
    ),
  ]);
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(async () => {
  await loadPageTexts(['admin']);
});

describe('the partner products page', () => {
  it('lists each product with its client id, sign-in address, roles and keys', async () => {
    serve();
    renderWithProviders(<PartnersPage />);
    const table = await screen.findByRole('table', { name: '파트너 제품' });
    const row = within(table).getAllByRole('row')[1];
    expect(row?.textContent).toContain('classting-prod');
    expect(row?.textContent).toContain('POST /api/auth/classting-login');
    expect(row?.textContent).toContain('교사');
    expect(row?.textContent).toContain('학생');
    expect(row?.textContent).toContain('공개 키 1개');
  });

  it('checks a new product field by field before sending it, then registers it', async () => {
    const calls = serve();
    renderWithProviders(<PartnersPage />);
    fireEvent.click(await screen.findByRole('button', { name: '파트너 제품 등록' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /제품 키/ }), {
      target: { value: 'Bad Key!' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /리디렉션 주소/ }), {
      target: { value: 'http://partner.example/return' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /공개 키/ }), {
      target: { value: '{not json' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('제품 이름을 입력해 주세요.')).toBeTruthy();
    expect(
      within(dialog).getByText('제품 키는 영문 소문자, 숫자, 하이픈(-)으로 40자까지 써 주세요.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('리디렉션 주소는 https 주소여야 해요. (http는 localhost만)'),
    ).toBeTruthy();
    expect(within(dialog).getByText('JSON으로 읽을 수 없어요.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /제품 이름/ }), {
      target: { value: '아이스크림 클래스' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /제품 키/ }), {
      target: { value: 'i-scream' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /클라이언트 ID/ }), {
      target: { value: 'i-scream-prod' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /리디렉션 주소/ }), {
      target: { value: 'https://i-scream.example/return\n\nhttp://localhost:3000/return' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '학생' }));
    // A single JWK is accepted and sent as a JWK Set.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /공개 키/ }), {
      target: { value: JSON.stringify(KEY) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      productKey: 'i-scream',
      name: '아이스크림 클래스',
      clientId: 'i-scream-prod',
      redirectUris: ['https://i-scream.example/return', 'http://localhost:3000/return'],
      allowedRoles: ['ROLE_TEACHER', 'ROLE_STUDENT'],
      jwks: { keys: [KEY] },
      enabled: true,
    });
  });

  it("shows the server's answer on the field it concerns, and a taken client id above the form", async () => {
    serve([
      on('POST', '/api/v1/partner-products', (_url, body) =>
        (body as { clientId: string }).clientId === 'taken'
          ? Response.json(
              { code: 'E_CONFLICT_002', message: '이미 등록된 클라이언트 ID입니다.' },
              { status: 409 },
            )
          : Response.json(
              {
                code: 'E_VALIDATION',
                message: '입력값이 올바르지 않습니다.',
                details: [{ path: 'body.jwks', message: '1번째 공개 키를 읽을 수 없습니다.' }],
              },
              { status: 400 },
            ),
      ),
    ]);
    renderWithProviders(<PartnersPage />);
    fireEvent.click(await screen.findByRole('button', { name: '파트너 제품 등록' }));
    const dialog = await screen.findByRole('dialog');
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
    fill(/제품 이름/, '새 제품');
    fill(/제품 키/, 'new-one');
    fill(/클라이언트 ID/, 'fresh-client');
    fill(/공개 키/, JSON.stringify({ keys: [KEY] }));
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('1번째 공개 키를 읽을 수 없습니다.')).toBeTruthy();

    fill(/클라이언트 ID/, 'taken');
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '이미 등록된 클라이언트 ID입니다.',
    );
  });

  it('edits a product without touching its product key or client id', async () => {
    const calls = serve();
    renderWithProviders(<PartnersPage />);
    fireEvent.click(await screen.findByRole('button', { name: '클래스팅 편집' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: /제품 키/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(
      (within(dialog).getByRole('textbox', { name: /클라이언트 ID/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /제품 이름/ }), {
      target: { value: '클래스팅 AI' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/v1/partner-products/1');
    expect(put?.body).toMatchObject({
      productKey: 'classting',
      clientId: 'classting-prod',
      name: '클래스팅 AI',
    });
  });

  it('asks before switching a product off, and switches it off only when confirmed', async () => {
    const calls = serve();
    renderWithProviders(<PartnersPage />);
    fireEvent.click(await screen.findByRole('switch', { name: '클래스팅 사용' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('이 제품의 로그인 요청이 바로 거절돼요');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '끄기' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/v1/partner-products/1/enabled');
    expect(put?.body).toEqual({ enabled: false });
  });
});
