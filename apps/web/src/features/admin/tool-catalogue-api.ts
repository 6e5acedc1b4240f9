import type { Tool, ToolCreate, ToolUpdate } from '@ssaem/contracts/tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';

/** The editor's catalogue (every tool, hidden ones too), in the editor's language. */
export const catalogueKeys = {
  all: ['admin', 'tools'] as const,
  list: (language: string) => ['admin', 'tools', 'list', language] as const,
  tool: (id: number, language: string) => ['admin', 'tools', id, language] as const,
};

function useLanguage() {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

export function useToolCatalogue() {
  const language = useLanguage();
  return useQuery({
    queryKey: catalogueKeys.list(language),
    queryFn: ({ signal }) => apiRequest<Tool[]>('/api/v1/tool/list', { signal }),
  });
}

export function useCatalogueTool(id: number | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: catalogueKeys.tool(id ?? 0, language),
    queryFn: ({ signal }) => apiRequest<Tool>(`/api/v1/tool/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** A change reaches the editor and every reader of the catalogue (the teachers' tools index). */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['tools', 'list'] }),
    ]);
}

export function useSaveTool() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ToolCreate | ToolUpdate }) =>
      id === null
        ? apiRequest<Tool>('/api/v1/tool', { method: 'POST', body })
        : apiRequest<Tool>(`/api/v1/tool/${id}`, { method: 'PUT', body }),
    onSuccess: () => invalidate(),
  });
}

/** A drop: a new place among the siblings, or a new parent at a place there. */
export type ToolMove =
  | { kind: 'order'; id: number; sort: number }
  | { kind: 'parent'; id: number; parentId: number | null; sort: number };

export function useMoveTool() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (move: ToolMove): Promise<unknown> =>
      move.kind === 'order'
        ? apiRequest<Tool[]>(`/api/v1/tool/${move.id}/order`, { method: 'PUT', body: { sort: move.sort } })
        : apiRequest<Tool>(`/api/v1/tool/${move.id}/parent`, {
            method: 'PUT',
            body: { parentId: move.parentId, sort: move.sort },
          }),
    onSettled: () => invalidate(),
  });
}
