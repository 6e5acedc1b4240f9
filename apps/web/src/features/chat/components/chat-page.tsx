import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Drawer.css';
import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  NativeSelect,
  SimpleGrid,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type Message, NO_PARENT_ID } from '@ssaem/contracts/chat';
import { IconLayoutSidebarLeftExpand, IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NavbarPortal, useHasNavbarSlot } from '../../../components/navbar-slot';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import {
  chatKeys,
  findActiveStream,
  flattenMessagePages,
  generateTitle,
  useChatAgents,
  useDeleteConversation,
  useLikeMessage,
  useMessagePages,
  useUserSettings,
} from '../api';
import type { ChatFileRef } from '../attachments';
import { failureText } from '../stream/answer-failure';
import {
  cancelChatStream,
  forgetStream,
  isStreamActive,
  resumeChatStream,
  sendChatMessage,
  useChatStreams,
} from '../stream/chat-streams';
import type { StreamState } from '../stream/response-state';
import { selectThread } from '../thread';
import { useThrottledAnnouncement } from '../use-throttled-announcement';
import classes from './chat-page.module.css';
import { ChatSidebar } from './chat-sidebar';
import { Composer, type ReturnedText } from './composer';
import { ChatDisplayContext } from './display-settings';
import { type ListEntry, MessageList } from './message-list';

export const OFFLINE_MODEL = 'offline';
const DEFAULT_AGENT_ID = 'general';

/** The first message a new chat was opened with (the home screen's question box), if any. */
function promptFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('prompt' in state)) return null;
  const prompt = (state as { prompt: unknown }).prompt;
  return typeof prompt === 'string' && prompt.trim() ? prompt.trim() : null;
}

/** The id in the address, or null for a new chat (/chat/new). */
function routeConversationId(param: string | undefined): string | null {
  return !param || param === 'new' ? null : param;
}

function useStreamField<T>(key: string | null, pick: (state: StreamState) => T): T | undefined {
  return useChatStreams((store) => {
    const state = key ? store.streams[key] : undefined;
    return state ? pick(state) : undefined;
  });
}

/**
 * A conversation with the assistant (/chat/new, /chat/{id}, /v2/chat/…). One component serves the
 * new chat and its detail, so moving to the id the server assigned keeps the stream running.
 */
export function ChatPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const params = useParams();
  const routeId = routeConversationId(params.conversationId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const removeConversation = useDeleteConversation();
  const settings = useUserSettings();
  const agents = useChatAgents();
  const messages = useMessagePages(routeId);
  const like = useLikeMessage(routeId ?? 'new');
  const [streamKey, setStreamKey] = useState<string | null>(null);
  const streamKeyRef = useRef<string | null>(null);
  streamKeyRef.current = streamKey;
  const [agentId, setAgentId] = useState<string | null>(null);
  /** A question whose new conversation failed, back in the composer (`at` tells two apart). */
  const [returnedQuestion, setReturnedQuestion] = useState<ReturnedText | null>(null);
  /**
   * Why that conversation's answer failed (the error frame's code or text), above the composer
   * until the next question or another conversation: a toast would cover the question just put
   * back, and go before it is read.
   */
  const [firstAnswerFailure, setFirstAnswerFailure] = useState<string | null>(null);
  /** At a fork (keyed by parent id), the child the teacher chose; otherwise the newest. */
  const [branchChoice, setBranchChoice] = useState<Record<string, string>>({});

  const phase = useStreamField(streamKey, (s) => s.phase);
  const imageProgress = useStreamField(streamKey, (s) => s.imageProgress);
  const requestMessage = useStreamField(streamKey, (s) => s.requestMessage);
  const responseMessageId = useStreamField(streamKey, (s) => s.responseMessageId);
  const streamModel = useStreamField(streamKey, (s) => s.model);
  const isStreaming = isStreamActive(phase ? ({ phase } as StreamState) : undefined);

  // Leaving a chat stops its answer (core.md §4), except the move from /new to the id it was given.
  const previousRoute = useRef(routeId);
  useEffect(() => {
    const previous = previousRoute.current;
    previousRoute.current = routeId;
    if (previous === routeId) return;
    if (routeId !== null) setFirstAnswerFailure(null);
    if (previous !== null) setBranchChoice({});
    const key = streamKeyRef.current;
    if (!key) return;
    const state = useChatStreams.getState().streams[key];
    if (previous === null && state?.conversationId === routeId) return;
    if (isStreamActive(state)) void cancelChatStream(key);
    forgetStream(key);
    setStreamKey(null);
  }, [routeId]);
  useEffect(
    () => () => {
      const key = streamKeyRef.current;
      if (key && isStreamActive(useChatStreams.getState().streams[key])) void cancelChatStream(key);
    },
    [],
  );

  const handleStreamEnd = useCallback(
    (state: StreamState) => {
      if (state.conversationId) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(state.conversationId) });
      }
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      if (state.phase === 'error' && state.errorCode) {
        toast.show(apiErrorMessage(new ApiError(state.errorCode, 0, state.error ?? ''), tCommon));
      }
      // A first message gets a generated title (core.md §4).
      const isFirst = state.requestMessage?.parentMessageId === NO_PARENT_ID;
      // An error on a new conversation's first message removes that conversation (core.md §4): the
      // teacher is back on a new chat, told why above the box (a refusal before the answer began was
      // told by a toast already), with the question back in the box to send again.
      if (state.phase === 'error' && isFirst && state.conversationId) {
        removeConversation.mutate(state.conversationId);
        void navigate(`${basePath}/new`, { replace: true });
        // The failed answer goes with its conversation. The move to /new forgets it only when the
        // page had reached the conversation's id: a model that refuses at once can end the stream
        // first, and its row stayed on the new chat.
        const key = streamKeyRef.current;
        if (key && useChatStreams.getState().streams[key] === state) {
          forgetStream(key);
          setStreamKey(null);
        }
        if (!state.errorCode) {
          setFirstAnswerFailure(state.error ?? '');
        }
        const question = state.requestMessage?.text;
        if (question) {
          setReturnedQuestion({ text: question, files: state.requestMessage?.files ?? [], at: Date.now() });
        }
      }
      if (state.phase === 'finished' && isFirst && state.conversationId) {
        generateTitle(state.conversationId)
          .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.conversations }))
          .catch(() => {});
      }
    },
    [queryClient, toast, tCommon, removeConversation, navigate, basePath],
  );

  // A reload re-attaches to an answer still being written.
  useEffect(() => {
    if (!routeId || streamKeyRef.current) return;
    let cancelled = false;
    findActiveStream(routeId)
      .then((active) => {
        if (cancelled || !active || streamKeyRef.current) return;
        setStreamKey(resumeChatStream(active.streamId, routeId, { onEnd: handleStreamEnd }));
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [routeId, handleStreamEnd]);

  const history = useMemo(() => flattenMessagePages(messages.data), [messages.data]);

  const thread = useMemo(
    () =>
      selectThread(history, (parentId, children) => {
        const chosen = branchChoice[parentId];
        if (chosen && children.some((m) => m.messageId === chosen)) return chosen;
        // A message sent from this fork (a regenerated answer) is followed, or shown live until saved.
        if (streamKey && requestMessage?.parentMessageId === parentId) {
          return children.some((m) => m.messageId === requestMessage.messageId)
            ? requestMessage.messageId
            : null;
        }
        return undefined;
      }),
    [history, branchChoice, streamKey, requestMessage],
  );

  const entries = useMemo<ListEntry[]>(() => {
    const historyIds = new Set(history.map((m) => m.messageId));
    const live: ListEntry[] = [];
    const hidden = new Set<string>();
    if (streamKey && phase) {
      const active = isStreamActive({ phase } as StreamState);
      if (requestMessage && (active || !historyIds.has(requestMessage.messageId))) {
        live.push({ kind: 'message', key: requestMessage.messageId, message: requestMessage });
        hidden.add(requestMessage.messageId);
      }
      if (active || !responseMessageId || !historyIds.has(responseMessageId)) {
        live.push({ kind: 'live', key: `live-${streamKey}`, streamKey });
        if (responseMessageId) hidden.add(responseMessageId);
      }
    }
    const shown = thread.messages.filter((m) => !hidden.has(m.messageId));
    const last = shown.at(-1);
    // A regenerated answer is a new branch from the request, so the versions are the request's;
    // their pager is shown under the answer, where the teacher compares them.
    type Versions = NonNullable<ReturnType<typeof thread.siblings.get>>;
    const pagerOnAnswer = new Map<string, Versions>();
    const pagerMoved = new Set<string>();
    shown.forEach((message, index) => {
      const answer = shown[index + 1];
      const versions = thread.siblings.get(message.messageId);
      if (
        message.isCreatedByUser &&
        versions &&
        answer &&
        !answer.isCreatedByUser &&
        answer.parentMessageId === message.messageId &&
        !thread.siblings.get(answer.messageId)
      ) {
        pagerOnAnswer.set(answer.messageId, versions);
        pagerMoved.add(message.messageId);
      }
    });
    const saved: ListEntry[] = shown.map((message) => ({
      kind: 'message',
      key: message.messageId,
      message,
      sibling: pagerMoved.has(message.messageId)
        ? undefined
        : (pagerOnAnswer.get(message.messageId) ?? thread.siblings.get(message.messageId)),
      canRegenerate:
        live.length === 0 &&
        message === last &&
        !message.isCreatedByUser &&
        historyIds.has(message.parentMessageId),
    }));
    return [...saved, ...live];
  }, [history, thread, streamKey, phase, requestMessage, responseMessageId]);

  const lastAssistant = useMemo(() => [...history].reverse().find((m) => !m.isCreatedByUser), [history]);
  const isOffline =
    streamModel === OFFLINE_MODEL || (streamModel == null && lastAssistant?.model === OFFLINE_MODEL);

  const selectedAgentId =
    agentId ??
    lastAssistant?.gadgetId ??
    settings.data?.defaultAgentId ??
    agents.data?.[0]?.id ??
    DEFAULT_AGENT_ID;
  const selectedAgent = agents.data?.find((agent) => agent.id === selectedAgentId);

  const handleSend = useCallback(
    (text: string, files: ChatFileRef[] = [], parentOverride?: string) => {
      setFirstAnswerFailure(null);
      if (streamKeyRef.current) forgetStream(streamKeyRef.current);
      const parent: Message | undefined = thread.messages.at(-1);
      const liveParent = responseMessageId && !history.some((m) => m.messageId === responseMessageId);
      const parentMessageId =
        parentOverride ?? (liveParent ? responseMessageId : (parent?.messageId ?? NO_PARENT_ID));
      const startedAt = routeId;
      const key = sendChatMessage(
        {
          text,
          conversationId: routeId,
          parentMessageId,
          gadgetId: selectedAgentId,
          model: settings.data?.model,
          endpoint: settings.data?.endpoint,
          files,
        },
        {
          onConversation: (conversationId) => {
            // A new chat moves to its id as soon as the server reveals it; the stream keeps going.
            if (startedAt === null) void navigate(`${basePath}/${conversationId}`, { replace: true });
          },
          onEnd: handleStreamEnd,
        },
      );
      setStreamKey(key);
    },
    [
      history,
      thread,
      responseMessageId,
      routeId,
      selectedAgentId,
      settings.data,
      navigate,
      basePath,
      handleStreamEnd,
    ],
  );

  /** A new answer to the last request: the request is sent again from its parent, making a new branch. */
  const handleRegenerate = useCallback(
    (answerId: string) => {
      const answer = history.find((m) => m.messageId === answerId);
      const request = answer && history.find((m) => m.messageId === answer.parentMessageId);
      if (!request || isStreaming) return;
      setBranchChoice(({ [request.parentMessageId]: _dropped, ...rest }) => rest);
      handleSend(request.text, request.files ?? [], request.parentMessageId);
    },
    [history, isStreaming, handleSend],
  );

  const handleSwitchSibling = useCallback(
    (shownId: string, delta: number) => {
      // The pager under an answer pages its request's versions.
      const shownMessage = thread.messages.find((m) => m.messageId === shownId);
      const messageId =
        thread.siblings.get(shownId) || !shownMessage ? shownId : shownMessage.parentMessageId;
      const info = thread.siblings.get(messageId);
      const message = thread.messages.find((m) => m.messageId === messageId);
      const target = info?.ids[info.index + delta];
      if (!message || !target) return;
      setBranchChoice((choice) => ({ ...choice, [message.parentMessageId]: target }));
    },
    [thread],
  );

  // A question typed on the home screen arrives as the navigation state of /chat/new: it is sent
  // once, as soon as the teacher's settings are known, and the state is cleared so a reload does
  // not send it again.
  const location = useLocation();
  const startPrompt = routeId === null ? promptFromState(location.state) : null;
  const startedPrompt = useRef(false);
  const settingsKnown = !settings.isPending && !agents.isPending;
  useEffect(() => {
    if (!startPrompt || startedPrompt.current || !settingsKnown) return;
    startedPrompt.current = true;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    handleSend(startPrompt);
  }, [startPrompt, settingsKnown, handleSend, navigate, location.pathname, location.search]);

  const handleStop = useCallback(() => {
    if (streamKeyRef.current) void cancelChatStream(streamKeyRef.current);
  }, []);

  const handleCopy = useCallback(
    (text: string) => {
      navigator.clipboard
        .writeText(text)
        .then(() => toast.show(t('messages.copied')))
        .catch((error: unknown) => console.warn('[chat] copy failed', error));
    },
    [toast, t],
  );

  const handleLike = useCallback(
    (messageId: string, isLiked: boolean | null) => like.mutate({ messageId, isLiked }),
    [like.mutate],
  );

  const handleLoadOlder = useCallback(() => {
    if (messages.hasNextPage && !messages.isFetchingNextPage) void messages.fetchNextPage();
  }, [messages.hasNextPage, messages.isFetchingNextPage, messages.fetchNextPage]);

  const showReasoning = settings.data?.showReasoning ?? true;
  const display = useMemo(() => ({ showReasoning }), [showReasoning]);

  const status = imageProgress
    ? t('status.images', { done: imageProgress.done, total: imageProgress.total })
    : phase
      ? t(`status.${phase}`)
      : '';
  const announced = useThrottledAnnouncement(status);
  const isEmpty = entries.length === 0 && (routeId === null || messages.isSuccess);

  // On a phone the conversation list is a drawer, so the conversation and its box keep the screen.
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [listOpened, list] = useDisclosure(false);
  // On a desktop the list is drawn in the app's navigation column: one column, not two.
  const listInShellNav = useHasNavbarSlot() && !isPhone;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes whenever another conversation opens.
  useEffect(() => list.close(), [routeId]);

  return (
    <div className={classes.page} data-list-in-nav={listInShellNav || undefined}>
      <title>{t('meta')}</title>
      {isPhone ? (
        <Drawer
          opened={listOpened}
          onClose={list.close}
          position="left"
          size="85%"
          title={t('sidebar.label')}
          padding="sm"
        >
          <ChatSidebar basePath={basePath} activeId={routeId} />
        </Drawer>
      ) : listInShellNav ? (
        <NavbarPortal enabled>
          <ChatSidebar basePath={basePath} activeId={routeId} />
        </NavbarPortal>
      ) : (
        <ChatSidebar basePath={basePath} activeId={routeId} />
      )}
      <section className={classes.main} aria-labelledby="chat-title">
        <Group justify="space-between" wrap="nowrap" className={classes.header}>
          <Group gap="xs" wrap="nowrap">
            {isPhone ? (
              <ActionIcon
                variant="default"
                size="lg"
                onClick={list.open}
                aria-label={t('sidebar.open')}
                aria-haspopup="dialog"
              >
                <IconLayoutSidebarLeftExpand size={20} aria-hidden />
              </ActionIcon>
            ) : null}
            <Title order={1} size="h4" id="chat-title">
              {t('title')}
            </Title>
          </Group>
          {agents.data && agents.data.length > 0 ? (
            <NativeSelect
              aria-label={t('agent.label')}
              value={selectedAgentId}
              onChange={(event) => setAgentId(event.currentTarget.value)}
              data={agents.data.map((agent) => ({ value: agent.id, label: agent.name }))}
              disabled={isStreaming}
              size="sm"
            />
          ) : null}
        </Group>
        {isOffline ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconPlugConnectedX size={18} aria-hidden />}
            title={t('offlineBanner')}
            className={classes.banner}
          >
            {t('offlineHint')}
          </Alert>
        ) : null}
        {messages.isError ? (
          <Alert color="red" variant="light">
            {apiErrorMessage(messages.error, tCommon) || t('messages.loadFailed')}
          </Alert>
        ) : null}
        {isEmpty ? (
          <div className={classes.empty}>
            <Title order={2} size="h3" ta="center">
              {t('starters.heading')}
            </Title>
            {selectedAgent ? (
              <Text c="dimmed" ta="center" size="sm">
                {selectedAgent.description}
              </Text>
            ) : null}
            {selectedAgent && selectedAgent.conversationStarters.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} aria-label={t('starters.label')} role="group">
                {selectedAgent.conversationStarters.map((starter) => (
                  <Button
                    key={starter}
                    variant="default"
                    className={classes.starter}
                    onClick={() => handleSend(starter)}
                  >
                    {starter}
                  </Button>
                ))}
              </SimpleGrid>
            ) : null}
          </div>
        ) : (
          <ChatDisplayContext value={display}>
            <MessageList
              entries={entries}
              fontSize={settings.data?.fontSize}
              hasOlder={Boolean(messages.hasNextPage)}
              isLoadingOlder={messages.isFetchingNextPage}
              onLoadOlder={handleLoadOlder}
              onCopy={handleCopy}
              onLike={routeId ? handleLike : undefined}
              onRegenerate={isStreaming ? undefined : handleRegenerate}
              onSwitchSibling={isStreaming ? undefined : handleSwitchSibling}
            />
          </ChatDisplayContext>
        )}
        {imageProgress ? (
          <Text size="sm" c="dimmed" ta="center" data-testid="chat-image-progress">
            {t('status.images', { done: imageProgress.done, total: imageProgress.total })}
          </Text>
        ) : null}
        <VisuallyHidden role="status" aria-live="polite" data-testid="chat-status">
          {announced}
        </VisuallyHidden>
        {firstAnswerFailure !== null ? (
          <Alert
            color="red"
            variant="light"
            className={classes.composerNotice}
            data-testid="chat-first-answer-failure"
          >
            {t('messages.error', { message: failureText(firstAnswerFailure, t, tCommon) })}
          </Alert>
        ) : null}
        <Composer
          isStreaming={isStreaming}
          sendWithEnter={settings.data?.sendWithEnter ?? true}
          onSend={handleSend}
          onStop={handleStop}
          returned={returnedQuestion}
        />
      </section>
    </div>
  );
}
