import { describe, expect, it } from 'vitest';
import { fileExtension, sanitizeFileName } from './file-name-sanitizer.ts';

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\교사\\평가계획.hwpx', '평가계획.hwpx'],
    ['  .hidden.pdf ', 'hidden.pdf'],
    ['a<b>c:d"e|f?g*h.docx', 'a_b_c_d_e_f_g_h.docx'],
    ['evil\u0000name\u202e.exe.txt', 'evilname.exe.txt'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['...', 'document'],
    ['', 'document'],
    ['2025학년도   1학기\t평가 계획.hwp', '2025학년도 1학기 평가 계획.hwp'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('composes decomposed Hangul (as macOS sends it)', () => {
    expect(sanitizeFileName('가정통신문.hwp'.normalize('NFD'))).toBe('가정통신문.hwp'.normalize('NFC'));
  });

  it('shortens long names to 200 UTF-8 bytes without splitting a syllable, keeping the extension', () => {
    const name = sanitizeFileName(`${'가'.repeat(150)}.hwpx`);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(200);
    expect(name.endsWith('.hwpx')).toBe(true);
    expect(name.replace('.hwpx', '')).toMatch(/^가+$/);
  });

  it('reads extensions', () => {
    expect(fileExtension('평가.HWPX')).toBe('hwpx');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('.bashrc')).toBe('');
  });
});
