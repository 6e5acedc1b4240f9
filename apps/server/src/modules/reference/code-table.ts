import type { CodeRow } from '../../db/schema.ts';

/**
 * The code table: school levels, grades (parent = level), semesters, curricula and subjects
 * (parent = grade). codeSeq values are stable because other records store them:
 * levels 1–3, grades 11–16 / 21–23 / 31–33, semesters 41–42, curricula 51–52,
 * subjects gradeSeq × 1000 + n.
 */
export const LEVELS = [
  { codeSeq: 1, name: '초등학교', translation: 'Elementary school', short: '초' },
  { codeSeq: 2, name: '중학교', translation: 'Middle school', short: '중' },
  { codeSeq: 3, name: '고등학교', translation: 'High school', short: '고' },
] as const;

export type LevelShort = (typeof LEVELS)[number]['short'];

export interface GradeDefinition {
  codeSeq: number;
  level: (typeof LEVELS)[number];
  number: number;
}

export const GRADES: GradeDefinition[] = LEVELS.flatMap((level) => {
  const count = level.short === '초' ? 6 : 3;
  return Array.from({ length: count }, (_, i) => ({
    codeSeq: level.codeSeq * 10 + i + 1,
    level,
    number: i + 1,
  }));
});

export const SEMESTER_CODES = [
  { codeSeq: 41, name: '1학기', translation: 'Semester 1' },
  { codeSeq: 42, name: '2학기', translation: 'Semester 2' },
];

export const CURRICULUM_CODES = [
  { codeSeq: 51, name: '2015 개정 교육과정', translation: '2015 revised curriculum', year: 2015 },
  { codeSeq: 52, name: '2022 개정 교육과정', translation: '2022 revised curriculum', year: 2022 },
];

const CREATIVE_ACTIVITIES: [string, string] = ['창의적 체험활동', 'Creative experiential activities'];

/** Subjects by grade under the 2022 curriculum (DOMAIN.md). */
const ELEMENTARY_LOWER: [string, string][] = [
  ['국어', 'Korean'],
  ['수학', 'Mathematics'],
  ['바른 생활', 'Right Living'],
  ['슬기로운 생활', 'Wise Living'],
  ['즐거운 생활', 'Joyful Living'],
  CREATIVE_ACTIVITIES,
];
const ELEMENTARY_MIDDLE: [string, string][] = [
  ['국어', 'Korean'],
  ['사회', 'Social studies'],
  ['도덕', 'Ethics'],
  ['수학', 'Mathematics'],
  ['과학', 'Science'],
  ['체육', 'Physical education'],
  ['음악', 'Music'],
  ['미술', 'Art'],
  ['영어', 'English'],
  CREATIVE_ACTIVITIES,
];
const ELEMENTARY_UPPER: [string, string][] = [
  ...ELEMENTARY_MIDDLE.slice(0, 5),
  ['실과', 'Practical arts'],
  ...ELEMENTARY_MIDDLE.slice(5),
];
const MIDDLE: [string, string][] = [
  ['국어', 'Korean'],
  ['사회', 'Social studies'],
  ['역사', 'History'],
  ['도덕', 'Ethics'],
  ['수학', 'Mathematics'],
  ['과학', 'Science'],
  ['기술·가정', 'Technology and home economics'],
  ['정보', 'Informatics'],
  ['체육', 'Physical education'],
  ['음악', 'Music'],
  ['미술', 'Art'],
  ['영어', 'English'],
  ['한문', 'Classical Chinese'],
  ['생활 외국어', 'Everyday foreign language'],
  ['보건', 'Health'],
  ['진로와 직업', 'Careers and occupations'],
  ['환경', 'Environment'],
  CREATIVE_ACTIVITIES,
];
const HIGH_COMMON: [string, string][] = [
  ['공통국어1', 'Common Korean 1'],
  ['공통국어2', 'Common Korean 2'],
  ['공통수학1', 'Common Mathematics 1'],
  ['공통수학2', 'Common Mathematics 2'],
  ['공통영어1', 'Common English 1'],
  ['공통영어2', 'Common English 2'],
  ['한국사1', 'Korean History 1'],
  ['한국사2', 'Korean History 2'],
  ['통합사회1', 'Integrated Social Studies 1'],
  ['통합사회2', 'Integrated Social Studies 2'],
  ['통합과학1', 'Integrated Science 1'],
  ['통합과학2', 'Integrated Science 2'],
  ['과학탐구실험1', 'Science Inquiry Experiments 1'],
  ['과학탐구실험2', 'Science Inquiry Experiments 2'],
  ['체육', 'Physical education'],
  ['음악', 'Music'],
  ['미술', 'Art'],
  ['정보', 'Informatics'],
  CREATIVE_ACTIVITIES,
];

/** 고2–3 elective courses come from the reference data's course list when it is present. */
export function subjectsForGrade(grade: GradeDefinition, highSchoolElectives: string[]): [string, string][] {
  if (grade.level.short === '초') {
    if (grade.number <= 2) return ELEMENTARY_LOWER;
    return grade.number <= 4 ? ELEMENTARY_MIDDLE : ELEMENTARY_UPPER;
  }
  if (grade.level.short === '중') return MIDDLE;
  if (grade.number === 1) return HIGH_COMMON;
  return [...highSchoolElectives.map((name): [string, string] => [name, name]), CREATIVE_ACTIVITIES];
}

export function buildCodeRows(highSchoolElectives: string[]): CodeRow[] {
  const rows: CodeRow[] = [];
  LEVELS.forEach((level, i) => {
    rows.push({ ...pick(level), parentSeq: null, groupCode: 'LEVEL', sortOrder: i + 1 });
  });
  for (const grade of GRADES) {
    rows.push({
      codeSeq: grade.codeSeq,
      parentSeq: grade.level.codeSeq,
      groupCode: 'GRADE',
      name: `${grade.level.short}${grade.number}`,
      translation: `${grade.level.translation.replace(' school', '')} grade ${grade.number}`,
      sortOrder: grade.number,
    });
    subjectsForGrade(grade, highSchoolElectives).forEach(([name, translation], i) => {
      rows.push({
        codeSeq: grade.codeSeq * 1000 + i + 1,
        parentSeq: grade.codeSeq,
        groupCode: 'SUBJECT',
        name,
        translation,
        sortOrder: i + 1,
      });
    });
  }
  SEMESTER_CODES.forEach((s, i) => {
    rows.push({ ...pick(s), parentSeq: null, groupCode: 'SEMESTER', sortOrder: i + 1 });
  });
  CURRICULUM_CODES.forEach((c, i) => {
    rows.push({ ...pick(c), parentSeq: null, groupCode: 'CURRICULUM', sortOrder: i + 1 });
  });
  return rows;
}

function pick(entry: { codeSeq: number; name: string; translation: string }) {
  return { codeSeq: entry.codeSeq, name: entry.name, translation: entry.translation };
}

export function levelByName(levelName: string): (typeof LEVELS)[number] | undefined {
  return LEVELS.find((level) => level.name === levelName || level.short === levelName);
}

export function gradeBySeq(codeSeq: number): GradeDefinition | undefined {
  return GRADES.find((grade) => grade.codeSeq === codeSeq);
}
