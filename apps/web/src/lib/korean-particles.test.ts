import { describe, expect, it } from 'vitest';
import { i18n, loadPageTexts } from './i18n';
import './korean-particles';

describe('Korean particles in the texts', () => {
  it('follow the last syllable of the word given, quoted or not', async () => {
    await loadPageTexts(['admin', 'chat', 'toolViews'], 'ko');
    const admin = i18n.getFixedT('ko', 'admin');
    const chat = i18n.getFixedT('ko', 'chat');
    const toolViews = i18n.getFixedT('ko', 'toolViews');
    expect(admin('tools.hiddenToast', { label: '수업 만들기' })).toBe('수업 만들기를 숨겼어요.');
    expect(admin('tools.hiddenToast', { label: '평가계획' })).toBe('평가계획을 숨겼어요.');
    expect(admin('tools.hideBody', { label: '요약하기' })).toMatch(/^요약하기가 모든 학교의/u);
    expect(chat('sidebar.searchEmpty', { query: '곱셈' })).toBe("'곱셈'이 들어간 대화가 없어요.");
    expect(chat('sidebar.searchEmpty', { query: '나눗셈 2' })).toBe("'나눗셈 2'가 들어간 대화가 없어요.");
    expect(toolViews('textCorrection.changeLabel', { number: 1, original: '할께', suggestion: '할게' })).toBe(
      '고침 1: 할께를 할게로',
    );
    expect(toolViews('textCorrection.changeLabel', { number: 2, original: '몇일', suggestion: '며칠' })).toBe(
      '고침 2: 몇일을 며칠로',
    );
  });
});
