import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { getAccessToken, signIn } from '../../lib/auth/auth-client';
import { isSignedIn } from '../../lib/session';

/**
 * Renders its children only for a signed-in user whose token is (or has just been made) valid.
 * A visitor without a session goes through the sign-in flow and comes back to this address.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [ready, setReady] = useState(false);
  const returnTo = `${location.pathname}${location.search}${location.hash}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per mount; later moves stay inside the session.
  useEffect(() => {
    let active = true;
    if (!isSignedIn()) {
      void signIn(returnTo);
      return;
    }
    // Reading the token refreshes it when it is about to expire; null means the refresh failed
    // and the page is already on its way to the site origin.
    void getAccessToken().then((token) => {
      if (active && token) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);

  return ready ? children : <PageLoader />;
}
