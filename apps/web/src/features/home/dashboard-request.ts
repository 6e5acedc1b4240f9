/**
 * Starting the dashboard's one request (home/api.ts) before the home is there to ask for it: from
 * the /dashboard route's loader (signed-in-routes.tsx), beside the screen's code, and from the
 * sign-in callback as soon as the tokens are stored (features/auth/sign-in-exchange.ts). Small and
 * apart from the home's code, which it loads only when it is used.
 */
import { loadAppQueryClient } from '../../lib/app-query-client';
import { i18n } from '../../lib/i18n';
import { isSignedIn } from '../../lib/session';

/** The first part of the dashboard query's key: the shell tells from it that the request is under way. */
export const DASHBOARD_KEY_ROOT = 'dashboard';

/**
 * Starts the request into the query cache, where the home's own query joins it or finds its answer
 * (a failure is the home's to show: its query asks again). Without a session there is nothing to ask.
 */
export function startDashboardRequest(): void {
  if (!isSignedIn()) return;
  // The key's language is the one the home's own query uses (useDashboard).
  const language = i18n.resolvedLanguage ?? i18n.language;
  void Promise.all([import('./api'), loadAppQueryClient()])
    .then(([api, queryClient]) => api.prefetchDashboard(queryClient, language))
    .catch(() => undefined);
}
