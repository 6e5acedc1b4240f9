import { Outlet } from 'react-router';
import { RequireRoles } from '../../auth/require-roles';

export const ADMIN_ROLES = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;
export const SUPER_ADMIN = ['ROLE_SUPER_ADMIN'] as const;

/** /admin/*: school administrators and the super administrator; anyone else gets the 'no permission' alert. */
export function AdminOutlet() {
  return (
    <RequireRoles roles={ADMIN_ROLES}>
      <Outlet />
    </RequireRoles>
  );
}

/** Screens of the whole service (audit log, error reports): the super administrator alone. */
export function SuperAdminOutlet() {
  return (
    <RequireRoles roles={SUPER_ADMIN}>
      <Outlet />
    </RequireRoles>
  );
}
