import type { UsersInfo } from '@ssaem/contracts/users';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { AppShellLayout } from '../../app/layouts/app-shell-layout';
import { type ShellProfile, ShellProfileContext } from '../../app/shell-profile';
import { isApiError } from '../../lib/api-client';
import { clearLocalState, hasRealmRole, signIn, signOut } from '../../lib/auth/auth-client';
import { useUsersInfo } from '../account/api';
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

function ProfiledShell() {
  const info = useUsersInfo();
  useSignInAgainOnUnauthorized(info.error);
  const profile = useMemo(() => (info.data ? toShellProfile(info.data) : null), [info.data]);
  // The screens behind the licence wall join the sidebar once the licence is known to be valid
  // (the licensed screens themselves wait for the same answer).
  const licence = useLicenceValidity();
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
