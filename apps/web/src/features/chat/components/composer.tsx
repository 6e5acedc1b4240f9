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
import { useToastClearance } from '../../../components/toast/toast-clearance';
import { type Attachment, type ChatFileRef, toFileRef, useAttachments } from '../attachments';
import { AttachmentChips } from './attachments';
import attachmentClasses from './attachments.module.css';
import classes from './composer.module.css';

/**
 * A question handed back to the composer (its answer failed): its text and the files sent with it;
 * `at` makes each hand-back new.
 */
export interface ReturnedText {
  text: string;
  files?: readonly ChatFileRef[];
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

function revokePreviews(attachments: readonly Attachment[]): void {
  for (const a of attachments) if (a.previewUrl) URL.revokeObjectURL(a.previewUrl);
}

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp,.hwp,.hwpx,.docx,.pdf,.txt';
const MAX_FILES = 10;

export function Composer({ isStreaming, sendWithEnter, onSend, onStop, returned }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const { attachments, add, remove, clear, restore } = useAttachments();
  // A message (copied, deleted, refused) shows above the box, never over the words being typed.
  const formRef = useRef<HTMLFormElement>(null);
  useToastClearance(formRef);
  /** The chips of the last question sent, to give back with it if its answer fails. */
  const lastSent = useRef<readonly Attachment[]>([]);
  useEffect(() => {
    if (!returned) return;
    setText((current) => (current.trim() ? current : returned.text));
    const ids = new Set((returned.files ?? []).map((file) => file.file_id));
    restore(lastSent.current.filter((a) => a.file && ids.has(a.file.file_id)));
  }, [returned, restore]);
  useEffect(() => () => revokePreviews(lastSent.current), []);
  const waiting = attachments.some((a) => a.phase === 'uploading' || a.phase === 'processing');
  const hasFailed = attachments.some((a) => a.phase === 'failed');
  const canSend = !isStreaming && text.trim().length > 0 && !waiting && !hasFailed;

  const addFiles = (files: FileList | readonly File[] | null | undefined) => {
    if (!files || files.length === 0) return;
    add(Array.from(files).slice(0, Math.max(0, MAX_FILES - attachments.length)));
  };

  const submit = () => {
    if (!canSend) return;
    const sent = attachments.filter((a) => a.phase === 'ready' && a.file);
    onSend(
      text.trim(),
      sent.flatMap((a) => (a.file ? [toFileRef(a.file)] : [])),
    );
    setText('');
    revokePreviews(lastSent.current.filter((a) => !sent.includes(a)));
    lastSent.current = sent;
    clear(sent);
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
      ref={formRef}
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
