/**
 * The OIDC client (oidc-client-ts, with PKCE and state): loaded by auth-client.ts only to sign in
 * or out, finish a sign-in on /auth/callback, or refresh the token, never for a screen's first paint.
 */
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import {
  type AuthConfig,
  getAuthConfig,
  getCurrentAuthConfig,
  onAuthConfigChange,
  STALE_STATE_AGE_SECONDS,
} from './auth-config';
import {
  forgetProviderMetadata,
  keepAuthConfig,
  keepProviderMetadata,
  type ProviderMetadata,
  readKeptAuthConfig,
  readKeptProviderMetadata,
} from './kept-auth';

function createManager(config: AuthConfig, metadata: ProviderMetadata | null): UserManager {
  const origin = window.location.origin;
  // sessionStorage, not localStorage: the tokens live only as long as the tab (a shared school PC
  // keeps nothing after the window closes) and other tabs cannot read them; a new tab signs in again
  // through the provider's own session cookie, without typing the password. auth-config.ts reads
  // the user from the same store and key.
  const store = window.sessionStorage;
  // The discovery document the sign-in start fetched, kept for this provider and client: the
  // callback then makes only the token request. The library checks the answer against it exactly
  // as against a fetched one (issuer, state, nonce, PKCE verifier).
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    ...(metadata ? { metadata } : {}),
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

interface ManagerEntry {
  config: AuthConfig;
  manager: UserManager;
}

let entry: ManagerEntry | null = null;
// A manager made for a provider or client the server no longer uses is dropped with it.
onAuthConfigChange(() => {
  entry = null;
});

function managerFor(config: AuthConfig): ManagerEntry {
  if (entry?.config !== config) {
    entry = { config, manager: createManager(config, readKeptProviderMetadata(config)) };
    void entry.manager.clearStaleState();
  }
  return entry;
}

/**
 * After a failed code exchange: neither this page's manager nor the next page uses the metadata
 * kept at the sign-in start again, so that signing in again reads the provider's current endpoints.
 */
export function forgetKeptMetadata(): void {
  forgetProviderMetadata();
  entry = null;
}

export async function getUserManager(): Promise<UserManager> {
  return managerFor(await getAuthConfig()).manager;
}

/**
 * The manager for the sign-in start, with the server's current configuration, and the provider's
 * metadata fetched and kept for the callback that follows.
 */
export async function getSignInManager(): Promise<UserManager> {
  const { config, manager } = managerFor(await getCurrentAuthConfig());
  const metadata = await manager.metadataService.getMetadata();
  // Kept only when missing: a kept copy keeps its age, so it cannot outlive METADATA_FRESH_MS. Both
  // may be missing after a local sign-out (clearLocalState) with the page still holding them.
  if (!readKeptProviderMetadata(config)) keepProviderMetadata(config, metadata);
  if (!readKeptAuthConfig()) keepAuthConfig(config);
  return manager;
}
