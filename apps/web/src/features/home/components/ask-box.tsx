import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';

/** What the new chat reads from the navigation state: a first message to send at once. */
export interface ChatStartState {
  prompt: string;
}

/** One box that starts a chat: the question goes to /chat/new, which sends it as the first message. */
export function AskBox() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const headingId = useId();
  const hintId = useId();

  const start = () => {
    const prompt = text.trim();
    if (!prompt) return;
    const state: ChatStartState = { prompt };
    void navigate('/chat/new', { state });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    start();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      start();
    }
  };

  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby={headingId}>
      <form onSubmit={handleSubmit}>
        <Title order={2} fz="h4" id={headingId} mb="sm">
          {t('ask.title')}
        </Title>
        <GrowingTextarea
          aria-label={t('ask.label')}
          aria-describedby={hintId}
          placeholder={t('ask.placeholder')}
          minRows={2}
          maxRows={6}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
        />
        <Group justify="space-between" mt="sm" wrap="nowrap">
          <Text size="xs" c="dimmed" id={hintId} visibleFrom="sm">
            {t('ask.hint')}
          </Text>
          <Button
            type="submit"
            ml="auto"
            style={{ flexShrink: 0 }}
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={!text.trim()}
          >
            {t('ask.send')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
