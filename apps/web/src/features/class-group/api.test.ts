import { describe, expect, it } from 'vitest';
import { listAsText, parsePastedList } from './api';

describe('a pasted class list', () => {
  it('reads names, genders and levels from commas, tabs or spaces, skipping attendance numbers and blank lines', () => {
    expect(parsePastedList('1\t김민준\t남\t상\n2. 이서연, 여, 중\n\n박도윤 M\n최하은')).toEqual([
      { name: '김민준', gender: 'M', level: '상' },
      { name: '이서연', gender: 'F', level: '중' },
      { name: '박도윤', gender: 'M', level: null },
      { name: '최하은', gender: null, level: null },
    ]);
  });

  it('writes a list back the way a teacher types it, so a reopened form reads the same', () => {
    const students = parsePastedList('김민준, 남, 상\n이서연, 여\n최하은');
    expect(listAsText(students)).toBe('김민준, 남, 상\n이서연, 여\n최하은');
    expect(parsePastedList(listAsText(students))).toEqual(students);
  });
});
