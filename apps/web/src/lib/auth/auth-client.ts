import type { RoleName } from '@ssaem/contracts/users';
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { currentLanguage } from '../i18n';
import { LANGUAGE_STORAGE_KEY } from '../language';
import { notifySessionEnd } from '../session';
import { pickPrimaryRole, readRoleClaims } from './roles';
import { announceSignOut } from './session-watch';
import { sessionStore } from './stored-session';
import { createTokenSource } from './token-source';

/** Where sign-in lands: the signed-in home, made for each role. */
export const DEFAULT_RETURN_PATH = '/dashboard';
/** Seconds of validity required before an ordinary API call and before a chat stream (core.md §9). */
export const API_MIN_VALIDITY = 4;
export const STREAM_MIN_VALIDITY = 120;

interface AuthConfig {
  authority: string;
  clientId: string;
  audience: string | null;
  embedded: boolean;
}

interface SignInState {
  returnTo: string;
}

/** Only paths inside this app; anything else (another origin, `//host`) falls back to the default. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//'))
    return DEFAULT_RETURN_PATH;
  return value;
}

// Plain fetch: the API client asks this module for its token, so it cannot be used to get here.
async function fetchAuthConfig(): Promise<AuthConfig> {
  const response = await fetch('/api/v1/public/auth-config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`auth-config answered ${response.status}`);
  return (await response.json()) as AuthConfig;
}

function createManager(config: AuthConfig): UserManager {
  const origin = window.location.origin;
  // sessionStorage, not localStorage: the tokens live only as long as the tab (a shared school PC
  // keeps nothing after the window closes) and other tabs cannot read them; a new tab signs in again
  // through the provider's own session cookie, without typing the password.
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
    // core.md §4: stored login state (an unfinished sign-in) lives one hour.
    staleStateAgeInSeconds: 3600,
  });
}

let managerPromise: Promise<UserManager> | null = null;

export function getUserManager(): Promise<UserManager> {
  managerPromise ??= fetchAuthConfig()
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

/** Clears everything the session left in the browser except the language (core.md §4 logout). */
export function clearLocalState(): void {
  notifySessionEnd();
  for (const store of [sessionStore(), safeLocalStorage()]) {
    if (!store) continue;
    const language = store.getItem(LANGUAGE_STORAGE_KEY);
    store.clear();
    if (language !== null) store.setItem(LANGUAGE_STORAGE_KEY, language);
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A failed refresh: sign out here only and return to the site origin. */
function endSessionLocally(): void {
  clearLocalState();
  window.location.assign(`${window.location.origin}/`);
}

const tokens = createTokenSource<User>({ manager: getUserManager, onRefreshFailed: endSessionLocally });

/** The access token with at least `minValidity` seconds left, refreshing first when needed. */
export function getAccessToken({ minValidity = API_MIN_VALIDITY } = {}): Promise<string | null> {
  return tokens.getAccessToken({ minValidity });
}

/** For the chat stream, which may run for minutes on one token. */
export function getAccessTokenForStream(): Promise<string | null> {
  return tokens.getAccessToken({ minValidity: STREAM_MIN_VALIDITY });
}

/** Reads the stored user (and with it the roles for the synchronous helpers below). */
export function loadUser(): Promise<User | null> {
  return tokens.loadUser();
}

/**
 * Sends the browser to the provider's login page; after it, /auth/callback returns to `returnTo`.
 * `roleHint` (teacher or student) only preselects the page's help text.
 */
export async function signIn(
  returnTo: string = DEFAULT_RETURN_PATH,
  roleHint?: 'teacher' | 'student',
): Promise<void> {
  const manager = await getUserManager();
  const state: SignInState = { returnTo: safeReturnPath(returnTo) };
  await manager.signinRedirect({
    state,
    ui_locales: currentLanguage(),
    ...(roleHint ? { extraQueryParams: { role_hint: roleHint } } : {}),
  });
}

/** Finishes the code exchange on /auth/callback and says where to go next. */
export async function completeSignIn(url: string = window.location.href): Promise<string> {
  const manager = await getUserManager();
  let user: User;
  try {
    user = await manager.signinRedirectCallback(url);
  } catch (error) {
    // An invalid state or nonce clears whatever token there was (core.md §4).
    await manager.removeUser();
    throw error;
  }
  await tokens.loadUser();
  return safeReturnPath((user.state as Partial<SignInState> | undefined)?.returnTo);
}

/** Clears caches, stores and storage, then ends the provider's session (RP-initiated logout). */
export async function signOut(): Promise<void> {
  const manager = await getUserManager();
  const user = await manager.getUser();
  clearLocalState();
  announceSignOut();
  await manager.signoutRedirect({
    id_token_hint: user?.id_token,
    post_logout_redirect_uri: `${window.location.origin}/`,
  });
}

function currentRoles() {
  return readRoleClaims(tokens.currentUser()?.access_token);
}

export function hasRealmRole(role: string): boolean {
  return currentRoles().realmRoles.includes(role);
}

export function hasResourceRole(role: string, clientId = 'ssaem-web'): boolean {
  return currentRoles().resourceRoles[clientId]?.includes(role) ?? false;
}

export function realmRoles(): string[] {
  return currentRoles().realmRoles;
}

/** The primary role of the signed-in user (super admin, admin, teacher, student). */
export function primaryRole(): RoleName | null {
  return pickPrimaryRole(currentRoles().realmRoles);
}
