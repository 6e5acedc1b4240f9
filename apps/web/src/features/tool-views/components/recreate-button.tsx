import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackPanel } from '../../tools/panel/feedback-panel';
import { SummaryPanel } from '../../tools/panel/summary-panel';
import { toolViewKeys } from '../api';
import type { ToolKind } from '../types';

/**
 * The recreate mode of summary and feedback (document-tools.md §2): the tool's panel reopens with
 * the form the item was made from (its kept files listed), changeable; once the server accepts the
 * changed form the panel closes and this page follows the same item being made again.
 */
export function RecreateButton({
  kind,
  id,
}: {
  kind: Extract<ToolKind, 'summary' | 'feedback'>;
  id: number;
}) {
  const { t } = useTranslation('toolViews');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const onDone = () => {
    setOpened(false);
    void queryClient.invalidateQueries({ queryKey: toolViewKeys.item(kind, id) });
  };
  const Panel = kind === 'summary' ? SummaryPanel : FeedbackPanel;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('recreate.button')}
      </Button>
      <Panel opened={opened} onClose={() => setOpened(false)} recreateId={id} onDone={onDone} />
    </>
  );
}
