import type {
  ClassGroupConstraints,
  ClassGroupParseResult,
  ClassGroupResult,
  ClassGroupStudent,
} from '@ssaem/contracts/class-group';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client';

const BASE = '/api/v1/class-group';
/** While groups are being formed the page asks again this often. */
const POLL_MS = 1500;

export interface ClassGroupForm {
  title: string;
  classroomId?: number | null;
  students: ClassGroupStudent[];
  constraints: ClassGroupConstraints;
  request: string;
  seed?: number;
  accessLevel: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
}

export interface ClassGroupItem {
  id: number;
  title: string;
  status: number;
  error: string | null;
  visibility: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
  result: ClassGroupResult | null;
  input: ClassGroupForm;
  abilities: { edit: boolean; copy: boolean; delete: boolean };
}

export const classGroupKeys = {
  item: (id: number) => ['class-group', id] as const,
};

export function useClassGroup(id: number) {
  return useQuery({
    queryKey: classGroupKeys.item(id),
    queryFn: ({ signal }) => apiRequest<ClassGroupItem>(`${BASE}/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => {
      const item = query.state.data;
      return item && item.status !== 3 && !item.error ? POLL_MS : false;
    },
  });
}

export function useCreateClassGroup() {
  return useMutation({
    mutationFn: (form: ClassGroupForm) => apiRequest<{ id: number }>(BASE, { method: 'POST', body: form }),
  });
}

/** Forms the groups again: with the changed form, or (without one) the same form and a new seed. */
export function useRecreateClassGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input?: ClassGroupForm }) =>
      apiRequest<{ id: number }>(`${BASE}/${id}/re-create`, {
        method: 'POST',
        body: input ? { input } : {},
      }),
    onSuccess: ({ id }) => queryClient.invalidateQueries({ queryKey: classGroupKeys.item(id) }),
  });
}

export function useSaveGroups(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groups: { name: string; members: ClassGroupStudent[] }[]) =>
      apiRequest<ClassGroupItem>(`${BASE}/${id}`, { method: 'PUT', body: { groups } }),
    onSuccess: (item) => {
      queryClient.setQueryData(classGroupKeys.item(id), (old: ClassGroupItem | undefined) =>
        old ? { ...old, ...item, input: old.input } : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['library'] });
    },
  });
}

export function useParseConstraints() {
  return useMutation({
    mutationFn: (body: { text: string; names: string[] }) =>
      apiRequest<ClassGroupParseResult>(`${BASE}/generate/ClassGroup`, { method: 'POST', body }),
  });
}

export function exportClassGroup(id: number, format: 'hwpx' | 'pdf'): Promise<Blob> {
  return apiBlob(`${BASE}/${id}/export?format=${format}`);
}

/**
 * A pasted list, one pupil a line: "이름", "이름, 남", "이름 여 상" or tab-separated columns from a
 * spreadsheet. 남/여/M/F is the gender; anything else after the name is the level.
 */
export function parsePastedList(text: string): ClassGroupStudent[] {
  const students: ClassGroupStudent[] = [];
  for (const line of text.split(/\r?\n/)) {
    const cells = line
      .split(/[,\t]|\s+/)
      .map((cell) => cell.trim())
      .filter(Boolean);
    // A leading number (출석번호) is not a name.
    if (cells[0] && /^\d+\.?$/.test(cells[0])) cells.shift();
    const [name, ...rest] = cells;
    if (!name) continue;
    let gender: 'M' | 'F' | null = null;
    let level: string | null = null;
    for (const cell of rest) {
      if (/^(남|남자|남학생|m|M)$/.test(cell)) gender = 'M';
      else if (/^(여|여자|여학생|f|F)$/.test(cell)) gender = 'F';
      else if (!level) level = cell.slice(0, 20);
    }
    students.push({ name: name.slice(0, 40), gender, level });
  }
  return students;
}

/** The list back as text, for a form reopened to be changed. */
export function listAsText(students: ClassGroupStudent[]): string {
  return students
    .map((s) =>
      [s.name, s.gender === 'M' ? '남' : s.gender === 'F' ? '여' : '', s.level ?? '']
        .filter(Boolean)
        .join(', '),
    )
    .join('\n');
}
