import type { UserSettings } from '@ssaem/contracts/chat';
import type { LessonResult } from '@ssaem/contracts/lesson';
import type { Code, Publisher } from '@ssaem/contracts/reference';
import type { Sharing } from '@ssaem/contracts/sharing';
import { defaultSharing, type SharingTool } from '@ssaem/contracts/sharing-defaults';
import type { Tool } from '@ssaem/contracts/tools';
import type { UsersInfo } from '@ssaem/contracts/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';
import { hasRealmRole } from '../../lib/auth/auth-client';
import { usersInfoKey, useUsersInfo } from '../account/api';
import { chatKeys, useUserSettings } from '../chat/api';
import { useCodes } from '../library/api';

export const toolKeys = {
  list: (language: string) => ['tools', 'list', language] as const,
  lesson: (id: number) => ['tools', 'lesson', id] as const,
  studioItem: (slug: string, id: number) => ['tools', 'studio', slug, id] as const,
  publishers: (gradeSeq: number, subjectSeq: number | null, semester: number) =>
    ['tools', 'publishers', gradeSeq, subjectSeq, semester] as const,
};

/**
 * The document-studio tools (document-tools.md §1): the catalogue's `route`, the library type the
 * viewer is opened with and the slug of their item routes (/api/v1/document/studio/<slug>).
 * `counsel-parent` is the record sheet the catalogue offers; `counsel-parent-record` the fuller
 * record form of the same type.
 */
export const STUDIO_TOOLS = {
  'evaluation-plan': { libraryType: 'EVALUATION_PLAN', slug: 'evaluation-plan' },
  'parent-letter': { libraryType: 'PARENT_LETTER', slug: 'parent-letter' },
  'meeting-minutes': { libraryType: 'MEETING_MINUTES', slug: 'meeting-minutes' },
  'group-play-plan': { libraryType: 'GROUP_PLAY_PLAN', slug: 'group-play-plan' },
  'group-play-lesson-plan': { libraryType: 'GROUP_PLAY_LESSON_PLAN', slug: 'group-play-lesson-plan' },
  'counsel-student': { libraryType: 'COUNSEL_STUDENT', slug: 'counsel-student' },
  'counsel-parent': { libraryType: 'COUNSEL_PARENT', slug: 'counsel-parent' },
  'counsel-parent-record': { libraryType: 'COUNSEL_PARENT', slug: 'counsel-parent' },
  'counsel-parent-script': { libraryType: 'COUNSEL_PARENT_SCRIPT', slug: 'counsel-parent-script' },
} as const;
export type StudioTool = keyof typeof STUDIO_TOOLS;
export type StudioLibraryType = (typeof STUDIO_TOOLS)[StudioTool]['libraryType'];

/** The tools whose creation panel this client has (the catalogue's `route`). */
export const PANEL_TOOLS = [
  'summary',
  'text-correction',
  'feedback',
  'lesson',
  ...(Object.keys(STUDIO_TOOLS) as StudioTool[]),
] as const;
export type PanelTool = (typeof PANEL_TOOLS)[number];
/**
 * Every studio tool's panel also re-makes an existing document from its kept form (document-tools.md
 * §2); the parent counselling sheet and record share one item type, so both open for it.
 */
export type RecreateTool = StudioTool;

export function isRecreateTool(tool: string | null | undefined): tool is RecreateTool {
  return isStudioTool(tool ?? '');
}

/** Everything that generates and then opens its result: the panels and the general document page. */
export type GenerationTool = PanelTool | 'document-generate';

export function isStudioTool(tool: string): tool is StudioTool {
  return Object.hasOwn(STUDIO_TOOLS, tool);
}

export function isPanelTool(route: string | null | undefined): route is PanelTool {
  return (PANEL_TOOLS as readonly string[]).includes(route ?? '');
}

/**
 * The catalogue in the current language (the server picks the labels by Accept-Language), in its
 * display order: each group followed by its children, as the server sends it.
 */
export function useToolList() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: toolKeys.list(language),
    queryFn: ({ signal }) => apiRequest<Tool[]>('/api/v1/tool/list', { query: { useYn: 'Y' }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user (for the subscription's user id), fetched once and shared with the shell. */
export function useEnsureUsersInfo() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.ensureQueryData({
      queryKey: usersInfoKey,
      queryFn: ({ signal }) => apiRequest<UsersInfo>('/api/v1/users/info', { signal }),
    });
}

const ADMIN_ROLES = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;

/**
 * Grade options (document-tools.md §6): administrators see every grade; everyone else the grades
 * whose parent is their school's level. When the level is unknown every grade is offered.
 */
export function useGradeOptions(): { grades: Code[]; isLoading: boolean } {
  const codes = useCodes('GRADE');
  const info = useUsersInfo();
  const all = codes.data ?? [];
  if (ADMIN_ROLES.some((role) => hasRealmRole(role))) return { grades: all, isLoading: codes.isLoading };
  if (info.isLoading) return { grades: [], isLoading: true };
  const level = info.data?.schoolInfo?.levelCodeSeq ?? null;
  const grades = level === null ? all : all.filter((grade) => grade.parentSeq === level);
  return { grades, isLoading: codes.isLoading };
}

export function codeLabel(code: Code, language: string): string {
  return language.startsWith('en') ? code.translation || code.name : code.name;
}

/** Multipart body of the tools that take files: the form as JSON in `field`, the files beside it. */
export function toolFormData(field: 'data' | 'inputDto', input: unknown, files: readonly File[]): FormData {
  const body = new FormData();
  body.append(field, JSON.stringify(input));
  for (const file of files) body.append('files', file, file.name);
  return body;
}

export type Created = { id: number };

export function createSummary(input: unknown, files: readonly File[]): Promise<Created> {
  return apiRequest<Created>('/api/v1/summary', { method: 'POST', body: toolFormData('data', input, files) });
}

export function createTextCorrection(input: unknown, files: readonly File[]): Promise<Created> {
  return apiRequest<Created>('/api/v1/text-correction', {
    method: 'POST',
    body: toolFormData('inputDto', input, files),
  });
}

export function createFeedback(input: unknown, files: readonly File[]): Promise<Created> {
  return apiRequest<Created>('/api/v1/feedback', {
    method: 'POST',
    body: toolFormData('inputDto', input, files),
  });
}

export function createLesson(input: unknown): Promise<Created> {
  return apiRequest<Created>('/api/v1/lesson', { method: 'POST', body: input });
}

/** A lesson as GET /api/v1/lesson/{id} returns it; the recreate panel needs its sections. */
export interface LessonItemResponse {
  id: number;
  title: string;
  status: number;
  creatorId: number;
  result: LessonResult | null;
}

export function useLesson(id: number, enabled = true) {
  return useQuery({
    queryKey: toolKeys.lesson(id),
    queryFn: ({ signal }) => apiRequest<LessonItemResponse>(`/api/v1/lesson/${id}`, { signal }),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}

export function deleteLessonSection(id: number, sectionId: number): Promise<unknown> {
  return apiRequest(`/api/v1/lesson/${id}/section/${sectionId}`, { method: 'DELETE' });
}

export function appendLessonSection(
  id: number,
  body: { key: number; displayNo: number; additionalInfo: string },
): Promise<Created> {
  return apiRequest<Created>(`/api/v1/lesson/${id}/append`, { method: 'POST', body });
}

/** After a generation the lists that show the new item, and a re-made document, are stale. */
export function useInvalidateMaterials() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['library'] }),
      queryClient.invalidateQueries({ queryKey: ['my-materials'] }),
      // The viewer's key (features/documents): a re-made document shows its new content.
      queryClient.invalidateQueries({ queryKey: ['document'] }),
      queryClient.invalidateQueries({ queryKey: ['tools', 'studio'] }),
    ]);
}

/** Create a studio document through `POST /api/v1/document/studio` with its `type`. */
export function createStudioDocument(type: StudioLibraryType, input: object): Promise<Created> {
  return apiRequest<Created>('/api/v1/document/studio', { method: 'POST', body: { ...input, type } });
}

/** The evaluation plan: JSON, or multipart `generateDto` + `userTemplate` with the teacher's own template. */
function evaluationPlanBody(input: object, template: File | null): object | FormData {
  if (!template) return input;
  const body = new FormData();
  body.append('generateDto', JSON.stringify(input));
  body.append('userTemplate', template, template.name);
  return body;
}

export function createEvaluationPlan(input: object, template: File | null): Promise<Created> {
  return apiRequest<Created>('/api/v1/document/evaluation-plans', {
    method: 'POST',
    body: evaluationPlanBody({ ...input, type: 'EVALUATION_PLAN' }, template),
  });
}

export function createParentLetter(input: object): Promise<Created> {
  return apiRequest<Created>('/api/v1/document/letter', {
    method: 'POST',
    body: { ...input, type: 'PARENT_LETTER' },
  });
}

/** Minutes: JSON, or multipart `inputDto` + the recording the minutes are written from. */
export function createMeetingMinutes(input: object, recording: File | null): Promise<Created> {
  const body = { ...input, type: 'MEETING_MINUTES' };
  return apiRequest<Created>('/api/v1/document/meeting-minutes', {
    method: 'POST',
    body: recording ? toolFormData('inputDto', body, [recording]) : body,
  });
}

/** The general document (/document/generate): always multipart, `data` + the optional template. */
export function createGeneralDocument(input: object, template: File | null): Promise<Created> {
  return apiRequest<Created>('/api/v1/document/generate', {
    method: 'POST',
    body: toolFormData('data', { ...input, type: 'GENERATE_DOCUMENT' }, template ? [template] : []),
  });
}

/**
 * Re-make a studio document from a changed form: `PUT /api/v1/document/studio/<slug>/{id}` (202),
 * multipart when a new file (a template, a recording) replaces the one the form keeps.
 */
export function recreateStudioDocument(
  tool: StudioTool,
  id: number,
  input: object,
  file: File | null = null,
): Promise<Created> {
  const { slug, libraryType } = STUDIO_TOOLS[tool];
  const body = { ...input, type: libraryType };
  // A new file goes beside the form as on creation: the plan's template, the minutes' recording.
  const sent =
    tool === 'evaluation-plan'
      ? evaluationPlanBody(body, file)
      : file
        ? toolFormData('inputDto', body, [file])
        : body;
  return apiRequest<Created>(`/api/v1/document/studio/${slug}/${id}`, { method: 'PUT', body: sent });
}

/** A studio item as its item route returns it, with the form it was made from for its creator. */
export interface StudioItemResponse {
  id: number;
  title: string;
  /** The stored form (null for a reader who did not make it): recreate reopens it complete. */
  input?: Record<string, unknown> | null;
  status: number;
  visibility: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
  /** The teacher changed the document since it was made (recreate would replace the changes). */
  edited?: boolean;
  creatorId: number;
  abilities: {
    view: boolean;
    use: boolean;
    edit: boolean;
    copy: boolean;
    changeSettings: boolean;
    delete: boolean;
  };
}

export function useStudioItem(tool: StudioTool, id: number | null) {
  const { slug } = STUDIO_TOOLS[tool];
  return useQuery({
    queryKey: toolKeys.studioItem(slug, id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<StudioItemResponse>(`/api/v1/document/studio/${slug}/${id}`, { signal }),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
}

/** Textbook publishers of a grade (and subject) for the evaluation plan. */
export function usePublishers(
  gradeSeq: number | null | undefined,
  subjectSeq: number | null | undefined,
  semester: number,
) {
  return useQuery({
    queryKey: toolKeys.publishers(gradeSeq ?? 0, subjectSeq ?? null, semester),
    queryFn: ({ signal }) =>
      apiRequest<Publisher[]>(`/api/v1/publishers/grade/${gradeSeq}`, {
        query: { subject: subjectSeq ? String(subjectSeq) : undefined, semester },
        signal,
      }),
    enabled: Boolean(gradeSeq),
    staleTime: 10 * 60_000,
  });
}

/**
 * The sharing a tool offers: the teacher's last choice for it (kept in their user settings on the
 * server, so it follows them from the classroom computer to the staff room's), else the tool's
 * default — private and uneditable for pupils' work and data. `remember` stores a new choice.
 */
export function useToolSharing(tool: SharingTool | undefined) {
  const queryClient = useQueryClient();
  const settings = useUserSettings();
  const remembered = tool ? settings.data?.toolSharing?.[tool] : undefined;
  return {
    isReady: !tool || !settings.isLoading,
    sharing: tool ? (remembered ?? defaultSharing(tool)) : undefined,
    remember(sharing: Sharing) {
      if (!tool) return;
      const toolSharing = { ...(settings.data?.toolSharing ?? {}), [tool]: sharing };
      queryClient.setQueryData<UserSettings>(chatKeys.settings, (current) =>
        current ? { ...current, toolSharing } : current,
      );
      void apiRequest<UserSettings>('/api/v1/user-settings', { method: 'PUT', body: { toolSharing } }).catch(
        () => undefined,
      );
    },
  };
}
