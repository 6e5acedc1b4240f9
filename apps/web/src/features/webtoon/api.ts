import type { WebtoonResult } from '@ssaem/contracts/webtoon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client';

const BASE = '/api/v1/webtoon';
/** While the comic is being made the page asks again this often. */
const POLL_MS = 1500;

export interface WebtoonForm {
  title: string;
  topic: string;
  gradeSeq: number;
  facts: string;
  panelCount: number;
  characters: string[];
  pictures: boolean;
  accessLevel: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
}

export interface WebtoonItem {
  id: number;
  title: string;
  status: number;
  error: string | null;
  result: WebtoonResult | null;
  /** The form it was made from, for those who may edit it (recreate reopens it). */
  input: (WebtoonForm & { gradeName: string }) | null;
  abilities: { edit: boolean; copy: boolean; delete: boolean };
}

export type PanelText = Pick<WebtoonResult['panels'][number], 'narration' | 'dialogue'>;

export const webtoonKeys = {
  item: (id: number) => ['webtoon', id] as const,
  svg: (id: number, version: string) => ['webtoon', id, 'svg', version] as const,
};

export function useWebtoon(id: number) {
  return useQuery({
    queryKey: webtoonKeys.item(id),
    queryFn: ({ signal }) => apiRequest<WebtoonItem>(`${BASE}/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => {
      const item = query.state.data;
      return item && item.status !== 3 && !item.error ? POLL_MS : false;
    },
  });
}

/**
 * The strip the server drew, as an object URL for an <img> (the request carries the session).
 * `version` changes when the text does, so an edit shows at once.
 */
export function useWebtoonSvg(id: number, version: string | null) {
  return useQuery({
    queryKey: webtoonKeys.svg(id, version ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL(await apiBlob(`${BASE}/${id}/svg`, { signal })),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Makes a new comic, or (with `id`) the same item again from the changed form. */
export function useSubmitWebtoon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: WebtoonForm }) =>
      id
        ? apiRequest<{ id: number }>(`${BASE}/${id}/re-create`, { method: 'POST', body: { input: form } })
        : apiRequest<{ id: number }>(BASE, { method: 'POST', body: form }),
    onSuccess: ({ id }) => queryClient.invalidateQueries({ queryKey: webtoonKeys.item(id) }),
  });
}

export function useSavePanels(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (panels: PanelText[]) =>
      apiRequest<WebtoonItem>(`${BASE}/${id}`, { method: 'PUT', body: { panels } }),
    onSuccess: (item) =>
      queryClient.setQueryData(webtoonKeys.item(id), (old: WebtoonItem | undefined) =>
        old ? { ...old, ...item, input: old.input } : old,
      ),
  });
}

export function exportWebtoon(id: number, format: 'png' | 'pdf'): Promise<Blob> {
  return apiBlob(`${BASE}/${id}/export?format=${format}`);
}
