import type { ErrorReport } from '@ssaem/contracts/error-reports';
import { errorReportSchema } from '@ssaem/contracts/error-reports';
import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter } from './error-reporter';
import { installErrorReporting } from './report-client-error';

const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function setup(send = vi.fn(async (_report: ErrorReport) => ({ id: 1 }))) {
  const reporter = createErrorReporter({
    send,
    userAgent: USER_AGENT,
    currentUrl: () => 'http://localhost/landing',
  });
  return { reporter, send };
}

describe('createErrorReporter', () => {
  it('sends a report the server schema accepts, with browser, OS and device', () => {
    const { reporter, send } = setup();
    expect(reporter.report(new TypeError('x is not a function'))).toBe(true);
    const report = send.mock.calls[0]?.[0];
    expect(errorReportSchema.safeParse(report).success).toBe(true);
    expect(report).toMatchObject({
      errorMessage: 'x is not a function',
      errorType: 'TypeError',
      errorUrl: 'http://localhost/landing',
      errorBrowser: 'Chrome 131',
      errorOs: 'Windows 10/11',
      errorDevice: 'desktop',
      errorUserAgent: USER_AGENT,
    });
  });

  it('clips long messages and stacks to the schema limits', () => {
    const { reporter, send } = setup();
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(20000);
    reporter.report(error);
    const report = send.mock.calls[0]?.[0];
    expect(report?.errorMessage).toHaveLength(2000);
    expect(report?.errorStack).toHaveLength(10000);
    expect(errorReportSchema.safeParse(report).success).toBe(true);
  });

  it('reports a repeated error once', () => {
    const { reporter, send } = setup();
    const failAtTheSamePlace = () => new Error('same');
    reporter.report(failAtTheSamePlace());
    reporter.report(failAtTheSamePlace());
    reporter.report(failAtTheSamePlace());
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('reports the same message again when it comes from another place in the code', () => {
    const { reporter, send } = setup();
    reporter.report(new Error('same'));
    reporter.report(new Error('same'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not send filtered errors', () => {
    const { reporter, send } = setup();
    expect(reporter.report(new TypeError('Failed to fetch'))).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('stops after the per-page cap so an error loop cannot flood the server', () => {
    const send = vi.fn(async () => ({ id: 1 }));
    const reporter = createErrorReporter({
      send,
      userAgent: USER_AGENT,
      currentUrl: () => '/',
      maxReports: 3,
    });
    for (let i = 0; i < 10; i++) reporter.report(new Error(`distinct ${i}`));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('swallows a failed send instead of reporting it', async () => {
    const send = vi.fn(async () => {
      throw new Error('POST /api/v1/error-reports failed');
    });
    const { reporter } = setup(send);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    reporter.report(new Error('original'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('installErrorReporting', () => {
  it('reports uncaught errors and unhandled rejections, and stops when uninstalled', () => {
    const report = vi.fn();
    const uninstall = installErrorReporting(window, report);
    const error = new Error('uncaught');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'uncaught' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'rejected' });
    window.dispatchEvent(rejection);
    expect(report).toHaveBeenNthCalledWith(1, error);
    expect(report).toHaveBeenNthCalledWith(2, 'rejected', 'UnhandledRejection');

    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'uncaught' }));
    expect(report).toHaveBeenCalledTimes(2);
  });
});
