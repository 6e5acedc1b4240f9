import { ActionIcon, Tooltip } from '@mantine/core';
import { MAX_CHAT_INPUT_LENGTH } from '@ssaem/contracts/chat';
import { IconArrowUp, IconPaperclip, IconPlayerStopFilled } from '@tabler/icons-react';
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { type ChatFileRef, toFileRef, useAttachments } from '../attachments';
import { AttachmentChips } from './attachments';
import attachmentClasses from './attachments.module.css';
import classes from './composer.module.css';

/** Text handed back to the composer (a question whose answer failed); `at` makes each hand-back new. */
export interface ReturnedText {
  text: string;
  at: number;
}

interface ComposerProps {
  isStreaming: boolean;
  sendWithEnter: boolean;
  onSend: (text: string, files: ChatFileRef[]) => void;
  onStop: () => void;
  /** Put back into an empty box; what the teacher has typed meanwhile is kept. */
  returned?: ReturnedText | null;
}

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp,.hwp,.hwpx,.docx,.pdf,.txt';
const MAX_FILES = 10;

export function Composer({ isStreaming, sendWithEnter, onSend, onStop, returned }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  useEffect(() => {
    if (returned) setText((current) => (current.trim() ? current : returned.text));
  }, [returned]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const { attachments, add, remove, clear } = useAttachments();
  const waiting = attachments.some((a) => a.phase === 'uploading' || a.phase === 'processing');
  const hasFailed = attachments.some((a) => a.phase === 'failed');
  const canSend = !isStreaming && text.trim().length > 0 && !waiting && !hasFailed;

  const addFiles = (files: FileList | readonly File[] | null | undefined) => {
    if (!files || files.length === 0) return;
    add(Array.from(files).slice(0, Math.max(0, MAX_FILES - attachments.length)));
  };

  const submit = () => {
    if (!canSend) return;
    const files = attachments.flatMap((a) => (a.phase === 'ready' && a.file ? [toFileRef(a.file)] : []));
    onSend(text.trim(), files);
    setText('');
    clear();
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
  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = event.clipboardData?.files;
    if (files && files.length > 0) {
      event.preventDefault();
      addFiles(files);
    }
  };
  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
  const handleDragOver = (event: DragEvent<HTMLFormElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  };
  const handleDrop = (event: DragEvent<HTMLFormElement>) => {
    setDragging(false);
    if (!event.dataTransfer?.files?.length) return;
    event.preventDefault();
    addFiles(event.dataTransfer.files);
  };

  const sendLabel = waiting
    ? t('attachments.waiting')
    : hasFailed
      ? t('attachments.removeFailed')
      : t('composer.send');

  return (
    <form
      className={`${classes.composer} ${dragging ? attachmentClasses.dropping : ''}`}
      onSubmit={handleSubmit}
      onDragOver={handleDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
    >
      <div className={classes.field}>
        <AttachmentChips attachments={attachments} onRemove={remove} />
        <div className={classes.row}>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            data-testid="chat-file-input"
            onChange={(event) => {
              addFiles(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
          <Tooltip label={t('attachments.attach')}>
            <ActionIcon
              size="xl"
              radius="xl"
              variant="subtle"
              color="gray"
              aria-label={t('attachments.attach')}
              disabled={attachments.length >= MAX_FILES}
              onClick={() => inputRef.current?.click()}
            >
              <IconPaperclip size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <GrowingTextarea
            className={classes.input}
            aria-label={t('composer.label')}
            placeholder={t('composer.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={handleKeyDown}
            onPaste={handlePaste}
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
            <Tooltip label={sendLabel}>
              <ActionIcon
                type="submit"
                size="xl"
                radius="xl"
                disabled={!canSend}
                aria-label={t('composer.send')}
              >
                <IconArrowUp size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </div>
      </div>
    </form>
  );
}
