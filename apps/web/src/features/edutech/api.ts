import type {
  EdutechLicence,
  EdutechLicenceInput,
  EdutechLicenceList,
  EdutechLicenceUpdate,
  EdutechProductDetail,
  EdutechProductPage,
  EdutechReviewDecision,
  EdutechUnlinked,
  EdutechVendor,
  EdutechVendorInput,
  EdutechVendorProductInput,
  EdutechVendorProductUpdate,
  RecommendationStrip,
} from '@ssaem/contracts/edutech';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client';
import {
  type CatalogueSearch,
  catalogueQuery,
  edutechKeys,
  GOODS_PATH,
  STRIP_PATH,
  STRIP_SIZE,
} from './requests';

const GOODS = GOODS_PATH;
const LICENCES = '/api/v1/edutech/user-license';
const VENDOR = '/api/v1/edutech/vendor';

export { type CatalogueSearch, edutechKeys };

export function useCatalogue(search: CatalogueSearch, size: number) {
  return useQuery({
    queryKey: edutechKeys.goods(search),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<EdutechProductPage>(GOODS, {
        query: catalogueQuery(search, size),
        signal,
      }),
  });
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: edutechKeys.product(id),
    queryFn: ({ signal }) => apiRequest<EdutechProductDetail>(`${GOODS}/${id}`, { signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

function useInvalidateEdutech() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: edutechKeys.all });
}

export function useLike(id: number) {
  const invalidate = useInvalidateEdutech();
  return useMutation({
    mutationFn: (liked: boolean) =>
      apiRequest<EdutechProductDetail>(`${GOODS}/${id}/like`, { method: liked ? 'POST' : 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useRecommendationStrip(enabled = true) {
  return useQuery({
    queryKey: edutechKeys.strip,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<RecommendationStrip>(STRIP_PATH, { query: { size: STRIP_SIZE }, signal }),
  });
}

export function useMyLicences(tab: 'IN_USE' | 'USED_BEFORE') {
  return useQuery({
    queryKey: edutechKeys.licences(tab),
    queryFn: ({ signal }) =>
      apiRequest<EdutechLicenceList>(`${LICENCES}/my-list`, { query: { tab }, signal }),
  });
}

export function useUnlinked(enabled: boolean) {
  return useQuery({
    queryKey: edutechKeys.unlinked,
    enabled,
    queryFn: ({ signal }) => apiRequest<EdutechUnlinked[]>(`${LICENCES}/unlinked`, { signal }),
  });
}

export function useSaveLicence() {
  const invalidate = useInvalidateEdutech();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: EdutechLicenceInput | EdutechLicenceUpdate }) =>
      id
        ? apiRequest<EdutechLicence>(`${LICENCES}/${id}`, { method: 'PUT', body })
        : apiRequest<EdutechLicence>(LICENCES, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteLicence() {
  const invalidate = useInvalidateEdutech();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`${LICENCES}/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** The provider's company, or null before it is registered (E_NOT_FOUND_003). */
export function useMyVendor() {
  return useQuery({
    queryKey: edutechKeys.vendor,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<EdutechVendor>(`${VENDOR}/me`, { signal });
      } catch (error) {
        if (isApiError(error) && error.code === 'E_NOT_FOUND_003') return null;
        throw error;
      }
    },
  });
}

export function useSaveVendor() {
  const invalidate = useInvalidateEdutech();
  return useMutation({
    mutationFn: ({ create, body }: { create: boolean; body: Partial<EdutechVendorInput> }) =>
      create
        ? apiRequest<EdutechVendor>(VENDOR, { method: 'POST', body })
        : apiRequest<EdutechVendor>(`${VENDOR}/me`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSaveVendorProduct() {
  const invalidate = useInvalidateEdutech();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: number;
      body: EdutechVendorProductInput | EdutechVendorProductUpdate;
    }) =>
      id
        ? apiRequest<EdutechProductDetail>(`${VENDOR}/goods/${id}`, { method: 'PUT', body })
        : apiRequest<EdutechProductDetail>(`${VENDOR}/goods`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useWithdrawProduct() {
  const invalidate = useInvalidateEdutech();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<EdutechProductDetail>(`${VENDOR}/goods/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useUploadProductImage() {
  const invalidate = useInvalidateEdutech();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: number; kind: 'logo' | 'screenshot'; file: File }) => {
      const body = new FormData();
      body.append('image', file);
      return apiRequest<EdutechProductDetail>(`${VENDOR}/goods/${id}/images/${kind}`, {
        method: 'POST',
        body,
      });
    },
    onSuccess: invalidate,
  });
}

export function usePendingProducts() {
  return useQuery({
    queryKey: edutechKeys.review,
    queryFn: ({ signal }) => apiRequest<EdutechProductDetail[]>('/api/v1/edutech/review', { signal }),
  });
}

export function useReviewProduct() {
  const invalidate = useInvalidateEdutech();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EdutechReviewDecision }) =>
      apiRequest<EdutechProductDetail>(`/api/v1/edutech/review/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}
