import type { RoleName } from '@ssaem/contracts/users';
// Types only: the library itself loads with ./oidc-manager when it is needed.
import type { User, UserManager } from 'oidc-client-ts';
import { currentLanguage } from '../i18n';
import { LANGUAGE_STORAGE_KEY } from '../language';
import { notifySessionEnd } from '../session';
import { readStoredUser, type StoredUser } from './auth-config';
import { pickPrimaryRole, readRoleClaims } from './roles';
import { announceSignOut } from './session-watch';
import { API_MIN_VALIDITY, sessionStore } from './stored-session';
import { createTokenSource, secondsLeft, type TokenManager } from './token-source';

/** Where sign-in lands: the signed-in home, made for each role. */
export const DEFAULT_RETURN_PATH = '/dashboard';
/** Seconds of validity required before an ordinary API call (stored-session.ts) and before a chat stream (core.md §9). */
export { API_MIN_VALIDITY };
export const STREAM_MIN_VALIDITY = 120;

interface SignInState {
  returnTo: string;
}

/** Only paths inside this app; anything else (another origin, `//host`) falls back to the default. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//'))
    return DEFAULT_RETURN_PATH;
  return value;
}

/** The OIDC client, loaded on first need (sign-in, sign-out, callback, refresh). */
function getUserManager() {
  return import('./oidc-manager').then((module) => module.getUserManager());
}

/** The same for the sign-in start: the current configuration, the provider's metadata kept for the callback. */
function getSignInManager() {
  return import('./oidc-manager').then((module) => module.getSignInManager());
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

/** The user a signed-in page is drawn for at build time (renderSignedInAs); never set in a browser. */
let standIn: StoredUser | null = null;

/**
 * Build time only (src/prerender.tsx): a signed-in page prerendered for its first paint is drawn for
 * a stand-in user with the roles it is written for, since there is no browser store to read; null
 * ends it. The stand-in is only read, for the roles and the token's validity, never sent.
 */
export function renderSignedInAs(user: StoredUser | null): void {
  standIn = user;
}

/** The user the synchronous helpers below read: the build's stand-in, or the user read last. */
const readUser = () => standIn ?? tokens.currentUser();

// Reading the token needs no OIDC client (auth-config.ts reads the store UserManager writes);
// refreshing it, and dropping it when that fails, load the client.
const tokenManager: TokenManager<StoredUser> = {
  getUser: readStoredUser,
  signinSilent: () => getUserManager().then((manager) => manager.signinSilent()),
  removeUser: () => getUserManager().then((manager) => manager.removeUser()),
};

const tokens = createTokenSource<StoredUser>({
  manager: async () => tokenManager,
  onRefreshFailed: endSessionLocally,
});

/** The access token with at least `minValidity` seconds left, refreshing first when needed. */
export function getAccessToken({ minValidity = API_MIN_VALIDITY } = {}): Promise<string | null> {
  return tokens.getAccessToken({ minValidity });
}

/**
 * The access token held in memory, without refreshing: for a request sent in the moment after
 * sign-in, when waiting for the asynchronous path would let other work run first.
 */
export function currentAccessToken(): string | null {
  return tokens.currentUser()?.access_token ?? null;
}

/**
 * Whether the user read last holds a token valid long enough for an API call, answered without
 * waiting: a guard that knows it draws its page at once instead of a loader for a moment.
 */
export function hasUsableToken(): boolean {
  const user = readUser();
  return user !== null && secondsLeft(user, Date.now()) >= API_MIN_VALIDITY;
}

/** For the chat stream, which may run for minutes on one token. */
export function getAccessTokenForStream(): Promise<string | null> {
  return tokens.getAccessToken({ minValidity: STREAM_MIN_VALIDITY });
}

/** Reads the stored user (and with it the roles for the synchronous helpers below). */
export function loadUser(): Promise<StoredUser | null> {
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
  const manager = await getSignInManager();
  const state: SignInState = { returnTo: safeReturnPath(returnTo) };
  await manager.signinRedirect({
    state,
    ui_locales: currentLanguage(),
    ...(roleHint ? { extraQueryParams: { role_hint: roleHint } } : {}),
  });
}

/**
 * Finishes the code exchange on /auth/callback and says where to go next. The callback passes the
 * manager it imported itself (features/auth/sign-in-exchange.ts), so that the token request goes
 * out without waiting for a task of its own for the library's module.
 */
export async function completeSignIn(
  url: string = window.location.href,
  userManager: Promise<UserManager> = getUserManager(),
): Promise<string> {
  const manager = await userManager;
  let user: User;
  try {
    user = await manager.signinRedirectCallback(url);
  } catch (error) {
    // An invalid state or nonce clears whatever token there was (core.md §4).
    await manager.removeUser();
    (await import('./oidc-manager')).forgetKeptMetadata();
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
  return readRoleClaims(readUser()?.access_token);
}

export function hasRealmRole(role: string): boolean {
  return currentRoles().realmRoles.includes(role);
}

export function hasResourceRole(role: string, clientId = 'ssaem-web'): boolean {
  return currentRoles().resourceRoles[clientId]?.includes(role) ?? false;
}

export function realmRoles(): string[] {
  // A copy: the claims are kept for the next call.
  return [...currentRoles().realmRoles];
}

/** The primary role of the signed-in user (super admin, admin, teacher, student). */
export function primaryRole(): RoleName | null {
  return pickPrimaryRole(currentRoles().realmRoles);
}
