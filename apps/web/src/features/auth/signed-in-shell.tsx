import type { UsersInfo } from '@ssaem/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { AppShellLayout } from '../../app/layouts/app-shell-layout';
import { type ShellProfile, ShellProfileContext } from '../../app/shell-profile';
import { isApiError } from '../../lib/api-client';
import { clearLocalState, hasRealmRole, signIn, signOut } from '../../lib/auth/auth-client';
import { useUsersInfo } from '../account/api';
import { dashboardRequestUnderWay } from '../home/dashboard-request';
import { useLicenceValidity } from '../licences/api';
import { RequireAuth } from './require-auth';

export function toShellProfile(info: UsersInfo): ShellProfile {
  return {
    schoolName: info.schoolInfo?.name ?? '',
    name: info.userInfo.name,
    title: info.userInfo.title ?? '',
  };
}

/** A 401 means the server no longer accepts this session (signed out elsewhere): sign in again. */
export function useSignInAgainOnUnauthorized(error: unknown) {
  const location = useLocation();
  useEffect(() => {
    if (isApiError(error) && error.status === 401) {
      clearLocalState();
      void signIn(`${location.pathname}${location.search}`);
    }
  }, [error, location.pathname, location.search]);
}

const handleSignOut = () => void signOut();

/**
 * Whether the dashboard's request is under way, sent early or asked by its query (react-query's
 * useIsFetching, written out: that hook alone would be a chunk of its own that the shell's chunk
 * and the bundler's entry import in a circle).
 */
function useDashboardUnderWay(): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const underWay = () => dashboardRequestUnderWay(queryClient);
  // The same on the server: the prerendered catalogue (src/prerender.tsx) draws the shell too.
  return useSyncExternalStore(subscribe, underWay, underWay);
}

function ProfiledShell() {
  // The dashboard's one request brings the profile and the licence too (home/api.ts seeds them):
  // while it is under way the shell waits for it rather than ask for both beside it.
  const dashboardUnderWay = useDashboardUnderWay();
  const info = useUsersInfo({ enabled: !dashboardUnderWay });
  useSignInAgainOnUnauthorized(info.error);
  const profile = useMemo(() => (info.data ? toShellProfile(info.data) : null), [info.data]);
  // The screens behind the licence wall join the sidebar once the licence is known to be valid
  // (the licensed screens themselves wait for the same answer).
  const licence = useLicenceValidity({ enabled: !dashboardUnderWay });
  const isLicensed = licence.data?.isValid === true;
  return (
    <ShellProfileContext.Provider value={profile}>
      <AppShellLayout onSignOut={handleSignOut} hasRole={hasRealmRole} isLicensed={isLicensed} />
    </ShellProfileContext.Provider>
  );
}

/** The route element of the signed-in screens: sign-in check, header profile, sidebar. */
export function SignedInShell() {
  return (
    <RequireAuth>
      <ProfiledShell />
    </RequireAuth>
  );
}
