import type { EdutechCategory, EdutechLevel } from '@ssaem/contracts';

/** Pure rules of the edutech screens: dates in Korea, D-day, levels, subjects and reason sentences. */

const KOREA_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Korea (YYYY-MM-DD): licences start and end on Korean calendar days. */
export function koreaDate(now: Date): string {
  return KOREA_DATE.format(now);
}

export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** Days from `today` to `endOn`: 0 on the last day, negative once it has passed, null when unlimited. */
export function daysLeft(endOn: string | null, today: string): number | null {
  if (!endOn) return null;
  return Math.round((Date.parse(`${endOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** In use through its last day; unlimited licences never end. */
export function isInUse(endOn: string | null, today: string): boolean {
  return endOn === null || endOn >= today;
}

export type SchoolLevel = 'ELEMENTARY' | 'MIDDLE' | 'HIGH';
const LEVEL_OF_SEQ: Record<number, SchoolLevel> = { 1: 'ELEMENTARY', 2: 'MIDDLE', 3: 'HIGH' };
export const LEVEL_SEQ: Record<SchoolLevel, number> = { ELEMENTARY: 1, MIDDLE: 2, HIGH: 3 };

/** A grade code (11–16, 21–23, 31–33) as its school level and number. */
export function gradeOf(gradeSeq: number | null): { level: SchoolLevel; grade: number } | null {
  if (!gradeSeq) return null;
  const level = LEVEL_OF_SEQ[Math.floor(gradeSeq / 10)];
  return level ? { level, grade: gradeSeq % 10 } : null;
}

export function levelOfSeq(levelSeq: number | null): SchoolLevel | null {
  return levelSeq ? (LEVEL_OF_SEQ[levelSeq] ?? null) : null;
}

/** The catalogue category a school subject's lessons look in. */
const SUBJECT_CATEGORY: [RegExp, EdutechCategory][] = [
  [/국어|독서|문학|화법|작문|언어/, 'KOREAN_READING'],
  [/영어/, 'ENGLISH'],
  [/수학|미적분|확률|기하|대수/, 'MATH'],
  [/사회|역사|도덕|윤리|지리|과학|물리|화학|생명|지구|통합/, 'SOCIAL_SCIENCE'],
  [/체육|음악|미술|예술|즐거운 생활/, 'ARTS_PE'],
  [/정보|실과|기술|프로그래밍|인공지능/, 'INFO_CODING'],
  [/진로|직업/, 'CAREER'],
  [/창의|바른 생활|슬기로운 생활|융합/, 'CREATIVE_FUSION'],
];

export function categoryOfSubject(subject: string): EdutechCategory | null {
  for (const [pattern, category] of SUBJECT_CATEGORY) if (pattern.test(subject)) return category;
  return null;
}

export const LEVEL_LABEL_KO: Record<SchoolLevel, string> = {
  ELEMENTARY: '초등',
  MIDDLE: '중학교',
  HIGH: '고등학교',
};
export const CATEGORY_LABEL_KO: Record<EdutechCategory, string> = {
  KOREAN_READING: '국어 독서',
  ENGLISH: '영어',
  MATH: '수학',
  SOCIAL_SCIENCE: '사회 과학',
  ARTS_PE: '예체능',
  INFO_CODING: '정보 코딩',
  CREATIVE_FUSION: '창의 융합',
  METAVERSE: '메타버스 VR/AR',
  CAREER: '진로 진학',
  CLASSWORK: '수업 지원',
};
const PRICE_WORD_KO: Record<string, string> = {
  FREE: '무료',
  PARTLY_PAID: '기본 기능이 무료인',
  PAID: '유료',
  OTHER: '',
};

export function levelsOfProduct(levels: string): EdutechLevel[] {
  return levels ? (levels.split(',') as EdutechLevel[]) : [];
}

/** "초등 3학년" / "중학교" — who a reason speaks of. */
export function audienceKo(level: SchoolLevel | null, grade: number | null): string {
  if (!level) return '';
  return grade ? `${LEVEL_LABEL_KO[level]} ${grade}학년` : LEVEL_LABEL_KO[level];
}

/** The FIT reason in one Korean sentence. */
export function fitReasonKo(input: {
  level: SchoolLevel | null;
  grade: number | null;
  category: EdutechCategory | null;
  priceType: string;
}): string {
  const who = audienceKo(input.level, input.grade);
  const price = PRICE_WORD_KO[input.priceType] ?? '';
  const tool = price ? `${price} 도구입니다.` : '도구입니다.';
  if (input.category) {
    const lesson = `${CATEGORY_LABEL_KO[input.category]} 수업`;
    return who ? `${who} ${lesson}에 맞는 ${tool}` : `${lesson}에 맞는 ${tool}`;
  }
  return who ? `${who} 수업에 두루 쓰이는 ${tool}` : `수업에 두루 쓰이는 ${tool}`;
}

/** What a question to the assistant asks of the catalogue: a subject, a school level, free only, other words. */
export interface EdutechQuestion {
  category: EdutechCategory | null;
  level: SchoolLevel | null;
  free: boolean;
  /** Words that may be (part of) a product name, when no subject was named. */
  keyword: string | null;
}

/** Questions about edutech (the catalogue search is offered to the model, or run offline, for these). */
export const ASKS_FOR_EDUTECH =
  /에듀테크|도구|앱|어플|플랫폼|프로그램|사이트|서비스|edutech|\bapps?\b|\btools?\b/i;

const QUESTION_FILLER =
  /에듀테크|도구|앱|어플|플랫폼|프로그램|사이트|서비스|수업|무료|유료|추천|학년|초등|중학교?|고등학교?|쓸|만한|좋은|있는|해\s*줘|주세요|알려|찾아|에서|에게|으로|로|을|를|이|가|은|는|의|에|와|과|도|\d+/g;

export function parseEdutechQuestion(question: string): EdutechQuestion {
  const level: SchoolLevel | null = /초등|초\s*\d|elementary/i.test(question)
    ? 'ELEMENTARY'
    : /중학|중\s*\d|middle/i.test(question)
      ? 'MIDDLE'
      : /고등|고\s*\d|high school/i.test(question)
        ? 'HIGH'
        : null;
  const free = /무료|공짜|free/i.test(question);
  let category: EdutechCategory | null = null;
  for (const word of question.split(/\s+/)) {
    category = categoryOfSubject(word.replace(/(수업|시간|과목|교과).*$/, ''));
    if (category) break;
  }
  if (!category && /코딩|소프트웨어|\bAI\b|인공지능/i.test(question)) category = 'INFO_CODING';
  if (!category && /메타버스|VR|AR|가상/i.test(question)) category = 'METAVERSE';
  const rest = category
    ? ''
    : question
        .replace(QUESTION_FILLER, ' ')
        .replace(/[^\p{L}\p{N}\s]/gu, ' ')
        .trim();
  const keyword = rest.split(/\s+/).filter((word) => word.length >= 2)[0] ?? null;
  return { category, level, free, keyword };
}
