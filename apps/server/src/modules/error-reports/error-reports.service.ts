import type { ErrorGroup, ErrorGroupPage, ErrorReport } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ErrorReportRepository, GroupStatus } from './error-reports.repository.ts';
import { errorSignature } from './error-signature.ts';

export function createErrorReportService(repository: ErrorReportRepository) {
  async function group(row: {
    signature: string | null;
    resolvedAt: string | null;
    count: number;
    users: number;
    firstSeen: string;
    lastSeen: string;
  }): Promise<ErrorGroup> {
    const signature = row.signature ?? '';
    const [latest, urls, browsers, systems] = await Promise.all([
      repository.latestOf(signature),
      repository.topValues(signature, 'errorUrl', 5),
      repository.topValues(signature, 'errorBrowser', 5),
      repository.topValues(signature, 'errorOs', 5),
    ]);
    const resolved = row.resolvedAt !== null && row.resolvedAt >= row.lastSeen;
    return {
      signature,
      message: latest?.errorMessage ?? '',
      errorType: latest?.errorType ?? null,
      stack: latest?.errorStack ?? null,
      count: Number(row.count),
      users: Number(row.users),
      firstSeen: row.firstSeen,
      lastSeen: row.lastSeen,
      urls,
      browsers,
      systems,
      resolved,
      resolvedAt: resolved ? row.resolvedAt : null,
    };
  }

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
        signature: errorSignature(report.errorMessage, report.errorStack),
        createdAt: new Date().toISOString(),
      });
    },

    /** Reports grouped by signature, the most recently seen first. */
    async groups(query: {
      status: GroupStatus;
      pageIndex: number;
      pageSize: number;
    }): Promise<ErrorGroupPage> {
      const { rows, total } = await repository.groupPage(
        query.status,
        query.pageIndex * query.pageSize,
        query.pageSize,
      );
      return {
        items: await Promise.all(rows.map(group)),
        total,
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
      };
    },

    async setResolved(signature: string, resolved: boolean, userId: number) {
      if (!(await repository.groupExists(signature))) throw new AppError('E_NOT_FOUND');
      await repository.setResolved(
        signature,
        resolved ? new Date().toISOString() : null,
        resolved ? userId : null,
      );
      const row = await repository.groupRow(signature);
      if (!row) throw new AppError('E_NOT_FOUND');
      return group(row);
    },
  };
}

export type ErrorReportService = ReturnType<typeof createErrorReportService>;
