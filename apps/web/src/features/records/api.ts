import type {
  ClassRecords,
  RecordArea,
  RecordCheckResult,
  RecordDraft,
  RecordItems,
  StudentRecord,
} from '@ssaem/contracts/student-records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const BASE = '/api/v1/student-records';

export const recordsKeys = {
  classroom: (id: number) => ['records', 'classroom', id] as const,
  items: (id: number) => ['records', 'items', id] as const,
};

/** A class with the caller's records: the workspace opens with one call. */
export function useClassRecords(classroomId: number) {
  return useQuery({
    queryKey: recordsKeys.classroom(classroomId),
    queryFn: ({ signal }) => apiRequest<ClassRecords>(BASE, { query: { classroomId }, signal }),
  });
}

export function useRecordItems(classroomId: number) {
  return useQuery({
    queryKey: recordsKeys.items(classroomId),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => apiRequest<RecordItems>(`${BASE}/items`, { query: { classroomId }, signal }),
  });
}

export interface SaveRecordInput {
  id: number | null;
  studentId: number;
  area: RecordArea;
  subject: string;
  content: string;
}

/** Creates the area's record the first time, updates it after; the workspace's copy follows. */
export function useSaveRecord(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveRecordInput) =>
      input.id
        ? apiRequest<StudentRecord>(`${BASE}/${input.id}`, {
            method: 'PUT',
            body: { content: input.content },
          })
        : apiRequest<StudentRecord>(BASE, {
            method: 'POST',
            body: {
              studentId: input.studentId,
              area: input.area,
              ...(input.area === 'SUBJECT' ? { subject: input.subject } : {}),
              content: input.content,
            },
          }),
    onSuccess: (saved) => {
      queryClient.setQueryData<ClassRecords>(recordsKeys.classroom(classroomId), (current) =>
        current
          ? {
              ...current,
              students: current.students.map((student) =>
                student.id === saved.studentId
                  ? { ...student, records: [...student.records.filter((r) => r.id !== saved.id), saved] }
                  : student,
              ),
            }
          : current,
      );
    },
  });
}

export function useCheckRecord() {
  return useMutation({
    mutationFn: (body: { area: RecordArea; text: string }) =>
      apiRequest<RecordCheckResult>(`${BASE}/check`, { method: 'POST', body: { ...body, spelling: true } }),
  });
}

export interface DraftInput {
  studentId: number;
  area: RecordArea;
  subject?: string;
  keywords: string;
  notes: string;
  activities: string;
}

export function useRequestDraft() {
  return useMutation({
    mutationFn: (body: DraftInput) => apiRequest<RecordDraft>(`${BASE}/drafts`, { method: 'POST', body }),
  });
}

export function useDecideDraft() {
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      apiRequest<RecordDraft>(`${BASE}/drafts/${id}/${accept ? 'accept' : 'reject'}`, { method: 'POST' }),
  });
}
