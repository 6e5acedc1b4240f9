import {
  DOCUMENT_ASSISTANT_AGENT_ID,
  type DocumentAssistantAction,
  type DocumentContext,
} from '@ssaem/contracts/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  cancelChatStream,
  forgetStream,
  resumeChatStream,
  type StreamCallbacks,
  sendChatMessage,
  useChatStreams,
} from '../../chat/stream/chat-streams';
import type { StreamState } from '../../chat/stream/response-state';
import { streamedText } from './answer-text';
import { EMPTY_THREAD, useAssistantStore } from './assistant-store';

let localSequence = 0;
function localId(kind: string): string {
  localSequence += 1;
  return `${kind}-${Date.now().toString(36)}-${localSequence}`;
}

const isOffline = (state: StreamState) => (state.responseMessage?.model ?? state.model) === 'offline';

/**
 * The assistant of one document: asks through the chat's own stream (a conversation of the
 * document assistant, the document as context), keeps the thread in client state, and re-attaches
 * to an answer that was still streaming when the page reloaded.
 */
export function useDocumentAssistant(documentKey: string) {
  const thread = useAssistantStore((store) => store.threads[documentKey] ?? EMPTY_THREAD);
  // Which answer of this thread streams in this tab, under which stream key.
  const [live, setLive] = useState<Record<string, string>>({});
  const streams = useChatStreams((store) => store.streams);
  const resumed = useRef(new Set<string>());

  const follow = useCallback(
    (answerId: string): StreamCallbacks & { started: (streamKey: string) => void } => {
      const { update, link } = useAssistantStore.getState();
      let streamKey = '';
      return {
        started: (key) => {
          streamKey = key;
          setLive((current) => ({ ...current, [answerId]: key }));
        },
        onConversation: (conversationId) => {
          const state = useChatStreams.getState().streams[streamKey];
          link(documentKey, { conversationId });
          if (state?.streamId) update(documentKey, answerId, { streamId: state.streamId });
        },
        onEnd: (state) => {
          const failed = state.phase === 'error';
          update(documentKey, answerId, {
            text: streamedText(state),
            status: failed ? 'error' : 'done',
            offline: isOffline(state),
            error: failed ? (state.errorCode ?? 'E_STREAM') : null,
            streamId: null,
          });
          const lastId = state.responseMessage?.messageId ?? state.responseMessageId;
          if (!failed && lastId)
            link(documentKey, {
              lastMessageId: lastId,
              ...(state.conversationId ? { conversationId: state.conversationId } : {}),
            });
          setLive(({ [answerId]: _done, ...rest }) => rest);
          forgetStream(streamKey);
        },
      };
    },
    [documentKey],
  );

  const ask = useCallback(
    (text: string, action: DocumentAssistantAction, context: DocumentContext) => {
      const { threads, add } = useAssistantStore.getState();
      const current = threads[documentKey] ?? EMPTY_THREAD;
      const answerId = localId('answer');
      add(
        documentKey,
        {
          id: localId('question'),
          role: 'user',
          text,
          action,
          offline: false,
          status: 'done',
          streamId: null,
          error: null,
        },
        {
          id: answerId,
          role: 'assistant',
          text: '',
          action,
          offline: false,
          status: 'streaming',
          streamId: null,
          error: null,
        },
      );
      const callbacks = follow(answerId);
      callbacks.started(
        sendChatMessage(
          {
            text,
            conversationId: current.conversationId,
            parentMessageId: current.lastMessageId,
            gadgetId: DOCUMENT_ASSISTANT_AGENT_ID,
            documentContext: context,
          },
          callbacks,
        ),
      );
    },
    [documentKey, follow],
  );

  // After a reload: an answer left streaming is re-attached by its stream id, or marked failed.
  useEffect(() => {
    for (const message of thread.messages) {
      if (message.status !== 'streaming' || live[message.id] || resumed.current.has(message.id)) continue;
      resumed.current.add(message.id);
      if (message.streamId && thread.conversationId) {
        const callbacks = follow(message.id);
        callbacks.started(resumeChatStream(message.streamId, thread.conversationId, callbacks));
      } else {
        useAssistantStore
          .getState()
          .update(documentKey, message.id, { status: 'error', error: 'E_STREAM_INTERRUPTED' });
      }
    }
  }, [thread, live, follow, documentKey]);

  const stop = useCallback(
    (answerId: string) => {
      const key = live[answerId];
      if (key) void cancelChatStream(key);
    },
    [live],
  );

  const reset = useCallback(() => {
    for (const key of Object.values(live)) void cancelChatStream(key);
    useAssistantStore.getState().reset(documentKey);
  }, [live, documentKey]);

  /** An answer's text: live while it streams, stored once it ended. */
  const textOf = useCallback(
    (answerId: string, stored: string) => {
      const key = live[answerId];
      return key ? streamedText(streams[key]) : stored;
    },
    [live, streams],
  );

  return { thread, ask, stop, reset, textOf, busy: Object.keys(live).length > 0 };
}
