import type { FeedbackResult } from '@ssaem/contracts/feedback';
import type { LessonResult } from '@ssaem/contracts/lesson';
import type { SummaryResult } from '@ssaem/contracts/summary';
import type { TextCorrectionResult } from '@ssaem/contracts/text-correction';
import type { ToolItem } from './types';

export { fakeFetch, on, type Route } from '../library/library-fixtures';

/** Test data shaped as the server sends it (server modules/tools/tool-items.ts). */
export function buildItem<R>(result: R | null, overrides: Partial<ToolItem<R>> = {}): ToolItem<R> {
  return {
    id: 11,
    title: '3학년 국어 요약',
    status: 3,
    error: null,
    visibility: 'PUBLIC',
    editable: true,
    creatorId: 2,
    createdAt: '2026-03-10T09:00:00.000Z',
    result,
    abilities: { view: true, use: true, edit: true, copy: true, changeSettings: true, delete: true },
    ...overrides,
  };
}

export const READ_ONLY = {
  view: true,
  use: true,
  edit: false,
  copy: false,
  changeSettings: false,
  delete: false,
};

export function buildSummary(overrides: Partial<SummaryResult> = {}): SummaryResult {
  return {
    title: '3학년 국어 요약',
    keywords: [
      { keyword: '광합성', explanation: '식물이 빛으로 양분을 만드는 일' },
      { keyword: '엽록소', explanation: '잎의 초록 색소' },
    ],
    summary: ['식물은 빛을 받아 양분을 만든다.', '이 일은 잎에서 일어난다.'],
    engine: 'offline',
    notice: 'AI 모델이 연결되어 있지 않아 글에서 뽑은 문장으로 요약했습니다.',
    ...overrides,
  };
}

export function buildTextCorrection(overrides: Partial<TextCorrectionResult> = {}): TextCorrectionResult {
  return {
    checkedText: '오늘은 왠지 기분이 좋다. 안되요.',
    correctedText: '오늘은 웬지 기분이 좋다. 안 돼요.',
    corrections: [
      { original: '안되요', suggestion: '안 돼요', reason: '‘되어요’의 준말은 ‘돼요’입니다.', position: 15 },
      { original: '왠지', suggestion: '웬지', reason: '예시용 교정입니다.', position: 4 },
    ],
    engine: 'dictionary',
    ...overrides,
  };
}

export function buildFeedback(overrides: Partial<FeedbackResult> = {}): FeedbackResult {
  return {
    title: '나의 여름 방학',
    totalScore: 78,
    scores: { grammar: 80, vocabulary: 70, expression: 75, sentence: 85, composition: 60, ideas: null },
    areas: [
      {
        area: 'grammar',
        score: 80,
        strengths: ['맞춤법을 잘 지켰어요.'],
        improvements: ['띄어쓰기를 확인해 보세요.'],
        examples: [{ original: '할수있다', suggestion: '할 수 있다' }],
      },
    ],
    overall: '방학 이야기를 순서대로 잘 썼어요.',
    teacherFeedback: '',
    engine: 'offline',
    notice: null,
    ...overrides,
  };
}

export function buildLesson(overrides: Partial<LessonResult> = {}): LessonResult {
  return {
    title: '분수의 크기 비교',
    goal: '분모가 같은 분수의 크기를 비교할 수 있다.',
    gradeName: '초3',
    subjectName: '수학',
    semester: 1,
    curriculum: 2015,
    language: 'KOREAN',
    standards: [{ code: '4수01-10', statement: '분수의 크기를 비교할 수 있다.' }],
    // Stored out of order on purpose: the views sort by displayNo.
    sections: [
      {
        id: 3,
        seq: 3,
        title: '정리',
        keyNum: 4,
        displayNo: 3,
        additionalInfo: '',
        items: [
          { id: 31, type: 'TEXT', title: '마무리', content: '배운 내용 정리', minutes: 5, imageUrl: null },
        ],
      },
      {
        id: 1,
        seq: 1,
        title: '도입',
        keyNum: 2,
        displayNo: 1,
        additionalInfo: '',
        items: [
          {
            id: 11,
            type: 'QUESTION',
            title: '동기 유발',
            content: '피자를 나누어 본 적이 있나요?',
            minutes: 5,
            imageUrl: null,
          },
        ],
      },
      {
        id: 2,
        seq: 2,
        title: '전개',
        keyNum: 3,
        displayNo: 2,
        additionalInfo: '',
        items: [
          {
            id: 21,
            type: 'ACTIVITY',
            title: '활동 1',
            content: '색종이로 분수 만들기',
            minutes: 15,
            imageUrl: null,
          },
          {
            id: 22,
            type: 'TEXT',
            title: '활동 2',
            content: '수직선에 나타내기',
            minutes: 10,
            imageUrl: null,
          },
        ],
      },
    ],
    nextId: 40,
    images: {
      provider: 'imagen',
      generated: 0,
      notice: '이미지 생성 모델이 연결되어 있지 않아 그림 없이 만들었습니다.',
    },
    engine: 'offline',
    notice: null,
    ...overrides,
  };
}
