/**
 * Starting the dashboard's one request (home/api.ts) before the home is there to ask for it: from
 * the /dashboard route's loader (signed-in-routes.tsx), beside the screen's code, and from the
 * sign-in callback as soon as the tokens are stored (features/auth/sign-in-exchange.ts). Small and
 * apart from the home's code, which it loads only when it is used.
 */
import type { Dashboard } from '@ssaem/contracts/dashboard';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { appQueryClient, loadAppQueryClient } from '../../lib/app-query-client';
import { i18n } from '../../lib/i18n';
import { isSignedIn } from '../../lib/session';

/** The first part of the dashboard query's key: the shell tells from it that the request is under way. */
export const DASHBOARD_KEY_ROOT = 'dashboard';

/** The dashboard query's key: its answer comes in the visitor's language (tool labels). */
export const dashboardKey = (language: string) => [DASHBOARD_KEY_ROOT, language] as const;

/** A request sent before the home's code was there to file its answer; at most one at a time. */
let early: Promise<Dashboard> | null = null;

/** Whether the dashboard's request is under way: sent early, or asked by its query. */
export function dashboardRequestUnderWay(queryClient: QueryClient): boolean {
  return early !== null || queryClient.isFetching({ queryKey: [DASHBOARD_KEY_ROOT] }) > 0;
}

/**
 * Starts the request into the query cache, where the home's own query joins it or finds its answer
 * (a failure is the home's to show: its query asks again). Without a session there is nothing to ask.
 *
 * When no query holds the dashboard yet, the request leaves at once and the home's code, which
 * files the answer, loads meanwhile: on a slow phone evaluating that code (the contracts' schemas)
 * took longer than the request (0.4 s at 4× CPU after sign-in). Otherwise the query decides
 * whether to ask again (it does not while its answer is fresh). `accessToken` is the one just
 * received at sign-in, so that the request leaves in this task.
 */
export function startDashboardRequest(accessToken: string | null = null): void {
  if (!isSignedIn() || early) return;
  // The key's language is the one the home's own query uses (useDashboard).
  const language = i18n.resolvedLanguage ?? i18n.language;
  const known = appQueryClient()?.getQueryState(dashboardKey(language)) !== undefined;
  const answer = known
    ? null
    : apiRequest<Dashboard>('/api/v1/dashboard', accessToken ? { accessToken } : {});
  if (answer) {
    early = answer;
    answer.catch(() => undefined);
  }
  // Handed once to the query that files it; the query then shows the request under way.
  const takeAnswer = answer
    ? () => {
        if (early === answer) early = null;
        return answer;
      }
    : undefined;
  void Promise.all([import('./api'), loadAppQueryClient()])
    .then(([api, queryClient]) => api.prefetchDashboard(queryClient, language, takeAnswer))
    .catch(() => undefined)
    .finally(() => {
      // Should the query have had its answer already, the early one is not waited for again.
      if (early === answer) early = null;
    });
}
