import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors.ts';
import { pickLanguage } from './i18n.ts';

describe('pickLanguage', () => {
  it('defaults to Korean and falls back to English for other languages', () => {
    expect(pickLanguage(undefined)).toBe('ko');
    expect(pickLanguage('')).toBe('ko');
    expect(pickLanguage('ko-KR,ko;q=0.9')).toBe('ko');
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage('ja')).toBe('en');
    expect(pickLanguage('*')).toBe('ko');
  });

  it('honours quality values', () => {
    expect(pickLanguage('en;q=0.5, ko;q=0.8')).toBe('ko');
    expect(pickLanguage('ko;q=0, en')).toBe('en');
  });
});

describe('errorMessage', () => {
  it('translates catalogue codes and falls back to COMMON for unknown ones', () => {
    expect(errorMessage('E_ALREADY_FULL', 'en')).toMatch(/pinned/);
    expect(errorMessage('E_FORBIDDEN', 'ko')).toBe('권한이 없습니다.');
    expect(errorMessage('NOPE', 'ko')).toBe(errorMessage('COMMON', 'ko'));
  });
});
