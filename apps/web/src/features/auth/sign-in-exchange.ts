/**
 * The code exchange of /auth/callback, started by the route's loader as soon as the router starts
 * (entry-routes.tsx), beside the callback screen's code and texts rather than after the screen has
 * rendered. The screen (auth-callback-page.tsx) waits for the same exchange.
 */
import { completeSignIn } from '../../lib/auth/auth-client';
// Static, so that its chunk downloads with this one instead of after it, and the token request
// goes out in the task that starts the exchange.
import { getUserManager } from '../../lib/auth/oidc-manager';

// The code can be exchanged once; React's development double effect must not try twice.
let exchange: { url: string; result: Promise<string> } | null = null;

/** Exchanges the code in `url` for tokens, once per address; resolves to where to go next. */
export function completeOnce(url: string): Promise<string> {
  if (exchange?.url !== url) exchange = { url, result: completeSignIn(url, getUserManager()) };
  return exchange.result;
}
