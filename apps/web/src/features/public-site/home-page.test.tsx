import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { setSessionProbe, setSignInStarter } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { AccountActions } from './components/account-actions';
import { HomePage } from './home-page';

function renderAt(element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }]);
  renderWithProviders(<RouterProvider router={router} />);
}

beforeEach(async () => {
  await loadPageTexts(['home']);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ items: [], total: 0 }), { status: 200 })),
  );
});

afterEach(() => {
  setSignInStarter(null);
  setSessionProbe(null);
});

describe('HomePage', () => {
  it('offers ways in, the introduction, the notices and sign-in', async () => {
    renderAt(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: '쌤에 오신 것을 환영해요' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /쌤이 하는 일/ }).getAttribute('href')).toBe('/landing');
    expect(screen.getByRole('link', { name: '소개 자료 내려받기' })).toBeTruthy();
    expect(await screen.findByText('아직 올라온 공지사항이 없어요.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '로그인' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe('/signup');
  });
});

describe('AccountActions', () => {
  it('has one sign-in button; the teacher/student choice travels with it as a hint', () => {
    const start = vi.fn();
    setSignInStarter(start);
    renderAt(<AccountActions />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe('/signup');

    fireEvent.click(screen.getByRole('radio', { name: '학생' }));
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(start.mock.calls).toEqual([['teacher'], ['student']]);
    // Students do not sign up: the school makes their accounts.
    expect(screen.queryByRole('link', { name: '회원가입' })).toBeNull();
    expect(screen.getByText(/학생 계정은 학교에서 만들어 드려요/)).toBeTruthy();
  });

  it('offers the dashboard and sign-out to someone already signed in', () => {
    setSessionProbe(() => true);
    renderAt(<AccountActions />);
    expect(screen.getByRole('link', { name: '대시보드로 가기' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '로그인' })).toBeNull();
  });
});
