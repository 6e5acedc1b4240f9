import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadAuthClient } from '../../../lib/auth/install';
import { isSignedIn, type SignInKind, startSignIn } from '../../../lib/session';

const SIGN_IN: ReadonlyArray<{
  kind: SignInKind;
  key: 'account.login' | 'account.teacherLogin' | 'account.studentLogin';
}> = [
  { kind: 'default', key: 'account.login' },
  { kind: 'teacher', key: 'account.teacherLogin' },
  { kind: 'student', key: 'account.studentLogin' },
];

/**
 * Login, teacher login, student login and sign-up on /home (core.md §2). Shown only while the
 * `auth` feature is on, i.e. once sign-in and /signup exist.
 */
export function AccountActions() {
  const { t } = useTranslation('home');
  if (isSignedIn()) return <SignedInActions />;
  return (
    <Card component="section" withBorder radius="lg" padding="xl" aria-labelledby="home-account" bg="white">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="home-account">
          {t('account.title')}
        </Title>
        <Text c="dimmed">{t('account.body')}</Text>
        <Group gap="sm">
          {SIGN_IN.map(({ kind, key }) => (
            <Button
              key={kind}
              variant={kind === 'default' ? 'filled' : 'light'}
              onClick={() => void startSignIn(kind)}
            >
              {t(key)}
            </Button>
          ))}
          <Button component={Link} to="/signup" variant="default">
            {t('account.signup')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A visitor who is already signed in gets the way in and the way out instead. */
function SignedInActions() {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button component={Link} to="/dashboard">
        {t('auth.toDashboard')}
      </Button>
      <Button variant="default" onClick={() => void loadAuthClient().then((auth) => auth.signOut())}>
        {t('auth.signOut')}
      </Button>
    </Group>
  );
}
