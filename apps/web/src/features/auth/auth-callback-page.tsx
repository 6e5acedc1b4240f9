import { Alert, Button, Container, Group } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { signIn } from '../../lib/auth/auth-client';
import { completeOnce } from './sign-in-exchange';

/** /auth/callback: the provider sends the browser back here with the authorization code. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    completeOnce(window.location.href).then(
      (returnTo) => {
        if (active) void navigate(returnTo, { replace: true });
      },
      (error: unknown) => {
        console.warn('[auth] sign-in could not be completed', error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  if (!failed) return <PageLoader />;
  return (
    <Container size="sm" py="xl">
      <title>{t('auth.callbackFailedTitle')}</title>
      <Alert role="alert" color="red" variant="light" title={t('auth.callbackFailedTitle')}>
        {t('auth.callbackFailed')}
      </Alert>
      <Group mt="lg">
        <Button onClick={() => void signIn()}>{t('auth.signInAgain')}</Button>
        <Button component={Link} to="/landing" variant="default">
          {t('app.homeLink')}
        </Button>
      </Group>
    </Container>
  );
}
