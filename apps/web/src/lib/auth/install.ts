import { setTokenProvider } from '../api-client';
import { onSessionEnd, setSessionProbe, setSignInStarter } from '../session';
import { hasStoredSession } from './stored-session';

/** The identity client loads on first use, so public pages never download it. */
export function loadAuthClient() {
  return import('./auth-client');
}

/**
 * Connects sign-in to the app's seams (lib/session, the API client) at start-up. Only this small
 * module is in the first download.
 */
export function installAuth(options: { clearCaches: () => void }): void {
  setSessionProbe(hasStoredSession);
  setSignInStarter(async () => {
    const auth = await loadAuthClient();
    await auth.signIn(auth.DEFAULT_RETURN_PATH);
  });
  setTokenProvider(async () => {
    if (!hasStoredSession()) return null;
    const auth = await loadAuthClient();
    return auth.getAccessToken({ minValidity: auth.API_MIN_VALIDITY });
  });
  onSessionEnd(options.clearCaches);
}
