import '@mantine/core/styles/Alert.css';
import { Alert, Container } from '@mantine/core';
import type { RoleName } from '@ssaem/contracts/users';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { hasRealmRole } from '../../lib/auth/auth-client';
import { TEACHER_ROLES } from '../../lib/auth/roles';

/**
 * core.md §6: a route may list the roles allowed; anyone else gets the 'no permission' alert and
 * the page is not rendered at all. Rendered inside RequireAuth, so the roles are already loaded.
 */
export function RequireRoles({ roles, children }: { roles: readonly RoleName[]; children: ReactNode }) {
  const { t } = useTranslation();
  if (roles.some((role) => hasRealmRole(role))) return children;
  return (
    <Container size="sm" py="xl">
      <Alert role="alert" color="red" variant="light" icon={<IconLock size={20} aria-hidden />}>
        {t('auth.noPermission')}
      </Alert>
    </Container>
  );
}

/** Layout route for teacher screens (teachers, admins, super admins). */
export function TeacherOnlyOutlet() {
  return (
    <RequireRoles roles={TEACHER_ROLES}>
      <Outlet />
    </RequireRoles>
  );
}
