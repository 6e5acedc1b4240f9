import { z } from 'zod';
import { VISIBILITY_VALUES } from './text-correction.ts';

/**
 * 형성평가 and 학습지 (libraryType QUIZ): items of several kinds from a unit, chosen achievement
 * standards or the teacher's material, each with a difficulty, an answer and an explanation, and
 * each linked to the standard it assesses — codes only from the reference data.
 */
export const QUIZ_KINDS = ['choice', 'short', 'ox', 'matching', 'essay'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];
export const QUIZ_LEVELS = ['상', '중', '하'] as const;
export type QuizLevel = (typeof QUIZ_LEVELS)[number];
export const QUIZ_PURPOSES = ['QUIZ', 'WORKSHEET'] as const;
export const QUIZ_MAX_FILES = 3;
export const QUIZ_MAX_ITEMS = 30;
export const QUIZ_MAX_STANDARDS = 8;

export const quizCountsSchema = z.object({
  choice: z.number().int().min(0).max(15).default(3),
  short: z.number().int().min(0).max(10).default(2),
  ox: z.number().int().min(0).max(10).default(2),
  matching: z.number().int().min(0).max(3).default(1),
  essay: z.number().int().min(0).max(5).default(1),
});
export type QuizCounts = z.infer<typeof quizCountsSchema>;

export const quizToolInputSchema = z
  .object({
    title: z.string().trim().min(1, { message: '제목을 입력해주세요.' }).max(200),
    purpose: z.enum(QUIZ_PURPOSES).default('QUIZ'),
    gradeSeq: z.number({ message: '학년을 선택해주세요.' }).int().positive(),
    subjectSeq: z.number({ message: '과목을 선택해주세요.' }).int().positive(),
    unit: z.string().trim().max(200).default(''),
    curriculum: z.union([z.literal(2015), z.literal(2022)]).default(2022),
    /** Codes picked from the reference data; checked against it on the server. */
    standardCodes: z.array(z.string().trim().min(1).max(30)).max(QUIZ_MAX_STANDARDS).default([]),
    /** The teacher's material as text; files may come beside it (multipart `inputDto` + `files`). */
    material: z.string().max(30_000).default(''),
    counts: quizCountsSchema.default({ choice: 3, short: 2, ox: 2, matching: 1, essay: 1 }),
    /** Options of a multiple-choice item: four or five. */
    choiceOptions: z.union([z.literal(4), z.literal(5)]).default(4),
    /** One level for every item, or a spread of 하·중·상. */
    difficulty: z.enum(['MIXED', ...QUIZ_LEVELS]).default('MIXED'),
    accessLevel: z.enum(VISIBILITY_VALUES).default('PUBLIC'),
    editable: z.boolean().default(true),
  })
  .refine((form) => Object.values(form.counts).reduce((a, b) => a + b, 0) >= 1, {
    message: '문항을 한 개 이상 골라주세요.',
    path: ['counts'],
  })
  .refine((form) => Object.values(form.counts).reduce((a, b) => a + b, 0) <= QUIZ_MAX_ITEMS, {
    message: `문항은 모두 ${QUIZ_MAX_ITEMS}개까지 만들 수 있어요.`,
    path: ['counts'],
  })
  .meta({ id: 'QuizToolCreate' });
export type QuizToolInput = z.infer<typeof quizToolInputSchema>;
export type QuizToolForm = z.input<typeof quizToolInputSchema>;

export const quizStandardSchema = z.object({
  curriculum: z.union([z.literal(2015), z.literal(2022)]),
  code: z.string(),
  statement: z.string(),
});
export type QuizStandard = z.infer<typeof quizStandardSchema>;

export const quizItemSchema = z.object({
  kind: z.enum(QUIZ_KINDS),
  level: z.enum(QUIZ_LEVELS),
  question: z.string().min(1).max(2000),
  /** Multiple choice: the options in order; matching: the right-hand column in printed order. */
  options: z.array(z.string().max(500)).max(8).default([]),
  /** Matching: the left-hand column, in printed order. */
  prompts: z.array(z.string().max(500)).max(8).default([]),
  answer: z.string().max(2000),
  explanation: z.string().max(3000).default(''),
  /** 서술형: what earns which score. */
  rubric: z.array(z.object({ level: z.string().max(20), criterion: z.string().max(1000) })).default([]),
  /** The standard the item assesses, from the reference data; null when none fits. */
  standard: quizStandardSchema.nullable(),
});
export type QuizItem = z.infer<typeof quizItemSchema>;

export const quizToolResultSchema = z
  .object({
    purpose: z.enum(QUIZ_PURPOSES),
    subject: z.string(),
    grade: z.string(),
    unit: z.string(),
    standards: z.array(quizStandardSchema),
    items: z.array(quizItemSchema),
    engine: z.enum(['model', 'offline']),
    notice: z.string().nullable(),
  })
  .meta({ id: 'QuizToolResult' });
export type QuizToolResult = z.infer<typeof quizToolResultSchema>;

export const quizToolUpdateSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  result: quizToolResultSchema.optional(),
});

/** The two printouts: the 시험지 (no answers) and the answer sheet. */
export const QUIZ_SHEETS = ['paper', 'answers'] as const;
export const quizExportQuerySchema = z.object({
  format: z.enum(['hwpx', 'pdf', 'docx', 'hwp']).default('hwpx'),
  sheet: z.enum(QUIZ_SHEETS).default('paper'),
});
