import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { NavbarPortal } from '../../components/navbar-slot';
import { renderWithProviders } from '../../test/render';
import { NAV_ITEMS, visibleNavItems } from '../nav-items';
import { isRegisteredPath } from '../route-registry';
import { appRoutes } from '../routes';
import { ShellProfileContext } from '../shell-profile';
import { AppShellFrame } from './app-shell-frame';
import { AppShellLayout } from './app-shell-layout';

const PROFILE = { schoolName: '한빛초등학교', name: '김하늘', title: '교사' };

function renderAt(path: string, element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('AppShellFrame', () => {
  const items = NAV_ITEMS.filter((item) => ['home', 'dashboard', 'library', 'myInfo'].includes(item.id));

  it('lists the given items in a labelled sidebar, grouped, linking to their paths', () => {
    renderAt(
      '/v2/library/list',
      <AppShellFrame items={items} profile={PROFILE}>
        <p>본문</p>
      </AppShellFrame>,
    );
    const sidebar = screen.getByRole('navigation', { name: '사이드 메뉴' });
    const links = within(sidebar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['홈', '/dashboard'],
      ['자료실', '/v2/library/list'],
      ['내 정보', '/my-info'],
    ]);
    expect(within(sidebar).getByText('자료')).toBeTruthy();
    expect(within(sidebar).queryByText('AI 도우미')).toBeNull();
    expect(within(sidebar).getByRole('link', { name: '자료실' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('본문')).toBeTruthy();
  });

  it('shows school, name and title in the header', () => {
    renderAt('/dashboard', <AppShellFrame items={items} profile={PROFILE} />);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('한빛초등학교')).toBeTruthy();
    expect(within(header).getByText(/김하늘/).textContent).toBe('김하늘 교사');
  });

  it('leaves the profile out until it is known', () => {
    renderAt('/dashboard', <AppShellFrame items={items} profile={null} />);
    expect(within(screen.getByRole('banner')).queryByText('한빛초등학교')).toBeNull();
  });

  it('opens the settings panel from the sidebar', async () => {
    renderAt('/dashboard', <AppShellFrame items={items} profile={PROFILE} />);
    fireEvent.click(screen.getByRole('button', { name: '설정' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('화면 언어')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'English' })).toBeTruthy();
  });
});

describe('a screen’s own navigation in the sidebar', () => {
  const items = NAV_ITEMS.filter((item) => ['dashboard', 'library'].includes(item.id));

  it('takes the one navigation column, with the app menu one click away and back', async () => {
    renderAt(
      '/chat/new',
      <AppShellFrame items={items} profile={PROFILE}>
        <NavbarPortal enabled>
          <a href="/chat/a">분수 대화</a>
        </NavbarPortal>
        <p>본문</p>
      </AppShellFrame>,
    );
    const sidebar = screen.getByRole('navigation', { name: '사이드 메뉴' });
    expect(await within(sidebar).findByRole('link', { name: '분수 대화' })).toBeTruthy();
    expect(within(sidebar).queryByRole('link', { name: '자료실' })).toBeNull();

    fireEvent.click(within(sidebar).getByRole('button', { name: '전체 메뉴' }));
    expect(within(sidebar).getByRole('link', { name: '자료실' })).toBeTruthy();
    expect(within(sidebar).queryByRole('link', { name: '분수 대화' })).toBeNull();

    fireEvent.click(within(sidebar).getByRole('button', { name: '대화 목록으로' }));
    expect(within(sidebar).getByRole('link', { name: '분수 대화' })).toBeTruthy();
  });

  it('leaves the app menu as it is on screens that draw no navigation of their own', () => {
    renderAt(
      '/dashboard',
      <AppShellFrame items={items} profile={PROFILE}>
        <NavbarPortal enabled={false}>
          <a href="/chat/a">분수 대화</a>
        </NavbarPortal>
      </AppShellFrame>,
    );
    const sidebar = screen.getByRole('navigation', { name: '사이드 메뉴' });
    expect(within(sidebar).getByRole('link', { name: '자료실' })).toBeTruthy();
    expect(within(sidebar).queryByRole('button', { name: '전체 메뉴' })).toBeNull();
    expect(screen.queryByRole('link', { name: '분수 대화' })).toBeNull();
  });
});

describe('sidebar items', () => {
  it('are shown only when their route is registered', () => {
    const routes: RouteObject[] = [{ path: '/dashboard' }, { path: '/v2/library/list' }, { path: '*' }];
    const visible = visibleNavItems(NAV_ITEMS, (path) => isRegisteredPath(routes, path));
    expect(visible.map((item) => item.id)).toEqual(['dashboard', 'library']);
  });

  it('with the real router, list only screens that exist today', () => {
    renderAt(
      '/dashboard',
      <ShellProfileContext.Provider value={PROFILE}>
        <AppShellLayout />
      </ShellProfileContext.Provider>,
    );
    const sidebar = screen.getByRole('navigation', { name: '사이드 메뉴' });
    const hrefs = within(sidebar)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/dashboard', '/my-info']));
    // The public entry page looks signed out: the signed-in home is /dashboard.
    expect(hrefs).not.toContain('/home');
    for (const href of hrefs) expect(isRegisteredPath(appRoutes, href ?? ''), href ?? '').toBe(true);
    expect(hrefs).toEqual(expect.arrayContaining(['/v2/library/list', '/my-materials']));
    expect(hrefs).toEqual(expect.arrayContaining(['/edutech', '/notice']));
  });

  it('hide screens limited to roles the user does not have', () => {
    const routes: RouteObject[] = [
      { path: '/dashboard' },
      { path: '/chat/new' },
      { path: '/v2/chat' },
      { path: '/my-info' },
      { path: '*' },
    ];
    const visible = (roles: string[]) =>
      visibleNavItems(
        NAV_ITEMS,
        (path) => isRegisteredPath(routes, path),
        (role) => roles.includes(role),
      ).map((item) => item.id);
    expect(visible(['ROLE_STUDENT'])).toEqual(['dashboard', 'myInfo']);
    expect(visible(['ROLE_TEACHER'])).toEqual(['dashboard', 'chat', 'myChat', 'myInfo']);
    expect(visible(['ROLE_SUPER_ADMIN'])).toEqual(['dashboard', 'chat', 'myChat', 'myInfo']);
  });

  it("offer a student only what a student may open: the home, their school's notices and their own account", () => {
    const visible = visibleNavItems(
      NAV_ITEMS,
      (path) => isRegisteredPath(appRoutes, path),
      (role) => role === 'ROLE_STUDENT',
      true,
    ).map((item) => item.path);
    expect(visible).toEqual(['/dashboard', '/notice', '/my-info']);
  });

  it('hide the screens behind the licence wall from a teacher without a licence', () => {
    const visible = (licensed: boolean) =>
      visibleNavItems(
        NAV_ITEMS,
        (path) => isRegisteredPath(appRoutes, path),
        (role) => role === 'ROLE_TEACHER',
        licensed,
      ).map((item) => item.id);
    expect(visible(true)).toEqual(
      expect.arrayContaining(['dashboard', 'chat', 'aiTools', 'library', 'myClass', 'myInfo']),
    );
    expect(visible(true)).not.toContain('allStudents');
    // EduTech products carry their own licences, and notices are for everyone.
    expect(visible(false)).toEqual(['dashboard', 'edutech', 'myEdutech', 'noticeBoard', 'myInfo']);
  });

  it('use the route names of the spec', () => {
    expect(NAV_ITEMS.map((item) => item.routeName)).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'chat',
        'AI tools index',
        'Create Document',
        'Create Lesson',
        'My Materials',
        'Library',
        'EduTech',
        'Notice board',
        'My Class',
        'My Info',
      ]),
    );
  });
});
