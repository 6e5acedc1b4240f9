import { describe, expect, it } from 'vitest';
import { excerptOf, plainTextOf } from '../src/modules/library/material-text.ts';

const LESSON = {
  title: '3학년 수학 분수 단원 수업 자료',
  goal: '똑같이 나누기를 통해 분수의 뜻을 이해할 수 있다.',
  gradeName: '초3',
  subjectName: '수학',
  semester: 2,
  curriculum: 2022,
  language: 'KOREAN',
  standards: [{ code: '[4수01-10]', statement: '양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.' }],
  sections: [
    {
      id: 1,
      seq: 1,
      title: '도입',
      items: [
        {
          id: 2,
          type: 'ACTIVITY',
          title: '동기 유발',
          content: '피자를 똑같이 나눈다.',
          minutes: 5,
          imageUrl: null,
        },
        {
          id: 3,
          type: 'QUESTION',
          title: '생각 열기',
          content: '무엇이 같을까?',
          minutes: null,
          imageUrl: null,
        },
        {
          id: 4,
          type: 'TEXT',
          title: '학습 목표',
          content: '분수의 뜻을 안다.',
          minutes: null,
          imageUrl: null,
        },
      ],
    },
  ],
  images: { provider: 'none', generated: 0, notice: null },
  engine: 'offline',
  notice: null,
};

const FEEDBACK = {
  title: '독서 감상문 글쓰기 피드백',
  totalScore: 85,
  scores: { grammar: 100, vocabulary: 89 },
  areas: [
    { area: 'grammar', score: 100, strengths: ['틀린 표기가 보이지 않습니다.'], improvements: [] },
    { area: 'vocabulary', score: 89, strengths: ['여러 낱말을 고루 썼습니다.'], improvements: [] },
  ],
  overall: '이 글은 2개 문단으로 이루어져 있습니다.',
  teacherFeedback: '',
  engine: 'offline',
  notice: null,
};

describe("a library item's text", () => {
  it('reads a lesson as its words, without item types, language or image provider codes', () => {
    const text = plainTextOf(JSON.stringify(LESSON));
    for (const code of ['KOREAN', 'ACTIVITY', 'QUESTION', 'TEXT', 'none', 'offline']) {
      expect(text.split('\n')).not.toContain(code);
    }
    expect(text).toContain('똑같이 나누기를 통해 분수의 뜻을 이해할 수 있다.');
    expect(text).toContain('[4수01-10]: 양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.');
    expect(text).toContain('동기 유발');
    expect(text).toContain('피자를 똑같이 나눈다.');
  });

  it('reads feedback without the area keys', () => {
    const text = plainTextOf(JSON.stringify(FEEDBACK));
    expect(text).not.toMatch(/\bgrammar\b|\bvocabulary\b/);
    expect(text).toContain('틀린 표기가 보이지 않습니다.');
    expect(text).toContain('이 글은 2개 문단으로 이루어져 있습니다.');
  });

  it('gives a card an excerpt that starts with the words a teacher wrote', () => {
    const excerpt = excerptOf(plainTextOf(JSON.stringify(LESSON)), 60);
    expect(excerpt.startsWith('3학년 수학 분수 단원 수업 자료')).toBe(true);
    expect(excerpt).not.toMatch(/KOREAN|ACTIVITY|초3/);
  });
});
