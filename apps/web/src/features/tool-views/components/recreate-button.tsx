import { Button, Group, Modal, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecreateItem } from '../api';
import type { ToolKind } from '../types';

/**
 * The recreate mode of summary and feedback (document-tools.md §2): the same form is made again.
 * The current result is replaced, so the teacher confirms first.
 */
export function RecreateButton({
  kind,
  id,
}: {
  kind: Extract<ToolKind, 'summary' | 'feedback'>;
  id: number;
}) {
  const { t } = useTranslation('toolViews');
  const [opened, setOpened] = useState(false);
  const recreate = useRecreateItem(kind);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('recreate.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('recreate.title')} centered>
        <Text mb="md">{t(kind === 'feedback' ? 'recreate.confirmFeedback' : 'recreate.confirm')}</Text>
        {recreate.isError ? (
          <Text c="red" role="alert" mb="sm">
            {t('recreate.failed')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpened(false)}>
            {t('state.cancel')}
          </Button>
          <Button
            loading={recreate.isPending}
            onClick={() => recreate.mutate(id, { onSuccess: () => setOpened(false) })}
          >
            {t('recreate.button')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
