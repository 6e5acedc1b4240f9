/**
 * The seams the identity work fills in: whether an auth session is present, and how sign-in
 * starts. Until something is registered nobody is signed in and sign-in cannot start, so every
 * signed-in destination stays unreachable.
 */
type SessionProbe = () => boolean;

/** Which door a visitor uses on /home (core.md §2: login, teacher login, student login). */
export type SignInKind = 'default' | 'teacher' | 'student';
type SignInStarter = (kind: SignInKind) => void | Promise<void>;

let probe: SessionProbe | null = null;
let signInStarter: SignInStarter | null = null;

export function setSessionProbe(next: SessionProbe | null): void {
  probe = next;
}

export function isSignedIn(): boolean {
  return probe?.() ?? false;
}

export function setSignInStarter(next: SignInStarter | null): void {
  signInStarter = next;
}

export async function startSignIn(kind: SignInKind): Promise<void> {
  await signInStarter?.(kind);
}

type SessionEndListener = () => void;
const sessionEndListeners = new Set<SessionEndListener>();

/**
 * Runs `listener` when the session ends in this tab (sign-out or a failed refresh): query caches
 * and stores register here so nothing of one user is shown to the next. Returns an unsubscribe.
 */
export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export function notifySessionEnd(): void {
  for (const listener of sessionEndListeners) listener();
}
