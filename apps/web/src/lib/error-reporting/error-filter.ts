/** What the filter needs to know about an error, whatever shape it was thrown in. */
export interface ErrorFacts {
  name: string;
  message: string;
  stack?: string;
}

export const ERROR_REPORT_PATH = '/api/v1/error-reports';

// Messages browsers use when a request or a lazily loaded chunk cannot be fetched.
const NETWORK_MESSAGES = [
  /failed to fetch/i,
  /networkerror/i,
  /network ?error/i,
  /network request failed/i,
  /network connection was lost/i,
  /internet connection appears to be offline/i,
  /^load failed$/i,
  /dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /err_(?:internet_disconnected|network_changed|connection_\w+)/i,
];

// Errors that say nothing the app could act on: cross-origin scripts, extensions, a layout notice.
const NOISE_MESSAGES = [/^script error\.?$/i, /resizeobserver loop/i];
const EXTENSION_STACK = /(?:chrome|moz|safari(?:-web)?)-extension:\/\//;

export function isNetworkError(facts: ErrorFacts): boolean {
  return NETWORK_MESSAGES.some((pattern) => pattern.test(facts.message));
}

/** Mentions the API: an API failure is already visible on the server, reporting it twice adds noise. */
export function mentionsApi(facts: ErrorFacts): boolean {
  return facts.name === 'ApiError' || /\bapi\b|\/api\//i.test(facts.message);
}

export function comesFromErrorEndpoint(facts: ErrorFacts): boolean {
  return facts.message.includes(ERROR_REPORT_PATH) || facts.message.includes('error-reports');
}

function isNoise(facts: ErrorFacts): boolean {
  if (NOISE_MESSAGES.some((pattern) => pattern.test(facts.message))) return true;
  return Boolean(facts.stack && EXTENSION_STACK.test(facts.stack) && !facts.stack.includes(location.origin));
}

/** core.md §8: report client errors except API, network and error-endpoint ones. */
export function shouldReport(facts: ErrorFacts): boolean {
  if (!facts.message.trim()) return false;
  return !mentionsApi(facts) && !isNetworkError(facts) && !comesFromErrorEndpoint(facts) && !isNoise(facts);
}

/** Normalises anything thrown (Error, string, object) into the facts the filter and report use. */
export function toErrorFacts(thrown: unknown, fallbackName = 'Error'): ErrorFacts {
  if (thrown instanceof Error) {
    return { name: thrown.name || fallbackName, message: thrown.message, stack: thrown.stack };
  }
  if (typeof thrown === 'string') return { name: fallbackName, message: thrown };
  if (typeof thrown === 'object' && thrown !== null && 'message' in thrown) {
    return { name: fallbackName, message: String((thrown as { message: unknown }).message) };
  }
  return { name: fallbackName, message: thrown === undefined ? '' : String(thrown) };
}
