/**
 * The code exchange of /auth/callback, started by the route's loader as soon as the router starts
 * (entry-routes.tsx), beside the callback screen's code and texts rather than after the screen has
 * rendered. The screen (auth-callback-page.tsx) waits for the same exchange.
 */
import { completeSignIn, currentAccessToken, DEFAULT_RETURN_PATH } from '../../lib/auth/auth-client';
// Static, so that its chunk downloads with this one instead of after it, and the token request
// goes out in the task that starts the exchange.
import { getUserManager } from '../../lib/auth/oidc-manager';
import { startDashboardRequest } from '../home/dashboard-request';

// The code can be exchanged once; React's development double effect must not try twice.
let exchange: { url: string; result: Promise<string> } | null = null;

/** Exchanges the code in `url` for tokens, once per address; resolves to where to go next. */
export function completeOnce(url: string): Promise<string> {
  if (exchange?.url !== url)
    exchange = { url, result: completeSignIn(url, getUserManager()).then(startHome) };
  return exchange.result;
}

/**
 * Most sign-ins end on the home: its one request starts as soon as the tokens are stored, while
 * the home's code runs and the router moves there, so that the home usually draws with its data.
 */
function startHome(returnTo: string): string {
  if (returnTo === DEFAULT_RETURN_PATH) startDashboardRequest(currentAccessToken());
  return returnTo;
}
