import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { safeReturnPath, signIn } from '../../lib/auth/auth-client';

/**
 * /auth/sign-in: where GET /oauth/openid sends a browser (a link from a school portal, a bookmark).
 * Starts the code flow with PKCE here, since only the browser can hold the verifier, and returns to
 * `returnTo` (a path in this app only) afterwards.
 */
export function SignInStartPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const returnTo = safeReturnPath(params.get('returnTo'));
  useEffect(() => {
    signIn(returnTo).catch(() => setFailed(true));
  }, [returnTo]);
  if (!failed) return <PageLoader />;
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
