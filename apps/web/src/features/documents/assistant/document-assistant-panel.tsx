import '../../../components/form-styles';
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import type { DocumentAssistantAction, DocumentContext } from '@ssaem/contracts/chat';
import {
  IconArrowBarToDown,
  IconLanguage,
  IconListDetails,
  IconPlayerStop,
  IconRefresh,
  IconReplace,
  IconSend,
  IconSparkles,
  IconTextSpellcheck,
} from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { canInsert, insertableText, splitAnswer, translationTarget } from './answer-text';
import classes from './assistant.module.css';
import type { AssistantMessage } from './assistant-store';
import { insertAnswer } from './insert-answer';
import { useDocumentAssistant } from './use-document-assistant';

/** The most of the document sent as context (the contract's limit). */
const MAX_CONTEXT = 40_000;
const PASSAGE_ACTIONS: { action: Exclude<DocumentAssistantAction, 'ask'>; icon: typeof IconSparkles }[] = [
  { action: 'rewrite', icon: IconSparkles },
  { action: 'summarise', icon: IconListDetails },
  { action: 'translate', icon: IconLanguage },
  { action: 'spelling', icon: IconTextSpellcheck },
];

interface DocumentAssistantPanelProps {
  /** The document's identity in client state: one conversation per document. */
  documentKey: string;
  editor: Editor | null;
  title: string;
  /** False in a drawer, whose own title names the panel. */
  withHeading?: boolean;
  /** After an answer went into the document (the phone's drawer closes to show it). */
  onInserted?: () => void;
}

function selectionOf(editor: Editor | null): { text: string; empty: boolean } {
  if (!editor) return { text: '', empty: true };
  const { from, to, empty } = editor.state.selection;
  return { text: empty ? '' : editor.state.doc.textBetween(from, to, '\n', ' ').trim(), empty };
}

/** The answer's result, then its notes (after a `---` line) set apart and quieter. */
function AnswerText({ text, streaming }: { text: string; streaming: boolean }) {
  const { t } = useTranslation('documents');
  if (!text) return streaming ? <Loader size="xs" aria-label={t('assistant.thinking')} /> : null;
  const { result, notes } = splitAnswer(text);
  if (notes === null) return <>{text}</>;
  return (
    <>
      {result.trimEnd()}
      <Divider my={6} />
      <Text span size="xs" c="dimmed">
        {notes}
      </Text>
    </>
  );
}

function AnswerActions({
  message,
  editor,
  text,
  onInserted,
}: {
  message: AssistantMessage;
  editor: Editor | null;
  text: string;
  onInserted: (() => void) | undefined;
}) {
  const { t } = useTranslation('documents');
  const toast = useToast();
  const hasSelection = useEditorState({
    editor,
    selector: ({ editor: current }) => Boolean(current && !current.state.selection.empty),
  });
  if (!editor || !canInsert({ ...message, text })) return null;
  const put = (mode: 'insert' | 'replace') => {
    if (!insertAnswer(editor, insertableText(text, message.offline), mode)) return;
    toast.show(mode === 'insert' ? t('assistant.inserted') : t('assistant.replaced'));
    onInserted?.();
  };
  return (
    <Group gap={6}>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconArrowBarToDown size={14} aria-hidden />}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => put('insert')}
      >
        {t('assistant.insert')}
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconReplace size={14} aria-hidden />}
        disabled={!hasSelection}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => put('replace')}
      >
        {t('assistant.replace')}
      </Button>
    </Group>
  );
}

/**
 * The HWP editor's assistant (core.md §3): questions about the document, and the selected passage
 * rewritten, summarised, translated or checked for spelling; an answer goes into the document with
 * one click, and one undo takes it out.
 */
export function DocumentAssistantPanel({
  documentKey,
  editor,
  title,
  withHeading = true,
  onInserted,
}: DocumentAssistantPanelProps) {
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const assistant = useDocumentAssistant(documentKey);
  const [question, setQuestion] = useState('');
  const selection = useEditorState({ editor, selector: ({ editor: current }) => selectionOf(current) }) ?? {
    text: '',
    empty: true,
  };
  const list = useRef<HTMLDivElement>(null);
  const lastText = assistant.thread.messages.at(-1)?.text;
  const count = assistant.thread.messages.length;

  // The newest message in view, as it arrives and as it grows.
  useEffect(() => {
    if (count === 0 && !lastText) return;
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [count, lastText]);

  const context = (action: DocumentAssistantAction, passage?: string): DocumentContext => ({
    title,
    text: (editor?.getText({ blockSeparator: '\n' }) ?? '').slice(0, MAX_CONTEXT),
    action,
    ...(passage ? { selection: passage } : {}),
    ...(action === 'translate' && passage ? { targetLanguage: translationTarget(passage) } : {}),
  });

  const runAction = (action: Exclude<DocumentAssistantAction, 'ask'>) => {
    const passage = selection.text;
    const prompt =
      action === 'translate'
        ? t(`assistant.prompts.translate_${translationTarget(passage)}`)
        : action === 'summarise' && !passage
          ? t('assistant.prompts.summariseDocument')
          : t(`assistant.prompts.${action}`);
    assistant.ask(prompt, action, context(action, passage || undefined));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || assistant.busy) return;
    assistant.ask(text, 'ask', context('ask', selection.text || undefined));
    setQuestion('');
  };

  return (
    <section className={classes.panel} aria-label={t('assistant.title')}>
      <Group justify={withHeading ? 'space-between' : 'flex-end'} gap="xs" wrap="nowrap">
        {withHeading ? (
          <Title order={2} fz="h4">
            {t('assistant.title')}
          </Title>
        ) : null}
        {count > 0 ? (
          <Tooltip label={t('assistant.newConversation')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('assistant.newConversation')}
              onClick={assistant.reset}
            >
              <IconRefresh size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {selection.text ? (
        <div className={classes.selection} data-testid="assistant-selection">
          {t('assistant.selected', { text: selection.text })}
        </div>
      ) : (
        <Text size="xs" c="dimmed">
          {t('assistant.selectHint')}
        </Text>
      )}
      <Group gap={6} role="group" aria-label={t('assistant.actionsLabel')}>
        {PASSAGE_ACTIONS.map(({ action, icon: Icon }) => (
          <Button
            key={action}
            size="compact-sm"
            variant="default"
            leftSection={<Icon size={14} aria-hidden />}
            disabled={assistant.busy || !editor || (action !== 'summarise' && !selection.text)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => runAction(action)}
          >
            {t(`assistant.actions.${action}`)}
          </Button>
        ))}
      </Group>
      <div
        className={classes.messages}
        ref={list}
        role="log"
        aria-live="polite"
        aria-label={t('assistant.messagesLabel')}
      >
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {t('assistant.empty')}
          </Text>
        ) : null}
        {assistant.thread.messages.map((message) =>
          message.role === 'user' ? (
            <div key={message.id} className={classes.question}>
              {message.text}
            </div>
          ) : (
            <Stack key={message.id} gap={4} data-testid="assistant-answer">
              {message.status === 'error' ? (
                <Alert color="red" variant="light" p="xs">
                  {apiErrorMessage(new ApiError(message.error ?? 'E_STREAM', 0, t('assistant.failed')), tc)}
                </Alert>
              ) : (
                <div className={classes.answer}>
                  <AnswerText
                    text={assistant.textOf(message.id, message.text)}
                    streaming={message.status === 'streaming'}
                  />
                </div>
              )}
              {message.status === 'streaming' ? (
                <Group gap={6}>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    leftSection={<IconPlayerStop size={14} aria-hidden />}
                    onClick={() => assistant.stop(message.id)}
                  >
                    {t('assistant.stop')}
                  </Button>
                </Group>
              ) : (
                <AnswerActions
                  message={message}
                  editor={editor}
                  text={message.text}
                  onInserted={onInserted}
                />
              )}
            </Stack>
          ),
        )}
      </div>
      <form onSubmit={submit}>
        <Group gap={6} align="flex-end" wrap="nowrap">
          <Textarea
            aria-label={t('assistant.askLabel')}
            placeholder={t('assistant.askPlaceholder')}
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
            }}
            rows={2}
            maxLength={2000}
            style={{ flex: 1 }}
          />
          <ActionIcon
            type="submit"
            size="lg"
            aria-label={t('assistant.send')}
            disabled={!question.trim() || assistant.busy || !editor}
          >
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
    </section>
  );
}
