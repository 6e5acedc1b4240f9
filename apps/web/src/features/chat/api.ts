import type { Agent, Conversation, ConversationSearch, Message, UserSettings } from '@ssaem/contracts/chat';
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '@ssaem/contracts/plain-values';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client';

export interface ConversationPage {
  conversations: Conversation[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  hasMore: boolean;
}

export interface MessagePage {
  messages: Message[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  hasMore: boolean;
}

export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  pinned: ['chat', 'conversations', 'pinned'] as const,
  search: (query: string) => ['chat', 'conversations', 'search', query] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
  agents: ['chat', 'agents'] as const,
  settings: ['chat', 'settings'] as const,
};

export function useConversationList() {
  return useInfiniteQuery({
    queryKey: chatKeys.conversations,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConversationPage>('/api/v1/conversations/paged', {
        query: { pageNo: pageParam, pageSize: CONVERSATION_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.pageNo + 1 : undefined),
  });
}

/** The teacher's own conversations holding every word of `query`; idle while it is blank. */
export function useConversationSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: chatKeys.search(q),
    enabled: q.length > 0,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      apiRequest<ConversationSearch>('/api/v1/conversations/search', { query: { q }, signal }),
  });
}

export function usePinnedConversations() {
  return useQuery({
    queryKey: chatKeys.pinned,
    queryFn: ({ signal }) => apiRequest<Conversation[]>('/api/v1/conversations/pinned', { signal }),
  });
}

/** Page 0 is the newest page; older pages load as the teacher scrolls up. */
export function useMessagePages(conversationId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(conversationId ?? 'new'),
    enabled: conversationId !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagePage>(
        `/api/v1/conversations/${encodeURIComponent(conversationId ?? '')}/messages/paged`,
        {
          query: { pageNo: pageParam, pageSize: MESSAGE_PAGE_SIZE },
          signal,
        },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.pageNo + 1 : undefined),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Oldest first: pages come newest first, each chronological inside. */
export function flattenMessagePages(data: InfiniteData<MessagePage> | undefined): Message[] {
  if (!data) return [];
  const messages: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i -= 1) messages.push(...(data.pages[i]?.messages ?? []));
  return messages;
}

export function useChatAgents() {
  return useQuery({
    queryKey: chatKeys.agents,
    queryFn: ({ signal }) => apiRequest<Agent[]>('/api/v1/agent/list', { query: { type: 'chat' }, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useUserSettings() {
  return useQuery({
    queryKey: chatKeys.settings,
    queryFn: ({ signal }) => apiRequest<UserSettings>('/api/v1/user-settings', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** The running answer of a conversation, or null (404) when there is none. */
export async function findActiveStream(
  conversationId: string,
): Promise<{ streamId: string; responseMessageId: string } | null> {
  try {
    return await apiRequest(`/api/v1/streaming/conversation/${encodeURIComponent(conversationId)}`);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function generateTitle(conversationId: string) {
  return apiRequest<{ title: string }>('/api/convos/gen_title', { body: { conversationId } });
}

function useInvalidateConversations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
}

export function usePinConversation() {
  const invalidate = useInvalidateConversations();
  return useMutation({
    mutationFn: ({ conversationId, isPinned }: { conversationId: string; isPinned: boolean }) =>
      apiRequest(`/api/v1/conversations/${encodeURIComponent(conversationId)}/pin`, {
        method: 'PUT',
        body: { isPinned },
      }),
    onSettled: invalidate,
  });
}

export function useRenameConversation() {
  const invalidate = useInvalidateConversations();
  return useMutation({
    mutationFn: ({ conversationId, title }: { conversationId: string; title: string }) =>
      apiRequest(`/api/v1/conversations/${encodeURIComponent(conversationId)}/title`, {
        method: 'PUT',
        body: { title },
      }),
    onSettled: invalidate,
  });
}

export function useDeleteConversation() {
  const invalidate = useInvalidateConversations();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest(`/api/v1/conversations/${encodeURIComponent(conversationId)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useReorderPinned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationIds: string[]) =>
      apiRequest('/api/v1/conversations/reorder-pinned', { method: 'PUT', body: { conversationIds } }),
    // The new order shows at once; a failure puts the server's order back.
    onMutate: async (conversationIds) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.pinned });
      const previous = queryClient.getQueryData<Conversation[]>(chatKeys.pinned);
      if (previous) {
        const byId = new Map(previous.map((c) => [c.conversationId, c]));
        queryClient.setQueryData(
          chatKeys.pinned,
          conversationIds.map((id) => byId.get(id)).filter((c): c is Conversation => Boolean(c)),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(chatKeys.pinned, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.pinned }),
  });
}

export function useLikeMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, isLiked }: { messageId: string; isLiked: boolean | null }) =>
      apiRequest(
        `/api/v1/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/like`,
        { method: 'PUT', body: { isLiked } },
      ),
    onMutate: ({ messageId, isLiked }) => {
      queryClient.setQueryData<InfiniteData<MessagePage>>(chatKeys.messages(conversationId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                messages: page.messages.map((m) => (m.messageId === messageId ? { ...m, isLiked } : m)),
              })),
            }
          : data,
      );
    },
  });
}
