import type {
  NoticeDetail,
  NoticeInput,
  NoticePage,
  NoticeScope,
  NoticeUpdate,
} from '@ssaem/contracts/board';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest, isApiError } from '../../lib/api-client';
import { saveBlob } from '../tool-views/save-blob';

const BASE = '/api/v1/board';

/** One row of the notice board list (core.md §2: number, title, writer, date, views). */
export interface NoticeSummary {
  id: number;
  title: string;
  writer: string;
  createdAt: string;
  views: number;
  pinned?: boolean;
  isNew?: boolean;
}

export type NoticeSearchTarget = 'ALL' | 'TITLE' | 'BODY' | 'WRITER';

export interface NoticeListParams {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  target?: NoticeSearchTarget;
}

export const noticeKeys = {
  all: ['notices'] as const,
  latest: (size: number) => ['notices', 'latest', size] as const,
  page: (params: NoticeListParams) => ['notices', 'page', params] as const,
  detail: (id: number) => ['notices', 'detail', id] as const,
  pins: (scope: NoticeScope) => ['notices', 'pins', scope] as const,
};

export async function fetchLatestNotices(size: number, signal?: AbortSignal): Promise<NoticeSummary[]> {
  try {
    const page = await apiRequest<NoticePage>('/api/v1/board/list', {
      query: { pageIndex: 0, pageSize: size },
      signal,
    });
    return page.items;
  } catch (error) {
    // A server without the notice board yet answers E_NOT_FOUND: for a visitor that is "no notices".
    if (isApiError(error) && error.code === 'E_NOT_FOUND') return [];
    throw error;
  }
}

/** The newest notices for the teaser on /home. */
export function useLatestNotices(size = 3) {
  return useQuery({
    queryKey: noticeKeys.latest(size),
    queryFn: ({ signal }) => fetchLatestNotices(size, signal),
  });
}

/** One page of the board, pinned notices first; a search goes through `board/search`. */
export function useNoticePage(params: NoticeListParams) {
  const searching = Boolean(params.keyword);
  return useQuery({
    queryKey: noticeKeys.page(params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<NoticePage>(`${BASE}/${searching ? 'search' : 'list'}`, {
        query: {
          pageIndex: params.pageIndex,
          pageSize: params.pageSize,
          keyword: searching ? params.keyword : undefined,
          target: searching ? params.target : undefined,
        },
        signal,
      }),
  });
}

export function useNotice(id: number) {
  return useQuery({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<NoticeDetail>(`${BASE}/${id}`, { signal }),
  });
}

/** Whether one more notice may be pinned on the board the caller writes to. */
export function fetchPinAvailability(scope: NoticeScope) {
  return apiRequest<{ available: boolean; pinned: number; max: number }>(`${BASE}/fix/available`, {
    query: { scope },
  });
}

export type NoticeSave =
  | { id?: undefined; input: NoticeInput; files: File[] }
  | { id: number; input: NoticeUpdate; files: File[] };

/** The notice as JSON in `data` and the new attachments in `files` (core.md §7 multipart create). */
export function noticeFormData(input: NoticeInput | NoticeUpdate, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(input)], { type: 'application/json' }));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: NoticeSave) =>
      save.id === undefined
        ? apiRequest<NoticeDetail>(BASE, { method: 'POST', body: noticeFormData(save.input, save.files) })
        : apiRequest<NoticeDetail>(`${BASE}/${save.id}`, {
            method: 'PUT',
            body: noticeFormData(save.input, save.files),
          }),
    onSuccess: (notice) => {
      queryClient.setQueryData(noticeKeys.detail(notice.id), notice);
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ success: boolean }>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: noticeKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}

/** Attachments come through the API client (with the bearer token) and are saved as files. */
export async function downloadAttachment(url: string, fileName: string): Promise<void> {
  saveBlob(await apiBlob(url), fileName);
}
