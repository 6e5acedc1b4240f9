import type { Folder, LibraryPage, MaterialType } from '@ssaem/contracts/library';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const MY_MATERIALS_PAGE_SIZE = 20;

export type MyMaterialsTab = 'CREATED' | 'FAVORITES' | 'LIKES';

export interface MyMaterialsParams {
  year?: number;
  tab: MyMaterialsTab;
  materialType?: MaterialType;
  folderId?: number;
}

export type MyMaterialsPage = LibraryPage & { year: number };

export const myMaterialsKeys = {
  all: ['my-materials'] as const,
  list: (params: MyMaterialsParams) => ['my-materials', 'list', params] as const,
  folders: ['my-materials', 'folders'] as const,
};

const BASE = '/api/v1/my-materials';

export function useMyMaterials(params: MyMaterialsParams) {
  return useInfiniteQuery({
    queryKey: myMaterialsKeys.list(params),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MyMaterialsPage>(BASE, {
        query: { ...params, cursor: pageParam, pageSize: MY_MATERIALS_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The caller's folders, flat; the page builds the tree from parentId. */
export function useFolders() {
  return useQuery({
    queryKey: myMaterialsKeys.folders,
    queryFn: ({ signal }) => apiRequest<Folder[]>(`${BASE}/folder`, { signal }),
  });
}

function useInvalidateMyMaterials() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: myMaterialsKeys.all });
}

export function useCreateFolder() {
  const invalidate = useInvalidateMyMaterials();
  return useMutation({
    mutationFn: (body: { name: string; parentId: number | null }) =>
      apiRequest<Folder>(`${BASE}/folder`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useRenameFolder() {
  const invalidate = useInvalidateMyMaterials();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiRequest<Folder>(`${BASE}/folder/${id}`, { method: 'PUT', body: { name } }),
    onSuccess: invalidate,
  });
}

export type FolderDeleteType = 'MOVE_TO_ROOT' | 'DELETE_CONTENTS';

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deleteType }: { id: number; deleteType: FolderDeleteType }) =>
      apiRequest<{ success: boolean }>(`${BASE}/folder/${id}`, { method: 'DELETE', query: { deleteType } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myMaterialsKeys.all }),
        // Deleted contents leave the library lists too.
        queryClient.invalidateQueries({ queryKey: ['library'] }),
      ]),
  });
}

/** Puts items into a folder, or back to the root with folderId null. */
export function useMoveToFolder() {
  const invalidate = useInvalidateMyMaterials();
  return useMutation({
    mutationFn: (body: { folderId: number | null; libraryIds: number[] }) =>
      apiRequest<{ success: boolean }>(`${BASE}/folder-library`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
