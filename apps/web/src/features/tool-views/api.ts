import type { FeedbackResult } from '@ssaem/contracts/feedback';
import type { LessonItem, LessonResult } from '@ssaem/contracts/lesson';
import type { SummaryResult } from '@ssaem/contracts/summary';
import type { TextCorrectionResult } from '@ssaem/contracts/text-correction';
import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client';
import {
  type FeedbackItem,
  isGenerating,
  isValidId,
  type LessonItemResponse,
  type SummaryItem,
  type ToolItem,
  type ToolKind,
} from './types';

/** While an item is still being made the view asks again this often (document-tools.md §4). */
export const POLL_INTERVAL_MS = 3000;

const BASES: Record<ToolKind, string> = {
  summary: '/api/v1/summary',
  'text-correction': '/api/v1/text-correction',
  feedback: '/api/v1/feedback',
  lesson: '/api/v1/lesson',
};

export const toolViewKeys = {
  all: ['tool-views'] as const,
  item: (kind: ToolKind, id: number) => ['tool-views', kind, 'item', id] as const,
  list: (kind: ToolKind) => ['tool-views', kind, 'list'] as const,
};

function pollWhileGenerating<R>(query: Query<ToolItem<R>>): number | false {
  const item = query.state.data;
  return item && isGenerating(item) ? POLL_INTERVAL_MS : false;
}

function useToolItem<R>(kind: ToolKind, id: number) {
  return useQuery({
    queryKey: toolViewKeys.item(kind, id),
    queryFn: ({ signal }) => apiRequest<ToolItem<R>>(`${BASES[kind]}/${id}`, { signal }),
    enabled: isValidId(id),
    refetchInterval: pollWhileGenerating,
  });
}

export const useSummary = (id: number) => useToolItem<SummaryResult>('summary', id);
export const useTextCorrection = (id: number) => useToolItem<TextCorrectionResult>('text-correction', id);
export const useFeedback = (id: number) => useToolItem<FeedbackResult>('feedback', id);
export const useLesson = (id: number) => useToolItem<LessonResult>('lesson', id);

/** The caller's own feedback items, newest first (for previous / next). */
export function useFeedbackList() {
  return useQuery({
    queryKey: toolViewKeys.list('feedback'),
    queryFn: ({ signal }) => apiRequest<FeedbackItem[]>(`${BASES.feedback}/list`, { signal }),
  });
}

/** A mutation whose answer is the item as it now stands. */
function useItemMutation<Vars, R>(kind: ToolKind, call: (vars: Vars) => Promise<ToolItem<R>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (item) => {
      queryClient.setQueryData(toolViewKeys.item(kind, item.id), item);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: toolViewKeys.list(kind) }),
        queryClient.invalidateQueries({ queryKey: ['library'] }),
        queryClient.invalidateQueries({ queryKey: ['my-materials'] }),
      ]);
    },
  });
}

/** Makes the item again from its stored form (the tool's recreate mode); the view then polls. */
export function useRecreateItem(kind: ToolKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ id: number }>(`${BASES[kind]}/${id}/re-create`, { method: 'POST' }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: toolViewKeys.item(kind, id) }),
  });
}

export function useSaveSummary() {
  return useItemMutation('summary', ({ id, ...body }: { id: number; title: string; result: SummaryResult }) =>
    apiRequest<SummaryItem>(`${BASES.summary}/library/${id}`, { method: 'PUT', body }),
  );
}

export function useSaveTeacherFeedback() {
  return useItemMutation('feedback', ({ id, teacherFeedback }: { id: number; teacherFeedback: string }) =>
    apiRequest<FeedbackItem>(`${BASES.feedback}/${id}`, { method: 'PUT', body: { teacherFeedback } }),
  );
}

/** `POST /api/v1/lesson/result`: the body of lessonResultSaveSchema. */
export interface LessonSave {
  id: number;
  title?: string;
  goal?: string;
  sections: Array<{
    id: number;
    title: string;
    additionalInfo: string;
    items: Array<Pick<LessonItem, 'id' | 'title' | 'content' | 'minutes'>>;
  }>;
}

export function useSaveLesson() {
  return useItemMutation('lesson', (body: LessonSave) =>
    apiRequest<LessonItemResponse>(`${BASES.lesson}/result`, { method: 'POST', body }),
  );
}

export function useAddLessonItem() {
  return useItemMutation(
    'lesson',
    ({
      id,
      ...body
    }: {
      id: number;
      sectionId: number;
      type: LessonItem['type'];
      title: string;
      content: string;
    }) => apiRequest<LessonItemResponse>(`${BASES.lesson}/${id}/section/item`, { method: 'POST', body }),
  );
}

export function useDeleteLessonItem() {
  return useItemMutation('lesson', ({ id, itemId }: { id: number; itemId: number }) =>
    apiRequest<LessonItemResponse>(`${BASES.lesson}/${id}/section/item/${itemId}`, { method: 'DELETE' }),
  );
}

/** `DELETE /api/v1/lesson/{id}/typeContent`: every item of a type, e.g. all pictures. */
export function useDeleteLessonTypeContent() {
  return useItemMutation('lesson', ({ id, type }: { id: number; type: LessonItem['type'] }) =>
    apiRequest<LessonItemResponse>(`${BASES.lesson}/${id}/typeContent?type=${type}`, { method: 'DELETE' }),
  );
}

/** The lesson as an HWPX file the server writes (document-tools.md §7 Document). */
export function useDownloadLessonHwpx() {
  return useMutation({
    mutationFn: (id: number) => apiBlob(`/api/v1/document/library/${id}/lesson`, { method: 'POST' }),
  });
}

/** After the recreate panel finished: the lesson is being made again, so read it afresh. */
export function useRefreshLesson() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.invalidateQueries({ queryKey: toolViewKeys.item('lesson', id) });
}
