import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SignInKind, startSignIn } from '../../../lib/session';

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
