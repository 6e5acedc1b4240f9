import { describe, expect, it } from 'vitest';
import { BANNED_ITEM_RULES } from './student-record-banned-items.ts';
import {
  checkStudentRecordText,
  countNeisBytes,
  findBannedItems,
  findNonNounEndings,
  findUnsupportedCharacters,
  toNounForm,
} from './student-record-checks.ts';
import { byteLimitOf } from './student-records.ts';

describe('NEIS byte counter', () => {
  it('counts Hangul 3, ASCII 1 and a line break 2', () => {
    expect(countNeisBytes('')).toBe(0);
    expect(countNeisBytes('성실함')).toBe(9);
    expect(countNeisBytes('abc 12.')).toBe(7);
    expect(countNeisBytes('수학 A+')).toBe(3 + 3 + 1 + 2);
    expect(countNeisBytes('가\n나')).toBe(3 + 2 + 3);
  });

  it('counts CR LF, LF and CR each as one line break of 2 bytes', () => {
    expect(countNeisBytes('가\r\n나')).toBe(8);
    expect(countNeisBytes('가\r나')).toBe(8);
    expect(countNeisBytes('a\r\n\r\nb')).toBe(6);
  });

  it('counts decomposed Hangul and combining marks as the character they show', () => {
    const decomposed = '한글'.normalize('NFD');
    expect(decomposed.length).toBe(6);
    expect(countNeisBytes(decomposed)).toBe(6);
    // e + combining acute → é, 2 bytes in UTF-8.
    expect(countNeisBytes('caf\u0065\u0301')).toBe(5);
    expect(countNeisBytes('café')).toBe(5);
  });

  it('counts emoji by their UTF-8 bytes, a joined family as one grapheme of all its parts', () => {
    expect(countNeisBytes('👍')).toBe(4);
    expect(countNeisBytes('👍🏽')).toBe(8);
    expect(countNeisBytes('👨‍👩‍👧')).toBe(18);
  });

  it('counts the same with and without the fast path, on mixed texts', () => {
    const segmenter = new Intl.Segmenter('ko', { granularity: 'grapheme' });
    const reference = (text: string) =>
      [...segmenter.segment(text)].reduce((sum, { segment }) => {
        if (/^(\r\n|\n|\r)$/.test(segment)) return sum + 2;
        return sum + new TextEncoder().encode(segment.normalize('NFC')).length;
      }, 0);
    const parts = [
      '가',
      'a',
      ' ',
      '\r\n',
      '\n',
      '\r',
      'é',
      'e\u0301',
      '한'.normalize('NFD'),
      '👍',
      '漢',
      '·',
      '①',
      '\u200d',
    ];
    let seed = 7;
    for (let round = 0; round < 300; round++) {
      let text = '';
      for (let i = 0; i < 20; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += parts[seed % parts.length];
      }
      expect(countNeisBytes(text), JSON.stringify(text)).toBe(reference(text));
    }
  });

  it('gives the area limits in bytes: 500 characters are 1,500 bytes, 진로 2,100', () => {
    expect(byteLimitOf('BEHAVIOR')).toBe(1500);
    expect(byteLimitOf('CAREER')).toBe(2100);
    expect(countNeisBytes('가'.repeat(500))).toBe(1500);
  });
});

describe('banned items', () => {
  it('keeps one line of reason for every rule', () => {
    for (const rule of BANNED_ITEM_RULES) {
      expect(rule.reason.length).toBeGreaterThan(10);
      expect(rule.reason).not.toContain('\n');
      expect(rule.patterns.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['토익 900점을 취득함.', 'language-test'],
    ['TOEFL 110점을 받음.', 'language-test'],
    ['전국 과학 경시대회에서 금상을 수상함.', 'external-award'],
    ['한국사능력검정시험 1급에 합격함.', 'certification-test'],
    ['3월 모의고사에서 1등급을 받음.', 'mock-exam'],
    ['학회지에 논문을 투고함.', 'paper-book-patent'],
    ['소논문을 작성하여 발표함.', 'small-thesis'],
    ['여름방학에 해외 봉사를 다녀옴.', 'overseas-volunteering'],
    ['아버지가 의사로 근무하여 의학에 관심을 가짐.', 'parent-status'],
    ['수학 학원에서 선행 학습을 함.', 'private-education'],
    ['서울대학교 캠프에 참가함.', 'university-name'],
    ['삼성 견학 후 반도체에 관심을 가짐.', 'company-name'],
  ])('flags %s as %s, with the reason', (text, ruleId) => {
    const found = findBannedItems(text);
    expect(found.map((f) => f.ruleId)).toContain(ruleId);
    const finding = found.find((f) => f.ruleId === ruleId);
    expect(text.slice(finding?.start, finding?.end)).toBe(finding?.text);
    expect(finding?.reason).toMatch(/음\.$|없음\.$|않음\.$|씀\)\.$/);
  });

  it('leaves ordinary record sentences alone', () => {
    const clean = [
      '모둠 활동에서 친구들의 의견을 경청하고 갈등을 중재하는 모습을 보임.',
      '분수의 크기를 비교하는 과정에서 그림을 그려 설명하는 능력이 뛰어남.',
      '학급 도서 도우미로서 책을 정리하고 친구들에게 읽을 책을 추천함.',
      '과학 실험 대상을 정하고 변인을 통제하여 결과를 정리함.',
      '영어 시간에 자신의 꿈을 주제로 발표함.',
      '학교 대표로 교내 합창 발표회에 참여하여 화음을 맞추는 데 힘씀.',
    ];
    for (const text of clean) expect(findBannedItems(text), text).toEqual([]);
  });
});

describe('noun endings', () => {
  it('flags sentences ending in a predicate, with a noun form where it is obvious', () => {
    const text = '수업에 성실하게 참여한다. 발표를 잘함. 친구를 도와주었다.\n책임감이 있습니다';
    const found = findNonNounEndings(text);
    expect(found.map((f) => [f.ending, f.suggestion])).toEqual([
      ['참여한다', '참여함'],
      ['도와주었다', '도와주었음'],
      ['있습니다', '있음'],
    ]);
    for (const f of found) expect(text.slice(f.start, f.end)).toBe(f.ending);
  });

  it('accepts noun forms and sentences ending in a noun', () => {
    expect(
      findNonNounEndings(
        '배려심이 깊음. 리더십이 돋보이는 학생임. 꾸준히 노력하는 학생.\n영어에 흥미가 많음',
      ),
    ).toEqual([]);
  });
});

describe('noun forms', () => {
  it.each([
    ['노력한다', '노력함'],
    ['도와주었다', '도와주었음'],
    ['들어준다', '들어줌'],
    ['읽는다', '읽음'],
    ['크다', '큼'],
    ['좋다', '좋음'],
    ['만든다', '만듦'],
    ['만들다', '만듦'],
    ['반장이었다', '반장이었음'],
    ['갑니다', '감'],
    ['좋습니다', '좋음'],
    ['학생이다', '학생임'],
    ['참여하였습니다', '참여함'],
  ])('%s → %s', (word, noun) => {
    expect(toNounForm(word)).toBe(noun);
  });
});

describe('the whole check', () => {
  it('flags emoji and passes a clean text within the limit', () => {
    expect(findUnsupportedCharacters('참 잘함👍')).toHaveLength(1);
    const ok = checkStudentRecordText('모둠 활동에서 의견을 조율함.', 1500);
    expect(ok.ok).toBe(true);
    const over = checkStudentRecordText('가'.repeat(501), 1500);
    expect(over).toMatchObject({ bytes: 1503, overLimit: true, ok: false });
  });
});
