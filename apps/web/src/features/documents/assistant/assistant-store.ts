import type { DocumentAssistantAction } from '@ssaem/contracts/chat';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onSessionEnd } from '../../../lib/session';

/**
 * The HWP editor's assistant, per document (core.md §3 "the HWP conversation id and messages in
 * client state"): kept in localStorage so a reload finds the conversation again; cleared on logout
 * with the rest of the browser's storage.
 */
export interface AssistantMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  action: DocumentAssistantAction;
  /** Written by the offline drafter (no model connected). */
  offline: boolean;
  status: 'streaming' | 'done' | 'error';
  /** The running answer's stream, so a reload can re-attach to it. */
  streamId: string | null;
  /** The error code of a failed answer. */
  error: string | null;
}

export interface AssistantThread {
  conversationId: string | null;
  /** The last stored message: the parent of the next question. */
  lastMessageId: string | null;
  messages: AssistantMessage[];
  updatedAt: number;
}

interface AssistantStore {
  threads: Record<string, AssistantThread>;
  add(documentKey: string, ...messages: AssistantMessage[]): void;
  update(documentKey: string, messageId: string, patch: Partial<AssistantMessage>): void;
  link(documentKey: string, patch: Partial<Pick<AssistantThread, 'conversationId' | 'lastMessageId'>>): void;
  reset(documentKey: string): void;
}

/** Documents remembered, and messages a document keeps; the oldest go first. */
export const MAX_THREADS = 20;
export const MAX_MESSAGES = 60;
export const ASSISTANT_STORAGE_KEY = 'ssaem.document-assistant';

const EMPTY: AssistantThread = { conversationId: null, lastMessageId: null, messages: [], updatedAt: 0 };

function withThread(
  threads: Record<string, AssistantThread>,
  key: string,
  change: (thread: AssistantThread) => AssistantThread,
): Record<string, AssistantThread> {
  const next = { ...threads, [key]: { ...change(threads[key] ?? EMPTY), updatedAt: Date.now() } };
  const keys = Object.keys(next);
  if (keys.length <= MAX_THREADS) return next;
  const oldest = keys.sort((a, b) => (next[a]?.updatedAt ?? 0) - (next[b]?.updatedAt ?? 0))[0];
  if (oldest) delete next[oldest];
  return next;
}

export const useAssistantStore = create<AssistantStore>()(
  persist(
    (set) => ({
      threads: {},
      add: (key, ...messages) =>
        set((store) => ({
          threads: withThread(store.threads, key, (thread) => ({
            ...thread,
            messages: [...thread.messages, ...messages].slice(-MAX_MESSAGES),
          })),
        })),
      update: (key, id, patch) =>
        set((store) => ({
          threads: withThread(store.threads, key, (thread) => ({
            ...thread,
            messages: thread.messages.map((message) =>
              message.id === id ? { ...message, ...patch } : message,
            ),
          })),
        })),
      link: (key, patch) =>
        set((store) => ({ threads: withThread(store.threads, key, (thread) => ({ ...thread, ...patch })) })),
      reset: (key) =>
        set((store) => {
          const { [key]: _gone, ...threads } = store.threads;
          return { threads };
        }),
    }),
    {
      name: ASSISTANT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (store) => ({ threads: store.threads }),
    },
  ),
);

export const EMPTY_THREAD = EMPTY;

// Logout clears localStorage; the copy in memory goes with it.
onSessionEnd(() => useAssistantStore.setState({ threads: {} }));
