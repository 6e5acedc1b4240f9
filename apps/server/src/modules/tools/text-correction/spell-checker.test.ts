import { describe, expect, it } from 'vitest';
import { commonMisspellings } from './common-misspellings.ts';
import { checkSpelling } from './spell-checker.ts';

describe('offline spelling check', () => {
  it('catches the misspellings the dictionary lets through, with the rule and the position', () => {
    const text = '내일 뵈요. 준비가 다 됬어요. 안되요? 몇일 걸려요. 제가 할께요.';
    const found = commonMisspellings(text);
    expect(found.map((c) => [c.original, c.suggestion])).toEqual([
      ['뵈요', '봬요'],
      ['됬', '됐'],
      ['되요', '돼요'],
      ['몇일', '며칠'],
      ['할께', '할게'],
    ]);
    for (const correction of found)
      expect(text.slice(correction.position).startsWith(correction.original)).toBe(true);
    expect(found[0]?.reason).toContain('봬요');
  });

  it('leaves correct spellings alone', () => {
    expect(
      commonMisspellings('선생님께 여쭤볼게요. 며칠 뒤에 봬요. 일이 잘됐어요. 왠지 설렘이 가득해요.'),
    ).toEqual([]);
  });

  it('corrects a whole text with the rules and the dictionary together, each word once', async () => {
    const result = await checkSpelling('오랫만에 맞춤뻡 공부가 다 됬어요.');
    expect(result.corrections.map((c) => c.suggestion)).toEqual(['오랜만', '맞춤법', '됐']);
    expect(result.correctedText).toBe('오랜만에 맞춤법 공부가 다 됐어요.');
    expect(result.engine).toBe('dictionary');
  });
});

describe('a spelling check that never breaks a correct word', () => {
  it('leaves the words a review found broken alone (학부모님께, 다음주, 안내드린, 회신서를)', async () => {
    const text = '학부모님께 다음주에 안내드린 회신서를 보내 주세요.';
    const result = await checkSpelling(text);
    expect(result.corrections).toEqual([]);
    expect(result.correctedText).toBe(text);
  });

  it('spaces a pupil’s 급한일이 as 급한 일이, with the rule as a Korean sentence', async () => {
    const result = await checkSpelling('급한일이 생겼다.');
    expect(result.corrections).toEqual([
      {
        original: '급한일이',
        suggestion: '급한 일이',
        reason: "꾸며 주는 말 '급한'과 꾸밈을 받는 말 '일이'는 띄어 씁니다.",
        position: 0,
      },
    ]);
  });

  it('gives the dictionary’s correction with its particle chosen by the sound', async () => {
    const result = await checkSpelling('맞춤뻡을 배웠다.');
    expect(result.corrections[0]?.reason).toBe("'맞춤뻡을'은 사전에 없는 표기입니다. '맞춤법을'로 적습니다.");
    const other = await checkSpelling('떡복이 맛있다.');
    expect(other.corrections[0]?.reason).toBe("'떡복이'는 사전에 없는 표기입니다. '떡볶이'로 적습니다.");
  });
});
