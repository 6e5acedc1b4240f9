import '../../components/form-styles';
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitcher } from '../../components/language-switcher';
import { signOut } from '../../lib/auth/auth-client';
import { RequireAuth } from '../auth/require-auth';
import { useLicenceValidity } from './api';
import { LicenceCard } from './components/licence-card';
import { LicenceKeyForm } from './components/licence-key-form';
import { TrialOffer } from './components/trial-offer';

function LicenseGuide() {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const validity = useLicenceValidity();

  const handleRegistered = async () => {
    const { data } = await validity.refetch();
    if (data?.isValid) void navigate('/dashboard', { replace: true });
  };

  return (
    <Stack gap="lg">
      <title>{t('guide.meta')}</title>
      <Title order={1}>{t('guide.title')}</Title>
      <Text size="lg" c="dimmed" maw={640}>
        {t('guide.body')}
      </Text>
      {validity.isPending && <Loader type="dots" aria-label={t('common:loading')} />}
      {validity.data && <LicenceCard licence={validity.data} />}
      {validity.data?.isValid && (
        <Alert color="sage" variant="light" title={t('guide.validTitle')}>
          <Group justify="space-between">
            <Text size="sm">{t('guide.validBody')}</Text>
            <Button component={Link} to="/dashboard" size="xs">
              {t('common:auth.toDashboard')}
            </Button>
          </Group>
        </Alert>
      )}
      {validity.data && !validity.data.isValid && <TrialOffer onStarted={() => void handleRegistered()} />}
      <section aria-labelledby="guide-register">
        <Title order={2} fz="h4" id="guide-register" mb="xs">
          {t('licence.registerTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('guide.registerHint')}
        </Text>
        <LicenceKeyForm onRegistered={() => void handleRegistered()} />
      </section>
      <Group>
        <Button component={Link} to="/pricing" variant="light">
          {t('guide.pricing')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void signOut()}
        >
          {t('common:auth.signOut')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /license-guide: signed in, no sidebar; why the app is closed and how to open it (core.md §4). */
export function LicenseGuidePage() {
  const { t } = useTranslation();
  return (
    <RequireAuth>
      <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between">
            <Link
              to="/home"
              style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none' }}
            >
              <BrandMark size={28} />
              <Text fw={700} c="dark">
                {t('app.name')}
              </Text>
            </Link>
            <LanguageSwitcher />
          </Group>
        </Container>
      </header>
      <Container size="md" py="xl" component="main" id="main">
        <LicenseGuide />
      </Container>
    </RequireAuth>
  );
}
