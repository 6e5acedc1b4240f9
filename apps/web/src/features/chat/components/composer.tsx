import { ActionIcon, Textarea, Tooltip } from '@mantine/core';
import { MAX_CHAT_INPUT_LENGTH } from '@ssaem/contracts/chat';
import { IconArrowUp, IconPlayerStopFilled } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './composer.module.css';

interface ComposerProps {
  isStreaming: boolean;
  sendWithEnter: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}

export function Composer({ isStreaming, sendWithEnter, onSend, onStop }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const canSend = !isStreaming && text.trim().length > 0;

  const submit = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Korean input composes syllables with Enter pending: never send mid-composition.
    if (event.nativeEvent.isComposing) return;
    if (sendWithEnter && event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={classes.composer} onSubmit={handleSubmit}>
      <Textarea
        className={classes.input}
        aria-label={t('composer.label')}
        placeholder={t('composer.placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        autosize
        minRows={1}
        maxRows={8}
        maxLength={MAX_CHAT_INPUT_LENGTH}
        radius="lg"
      />
      {isStreaming ? (
        <Tooltip label={t('composer.stop')}>
          <ActionIcon
            size="xl"
            radius="xl"
            color="red"
            variant="filled"
            onClick={onStop}
            aria-label={t('composer.stop')}
          >
            <IconPlayerStopFilled size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Tooltip label={t('composer.send')}>
          <ActionIcon type="submit" size="xl" radius="xl" disabled={!canSend} aria-label={t('composer.send')}>
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </form>
  );
}
