import { Alert, Button, Container } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { getAccessToken, hasUsableToken, signIn } from '../../lib/auth/auth-client';
import { isSignedIn } from '../../lib/session';

/**
 * Renders its children only for a signed-in user whose token is (or has just been made) valid.
 * A visitor without a session goes through the sign-in flow and comes back to this address.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { t } = useTranslation();
  // A token already read and still valid draws the page at once (a page painted before the app
  // arrived, src/public-entry.ts, is not replaced by a loader); the check below still runs.
  const [state, setState] = useState<'checking' | 'ready' | 'unreachable'>(() =>
    isSignedIn() && hasUsableToken() ? 'ready' : 'checking',
  );
  const returnTo = `${location.pathname}${location.search}${location.hash}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per mount; later moves stay inside the session.
  useEffect(() => {
    let active = true;
    if (!isSignedIn()) {
      // The provider or its configuration unreachable: said so, rather than a loader forever.
      signIn(returnTo).catch(() => {
        if (active) setState('unreachable');
      });
      return () => {
        active = false;
      };
    }
    // Reading the token refreshes it when it is about to expire; null means the refresh failed
    // and the page is already on its way to the site origin.
    getAccessToken().then(
      (token) => {
        if (active && token) setState('ready');
      },
      // The identity provider or its configuration could not be reached.
      () => {
        if (active) setState('unreachable');
      },
    );
    return () => {
      active = false;
    };
  }, []);

  if (state === 'ready') return children;
  if (state === 'checking') return <PageLoader />;
  return (
    <Container size="sm" py="xl">
      <Alert role="alert" color="red" variant="light" title={t('auth.unreachableTitle')}>
        {t('auth.unreachable')}
      </Alert>
      <Button mt="md" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Container>
  );
}
