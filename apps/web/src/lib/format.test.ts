import { describe, expect, it } from 'vitest';
import { DATE_AND_TIME, dateFormat, formatDate, formatNumber, numberFormat, warmFormats } from './format';

const ISO = '2026-11-20T10:05:00.000Z';

describe('formatDate', () => {
  it('writes what toLocaleDateString and toLocaleString write, in each language', () => {
    for (const language of ['ko', 'en']) {
      expect(formatDate(ISO, language)).toBe(new Date(ISO).toLocaleDateString(language));
      expect(formatDate(ISO, language, DATE_AND_TIME)).toBe(
        new Date(ISO).toLocaleString(language, DATE_AND_TIME),
      );
    }
  });

  it('takes a timestamp or a Date as well as an ISO string', () => {
    const time = Date.parse(ISO);
    expect(formatDate(time, 'ko')).toBe(formatDate(ISO, 'ko'));
    expect(formatDate(new Date(time), 'ko')).toBe(formatDate(ISO, 'ko'));
  });

  it('gives an empty string for a value that is not a date, instead of throwing', () => {
    expect(formatDate('not a date', 'ko')).toBe('');
  });

  it('keeps one formatter per language and options', () => {
    expect(dateFormat('ko')).toBe(dateFormat('ko'));
    expect(dateFormat('ko', { dateStyle: 'medium' })).toBe(dateFormat('ko', { dateStyle: 'medium' }));
    expect(dateFormat('ko', { dateStyle: 'medium' })).not.toBe(dateFormat('ko'));
    expect(dateFormat('en')).not.toBe(dateFormat('ko'));
  });
});

describe('formatNumber', () => {
  it('writes what toLocaleString writes, with one formatter per language and options', () => {
    expect(formatNumber(1234567, 'ko')).toBe((1234567).toLocaleString('ko'));
    expect(formatNumber(1234567)).toBe((1234567).toLocaleString());
    expect(numberFormat('en', { notation: 'compact' })).toBe(numberFormat('en', { notation: 'compact' }));
  });
});

describe('warmFormats', () => {
  it('builds the formatters the home uses, which later calls reuse', () => {
    warmFormats('en');
    const warmed = dateFormat('en', DATE_AND_TIME);
    formatDate(ISO, 'en', DATE_AND_TIME);
    expect(dateFormat('en', DATE_AND_TIME)).toBe(warmed);
  });
});
