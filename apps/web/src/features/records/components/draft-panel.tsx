import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { countNeisBytes } from '@ssaem/contracts/student-record-checks';
import type { RecordArea, RecordDraft } from '@ssaem/contracts/student-records';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { errorText } from '../../classes/error-text';
import { useDecideDraft, useRequestDraft } from '../api';
import { ByteMeter } from './byte-meter';

interface Props {
  studentId: number;
  area: RecordArea;
  subject: string;
  byteLimit: number;
  label: string;
  /** The teacher took the draft: it replaces the editor's text (not saved yet). */
  onAccept: (text: string) => void;
  onClose: () => void;
}

/**
 * An AI draft of one area from the teacher's observations. The draft is shown beside the
 * teacher's text with its own byte meter; it replaces the text only when the teacher accepts it.
 */
export function DraftPanel({ studentId, area, subject, byteLimit, label, onAccept, onClose }: Props) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const request = useRequestDraft();
  const decide = useDecideDraft();
  const [keywords, setKeywords] = useState('');
  const [notes, setNotes] = useState('');
  const [activities, setActivities] = useState('');
  const [draft, setDraft] = useState<RecordDraft | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleDraft = async () => {
    setError(null);
    try {
      const made = await request.mutateAsync({
        studentId,
        area,
        ...(area === 'SUBJECT' ? { subject } : {}),
        keywords,
        notes,
        activities,
      });
      if (made.status === 'failed') setError(t('draft.failed'));
      setDraft(made);
    } catch (caught) {
      setError(errorText(caught, tc));
    }
  };

  const handleDecision = async (accept: boolean) => {
    if (!draft) return;
    await decide.mutateAsync({ id: draft.id, accept });
    if (accept && draft.text) onAccept(draft.text);
    setDraft(null);
    if (accept) onClose();
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      bg="var(--mantine-color-gray-0)"
      aria-label={t('draft.title', { area: label })}
      component="section"
    >
      <Stack gap="xs">
        <Text fw={700} size="sm">
          {t('draft.title', { area: label })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('draft.privacy')}
        </Text>
        <TextInput
          label={t('draft.keywords')}
          placeholder={t('draft.keywordsHint')}
          value={keywords}
          onChange={(e) => setKeywords(e.currentTarget.value)}
        />
        <GrowingTextarea
          label={t('draft.notes')}
          placeholder={t('draft.notesHint')}
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <GrowingTextarea
          label={t('draft.activities')}
          placeholder={t('draft.activitiesHint')}
          minRows={2}
          value={activities}
          onChange={(e) => setActivities(e.currentTarget.value)}
        />
        <Group gap="xs">
          <Button
            leftSection={<IconSparkles size={16} aria-hidden />}
            onClick={() => void handleDraft()}
            loading={request.isPending}
          >
            {t('draft.make')}
          </Button>
          <Button variant="subtle" onClick={onClose}>
            {t('draft.close')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {draft?.status === 'waiting' || draft?.status === 'running' ? (
          <Text size="sm">{t('draft.stillWriting')}</Text>
        ) : null}
        {draft?.text && (
          <Stack gap="xs" aria-label={t('draft.result')} role="group">
            {draft.notice && (
              <Alert color="blue" variant="light" role="status">
                {draft.notice}
              </Alert>
            )}
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap' }}
              data-testid="draft-text"
              p="sm"
              bg="white"
              bd="1px solid var(--mantine-color-gray-3)"
            >
              {draft.text}
            </Text>
            <ByteMeter bytes={countNeisBytes(draft.text)} limit={byteLimit} label={t('draft.result')} />
            <Group gap="xs">
              <Button color="teal" onClick={() => void handleDecision(true)} loading={decide.isPending}>
                {t('draft.accept')}
              </Button>
              <Button variant="default" onClick={() => void handleDecision(false)}>
                {t('draft.reject')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
