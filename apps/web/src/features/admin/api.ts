import type {
  AdminUser,
  AdminUserCreate,
  AdminUserPage,
  AdminUserUpdate,
  AiPromptVersion,
  AuditPage,
  ErrorGroup,
  ErrorGroupPage,
  MyUsage,
  PlaygroundGenerate,
  PlaygroundResult,
  UsageDashboard,
  UserSession,
} from '@ssaem/contracts/admin';
import type { UserBatchReport } from '@ssaem/contracts/classes';
import type {
  LicenseKeyBatch,
  LicenseKeyGroup,
  LicensePlan,
  LicensePlanCreate,
  UserLicense,
} from '@ssaem/contracts/licenses';
import type { PartnerProduct, PartnerProductCreate, PartnerProductUpdate } from '@ssaem/contracts/partners';
import type { MembershipRequest, RoleName } from '@ssaem/contracts/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest, buildApiUrl } from '../../lib/api-client';
import { saveBlob } from '../tool-views/save-blob';

type Query = Record<string, string | number | undefined>;

export const adminKeys = {
  all: ['admin'] as const,
  users: (query: Query) => ['admin', 'users', query] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  sessions: (id: number) => ['admin', 'user', id, 'sessions'] as const,
  roles: ['admin', 'roles'] as const,
  requests: ['admin', 'school-requests'] as const,
  domains: (schoolId: number) => ['admin', 'domains', schoolId] as const,
  usage: (query: Query) => ['admin', 'usage', query] as const,
  audit: (query: Query) => ['admin', 'audit', query] as const,
  errors: (query: Query) => ['admin', 'errors', query] as const,
};

export function useAdminUsers(query: Query) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => apiRequest<AdminUserPage>('/api/v1/users', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: number) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => apiRequest<AdminUser>(`/api/v1/users/${id}`, { signal }),
  });
}

export function useUserSessions(id: number) {
  return useQuery({
    queryKey: adminKeys.sessions(id),
    queryFn: ({ signal }) => apiRequest<UserSession[]>(`/api/v1/users/${id}/sessions`, { signal }),
  });
}

export function useRoles() {
  return useQuery({
    queryKey: adminKeys.roles,
    queryFn: ({ signal }) =>
      apiRequest<{ name: RoleName; grantable: boolean }[]>('/api/v1/roles', { signal }),
    staleTime: 300_000,
  });
}

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: AdminUserCreate) => apiRequest<AdminUser>('/api/v1/users', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/**
 * Users batch create from an .xlsx (multipart). The server checks every row first: a report with
 * problems means nothing was created; a clean one lists the accounts with any generated password.
 */
export function useBatchCreateUsers() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ file, schoolId }: { file: File; schoolId?: number | undefined }) => {
      const body = new FormData();
      if (schoolId !== undefined) body.append('schoolId', String(schoolId));
      body.append('file', file);
      return apiRequest<UserBatchReport>('/api/v1/users/batch', { method: 'POST', body });
    },
    onSuccess: (report) => {
      if (report.created.length) void invalidate();
    },
  });
}

export function downloadUsersTemplate(): Promise<void> {
  return downloadExport('/api/v1/users/batch/template', {}, '계정 일괄 등록 양식.xlsx');
}

export function useUpdateUser(id: number) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: AdminUserUpdate) =>
      apiRequest<AdminUser>(`/api/v1/users/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSetEnabled(id: number) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest<AdminUser>(`/api/v1/users/${id}/enabled`, { method: 'PUT', body: { enabled } }),
    onSuccess: invalidate,
  });
}

export function useSetRoles(id: number) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (roles: RoleName[]) =>
      apiRequest<AdminUser>(`/api/v1/users/${id}/roles`, { method: 'PUT', body: { roles } }),
    onSuccess: invalidate,
  });
}

export function useRevokeSession(id: number) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      sessionId
        ? apiRequest(`/api/v1/users/${id}/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' })
        : apiRequest(`/api/v1/users/${id}/not-before`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useSchoolRequests() {
  return useQuery({
    queryKey: adminKeys.requests,
    queryFn: ({ signal }) => apiRequest<MembershipRequest[]>('/api/v1/users/school-requests', { signal }),
  });
}

export function useDecideRequest() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      apiRequest<MembershipRequest>(`/api/v1/users/school-requests/${id}/${decision}`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useEmailDomains(schoolId: number | null) {
  return useQuery({
    queryKey: adminKeys.domains(schoolId ?? 0),
    enabled: schoolId !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ domains: string[] }>(`/api/v1/schools/${schoolId}/email-domains`, { signal }),
  });
}

export function useSaveEmailDomains(schoolId: number) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (domains: string[]) =>
      apiRequest<{ domains: string[] }>(`/api/v1/schools/${schoolId}/email-domains`, {
        method: 'PUT',
        body: { domains },
      }),
    onSuccess: invalidate,
  });
}

export function useUsage(query: Query) {
  return useQuery({
    queryKey: adminKeys.usage(query),
    queryFn: ({ signal }) => apiRequest<UsageDashboard>('/api/v1/token-tracker', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyUsage() {
  return useQuery({
    queryKey: ['token-tracker', 'me'],
    queryFn: ({ signal }) => apiRequest<MyUsage>('/api/v1/token-tracker/me', { query: { days: 30 }, signal }),
  });
}

export function useAuditLog(query: Query) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => apiRequest<AuditPage>('/api/v1/admin/audit-log', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useErrorGroups(query: Query) {
  return useQuery({
    queryKey: adminKeys.errors(query),
    queryFn: ({ signal }) => apiRequest<ErrorGroupPage>('/api/v1/admin/error-reports', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResolveErrorGroup() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ signature, resolved }: { signature: string; resolved: boolean }) =>
      apiRequest<ErrorGroup>(`/api/v1/admin/error-reports/${signature}`, {
        method: 'PUT',
        body: { resolved },
      }),
    onSuccess: invalidate,
  });
}

/** Downloads an export (the server names the file; we name it the same for the browser). */
export async function downloadExport(path: string, query: Query, fileName: string): Promise<void> {
  const blob = await apiBlob(buildApiUrl(path, query));
  saveBlob(blob, fileName);
}

export interface PromptRow {
  seq: number;
  name: string;
  toolCode: string | null;
  systemPrompt: string;
  useYn: 'Y' | 'N';
  updatedAt: string;
}

export function usePrompts() {
  return useQuery({
    queryKey: ['admin', 'prompts'],
    queryFn: ({ signal }) => apiRequest<PromptRow[]>('/api/v1/ai/prompt', { signal }),
  });
}

export function usePromptVersions(seq: number | null) {
  return useQuery({
    queryKey: ['admin', 'prompts', seq, 'versions'],
    enabled: seq !== null,
    queryFn: ({ signal }) => apiRequest<AiPromptVersion[]>(`/api/v1/ai/prompt/${seq}/versions`, { signal }),
  });
}

// `onDone` runs in the hook's own callback, not in mutate()'s: the refetch that follows gives the
// prompt a new updatedAt, the editor keyed on it remounts, and mutate()'s callbacks of an
// unmounted observer never fire (the confirmation would be lost).
export function useSavePrompt(seq: number, onDone?: () => void) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: Partial<Pick<PromptRow, 'name' | 'systemPrompt' | 'useYn'>>) =>
      apiRequest<PromptRow>(`/api/v1/ai/prompt/${seq}`, { method: 'PUT', body }),
    onSuccess: () => {
      onDone?.();
      return invalidate();
    },
  });
}

export function useRollbackPrompt(seq: number, onDone?: (version: number) => void) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (version: number) =>
      apiRequest<PromptRow>(`/api/v1/ai/prompt/${seq}/versions/${version}/rollback`, { method: 'POST' }),
    onSuccess: (_row, version) => {
      onDone?.(version);
      return invalidate();
    },
  });
}

/** Runs a draft and the live prompt side by side (nothing is published). */
export function usePlaygroundRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaygroundGenerate) =>
      apiRequest<PlaygroundResult>('/api/v1/playground/generate', { method: 'POST', body }),
    // The runs count as the super administrator's playground usage.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'usage'] }),
  });
}

// ---- licence plans (the super administrator) -------------------------------------------------

const licencePlansKey = ['admin', 'licence-plans'] as const;

export function useLicencePlans() {
  return useQuery({
    queryKey: licencePlansKey,
    queryFn: ({ signal }) => apiRequest<{ items: LicensePlan[] }>('/api/v1/license', { signal }),
  });
}

/** Creates a plan (no id) or changes one; the list is read again after. */
export function useSaveLicencePlan() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: LicensePlanCreate }) =>
      id === undefined
        ? apiRequest<LicensePlan>('/api/v1/license', { method: 'POST', body })
        : apiRequest<LicensePlan>(`/api/v1/license/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSetLicencePlanUse() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, useYn }: { id: number; useYn: 'Y' | 'N' }) =>
      apiRequest<LicensePlan>(`/api/v1/license/${id}/use-yn`, { method: 'PUT', body: { useYn } }),
    onSuccess: invalidate,
  });
}

// ---- licence keys by group (the super administrator) -----------------------------------------

const keyGroupsKey = ['admin', 'licence-key-groups'] as const;

export function useLicenceKeyGroups() {
  return useQuery({
    queryKey: keyGroupsKey,
    queryFn: ({ signal }) => apiRequest<LicenseKeyGroup[]>('/api/v1/license-key/groups', { signal }),
  });
}

export function useMakeLicenceKeys() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: LicenseKeyBatch) =>
      apiRequest<LicenseKeyGroup>('/api/v1/license-key/batch', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useSendLicenceKeys(groupName: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (emails: string[]) =>
      apiRequest<{ sent: number; remaining: number }>(
        `/api/v1/license-key/groups/${encodeURIComponent(groupName)}/send-email`,
        { method: 'POST', body: { emails } },
      ),
    onSuccess: invalidate,
  });
}

export function downloadKeyGroup(groupName: string): Promise<void> {
  return downloadExport(
    `/api/v1/license-key/groups/${encodeURIComponent(groupName)}/keys`,
    {},
    `라이선스 키 ${groupName}.xlsx`,
  );
}

export function useLicenceHistory(userId: number, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'licence-history', userId, pageIndex] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ items: UserLicense[]; total: number }>('/api/v1/user-license', {
        query: { userId, pageIndex, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRevokeKeyGroup() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (groupName: string) =>
      apiRequest<{ revoked: number }>(`/api/v1/license-key/groups/${encodeURIComponent(groupName)}/revoke`, {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}

// ---- partner products (the super administrator) ------------------------------------------------

const partnerProductsKey = ['admin', 'partner-products'] as const;

export function usePartnerProducts() {
  return useQuery({
    queryKey: partnerProductsKey,
    queryFn: ({ signal }) => apiRequest<{ items: PartnerProduct[] }>('/api/v1/partner-products', { signal }),
  });
}

/** Registers a product (no id) or changes one; the list is read again after. */
export function useSavePartnerProduct() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PartnerProductCreate | PartnerProductUpdate }) =>
      id === undefined
        ? apiRequest<PartnerProduct>('/api/v1/partner-products', { method: 'POST', body })
        : apiRequest<PartnerProduct>(`/api/v1/partner-products/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSetPartnerProductEnabled() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      apiRequest<PartnerProduct>(`/api/v1/partner-products/${id}/enabled`, {
        method: 'PUT',
        body: { enabled },
      }),
    onSuccess: invalidate,
  });
}
