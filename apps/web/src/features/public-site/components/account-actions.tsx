import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadAuthClient } from '../../../lib/auth/install';
import { isSignedIn, startSignIn } from '../../../lib/session';

type Who = 'teacher' | 'student';

/**
 * Sign-in and sign-up on /home (core.md §2: login, teacher login, student login, sign-up). One
 * sign-in page serves everyone: the teacher/student choice is a hint that picks where a student
 * lands and which help the sign-in page shows, not a door of its own. Shown only while the `auth`
 * feature is on, i.e. once sign-in and /signup exist.
 */
export function AccountActions() {
  const { t } = useTranslation('home');
  const [who, setWho] = useState<Who>('teacher');
  if (isSignedIn()) return <SignedInActions />;
  return (
    <Card component="section" withBorder radius="lg" padding="xl" aria-labelledby="home-account" bg="white">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="home-account">
          {t('account.title')}
        </Title>
        <Text c="dimmed">{t('account.body')}</Text>
        <div>
          <Text id="home-who" size="sm" fw={600} mb={6}>
            {t('account.who')}
          </Text>
          <SegmentedControl
            aria-labelledby="home-who"
            value={who}
            onChange={(value) => setWho(value as Who)}
            data={[
              { value: 'teacher', label: t('account.teacher') },
              { value: 'student', label: t('account.student') },
            ]}
          />
        </div>
        <Group gap="sm">
          <Button onClick={() => void startSignIn(who)}>{t('account.login')}</Button>
          {who === 'teacher' && (
            <Button component={Link} to="/signup" variant="default">
              {t('account.signup')}
            </Button>
          )}
        </Group>
        {who === 'student' && (
          <Text size="sm" c="dimmed">
            {t('account.studentNote')}
          </Text>
        )}
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
