/**
 * The OIDC client (oidc-client-ts, with PKCE and state): loaded by auth-client.ts only to sign in
 * or out, finish a sign-in on /auth/callback, or refresh the token, never for a screen's first paint.
 */
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { type AuthConfig, getAuthConfig, STALE_STATE_AGE_SECONDS } from './auth-config';

function createManager(config: AuthConfig): UserManager {
  const origin = window.location.origin;
  // sessionStorage, not localStorage: the tokens live only as long as the tab (a shared school PC
  // keeps nothing after the window closes) and other tabs cannot read them; a new tab signs in again
  // through the provider's own session cookie, without typing the password. auth-config.ts reads
  // the user from the same store and key.
  const store = window.sessionStorage;
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}/auth/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email',
    userStore: new WebStorageStateStore({ store }),
    stateStore: new WebStorageStateStore({ store }),
    // Refreshes happen on demand (getAccessToken), serialised; a timer would race with them.
    automaticSilentRenew: false,
    // The provider's userinfo is served by the API; the id token already carries the profile.
    loadUserInfo: false,
    // Refresh token rotation: revoking on sign-out is done by the end-session call.
    revokeTokensOnSignout: false,
    staleStateAgeInSeconds: STALE_STATE_AGE_SECONDS,
  });
}

let managerPromise: Promise<UserManager> | null = null;

export function getUserManager(): Promise<UserManager> {
  managerPromise ??= getAuthConfig()
    .then((config) => {
      const manager = createManager(config);
      void manager.clearStaleState();
      return manager;
    })
    .catch((error: unknown) => {
      managerPromise = null;
      throw error;
    });
  return managerPromise;
}
