import type { Dashboard } from '@ssaem/contracts/dashboard';
import { DASHBOARD_SIZES } from '@ssaem/contracts/plain-values';
import type { MembershipRequest } from '@ssaem/contracts/users';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';
import { usersInfoKey } from '../account/api';
import { chatKeys } from '../chat/api';
import { edutechKeys } from '../edutech/api';
import { libraryKeys } from '../library/api';
import { licenceKeys } from '../licences/api';
import { noticeKeys } from '../notices/api';
import { toolKeys } from '../tools/api';
import { dashboardKey } from './dashboard-request';

export const homeKeys = {
  pendingRequests: ['users', 'school-requests', 'PENDING'] as const,
  dashboard: dashboardKey,
};

/**
 * Puts each section where the hook that shows it looks, so the home's own components render
 * from the one answer. A null section is one this user's home does not show: left alone.
 * The entries are fresh from now, so those hooks do not ask again until they go stale.
 */
export function seedDashboardSections(queryClient: QueryClient, dashboard: Dashboard, language: string) {
  queryClient.setQueryData(usersInfoKey, dashboard.info);
  queryClient.setQueryData(licenceKeys.validity, dashboard.licence);
  queryClient.setQueryData(noticeKeys.latest(DASHBOARD_SIZES.notices), dashboard.notices);
  if (dashboard.tools) queryClient.setQueryData(toolKeys.list(language), dashboard.tools);
  if (dashboard.recentMaterials)
    queryClient.setQueryData(libraryKeys.recent(DASHBOARD_SIZES.recentMaterials), dashboard.recentMaterials);
  if (dashboard.sharedMaterials)
    queryClient.setQueryData(
      libraryKeys.sharedRecent(DASHBOARD_SIZES.sharedMaterials),
      dashboard.sharedMaterials,
    );
  // The conversation list is paged (the chat sidebar reads the same key): this is its first page.
  if (dashboard.conversations)
    queryClient.setQueryData(chatKeys.conversations, { pages: [dashboard.conversations], pageParams: [0] });
  if (dashboard.pendingRequests)
    queryClient.setQueryData(homeKeys.pendingRequests, dashboard.pendingRequests);
  if (dashboard.recommendations) queryClient.setQueryData(edutechKeys.strip, dashboard.recommendations);
}

/**
 * The dashboard's query: one request, its sections seeded before the home renders them. `sent` is
 * a request already under way (dashboard-request.ts), taken instead of asking again.
 */
function dashboardQuery(queryClient: QueryClient, language: string, sent?: () => Promise<Dashboard>) {
  return {
    queryKey: homeKeys.dashboard(language),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      // Taken once: a retry asks anew.
      const already = sent;
      sent = undefined;
      const dashboard = await (already ? already() : apiRequest<Dashboard>('/api/v1/dashboard', { signal }));
      // Seeded before the home renders its sections, so their hooks find the data on mount.
      seedDashboardSections(queryClient, dashboard, language);
      return dashboard;
    },
  };
}

/** Everything the signed-in home shows, in one request (GET /api/v1/dashboard). */
export function useDashboard() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  // The tool labels come in the request's language, which the API client takes from here too.
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useQuery(dashboardQuery(queryClient, language));
}

/**
 * Asks for the dashboard as the router starts for /dashboard (signed-in-routes.tsx), beside the
 * screen's code instead of after the shell and the home have rendered: on a slow phone that render
 * takes longer than the request, so the home usually draws with its data at once. The home's own
 * query joins the request, or finds its answer (a failure is asked again by the home).
 */
export function prefetchDashboard(
  queryClient: QueryClient,
  language: string,
  sent?: () => Promise<Dashboard>,
): Promise<void> {
  return queryClient.prefetchQuery(dashboardQuery(queryClient, language, sent));
}

/** Requests to join the administrator's school (a super administrator: every school) not yet decided. */
export function usePendingMembershipRequests(enabled = true) {
  return useQuery({
    queryKey: homeKeys.pendingRequests,
    queryFn: ({ signal }) =>
      apiRequest<MembershipRequest[]>('/api/v1/users/school-requests', {
        query: { status: 'PENDING' },
        signal,
      }),
    enabled,
  });
}

export type MembershipDecision = 'approve' | 'reject';

/** Approves or rejects one request; the pending list is read again after it. */
export function useDecideMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: MembershipDecision }) =>
      apiRequest<MembershipRequest>(`/api/v1/users/school-requests/${id}/${decision}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeKeys.pendingRequests }),
  });
}
