import '../../components/form-styles';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconMessageCircle, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRegisteredPath } from '../../app/route-registry';
import { appRoutes } from '../../app/routes';
import { RecommendationStrip } from '../edutech/components/recommendation-strip';
import { LicenceCard } from '../licences/components/licence-card';
import { useUsersInfo } from './api';

interface QuickLink {
  id: 'chat' | 'myInfo';
  to: string;
  icon: ReactNode;
}

// Only screens that exist are offered; more join as their features land.
const QUICK_LINKS: readonly QuickLink[] = [
  { id: 'chat', to: '/chat/new', icon: <IconMessageCircle size={20} aria-hidden /> },
  { id: 'myInfo', to: '/my-info', icon: <IconUser size={20} aria-hidden /> },
];

/** /dashboard (teachers): greeting, school, licence with usage and countdown, ways to start. */
export function DashboardPage() {
  const { t } = useTranslation('account');
  const info = useUsersInfo();
  const links = QUICK_LINKS.filter((link) => isRegisteredPath(appRoutes, link.to));

  if (!info.data) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton h={36} w="50%" />
        <Skeleton h={160} />
      </Stack>
    );
  }
  const { userInfo, schoolInfo, licenseInfo } = info.data;
  return (
    <Stack gap="xl">
      <title>{t('dashboard.meta')}</title>
      <div>
        <Title order={1}>{t('dashboard.greeting', { name: userInfo.name })}</Title>
        <Text c="dimmed" mt={4}>
          {schoolInfo ? schoolInfo.name : t('dashboard.noSchool')}
        </Text>
      </div>
      <LicenceCard licence={licenseInfo} />
      <RecommendationStrip />
      <section aria-labelledby="dashboard-start">
        <Title order={2} fz="h4" id="dashboard-start" mb="sm">
          {t('dashboard.start')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {links.map((link) => (
            <Card key={link.id} component={Link} to={link.to} withBorder radius="lg" padding="lg">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size="lg" radius="md">
                    {link.icon}
                  </ThemeIcon>
                  <div>
                    <Text fw={700}>{t(`dashboard.links.${link.id}.title`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`dashboard.links.${link.id}.body`)}
                    </Text>
                  </div>
                </Group>
                <IconArrowRight size={18} aria-hidden />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
