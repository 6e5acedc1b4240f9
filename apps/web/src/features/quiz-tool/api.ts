import type { QuizCounts, QuizToolResult } from '@ssaem/contracts/quiz-tool';
import { type AchievementStandard, gradeBandOf } from '@ssaem/contracts/reference';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client';

const BASE = '/api/v1/quiz';

export interface QuizForm {
  title: string;
  purpose: 'QUIZ' | 'WORKSHEET';
  gradeSeq: number;
  subjectSeq: number;
  unit: string;
  curriculum: 2015 | 2022;
  standardCodes: string[];
  material: string;
  counts: QuizCounts;
  choiceOptions: 4 | 5;
  difficulty: 'MIXED' | '상' | '중' | '하';
  accessLevel: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
}

export interface QuizItemResponse {
  id: number;
  title: string;
  status: number;
  error: string | null;
  result: QuizToolResult | null;
  /** The form it was made from, for its creator (null for other readers). */
  input: (QuizForm & { fileNames: string[] }) | null;
  abilities: { edit: boolean };
}

export function useQuizItem(id: number) {
  return useQuery({
    queryKey: ['quiz-tool', id],
    queryFn: ({ signal }) => apiRequest<QuizItemResponse>(`${BASE}/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => {
      const item = query.state.data;
      return item && item.status !== 3 && !item.error ? 1500 : false;
    },
  });
}

/** The standards of a grade band and subject in the reference data, to pick from. */
export function useSubjectStandards(curriculum: number, gradeSeq: number | null, subject: string | null) {
  const band = gradeSeq ? gradeBandOf(gradeSeq) : null;
  return useQuery({
    queryKey: ['quiz-standards', curriculum, band, subject],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        curriculum: String(curriculum),
        gradeBand: band ?? '',
        subject: subject ?? '',
        pageSize: '200',
      });
      return apiRequest<{ items: AchievementStandard[] }>(`/api/v1/standards?${query}`, { signal });
    },
    enabled: Boolean(band && subject),
  });
}

function body(form: QuizForm, file: File | null): FormData | QuizForm {
  if (!file) return form;
  const data = new FormData();
  data.append('inputDto', JSON.stringify(form));
  data.append('files', file, file.name);
  return data;
}

/** Makes a new quiz, or (with `id`) the same item again from the changed form. */
export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form, file }: { id?: number; form: QuizForm; file: File | null }) =>
      id
        ? apiRequest<{ id: number }>(`${BASE}/${id}/re-create`, {
            method: 'POST',
            body: file ? body(form, file) : { input: form },
          })
        : apiRequest<{ id: number }>(BASE, { method: 'POST', body: body(form, file) }),
    onSuccess: ({ id }) => queryClient.invalidateQueries({ queryKey: ['quiz-tool', id] }),
  });
}

/** Saves the teacher's edits to the items. */
export function useSaveQuiz(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (result: QuizToolResult) =>
      apiRequest<QuizItemResponse>(`${BASE}/${id}`, { method: 'PUT', body: { result } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['quiz-tool', id] }),
  });
}

export function exportQuiz(id: number, sheet: 'paper' | 'answers', format: 'hwpx' | 'pdf'): Promise<Blob> {
  return apiBlob(`${BASE}/${id}/export?format=${format}&sheet=${sheet}`);
}
