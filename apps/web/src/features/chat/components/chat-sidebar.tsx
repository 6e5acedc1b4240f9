import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  NavLink,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Conversation, MAX_CONVERSATION_SEARCH_LENGTH } from '@ssaem/contracts/chat';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconEdit,
  IconGripVertical,
  IconPin,
  IconPinnedOff,
  IconPlus,
  IconSearch,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import {
  useConversationList,
  useDeleteConversation,
  usePinConversation,
  usePinnedConversations,
  useRenameConversation,
  useReorderPinned,
} from '../api';
import classes from './chat-sidebar.module.css';
import { ConversationSearchResults } from './conversation-search-results';
// Its Korean texts choose particles by the word they are given (lib/korean-particles.ts).
import '../../../lib/korean-particles';

/** How long typing pauses before the list is searched: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

interface ChatSidebarProps {
  basePath: string;
  activeId: string | null;
}

/** Moves `from` to `to` in a copy of `ids`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

interface ItemProps {
  conversation: Conversation;
  basePath: string;
  isActive: boolean;
  pinnedIndex?: number;
  pinnedCount?: number;
  onMove?: (from: number, to: number) => void;
  onRename: (conversation: Conversation) => void;
  onDelete: (conversation: Conversation) => void;
  onTogglePin: (conversation: Conversation) => void;
  dragProps?: Record<string, unknown>;
}

function ConversationItem({
  conversation,
  basePath,
  isActive,
  pinnedIndex,
  pinnedCount = 0,
  onMove,
  onRename,
  onDelete,
  onTogglePin,
  dragProps,
}: ItemProps) {
  const { t } = useTranslation('chat');
  const title = conversation.title || t('sidebar.untitled');
  const isPinnedRow = pinnedIndex !== undefined;

  // Alt+↑/↓ reorders pinned conversations from the keyboard (the drag handle's equivalent).
  const handleKeyDown = (event: KeyboardEvent) => {
    if (!isPinnedRow || !onMove || !event.altKey) return;
    if (event.key === 'ArrowUp' && pinnedIndex > 0) {
      event.preventDefault();
      onMove(pinnedIndex, pinnedIndex - 1);
    } else if (event.key === 'ArrowDown' && pinnedIndex < pinnedCount - 1) {
      event.preventDefault();
      onMove(pinnedIndex, pinnedIndex + 1);
    }
  };

  return (
    <li className={classes.item} {...dragProps}>
      {isPinnedRow ? <IconGripVertical size={14} className={classes.grip} aria-hidden /> : null}
      <NavLink
        component={Link}
        to={`${basePath}/${conversation.conversationId}`}
        label={title}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        onKeyDown={handleKeyDown}
        aria-describedby={isPinnedRow ? 'chat-reorder-hint' : undefined}
        className={classes.link}
        noWrap
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('sidebar.actions', { title })}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={conversation.isPinned ? <IconPinnedOff size={14} /> : <IconPin size={14} />}
            onClick={() => onTogglePin(conversation)}
          >
            {conversation.isPinned ? t('sidebar.unpin') : t('sidebar.pin')}
          </Menu.Item>
          {isPinnedRow && onMove && pinnedIndex > 0 ? (
            <Menu.Item
              leftSection={<IconArrowUp size={14} />}
              onClick={() => onMove(pinnedIndex, pinnedIndex - 1)}
            >
              {t('sidebar.moveUp')}
            </Menu.Item>
          ) : null}
          {isPinnedRow && onMove && pinnedIndex < pinnedCount - 1 ? (
            <Menu.Item
              leftSection={<IconArrowDown size={14} />}
              onClick={() => onMove(pinnedIndex, pinnedIndex + 1)}
            >
              {t('sidebar.moveDown')}
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => onRename(conversation)}>
            {t('sidebar.rename')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(conversation)}>
            {t('sidebar.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </li>
  );
}

/** New chat, pinned conversations (drag or Alt+arrows to reorder) and the paged list of the rest. */
export function ChatSidebar({ basePath, activeId }: ChatSidebarProps) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const list = useConversationList();
  const pinned = usePinnedConversations();
  const pin = usePinConversation();
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  const reorder = useReorderPinned();
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [renameText, setRenameText] = useState('');
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [moveAnnouncement, setMoveAnnouncement] = useState('');
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const isSearching = searchText.trim().length > 0 && debouncedSearch.length > 0;

  const pinnedList = pinned.data ?? [];
  const recent = useMemo(
    () => (list.data?.pages.flatMap((page) => page.conversations) ?? []).filter((c) => !c.isPinned),
    [list.data],
  );

  const handleMove = (from: number, to: number) => {
    const next = moveItem(pinnedList, from, to);
    reorder.mutate(next.map((c) => c.conversationId));
    const moved = next[to];
    if (moved) setMoveAnnouncement(t('sidebar.moved', { title: moved.title, position: to + 1 }));
  };

  const handleTogglePin = (conversation: Conversation) => {
    pin.mutate(
      { conversationId: conversation.conversationId, isPinned: !conversation.isPinned },
      { onError: (error) => toast.show(apiErrorMessage(error, tCommon)) },
    );
  };

  const handleRenameOpen = (conversation: Conversation) => {
    setRenaming(conversation);
    setRenameText(conversation.title);
  };
  const handleRenameSave = () => {
    const title = renameText.trim();
    if (!renaming || !title) return;
    rename.mutate(
      { conversationId: renaming.conversationId, title },
      { onError: (error) => toast.show(apiErrorMessage(error, tCommon)) },
    );
    setRenaming(null);
  };

  const handleDeleteConfirm = () => {
    if (!deleting) return;
    const { conversationId } = deleting;
    remove.mutate(conversationId, {
      onSuccess: () => {
        toast.show(t('sidebar.deleted'));
        if (conversationId === activeId) void navigate(`${basePath}/new`);
      },
      onError: (error) => toast.show(apiErrorMessage(error, tCommon)),
    });
    setDeleting(null);
  };

  const dragPropsFor = (index: number) => ({
    draggable: true,
    'data-dragging': dragFrom === index || undefined,
    onDragStart: (event: DragEvent) => {
      setDragFrom(index);
      event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragFrom !== null && dragFrom !== index) handleMove(dragFrom, index);
      setDragFrom(null);
    },
    onDragEnd: () => setDragFrom(null),
  });

  return (
    <nav className={classes.sidebar} aria-label={t('sidebar.label')}>
      <Button
        component={Link}
        to={`${basePath}/new`}
        leftSection={<IconPlus size={16} aria-hidden />}
        fullWidth
      >
        {t('newChat')}
      </Button>
      <TextInput
        type="search"
        size="sm"
        aria-label={t('sidebar.searchLabel')}
        placeholder={t('sidebar.searchPlaceholder')}
        value={searchText}
        maxLength={MAX_CONVERSATION_SEARCH_LENGTH}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setSearchText('');
        }}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          searchText ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('sidebar.searchClear')}
              onClick={() => setSearchText('')}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          ) : null
        }
      />
      <VisuallyHidden id="chat-reorder-hint">{t('sidebar.reorderHint')}</VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite">
        {moveAnnouncement}
      </VisuallyHidden>
      {isSearching ? (
        <ConversationSearchResults
          query={debouncedSearch}
          basePath={basePath}
          activeId={activeId}
          onClear={() => setSearchText('')}
        />
      ) : (
        <>
          {pinnedList.length > 0 ? (
            <section aria-labelledby="chat-pinned-heading">
              <Text id="chat-pinned-heading" size="xs" fw={700} c="dimmed" className={classes.heading}>
                {t('sidebar.pinned')}
              </Text>
              <ul className={classes.list} aria-labelledby="chat-pinned-heading">
                {pinnedList.map((conversation, index) => (
                  <ConversationItem
                    key={conversation.conversationId}
                    conversation={conversation}
                    basePath={basePath}
                    isActive={conversation.conversationId === activeId}
                    pinnedIndex={index}
                    pinnedCount={pinnedList.length}
                    onMove={handleMove}
                    onRename={handleRenameOpen}
                    onDelete={setDeleting}
                    onTogglePin={handleTogglePin}
                    dragProps={dragPropsFor(index)}
                  />
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="chat-recent-heading" className={classes.recent}>
            <Text id="chat-recent-heading" size="xs" fw={700} c="dimmed" className={classes.heading}>
              {t('sidebar.recent')}
            </Text>
            {list.isSuccess && recent.length === 0 ? (
              <Text size="sm" c="dimmed" px="xs">
                {t('sidebar.empty')}
              </Text>
            ) : null}
            <ul className={classes.list} aria-labelledby="chat-recent-heading">
              {recent.map((conversation) => (
                <ConversationItem
                  key={conversation.conversationId}
                  conversation={conversation}
                  basePath={basePath}
                  isActive={conversation.conversationId === activeId}
                  onRename={handleRenameOpen}
                  onDelete={setDeleting}
                  onTogglePin={handleTogglePin}
                />
              ))}
            </ul>
            {list.hasNextPage ? (
              <Button
                variant="subtle"
                size="xs"
                fullWidth
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('sidebar.more')}
              </Button>
            ) : null}
          </section>
        </>
      )}

      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('sidebar.renameTitle')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            handleRenameSave();
          }}
        >
          <Stack>
            <TextInput
              label={t('sidebar.renameLabel')}
              value={renameText}
              onChange={(event) => setRenameText(event.currentTarget.value)}
              maxLength={200}
              data-autofocus
              required
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                {t('sidebar.cancel')}
              </Button>
              <Button type="submit" disabled={!renameText.trim()}>
                {t('sidebar.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('sidebar.deleteTitle')}>
        <Stack>
          <Text>{t('sidebar.deleteBody', { title: deleting?.title ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('sidebar.cancel')}
            </Button>
            <Button color="red" onClick={handleDeleteConfirm}>
              {t('sidebar.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </nav>
  );
}
