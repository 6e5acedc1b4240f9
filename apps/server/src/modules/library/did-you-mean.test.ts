import { describe, expect, it } from 'vitest';
import { buildVocabulary, createDidYouMean, suggestKeyword } from './did-you-mean.ts';

const vocabulary = buildVocabulary([
  '분수의 덧셈과 뺄셈',
  '분수와 소수',
  '과학 실험 안전 수칙',
  '2학기 수학 평가계획서',
  '수학 익힘책 풀이',
  '학부모 상담 주간 안내',
]);

describe('did you mean', () => {
  it('keeps title words without their particles, the most used first', () => {
    expect([...vocabulary.keys()].slice(0, 2)).toEqual(['분수', '수학']);
    expect(vocabulary.has('분수의')).toBe(false);
    expect(vocabulary.has('2학기')).toBe(false);
  });

  it('corrects one mistyped consonant or vowel, word by word', () => {
    expect(suggestKeyword('붐수', vocabulary)).toBe('분수');
    expect(suggestKeyword('과학 실허', vocabulary)).toBe('과학 실험');
    expect(suggestKeyword('학부뫼 상담', vocabulary)).toBe('학부모 상담');
  });

  it('reads a word typed in initial consonants only', () => {
    expect(suggestKeyword('ㅂㅅ', vocabulary)).toBe('분수');
    expect(suggestKeyword('ㅍㄱㄱㅎㅅ', vocabulary)).toBe('평가계획서');
  });

  it('suggests nothing when every word is known, or nothing is close', () => {
    expect(suggestKeyword('분수 덧셈', vocabulary)).toBeNull();
    expect(suggestKeyword('분수의', vocabulary)).toBeNull();
    expect(suggestKeyword('천체 관측', vocabulary)).toBeNull();
    expect(suggestKeyword('   ', vocabulary)).toBeNull();
  });

  it('reads the titles once for many searches', async () => {
    let reads = 0;
    const didYouMean = createDidYouMean(async () => {
      reads++;
      return ['분수의 덧셈'];
    });
    const answers = await Promise.all([didYouMean.suggest('붐수'), didYouMean.suggest('분쑤')]);
    expect(answers).toEqual(['분수', '분수']);
    expect(reads).toBe(1);
  });
});
