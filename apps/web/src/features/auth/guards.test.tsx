import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { setSessionProbe } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { RequireLicence } from '../licences/require-licence';
import { RequireAuth } from './require-auth';
import { RequireRoles } from './require-roles';

const auth = vi.hoisted(() => ({
  roles: [] as string[],
  /** Whether the token read last is still valid (hasUsableToken). */
  usable: false,
  signIn: vi.fn(async (_returnTo?: string) => {}),
  getAccessToken: vi.fn(async (): Promise<string | null> => 'token'),
}));

vi.mock('../../lib/auth/auth-client', () => ({
  hasRealmRole: (role: string) => auth.roles.includes(role),
  signIn: auth.signIn,
  getAccessToken: auth.getAccessToken,
  hasUsableToken: () => auth.usable,
}));

function renderRoutes(path: string, routes: Parameters<typeof createMemoryRouter>[0]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function licence(isValid: boolean) {
  return {
    licenseKey: isValid ? 'SSAM-TEST-0000-0001' : null,
    licenseName: null,
    startAt: null,
    expiresAt: null,
    tokenLimit: 0,
    tokenUsed: 0,
    isValid,
    status: isValid ? 'ACTIVE' : 'ERROR',
  };
}

beforeEach(() => {
  auth.roles = [];
  auth.signIn.mockClear();
  auth.getAccessToken.mockClear();
});
afterEach(() => setSessionProbe(null));

describe('RequireRoles', () => {
  const page = (
    <RequireRoles roles={['ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN']}>
      <h1>대시보드 본문</h1>
    </RequireRoles>
  );

  it('shows the page to an allowed role', () => {
    auth.roles = ['ROLE_ADMIN'];
    renderRoutes('/dashboard', [{ path: '/dashboard', element: page }]);
    expect(screen.getByRole('heading', { name: '대시보드 본문' })).toBeTruthy();
  });

  it('refuses anyone else with the alert, without rendering the page', () => {
    auth.roles = ['ROLE_STUDENT'];
    renderRoutes('/dashboard', [{ path: '/dashboard', element: page }]);
    expect(screen.getByRole('alert').textContent).toBe('이 페이지에 대한 권한이 없습니다.');
    expect(screen.queryByRole('heading', { name: '대시보드 본문' })).toBeNull();
  });

  it('says so in English too', async () => {
    await i18n.changeLanguage('en');
    renderRoutes('/dashboard', [{ path: '/dashboard', element: page }]);
    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to view this page.');
  });
});

describe('RequireLicence', () => {
  const routes = [
    { element: <RequireLicence />, children: [{ path: '/dashboard', element: <h1>본문</h1> }] },
    { path: '/license-guide', element: <h1>라이선스 안내</h1> },
  ];

  it('sends a user without a valid licence to /license-guide', async () => {
    const fetch = vi.fn(async () => Response.json(licence(false)));
    vi.stubGlobal('fetch', fetch);
    const router = renderRoutes('/dashboard', routes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/license-guide'));
    expect(String(fetch.mock.calls[0]?.[0 as never])).toBe('/api/v1/user-license/check-validity');
  });

  it('lets a licensed user through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(licence(true))),
    );
    const router = renderRoutes('/dashboard', routes);
    expect(await screen.findByRole('heading', { name: '본문' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('RequireAuth', () => {
  const routes = [
    {
      element: (
        <RequireAuth>
          <Outlet />
        </RequireAuth>
      ),
      children: [{ path: '/my-info', element: <h1>내 정보</h1> }],
    },
  ];

  it('starts sign-in for a visitor and asks to come back to the same address', async () => {
    setSessionProbe(() => false);
    renderRoutes('/my-info?tab=licence', routes);
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith('/my-info?tab=licence'));
    expect(screen.queryByRole('heading', { name: '내 정보' })).toBeNull();
  });

  it('renders the page once the token is fresh', async () => {
    setSessionProbe(() => true);
    renderRoutes('/my-info', routes);
    expect(await screen.findByRole('heading', { name: '내 정보' })).toBeTruthy();
    expect(auth.getAccessToken).toHaveBeenCalled();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('draws the page at once, with no loader, when the token read already is valid', async () => {
    setSessionProbe(() => true);
    auth.usable = true;
    try {
      renderRoutes('/my-info', routes);
      // The router renders its first screen synchronously here: no wait for the token check.
      expect(screen.getByRole('heading', { name: '내 정보' })).toBeTruthy();
      await waitFor(() => expect(auth.getAccessToken).toHaveBeenCalled());
    } finally {
      auth.usable = false;
    }
  });

  it('says so when the sign-in server cannot be reached', async () => {
    setSessionProbe(() => true);
    auth.getAccessToken.mockRejectedValueOnce(new Error('auth-config answered 502'));
    renderRoutes('/my-info', routes);
    expect((await screen.findByRole('alert')).textContent).toContain('로그인 서버에 연결하지 못했어요');
    expect(screen.queryByRole('heading', { name: '내 정보' })).toBeNull();
  });

  it('shows nothing of the page when the refresh failed (the app is leaving for the origin)', async () => {
    setSessionProbe(() => true);
    auth.getAccessToken.mockResolvedValueOnce(null);
    renderRoutes('/my-info', routes);
    await waitFor(() => expect(auth.getAccessToken).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: '내 정보' })).toBeNull();
    expect(auth.signIn).not.toHaveBeenCalled();
  });
});
