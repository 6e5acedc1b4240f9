import '@mantine/core/styles/Alert.css';
import { Alert, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ToolThreadMessage } from '@ssaem/contracts/tool-assistant';
import type { LibraryType } from '@ssaem/contracts/tools';
import { IconSend, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../components/growing-textarea';
import { isApiError } from '../../lib/api-client';
import { askAssistant, assistantKeys, readThread, useToolThread } from './api';

function Message({ message }: { message: Pick<ToolThreadMessage, 'role' | 'text' | 'status'> }) {
  const mine = message.role === 'user';
  return (
    <Paper
      p="sm"
      radius="md"
      bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
      ml={mine ? 'xl' : 0}
      mr={mine ? 0 : 'xl'}
      data-role={message.role}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Text>
    </Paper>
  );
}

/**
 * The per-tool assistant beside a result: the teacher asks for a change ("3번 문제를 더 쉽게") and
 * the model answers with the changed part. The thread is kept on the server, so it is still here
 * when the page is opened again. Without a model it says so and changes nothing.
 */
export function ToolAssistant({
  toolType,
  libraryId,
  examples,
}: {
  toolType: LibraryType;
  libraryId: number;
  examples: string[];
}) {
  const { t } = useTranslation('toolAssistant');
  const queryClient = useQueryClient();
  const thread = useToolThread(toolType, libraryId);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<{ question: string; answer: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (thread.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (thread.isError || !thread.data) {
    const code = isApiError(thread.error) ? thread.error.code : null;
    return (
      <Alert color="gray" variant="light">
        {code === 'E_LICENSE_001' ? t('noLicence') : t('unavailable')}
      </Alert>
    );
  }
  const current = thread.data;

  const send = async (text: string) => {
    const message = text.trim();
    if (!message || pending) return;
    setError(null);
    setDraft('');
    setPending({ question: message, answer: '' });
    try {
      await askAssistant(
        { message, toolType, threadId: current.id },
        {
          onText: (delta) => setPending((p) => (p ? { ...p, answer: p.answer + delta } : p)),
          onDone: () => undefined,
          onError: () => setError(t('failed')),
        },
      );
    } catch (failure) {
      setError(isApiError(failure) && failure.code === 'E_LICENSE_001' ? t('noLicence') : t('failed'));
    }
    // The kept thread is the truth: read it back with the question and the answer in it.
    queryClient.setQueryData(
      assistantKeys.thread(toolType, libraryId),
      await readThread(current.id).catch(() => current),
    );
    setPending(null);
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="assistant-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconSparkles size={18} aria-hidden />
          <Title order={2} fz="h4" id="assistant-title">
            {t('title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {current.offline ? t('offlineIntro') : t('intro')}
        </Text>
        <Stack gap="xs" aria-live="polite" data-testid="assistant-messages">
          {current.messages.map((m) => (
            <Message key={m.id} message={m} />
          ))}
          {pending ? (
            <>
              <Message message={{ role: 'user', text: pending.question, status: 'complete' }} />
              <Message
                message={{ role: 'assistant', text: pending.answer || t('thinking'), status: 'streaming' }}
              />
            </>
          ) : null}
        </Stack>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {current.messages.length === 0 && !pending ? (
          <Group gap="xs">
            {examples.map((example) => (
              <Button key={example} size="xs" variant="light" onClick={() => void send(example)}>
                {example}
              </Button>
            ))}
          </Group>
        ) : null}
        <GrowingTextarea
          label={t('ask')}
          minRows={2}
          maxRows={6}
          maxLength={2000}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={!draft.trim() || Boolean(pending)}
            loading={Boolean(pending)}
            onClick={() => void send(draft)}
          >
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
