import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { SignupPage } from './signup-page';

const INVITATION = {
  email: 'invited@example.com',
  schoolId: 7,
  schoolName: '서울가락초등학교',
  role: 'ROLE_TEACHER',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/signup', element: <SignupPage /> }], {
    initialEntries: [path],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith('/api/v1/users/public/signup/parse-token')) return Response.json(INVITATION);
  if (url.startsWith('/api/v1/users/public/name-exists')) return Response.json({ exists: true });
  return Response.json({ code: 'E_NOT_FOUND', message: 'not found' }, { status: 404 });
});

beforeEach(async () => {
  await loadPageTexts(['signup']);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

describe('SignupPage', () => {
  it('refuses what the server would refuse, with the shared schema, before sending anything', async () => {
    renderAt('/signup');
    fireEvent.change(screen.getByRole('textbox', { name: /^아이디/ }), { target: { value: '1abc' } });
    fireEvent.change(screen.getByLabelText(/^비밀번호$/), { target: { value: 'letters-only' } });
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('학교를 골라 주세요.')).toBeTruthy();
    expect(screen.getByText(/아이디는 영문 소문자로 시작하는/)).toBeTruthy();
    expect(screen.getByText('비밀번호는 8자 이상이고 영문과 숫자를 모두 포함해야 합니다.')).toBeTruthy();
    expect(screen.getByText('이름을 입력해 주세요.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/signup'))).toBe(false);
  });

  it('fills in the e-mail and fixes the school from an invitation link', async () => {
    renderAt('/signup?token=invitation-token-123');
    expect(await screen.findByText('서울가락초등학교의 초대로 가입해요.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: '이메일' }) as HTMLInputElement).value).toBe(
        'invited@example.com',
      ),
    );
    expect(screen.queryByRole('textbox', { name: '학교 이름' })).toBeNull();
  });

  it('says when a user name is taken', async () => {
    renderAt('/signup');
    fireEvent.change(screen.getByRole('textbox', { name: /^아이디/ }), { target: { value: 'teacher' } });
    fireEvent.click(screen.getByRole('button', { name: '중복 확인' }));
    expect(await screen.findByText('이미 쓰고 있는 아이디예요.')).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      '/api/v1/users/public/name-exists?username=teacher',
    );
  });
});
