import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconChartBar,
  IconHistory,
  IconKey,
  IconPlugConnected,
  IconSpeakerphone,
  IconUser,
  IconUserCheck,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type AdminLinkId =
  | 'users'
  | 'schoolRequests'
  | 'usage'
  | 'audit'
  | 'licences'
  | 'allStudents'
  | 'noticeBoard'
  | 'aiConnection'
  | 'myInfo';

export interface AdminLink {
  id: AdminLinkId;
  to: string;
}

const ICONS: Record<AdminLinkId, ReactNode> = {
  users: <IconUsers size={20} aria-hidden />,
  schoolRequests: <IconUserCheck size={20} aria-hidden />,
  usage: <IconChartBar size={20} aria-hidden />,
  audit: <IconHistory size={20} aria-hidden />,
  licences: <IconKey size={20} aria-hidden />,
  allStudents: <IconUsersGroup size={20} aria-hidden />,
  noticeBoard: <IconSpeakerphone size={20} aria-hidden />,
  aiConnection: <IconPlugConnected size={20} aria-hidden />,
  myInfo: <IconUser size={20} aria-hidden />,
};

/** The administration screens this administrator may open, as cards. */
export function AdminLinks({ links }: { links: readonly AdminLink[] }) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId} mb="sm">
        {t('admin.links.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {links.map((link) => (
          <Card key={link.id} component={Link} to={link.to} withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md">
                  {ICONS[link.id]}
                </ThemeIcon>
                <div>
                  <Text fw={700}>{t(`admin.links.${link.id}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`admin.links.${link.id}.body`)}
                  </Text>
                </div>
              </Group>
              <IconArrowRight size={18} aria-hidden />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
