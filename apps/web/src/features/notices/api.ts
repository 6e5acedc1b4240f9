import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client';

/** One row of the notice board list (core.md §2: number, title, writer, date, views). */
export interface NoticeSummary {
  id: number;
  title: string;
  writer: string;
  createdAt: string;
  views: number;
}

interface NoticePage {
  items: NoticeSummary[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export const noticeKeys = {
  latest: (size: number) => ['notices', 'latest', size] as const,
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
