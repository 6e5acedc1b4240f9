import type { StandardToolResult } from '@ssaem/contracts/standard-tool';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client';

const BASE = '/api/v1/standard';

export interface StandardForm {
  title: string;
  gradeSeq: number;
  subjectSeq: number;
  curricula: (2015 | 2022)[];
  text: string;
  accessLevel: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
}

export interface StandardItem {
  id: number;
  title: string;
  status: number;
  error: string | null;
  result: StandardToolResult | null;
  /** The form it was made from, for its creator (null for other readers). */
  input: (StandardForm & { fileNames: string[] }) | null;
  abilities: { edit: boolean };
}

export function useStandardItem(id: number) {
  return useQuery({
    queryKey: ['standard-tool', id],
    queryFn: ({ signal }) => apiRequest<StandardItem>(`${BASE}/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => {
      const item = query.state.data;
      return item && item.status !== 3 && !item.error ? 1500 : false;
    },
  });
}

function body(form: StandardForm, file: File | null): FormData | StandardForm {
  if (!file) return form;
  const data = new FormData();
  data.append('inputDto', JSON.stringify(form));
  data.append('files', file, file.name);
  return data;
}

/** Makes a new mapping, or (with `id`) the same item again from the changed form. */
export function useSubmitStandard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form, file }: { id?: number; form: StandardForm; file: File | null }) =>
      id
        ? apiRequest<{ id: number }>(`${BASE}/${id}/re-create`, {
            method: 'POST',
            body: file ? body(form, file) : { input: form },
          })
        : apiRequest<{ id: number }>(BASE, { method: 'POST', body: body(form, file) }),
    onSuccess: ({ id }) => queryClient.invalidateQueries({ queryKey: ['standard-tool', id] }),
  });
}

export function exportStandard(id: number): Promise<Blob> {
  return apiBlob(`/api/v1/document/library/${id}/export?format=hwpx`);
}
