import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_AND_TIME, formatDate } from '../../../lib/format';
import { useConversationList } from '../../chat/api';

const SHOWN = 5;

/** The teacher's latest conversations, newest first, each one click from where it left off. */
export function RecentConversations() {
  const { t, i18n } = useTranslation('dashboard');
  const conversations = useConversationList();
  const headingId = useId();
  const items = conversations.data?.pages[0]?.conversations.slice(0, SHOWN) ?? [];
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h5" id={headingId}>
          {t('recentChats.title')}
        </Title>
        <Anchor component={Link} to="/chat/new" size="sm">
          {t('recentChats.all')}
        </Anchor>
      </Group>
      {conversations.isPending ? (
        <Skeleton h={80} />
      ) : conversations.isError ? (
        <Text size="sm" c="red">
          {t('recentChats.failed')}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recentChats.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((conversation) => (
            <li key={conversation.conversationId}>
              <Anchor
                component={Link}
                to={`/chat/${encodeURIComponent(conversation.conversationId)}`}
                fw={600}
                size="sm"
                lineClamp={1}
              >
                {conversation.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDate(conversation.updatedAt, i18n.language, DATE_AND_TIME)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
