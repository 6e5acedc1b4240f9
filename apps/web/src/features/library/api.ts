import type {
  AccessSettingInput,
  LibraryCard,
  LibraryDetail,
  LibraryPage,
  PublicLibraryItem,
  ShareLink,
} from '@ssaem/contracts/library';
import type { Code } from '@ssaem/contracts/reference';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client';
import type { LibrarySearchParams } from './search-params';

export const LIBRARY_PAGE_SIZE = 20;

export const libraryKeys = {
  all: ['library'] as const,
  search: (params: LibrarySearchParams) => ['library', 'search', params] as const,
  detail: (id: number) => ['library', 'detail', id] as const,
  recent: (count: number) => ['library', 'recent', count] as const,
  sharedRecent: (count: number) => ['library', 'shared-recent', count] as const,
  shareLink: (id: number) => ['library', 'share-link', id] as const,
  publicItem: (token: string) => ['library', 'public', token] as const,
};

export const codeKeys = {
  list: (groupCode: 'GRADE' | 'SUBJECT', parentSeq?: number) =>
    ['reference', 'codes', groupCode, parentSeq ?? null] as const,
};

const BASE = '/api/v1/library';

/** Library search, one page per "more" (cursor paging, core.md §2 Library). */
export function useLibrarySearch(params: LibrarySearchParams) {
  return useInfiniteQuery({
    queryKey: libraryKeys.search(params),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<LibraryPage>(`${BASE}/search`, {
        query: { ...params, cursor: pageParam, pageSize: LIBRARY_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useLibraryItem(id: number) {
  return useQuery({
    queryKey: libraryKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<LibraryDetail>(`${BASE}/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The caller's own latest items. */
export function useRecentLibrary(count: number) {
  return useQuery({
    queryKey: libraryKeys.recent(count),
    queryFn: ({ signal }) => apiRequest<LibraryCard[]>(`${BASE}/recent/${count}`, { signal }),
  });
}

/** The latest items others shared that the caller may see. */
export function useSharedRecentLibrary(count: number) {
  return useQuery({
    queryKey: libraryKeys.sharedRecent(count),
    queryFn: ({ signal }) => apiRequest<LibraryCard[]>(`${BASE}/shared/recent/${count}`, { signal }),
  });
}

/** What anyone holding a share link sees; no sign-in needed. */
export function usePublicLibraryItem(token: string) {
  return useQuery({
    queryKey: libraryKeys.publicItem(token),
    queryFn: ({ signal }) =>
      apiRequest<PublicLibraryItem>(`/api/v1/public/library/${encodeURIComponent(token)}`, { signal }),
  });
}

/** Grade codes, or the subjects of one grade (subjects hang under their grade in the code table). */
export function useCodes(groupCode: 'GRADE' | 'SUBJECT', parentSeq?: number) {
  return useQuery({
    queryKey: codeKeys.list(groupCode, parentSeq),
    // parentSeq 0: every parent (all grades' subjects).
    queryFn: ({ signal }) =>
      apiRequest<Code[]>('/api/v1/code', { query: { groupCode, parentSeq: parentSeq || undefined }, signal }),
    enabled: groupCode === 'GRADE' || parentSeq !== undefined,
    staleTime: 60 * 60_000,
  });
}

type Patch = Partial<Pick<LibraryDetail, 'liked' | 'likeCount' | 'bookmarked' | 'bookmarkCount'>>;

/** Likes and bookmarks show at once on the detail; a failure puts the server's state back. */
function useToggle<Result extends Patch>(
  kind: 'like' | 'bookmark',
  optimistic: (item: LibraryDetail, on: boolean) => Patch,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      apiRequest<Result>(`${BASE}/${kind}/${id}`, { method: on ? 'POST' : 'DELETE' }),
    onMutate: async ({ id, on }) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.detail(id) });
      const previous = queryClient.getQueryData<LibraryDetail>(libraryKeys.detail(id));
      if (previous) {
        queryClient.setQueryData<LibraryDetail>(libraryKeys.detail(id), {
          ...previous,
          ...optimistic(previous, on),
        });
      }
      return { previous };
    },
    onSuccess: (result, { id }) => {
      queryClient.setQueryData<LibraryDetail>(libraryKeys.detail(id), (item) =>
        item ? { ...item, ...result } : item,
      );
    },
    onError: (_error, { id }, context) => {
      if (context?.previous) queryClient.setQueryData(libraryKeys.detail(id), context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['library', 'search'] }),
        queryClient.invalidateQueries({ queryKey: ['my-materials'] }),
      ]),
  });
}

export function useLikeToggle() {
  return useToggle<{ liked: boolean; likeCount: number }>('like', (item, on) => ({
    liked: on,
    likeCount: Math.max(0, item.likeCount + (on === item.liked ? 0 : on ? 1 : -1)),
  }));
}

export function useBookmarkToggle() {
  return useToggle<{ bookmarked: boolean; bookmarkCount: number }>('bookmark', (item, on) => ({
    bookmarked: on,
    bookmarkCount: Math.max(0, item.bookmarkCount + (on === item.bookmarked ? 0 : on ? 1 : -1)),
  }));
}

export function useShareLink() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<ShareLink>(`${BASE}/${id}/share-link`, { method: 'POST' }),
  });
}

/** The QR code is a PNG the server draws; the page shows it from an object URL. */
export function useQrCode() {
  return useMutation({
    mutationFn: (id: number) => apiBlob(`${BASE}/${id}/qr-code`, { method: 'POST' }),
  });
}

export function useCopyLibraryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<LibraryDetail>(`${BASE}/${id}/copy`, { method: 'POST' }),
    onSuccess: (copy) => {
      queryClient.setQueryData(libraryKeys.detail(copy.id), copy);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-materials'] }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.all, refetchType: 'none' }),
      ]);
    },
  });
}

export function useUpdateAccessSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AccessSettingInput & { id: number }) =>
      apiRequest<LibraryDetail>(`${BASE}/${id}/access-setting`, { method: 'PUT', body }),
    onSuccess: (item) => {
      queryClient.setQueryData(libraryKeys.detail(item.id), item);
      return queryClient.invalidateQueries({ queryKey: ['library', 'search'] });
    },
  });
}
