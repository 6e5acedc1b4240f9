import { ActionIcon, Alert, Group, Loader, Text, Tooltip } from '@mantine/core';
import type { ContentPart, Message } from '@ssaem/contracts/chat';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconRefresh,
  IconThumbDown,
  IconThumbDownFilled,
  IconThumbUp,
  IconThumbUpFilled,
} from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatFileRef } from '../attachments';
import { failureOf, failureText } from '../stream/answer-failure';
import { useChatStreams } from '../stream/chat-streams';
import { contentText, type StreamState } from '../stream/response-state';
import type { SiblingInfo } from '../thread';
import { MessageAttachments } from './attachments';
import { useChatDisplay } from './display-settings';
import { MarkdownContent } from './markdown-content';
import classes from './message-item.module.css';

/** What a row shows, from a saved message or from a running answer. */
export interface ChatRow {
  id: string;
  isUser: boolean;
  content: readonly (ContentPart | undefined)[];
  text: string;
  model: string | null;
  error: string | null;
  unfinished: boolean;
  isLiked: boolean | null;
  /** A saved message the teacher can like. */
  canLike: boolean;
  isStreaming: boolean;
  files: readonly ChatFileRef[];
}

const rowCache = new WeakMap<Message, ChatRow>();

/** Rows keep their identity while their message does, so memoized rows skip re-rendering. */
export function rowFromMessage(message: Message): ChatRow {
  const cached = rowCache.get(message);
  if (cached) return cached;
  const row: ChatRow = {
    id: message.messageId,
    isUser: message.isCreatedByUser,
    content: message.content,
    text: message.text,
    model: message.model,
    error: failureOf(message),
    unfinished: message.unfinished,
    isLiked: message.isLiked,
    canLike: !message.isCreatedByUser,
    isStreaming: false,
    files: message.files ?? [],
  };
  rowCache.set(message, row);
  return row;
}

export function rowFromStream(state: StreamState): ChatRow {
  return {
    id: state.responseMessageId ?? `${state.streamId ?? 'pending'}-response`,
    isUser: false,
    content: state.content,
    text: contentText(state.content),
    model: state.model,
    error: state.phase === 'error' ? (state.error ?? '') : null,
    unfinished: false,
    isLiked: null,
    canLike: false,
    isStreaming: state.phase === 'submitting' || state.phase === 'streaming',
    files: [],
  };
}

function Part({ part }: { part: ContentPart }) {
  const { t } = useTranslation('chat');
  const { showReasoning } = useChatDisplay();
  switch (part.type) {
    case 'text':
      return part.text ? <MarkdownContent text={part.text} /> : null;
    case 'think':
      return part.think && showReasoning ? (
        <details className={classes.think}>
          <summary>{t('messages.thinking')}</summary>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {part.think}
          </Text>
        </details>
      ) : null;
    case 'tool_call':
      return (
        <Text size="sm" c="dimmed" className={classes.tool}>
          {t('messages.tool', { name: part.tool_call.name })}
          {(part.tool_call.progress ?? 0) < 1 ? <Loader size="xs" type="dots" ml={6} aria-hidden /> : null}
        </Text>
      );
    case 'image_url':
      return <MarkdownContent text={`![](${part.image_url.url})`} />;
    case 'error':
      // The row's own alert says what went wrong (ChatRow.error), once.
      return null;
    default:
      return null;
  }
}

interface MessageItemProps {
  row: ChatRow;
  onCopy: (text: string) => void;
  onLike?: (messageId: string, isLiked: boolean | null) => void;
  /** Where this message sits among its siblings (other answers to the same parent). */
  sibling?: SiblingInfo;
  onSwitchSibling?: (messageId: string, delta: number) => void;
  onRegenerate?: (messageId: string) => void;
}

function SiblingSwitch({
  id,
  sibling,
  onSwitch,
}: {
  id: string;
  sibling: SiblingInfo;
  onSwitch?: (messageId: string, delta: number) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Group gap={0} wrap="nowrap" role="group" aria-label={t('branches.label')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={t('branches.previous')}
        disabled={!onSwitch || sibling.index === 0}
        onClick={() => onSwitch?.(id, -1)}
      >
        <IconChevronLeft size={14} aria-hidden />
      </ActionIcon>
      <Text size="xs" c="dimmed" px={2} data-testid="sibling-position">
        {sibling.index + 1} / {sibling.count}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={t('branches.next')}
        disabled={!onSwitch || sibling.index >= sibling.count - 1}
        onClick={() => onSwitch?.(id, 1)}
      >
        <IconChevronRight size={14} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** One message. Memoized: a new token re-renders only the answer that receives it. */
export const MessageItem = memo(function MessageItem({
  row,
  onCopy,
  onLike,
  sibling,
  onSwitchSibling,
  onRegenerate,
}: MessageItemProps) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation('common');
  const hasVisibleText = row.content.some((part) => part && part.type !== 'agent_update');
  return (
    <article
      className={row.isUser ? classes.user : classes.assistant}
      aria-label={row.isUser ? t('messages.you') : t('messages.assistant')}
      data-message-id={row.id}
      data-streaming={row.isStreaming || undefined}
    >
      <div className={classes.bubble}>
        {row.files.length > 0 ? <MessageAttachments files={row.files} /> : null}
        {row.isUser ? (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{row.text}</Text>
        ) : (
          <>
            {row.content.map((part, index) =>
              part ? (
                // Parts are addressed by index and never move: the index is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Part key={index} part={part} />
              ) : null,
            )}
            {row.isStreaming && !hasVisibleText ? <Loader size="sm" type="dots" aria-hidden /> : null}
            {row.error !== null ? (
              <Alert color="red" variant="light" mt="xs">
                {t('messages.error', { message: failureText(row.error, t, tCommon) })}
              </Alert>
            ) : null}
          </>
        )}
      </div>
      {row.isUser && sibling ? (
        <div className={classes.actions}>
          <SiblingSwitch id={row.id} sibling={sibling} onSwitch={onSwitchSibling} />
        </div>
      ) : null}
      {!row.isUser && !row.isStreaming && (row.text || sibling || onRegenerate) ? (
        <div className={classes.actions}>
          {sibling ? <SiblingSwitch id={row.id} sibling={sibling} onSwitch={onSwitchSibling} /> : null}
          <Tooltip label={t('messages.copy')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('messages.copy')}
              onClick={() => onCopy(row.text)}
            >
              <IconCopy size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {row.canLike && onLike ? (
            <>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('messages.like')}
                aria-pressed={row.isLiked === true}
                onClick={() => onLike(row.id, row.isLiked === true ? null : true)}
              >
                {row.isLiked === true ? (
                  <IconThumbUpFilled size={16} aria-hidden />
                ) : (
                  <IconThumbUp size={16} aria-hidden />
                )}
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('messages.dislike')}
                aria-pressed={row.isLiked === false}
                onClick={() => onLike(row.id, row.isLiked === false ? null : false)}
              >
                {row.isLiked === false ? (
                  <IconThumbDownFilled size={16} aria-hidden />
                ) : (
                  <IconThumbDown size={16} aria-hidden />
                )}
              </ActionIcon>
            </>
          ) : null}
          {onRegenerate ? (
            <Tooltip label={t('messages.regenerate')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('messages.regenerate')}
                onClick={() => onRegenerate(row.id)}
              >
                <IconRefresh size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </div>
      ) : null}
    </article>
  );
});

/** The running answer: the only row that subscribes to the stream store. */
export function LiveResponse({ streamKey, onCopy }: { streamKey: string; onCopy: (text: string) => void }) {
  const state = useChatStreams((store) => store.streams[streamKey]);
  if (!state) return null;
  return <MessageItem row={rowFromStream(state)} onCopy={onCopy} />;
}
