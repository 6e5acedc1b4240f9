import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAiConnection } from '../api';

/**
 * The model connection of this installation, for the super administrator only: which provider
 * and model answer, and the server settings that choose them. Teachers never see setting names;
 * they read one sentence on a draft made without AI.
 */
export function AiConnectionCard() {
  const { t } = useTranslation('account');
  const connection = useAiConnection();
  if (!connection.data) return null;
  const data = connection.data;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="ai-connection-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h3" id="ai-connection-title">
            {t('aiConnection.title')}
          </Title>
          <Badge color={data.connected ? 'teal' : 'gray'} variant="light">
            {data.connected ? t('aiConnection.connected') : t('aiConnection.offline')}
          </Badge>
        </Group>
        <Text size="sm">
          {data.connected
            ? t('aiConnection.using', {
                provider: t(`aiConnection.providers.${data.provider}`),
                model: data.model,
              })
            : t('aiConnection.offlineHelp')}
        </Text>
        {data.baseUrl ? (
          <Text size="sm" c="dimmed">
            {t('aiConnection.baseUrl', { url: data.baseUrl })}
          </Text>
        ) : null}
        <List size="sm" spacing={4}>
          {data.settings.map((setting) => (
            <List.Item key={setting.name}>
              <Text component="code" size="sm" fw={600}>
                {setting.name}
              </Text>{' '}
              {setting.set ? t('aiConnection.set') : t('aiConnection.unset')} — {setting.meaning}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
