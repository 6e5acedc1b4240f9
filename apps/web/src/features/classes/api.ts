import type {
  Classroom,
  ClassroomInput,
  ClassroomUpdate,
  Student,
  StudentImportReport,
  StudentInput,
} from '@ssaem/contracts/classes';
import type { AccessLogEntry } from '@ssaem/contracts/student-records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client';
import { saveBlob } from '../tool-views/save-blob';

const BASE = '/api/v1/classroom';

export const classesKeys = {
  all: ['classes'] as const,
  list: (schoolYear?: number) => ['classes', 'list', schoolYear ?? 'all'] as const,
  students: (id: number) => ['classes', 'students', id] as const,
  homeroom: ['classes', 'homeroom-teachers'] as const,
  accessLog: (page: number) => ['classes', 'access-log', page] as const,
};

export function useClassrooms(schoolYear?: number) {
  return useQuery({
    queryKey: classesKeys.list(schoolYear),
    queryFn: ({ signal }) => apiRequest<Classroom[]>(`${BASE}/list`, { query: { schoolYear }, signal }),
  });
}

export function useStudents(classroomId: number | null) {
  return useQuery({
    queryKey: classesKeys.students(classroomId ?? 0),
    enabled: classroomId !== null,
    queryFn: ({ signal }) => apiRequest<Student[]>(`${BASE}/${classroomId}/students`, { signal }),
  });
}

export function useHomeroomTeachers(enabled: boolean) {
  return useQuery({
    queryKey: classesKeys.homeroom,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<{ id: number; name: string }[]>(`${BASE}/homeroom-teachers`, { signal }),
  });
}

function useInvalidateClasses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classesKeys.all });
}

export function useSaveClassroom() {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ClassroomInput | ClassroomUpdate }) =>
      id
        ? apiRequest<Classroom>(`${BASE}/${id}`, { method: 'PUT', body })
        : apiRequest<Classroom>(BASE, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteClassroom() {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useAddStudents(classroomId: number) {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: (students: StudentInput[]) =>
      apiRequest<Student[]>(`${BASE}/${classroomId}/students`, { method: 'POST', body: { students } }),
    onSuccess: invalidate,
  });
}

export function useUpdateStudent(classroomId: number) {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<StudentInput> }) =>
      apiRequest<Student>(`${BASE}/${classroomId}/students/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useRemoveStudents(classroomId: number) {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: (studentIds: number[]) =>
      apiRequest<{ removed: number }>(`${BASE}/${classroomId}/students/remove`, {
        method: 'POST',
        body: { studentIds },
      }),
    onSuccess: invalidate,
  });
}

export function useEraseStudent(classroomId: number) {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: (studentId: number) =>
      apiRequest<{ ok: true }>(`${BASE}/${classroomId}/students/${studentId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Uploads a class list; a dry run only reports. Problems come back in the report, with nothing written. */
export function useImportStudents(classroomId: number) {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<StudentImportReport>(`${BASE}/${classroomId}/students/import`, {
        method: 'POST',
        body,
        query: { dryRun: dryRun ? 'true' : undefined },
      });
    },
    onSuccess: (report) => {
      if (report.created) void invalidate();
    },
  });
}

/** Downloads a protected file (an export, a template) and saves it under its name. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveBlob(await apiBlob(path), fileName);
}

export const classFiles = {
  template: () => downloadFile(`${BASE}/students/template`, '학생 명단 양식.xlsx'),
  roster: (classroom: Classroom) =>
    downloadFile(`${BASE}/${classroom.id}/students/export`, `${classroom.label} 학생 명단.xlsx`),
  student: (classroomId: number, student: Student) =>
    downloadFile(
      `${BASE}/${classroomId}/students/${student.id}/export`,
      `학생 정보 ${student.number}번.json`,
    ),
  accessLog: () => downloadFile(`${BASE}/access-log/export`, '학생 정보 접근 기록.xlsx'),
};

export function useAccessLog(pageIndex: number, enabled: boolean) {
  return useQuery({
    queryKey: classesKeys.accessLog(pageIndex),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<{ items: AccessLogEntry[]; total: number; pageIndex: number; pageSize: number }>(
        `${BASE}/access-log`,
        { query: { pageIndex, pageSize: 50 }, signal },
      ),
  });
}
