import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { shouldReport, toErrorFacts } from './error-filter';

const report = (thrown: unknown) => shouldReport(toErrorFacts(thrown));

describe('shouldReport', () => {
  it('reports ordinary client errors', () => {
    expect(report(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(true);
    expect(report(new RangeError('Invalid time value'))).toBe(true);
    expect(report('plain string failure')).toBe(true);
  });

  it('skips errors that mention the API', () => {
    expect(report(new ApiError('E_FORBIDDEN', 403, '권한이 없습니다.'))).toBe(false);
    expect(report(new Error('Request to /api/v1/library/recent/5 failed'))).toBe(false);
    expect(report(new Error('API responded with 500'))).toBe(false);
  });

  it('skips network errors in every browser wording', () => {
    expect(report(new TypeError('Failed to fetch'))).toBe(false);
    expect(report(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(false);
    expect(report(new TypeError('Load failed'))).toBe(false);
    expect(report(new TypeError('Network request failed'))).toBe(false);
    expect(report(new TypeError('Failed to fetch dynamically imported module: /assets/home-page.js'))).toBe(
      false,
    );
    expect(report(new TypeError('Importing a module script failed.'))).toBe(false);
  });

  it('skips errors from the error endpoint itself', () => {
    expect(report(new Error('POST error-reports rejected'))).toBe(false);
  });

  it('skips messages without information', () => {
    expect(report(new Error(''))).toBe(false);
    expect(report('Script error.')).toBe(false);
    expect(report(new Error('ResizeObserver loop completed with undelivered notifications.'))).toBe(false);
  });

  it('skips errors raised inside browser extensions', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at x (chrome-extension://abcdef/content.js:1:1)';
    expect(report(error)).toBe(false);
  });

  it('does not mistake "api" inside another word for the API', () => {
    expect(report(new Error('Rapid clicks queued twice'))).toBe(true);
  });
});

describe('toErrorFacts', () => {
  it('normalises what can be thrown', () => {
    expect(toErrorFacts(new SyntaxError('bad'))).toMatchObject({ name: 'SyntaxError', message: 'bad' });
    expect(toErrorFacts('text', 'UnhandledRejection')).toEqual({
      name: 'UnhandledRejection',
      message: 'text',
    });
    expect(toErrorFacts({ message: 'shaped' })).toEqual({ name: 'Error', message: 'shaped' });
    expect(toErrorFacts(undefined)).toEqual({ name: 'Error', message: '' });
  });
});
