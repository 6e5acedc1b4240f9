import { isApiError } from './api-client';
import { fieldMessage } from './field-messages';

/** A form's problems by field: the first path segment of each schema issue, with its message in the page's language. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return Object.fromEntries(
    issues.map((issue) => [String(issue.path[0]), fieldMessage(issue.message)]),
  ) as Record<string, string>;
}

/**
 * The server's per-field problems (E_VALIDATION `details`) by form field, or null when it sent
 * none. The server names where in the request a problem is (`body.redirectUris.0`); a form's field
 * is the first segment of the body's path (`redirectUris`), as `fieldErrorsOf` gives it.
 */
export function apiFieldErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.details.length === 0) return null;
  return Object.fromEntries(
    error.details.map((detail) => [
      detail.path.replace(/^(body|querystring|params)\./, '').split('.')[0] ?? detail.path,
      detail.message,
    ]),
  );
}
