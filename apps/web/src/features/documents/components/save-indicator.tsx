import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AutosaveStatus } from '../use-autosave';

/** "저장됨 / 저장 중… / 저장 실패", announced politely as it changes. */
export function SaveIndicator({ status, onRetry }: { status: AutosaveStatus; onRetry: () => void }) {
  const { t } = useTranslation('documents');
  return (
    <Group gap={6} wrap="nowrap">
      <Group gap={4} wrap="nowrap" role="status" aria-live="polite">
        {status === 'saved' ? <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden /> : null}
        {status === 'pending' || status === 'saving' ? <Loader size={14} aria-hidden /> : null}
        {status === 'error' ? (
          <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden />
        ) : null}
        <Text size="sm" c={status === 'error' ? 'red.7' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {status === 'saved' ? t('save.saved') : status === 'error' ? t('save.failed') : t('save.saving')}
        </Text>
      </Group>
      {status === 'error' ? (
        <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
          {t('save.retry')}
        </Button>
      ) : null}
    </Group>
  );
}
