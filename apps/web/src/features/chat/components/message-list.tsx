import { Button, Center, Loader, Text } from '@mantine/core';
import type { Message } from '@ssaem/contracts/chat';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiblingInfo } from '../thread';
import { LiveResponse, MessageItem, rowFromMessage } from './message-item';
import classes from './message-list.module.css';

export type ListEntry =
  | { kind: 'message'; key: string; message: Message; sibling?: SiblingInfo; canRegenerate?: boolean }
  | { kind: 'live'; key: string; streamKey: string };

interface MessageListProps {
  entries: readonly ListEntry[];
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  onCopy: (text: string) => void;
  onLike?: (messageId: string, isLiked: boolean | null) => void;
  onRegenerate?: (messageId: string) => void;
  onSwitchSibling?: (messageId: string, delta: number) => void;
  fontSize?: 'small' | 'medium' | 'large';
}

const NEAR_BOTTOM_PX = 96;
const NEAR_TOP_PX = 240;

/**
 * The conversation, virtualized (only the rows in view are in the DOM, so thousands of messages
 * scroll smoothly) and paged backwards: scrolling near the top loads the previous page, keeping the
 * row in view where it was. While the teacher is at the bottom, new text keeps it in view.
 */
export function MessageList({
  entries,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  onCopy,
  onLike,
  onRegenerate,
  onSwitchSibling,
  fontSize = 'medium',
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 140,
    overscan: 6,
    getItemKey: (index) => entries[index]?.key ?? index,
  });
  const totalSize = virtualizer.getTotalSize();

  // Older messages were put in front: move down by what was added, so the same row stays in view.
  const firstKey = entries[0]?.key;
  const previous = useRef<{ firstKey: string | undefined; count: number; totalSize: number }>({
    firstKey,
    count: entries.length,
    totalSize,
  });
  useLayoutEffect(() => {
    const before = previous.current;
    const element = scrollRef.current;
    if (
      element &&
      before.firstKey !== undefined &&
      firstKey !== before.firstKey &&
      entries.length > before.count
    ) {
      const added = entries.findIndex((entry) => entry.key === before.firstKey);
      if (added > 0) element.scrollTop += virtualizer.getOffsetForIndex(added, 'start')?.[0] ?? 0;
    }
    previous.current = { firstKey, count: entries.length, totalSize };
  });

  // A new answer starting (the teacher just sent or regenerated) brings the view down to it, even
  // from far up; after that it follows the answer only while the teacher stays at the bottom.
  const lastEntry = entries.at(-1);
  const followKey = lastEntry?.kind === 'live' ? lastEntry.key : null;
  useLayoutEffect(() => {
    if (!followKey) return;
    atBottom.current = true;
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [followKey]);

  // Stick to the bottom while there: new messages and growing answers stay visible.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && atBottom.current && totalSize > 0) element.scrollTop = element.scrollHeight;
  }, [totalSize]);

  const handleScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX && hasOlder && !isLoadingOlder) onLoadOlder();
  }, [hasOlder, isLoadingOlder, onLoadOlder]);

  // A short first page leaves nothing to scroll: fetch older pages until the view is full. Runs
  // after every render, as the rows' measured height decides it.
  useEffect(() => {
    const element = scrollRef.current;
    if (
      element &&
      hasOlder &&
      !isLoadingOlder &&
      element.scrollHeight <= element.clientHeight + NEAR_TOP_PX
    ) {
      onLoadOlder();
    }
  });

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      data-font-size={fontSize}
      onScroll={handleScroll}
      role="log"
      aria-label={t('messages.label')}
      aria-busy={isLoadingOlder}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log must be reachable by keyboard
      tabIndex={0}
    >
      {hasOlder ? (
        <Center py="xs">
          {isLoadingOlder ? (
            <Text size="sm" c="dimmed" role="status">
              <Loader size="xs" type="dots" mr={6} aria-hidden />
              {t('messages.loadingOlder')}
            </Text>
          ) : (
            <Button variant="subtle" size="xs" onClick={onLoadOlder}>
              {t('messages.loadOlder')}
            </Button>
          )}
        </Center>
      ) : null}
      <div className={classes.inner} style={{ height: totalSize }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index];
          if (!entry) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={classes.row}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {entry.kind === 'message' ? (
                <MessageItem
                  row={rowFromMessage(entry.message)}
                  onCopy={onCopy}
                  onLike={onLike}
                  sibling={entry.sibling}
                  onSwitchSibling={onSwitchSibling}
                  onRegenerate={entry.canRegenerate ? onRegenerate : undefined}
                />
              ) : (
                <LiveResponse streamKey={entry.streamKey} onCopy={onCopy} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
