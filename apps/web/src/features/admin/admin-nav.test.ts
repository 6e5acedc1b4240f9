import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, visibleNavItems } from '../../app/nav-items';
import { isRegisteredPath } from '../../app/route-registry';
import { appRoutes } from '../../app/routes';

const adminItems = (roles: string[]) =>
  visibleNavItems(
    NAV_ITEMS,
    (path) => isRegisteredPath(appRoutes, path),
    (role) => roles.includes(role),
  )
    .filter((item) => item.group === 'admin')
    .map((item) => item.path);

describe('the admin sidebar', () => {
  it('is not shown to teachers, students or providers', () => {
    expect(adminItems(['ROLE_TEACHER'])).toEqual([]);
    expect(adminItems(['ROLE_STUDENT'])).toEqual([]);
    expect(adminItems(['ROLE_PROVIDER'])).toEqual([]);
  });

  it("shows a school administrator their school's screens only", () => {
    expect(adminItems(['ROLE_ADMIN', 'ROLE_TEACHER'])).toEqual([
      '/admin/users',
      '/admin/school-requests',
      '/admin/usage',
    ]);
  });

  it('shows the super administrator everything, every item a registered screen', () => {
    expect(adminItems(['ROLE_SUPER_ADMIN'])).toEqual([
      '/admin/users',
      '/admin/school-requests',
      '/admin/usage',
      '/admin/tools',
      '/admin/prompts',
      '/admin/licenses',
      '/admin/partners',
      '/admin/audit',
      '/admin/errors',
      '/admin/events',
    ]);
  });
});
