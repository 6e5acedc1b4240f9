import type { ErrorReporter } from './error-reporter';

/**
 * The entry-side half of error reporting: it listens from the first moment, and loads the
 * reporter (filters, user-agent parsing, the API call) only when there is something to report,
 * so the first page a visitor opens does not carry it.
 */
let reporter: Promise<ErrorReporter> | null = null;

function loadReporter(): Promise<ErrorReporter> {
  reporter ??= import('./error-reporter').then((module) => module.defaultErrorReporter());
  return reporter;
}

/** Reports an error caught by an error boundary or by hand. */
export function reportClientError(thrown: unknown, fallbackName?: string): void {
  // A reporter that cannot load (offline, a new deployment) has nothing to report to.
  loadReporter()
    .then((loaded) => loaded.report(thrown, fallbackName))
    .catch(() => {});
}

/** Listens for uncaught errors and unhandled promise rejections; returns the unsubscribe. */
export function installErrorReporting(
  target: Window = window,
  report: (thrown: unknown, fallbackName?: string) => void = reportClientError,
): () => void {
  const handleError = (event: ErrorEvent) => report(event.error ?? event.message);
  const handleRejection = (event: PromiseRejectionEvent) => report(event.reason, 'UnhandledRejection');
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}
