import type { ErrorReport } from '@ssaem/contracts/error-reports';
import { apiRequest } from '../api-client';
import { ERROR_REPORT_PATH, type ErrorFacts, shouldReport, toErrorFacts } from './error-filter';
import { parseUserAgent } from './user-agent';

export interface ErrorReporterOptions {
  send: (report: ErrorReport) => Promise<unknown>;
  userAgent: string;
  currentUrl: () => string;
  /** A page stuck in an error loop stops reporting after this many distinct errors. */
  maxReports?: number;
}

export interface ErrorReporter {
  /** Reports an error unless it is filtered out or was already reported; true when sent. */
  report: (thrown: unknown, fallbackName?: string) => boolean;
}

// The server's schema limits (errorReportSchema); longer values would be refused whole.
const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

export function buildErrorReport(facts: ErrorFacts, userAgent: string, url: string): ErrorReport {
  const { browser, os, device } = parseUserAgent(userAgent);
  return {
    errorMessage: clip(facts.message, 2000),
    errorType: clip(facts.name, 200),
    errorStack: facts.stack ? clip(facts.stack, 10000) : undefined,
    errorUrl: clip(url, 2000),
    errorBrowser: browser,
    errorOs: os,
    errorDevice: device,
    errorUserAgent: clip(userAgent, 1000),
  };
}

function dedupeKey(facts: ErrorFacts): string {
  const firstFrame = facts.stack?.split('\n').find((line) => line.trim().startsWith('at ')) ?? '';
  return `${facts.name}|${facts.message}|${firstFrame.trim()}`;
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const seen = new Set<string>();
  const maxReports = options.maxReports ?? 10;
  return {
    report(thrown, fallbackName) {
      const facts = toErrorFacts(thrown, fallbackName);
      if (!shouldReport(facts)) return false;
      const key = dedupeKey(facts);
      if (seen.has(key) || seen.size >= maxReports) return false;
      seen.add(key);
      // A failed report is dropped silently: reporting it would only loop.
      options.send(buildErrorReport(facts, options.userAgent, options.currentUrl())).catch(() => {});
      return true;
    },
  };
}

let defaultReporter: ErrorReporter | null = null;

/** The page's reporter, sending to the API (loaded on the first error, see report-client-error.ts). */
export function defaultErrorReporter(): ErrorReporter {
  defaultReporter ??= createErrorReporter({
    send: (report) => apiRequest(ERROR_REPORT_PATH, { method: 'POST', body: report, keepalive: true }),
    userAgent: navigator.userAgent,
    currentUrl: () => window.location.href,
  });
  return defaultReporter;
}
