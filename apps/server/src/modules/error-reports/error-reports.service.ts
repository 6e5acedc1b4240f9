import type { ErrorReport } from '@ssaem/contracts';
import type { ErrorReportRepository } from './error-reports.repository.ts';

export function createErrorReportService(repository: ErrorReportRepository) {
  return {
    /** Stores a report; the client's address and agent come from the request, not the body. */
    recordErrorReport(
      report: ErrorReport,
      client: { ip: string; userAgent: string | undefined; userId: number | null },
    ) {
      return repository.insert({
        userId: client.userId,
        errorMessage: report.errorMessage,
        errorType: report.errorType ?? null,
        errorStack: report.errorStack ?? null,
        errorUrl: report.errorUrl ?? null,
        errorBrowser: report.errorBrowser ?? null,
        errorOs: report.errorOs ?? null,
        errorDevice: report.errorDevice ?? null,
        errorUserAgent: report.errorUserAgent ?? client.userAgent ?? null,
        errorIp: client.ip,
        createdAt: new Date().toISOString(),
      });
    },
  };
}

export type ErrorReportService = ReturnType<typeof createErrorReportService>;
