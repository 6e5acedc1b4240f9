/**
 * Whether an auth session is present. The identity work registers a probe (backed by its OIDC
 * user store); until then nobody is signed in, and every signed-in destination stays unreachable.
 */
type SessionProbe = () => boolean;

let probe: SessionProbe | null = null;

export function setSessionProbe(next: SessionProbe | null): void {
  probe = next;
}

export function isSignedIn(): boolean {
  return probe?.() ?? false;
}
