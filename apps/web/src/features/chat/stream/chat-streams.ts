import { DEFAULT_ENDPOINT, type DocumentContext, type Message, NO_PARENT_ID } from '@ssaem/contracts/chat';
import { create } from 'zustand';
import { apiRequest, isApiError } from '../../../lib/api-client';
import type { ChatFileRef } from '../attachments';
import { createFrameBatcher, type FrameScheduler } from './frame-batcher';
import { applyFrame, createStreamState, type StreamState } from './response-state';
import { readChatStream, type StreamRequest } from './stream-client';

/**
 * Client chat state for running answers, keyed by a local stream key. Streams live outside React,
 * so moving from /chat/new to /chat/{id} neither remounts nor cancels them; the store receives
 * one update per animation frame per stream.
 */
interface ChatStreamsStore {
  streams: Record<string, StreamState>;
}

export const useChatStreams = create<ChatStreamsStore>(() => ({ streams: {} }));

function publish(key: string, state: StreamState): void {
  useChatStreams.setState((store) => ({ streams: { ...store.streams, [key]: state } }));
}

export function forgetStream(key: string): void {
  useChatStreams.setState((store) => {
    const { [key]: _removed, ...streams } = store.streams;
    return { streams };
  });
}

export function isStreamActive(state: StreamState | undefined): boolean {
  return state?.phase === 'submitting' || state?.phase === 'streaming';
}

interface Controller {
  abort: AbortController;
  state: StreamState;
  cancelRequested: boolean;
  done: Promise<StreamState>;
}

const controllers = new Map<string, Controller>();

export interface StreamCallbacks {
  /** The server revealed the conversation id (created, sync or final frame). */
  onConversation?: (conversationId: string) => void;
  onEnd?: (state: StreamState) => void;
}

let keySequence = 0;
function newKey(): string {
  keySequence += 1;
  return `stream-${Date.now().toString(36)}-${keySequence}`;
}

function run(
  key: string,
  request: Omit<StreamRequest, 'signal'>,
  initial: StreamState,
  callbacks: StreamCallbacks,
  scheduler?: FrameScheduler,
): string {
  const abort = new AbortController();
  const batcher = createFrameBatcher<StreamState>((state) => publish(key, state), scheduler);
  const controller: Controller = {
    abort,
    state: initial,
    cancelRequested: false,
    done: Promise.resolve(initial),
  };
  controllers.set(key, controller);
  publish(key, initial);
  let announcedConversation: string | null = null;

  const onFrame = (event: string, data: unknown) => {
    controller.state = applyFrame(controller.state, event, data);
    const { conversationId } = controller.state;
    if (conversationId && conversationId !== announcedConversation) {
      announcedConversation = conversationId;
      batcher.flushNow();
      publish(key, controller.state);
      callbacks.onConversation?.(conversationId);
    }
    batcher.set(controller.state);
  };

  controller.done = readChatStream({ ...request, signal: abort.signal }, onFrame)
    .then(() => {
      const { state } = controller;
      // Ended without a final frame (connection closed): keep what arrived.
      if (state.phase === 'submitting' || state.phase === 'streaming') {
        controller.state = { ...state, phase: controller.cancelRequested ? 'cancelled' : 'finished' };
      }
    })
    .catch((error: unknown) => {
      if (controller.cancelRequested || (isApiError(error) && error.code === 'E_ABORTED')) {
        controller.state = { ...controller.state, phase: 'cancelled' };
        return;
      }
      const message = error instanceof Error ? error.message : 'Unknown error';
      controller.state = {
        ...controller.state,
        phase: 'error',
        error: message,
        errorCode: isApiError(error) ? String(error.code) : null,
      };
    })
    .then(() => {
      batcher.dispose();
      publish(key, controller.state);
      controllers.delete(key);
      callbacks.onEnd?.(controller.state);
      return controller.state;
    });
  return key;
}

export interface SendInput {
  text: string;
  /** null for a new conversation. */
  conversationId: string | null;
  parentMessageId?: string | null;
  gadgetId?: string | null;
  model?: string;
  endpoint?: string;
  /** Attachments already uploaded (files/upload), sent as references. */
  files?: ChatFileRef[];
  /** The HWP editor's assistant: the document the message is about. */
  documentContext?: DocumentContext;
}

/** Sends a message; the user's text shows at once, the answer as it streams. Returns the stream key. */
export function sendChatMessage(
  input: SendInput,
  callbacks: StreamCallbacks = {},
  scheduler?: FrameScheduler,
) {
  const key = newKey();
  const now = new Date().toISOString();
  const endpoint = input.endpoint ?? DEFAULT_ENDPOINT;
  const pending: Message = {
    messageId: `${key}-request`,
    parentMessageId: input.parentMessageId ?? NO_PARENT_ID,
    conversationId: input.conversationId ?? 'new',
    text: input.text,
    content: [{ type: 'text', text: input.text }],
    sender: 'User',
    isCreatedByUser: true,
    clientTimestamp: now,
    error: false,
    unfinished: false,
    endpoint,
    model: input.model ?? null,
    files: input.files ?? [],
    gadgetId: input.gadgetId ?? null,
    isLiked: null,
    createdAt: now,
    updatedAt: now,
    siblingCount: 0,
  };
  return run(
    key,
    {
      path: `/api/agents/chat/${encodeURIComponent(endpoint)}`,
      method: 'POST',
      body: {
        text: input.text,
        parentMessageId: input.parentMessageId ?? NO_PARENT_ID,
        conversationId: input.conversationId,
        endpoint,
        model: input.model,
        gadgetId: input.gadgetId ?? undefined,
        ...(input.files && input.files.length > 0 ? { files: input.files } : {}),
        ...(input.documentContext ? { documentContext: input.documentContext } : {}),
        clientTimestamp: now,
        isCreatedByUser: true,
      },
    },
    createStreamState({ requestMessage: pending, conversationId: input.conversationId }),
    callbacks,
    scheduler,
  );
}

/** Re-attaches to a running answer after a reload: a snapshot first, then the live frames. */
export function resumeChatStream(streamId: string, conversationId: string, callbacks: StreamCallbacks = {}) {
  const key = newKey();
  return run(
    key,
    { path: `/api/v1/streaming/${encodeURIComponent(streamId)}?resume=true`, method: 'GET' },
    createStreamState({ phase: 'streaming', streamId, conversationId }),
    callbacks,
  );
}

/**
 * Stops an answer once (core.md §4). With a stream id the server saves the partial answer with its
 * stop note and sends the final frame; without one (not created yet) the request is dropped.
 */
export async function cancelChatStream(key: string): Promise<void> {
  const controller = controllers.get(key);
  if (!controller || controller.cancelRequested) return;
  controller.cancelRequested = true;
  controller.state = { ...controller.state, phase: 'cancelled' };
  const { streamId } = controller.state;
  if (streamId) {
    try {
      await apiRequest('/api/v1/streaming/cancel', { method: 'POST', body: { stream_id: streamId } });
      // The final frame follows the acknowledgement; give it a moment, then let go.
      await Promise.race([controller.done, new Promise((resolve) => setTimeout(resolve, 3000))]);
    } catch {
      // Could not reach the server: at least stop listening.
    }
  }
  controller.abort.abort();
  await controller.done;
}

/** The stream key of a running answer in this conversation, if this tab has one. */
export function findStreamKey(conversationId: string): string | null {
  for (const [key, controller] of controllers) {
    if (controller.state.conversationId === conversationId) return key;
  }
  return null;
}
