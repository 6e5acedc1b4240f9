import { setTokenProvider } from '../api-client';
import { onSessionEnd, type SignInKind, setSessionProbe, setSignInStarter } from '../session';
import { installSessionWatch } from './session-watch';
import { hasStoredSession } from './stored-session';

/** The identity client loads on first use, so public pages never download it. */
export function loadAuthClient() {
  return import('./auth-client');
}

/** Where a student lands after the student door: their school's notices, no teacher tools. */
export const STUDENT_RETURN_PATH = '/notice';

/** The door a visitor chose on /home decides where sign-in returns to. */
export function signInReturnPath(kind: SignInKind, fallback: string): string {
  return kind === 'student' ? STUDENT_RETURN_PATH : fallback;
}

/**
 * Connects sign-in to the app's seams (lib/session, the API client) at start-up. Only this small
 * module is in the first download.
 */
export function installAuth(options: { clearCaches: () => void }): void {
  setSessionProbe(hasStoredSession);
  setSignInStarter(async (kind) => {
    const auth = await loadAuthClient();
    await auth.signIn(
      signInReturnPath(kind, auth.DEFAULT_RETURN_PATH),
      kind === 'default' ? undefined : kind,
    );
  });
  setTokenProvider(async () => {
    if (!hasStoredSession()) return null;
    const auth = await loadAuthClient();
    return auth.getAccessToken({ minValidity: auth.API_MIN_VALIDITY });
  });
  onSessionEnd(options.clearCaches);
  // Logout clears the local file store too (core.md §4).
  // Loaded then: the store (with idb-keyval) is not part of the first download.
  onSessionEnd(() => void import('../file-store').then((store) => store.clearFileStore()));
  installSessionWatch({
    isSignedIn: hasStoredSession,
    checkSession: checkSessionStatus,
    onEnded: () => {
      void loadAuthClient().then((auth) => {
        auth.clearLocalState();
        window.location.assign(`${window.location.origin}/`);
      });
    },
  });
}

/** The cheap status call of the 5-second session check; 401 means the session ended elsewhere. */
async function checkSessionStatus(): Promise<'active' | 'ended' | 'unknown'> {
  const auth = await loadAuthClient();
  const token = await auth.getAccessToken({ minValidity: auth.API_MIN_VALIDITY });
  if (!token) return hasStoredSession() ? 'unknown' : 'ended';
  const response = await fetch('/api/v1/users/info/status', {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    cache: 'no-store',
  });
  if (response.status === 401) return 'ended';
  return response.ok ? 'active' : 'unknown';
}
