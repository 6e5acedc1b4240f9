import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { NAV_ITEMS, visibleNavItems } from '../nav-items';
import { isRegisteredPath } from '../route-registry';
import { appRoutes } from '../routes';
import { useShellProfile } from '../shell-profile';
import { AppShellFrame } from './app-shell-frame';

interface AppShellLayoutProps {
  onSignOut?: () => void;
  /** Whether the user has a realm role; items limited to roles are hidden from everyone else. */
  hasRole?: (role: string) => boolean;
  /** Whether the user holds a valid licence; screens behind the licence wall are hidden otherwise. */
  isLicensed?: boolean;
}

/** The route element for signed-in screens: the sidebar lists only screens the router knows. */
export function AppShellLayout({ onSignOut, hasRole, isLicensed = true }: AppShellLayoutProps) {
  const profile = useShellProfile();
  const items = useMemo(
    () => visibleNavItems(NAV_ITEMS, (path) => isRegisteredPath(appRoutes, path), hasRole, isLicensed),
    [hasRole, isLicensed],
  );
  return (
    <AppShellFrame items={items} profile={profile} onSignOut={onSignOut}>
      <Outlet />
    </AppShellFrame>
  );
}
