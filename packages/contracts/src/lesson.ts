import { z } from 'zod';
import { patchOf } from './patch.ts';

/** document-tools.md §9: the five lesson languages and the curricula. */
export const LESSON_LANGUAGES = ['KOREAN', 'ENGLISH', 'JAPANESE', 'CHINESE', 'GERMAN'] as const;
export const LESSON_LANGUAGE_LABELS: Record<(typeof LESSON_LANGUAGES)[number], string> = {
  KOREAN: '한국어',
  ENGLISH: 'English',
  JAPANESE: '日本語',
  CHINESE: '中文',
  GERMAN: 'Deutsch',
};
export const IMAGE_PROVIDERS = ['imagen', 'openai', 'none'] as const;
export const LESSON_PROMPT_SEQ = 8;

/** document-tools.md §4: months before August default to semester 1. */
export function defaultSemester(date: Date = new Date()): 1 | 2 {
  return date.getMonth() + 1 < 8 ? 1 : 2;
}

/** The lesson's parts; keyNum says which part a section is (and what `append` regenerates). */
export const LESSON_SECTION_KEYS = {
  1: '학습 목표와 성취기준',
  2: '도입',
  3: '전개',
  4: '정리',
  5: '평가',
} as const;
export const lessonSectionKeySchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);

/** document-tools.md §3, §5: the lesson form and its messages. */
export const lessonInputSchema = z
  .object({
    title: z
      .string({ message: '제목을 입력해주세요.' })
      .trim()
      .min(1, { message: '제목을 입력해주세요.' })
      .max(200),
    gradeSeq: z
      .number({ message: '학년을 선택해주세요.' })
      .int()
      .positive({ message: '학년을 선택해주세요.' }),
    subjectSeq: z
      .number({ message: '과목을 선택해주세요.' })
      .int()
      .positive({ message: '과목을 선택해주세요.' }),
    semester: z.union([z.literal(1), z.literal(2)]).optional(),
    /** Left out: the curriculum the grade follows this school year (defaultCurriculum). */
    curriculum: z.union([z.literal(2015), z.literal(2022)]).optional(),
    language: z.enum(LESSON_LANGUAGES, { message: '언어를 선택해주세요.' }).default('KOREAN'),
    query: z
      .string({ message: '수업 목표를 입력해주세요.' })
      .trim()
      .min(1, { message: '수업 목표를 입력해주세요.' })
      .max(2000),
    provider: z.enum(IMAGE_PROVIDERS, { message: '이미지 생성 방식을 선택해주세요.' }).default('imagen'),
    additionalInfo: z.string().max(2000).default(''),
    accessLevel: z.enum(['PUBLIC', 'SCHOOL', 'PRIVATE']).default('PUBLIC'),
    editable: z.boolean().default(true),
    promptSeq: z.number().int().positive().default(LESSON_PROMPT_SEQ),
    idempotencyKey: z.string().max(100).optional(),
  })
  .meta({ id: 'LessonCreate' });
export type LessonInput = z.infer<typeof lessonInputSchema>;

export const LESSON_ITEM_TYPES = ['TEXT', 'ACTIVITY', 'QUESTION', 'IMAGE'] as const;
/** `DELETE /api/v1/lesson/{id}/typeContent`: every item of one type, in one section or the whole lesson. */
export const lessonTypeContentQuerySchema = z.object({
  type: z.enum(LESSON_ITEM_TYPES),
  sectionId: z.coerce.number().int().positive().optional(),
});

export const lessonItemSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(LESSON_ITEM_TYPES),
    title: z.string(),
    content: z.string(),
    minutes: z.number().int().min(0).max(240).nullable(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'LessonItem' });
export type LessonItem = z.infer<typeof lessonItemSchema>;

export const lessonSectionSchema = z
  .object({
    id: z.number().int(),
    seq: z.number().int(),
    title: z.string(),
    keyNum: z.number().int(),
    displayNo: z.number().int(),
    additionalInfo: z.string(),
    items: z.array(lessonItemSchema),
    /**
     * The teacher changed this part by hand since it was made (its title, request or items): making
     * it again replaces those changes, so the recreate panel asks first.
     */
    edited: z.boolean().optional(),
  })
  .meta({ id: 'LessonSection' });
export type LessonSection = z.infer<typeof lessonSectionSchema>;

export const lessonStandardSchema = z.object({ code: z.string(), statement: z.string() });

export const lessonResultSchema = z
  .object({
    title: z.string(),
    goal: z.string(),
    gradeName: z.string().nullable(),
    subjectName: z.string().nullable(),
    semester: z.number().int(),
    curriculum: z.number().int(),
    language: z.enum(LESSON_LANGUAGES),
    /** Cited with the reference wording of (curriculum, code); never the model's own text. */
    standards: z.array(lessonStandardSchema),
    sections: z.array(lessonSectionSchema),
    /** Ids handed to new sections and items. */
    nextId: z.number().int(),
    images: z.object({ provider: z.string(), generated: z.number().int(), notice: z.string().nullable() }),
    engine: z.enum(['model', 'offline']),
    notice: z.string().nullable(),
  })
  .meta({ id: 'LessonResult' });
export type LessonResult = z.infer<typeof lessonResultSchema>;

export const lessonAppendSchema = z
  .object({
    key: lessonSectionKeySchema,
    displayNo: z.number().int().min(1).max(100),
    additionalInfo: z.string().max(2000).default(''),
  })
  .meta({ id: 'LessonAppend' });

export const lessonSectionInputSchema = z
  .object({
    title: z.string().trim().min(1, { message: '섹션 제목을 입력해주세요.' }).max(200),
    keyNum: z.number().int().min(1).max(5).default(3),
    displayNo: z.number().int().min(1).max(100).optional(),
    additionalInfo: z.string().max(2000).default(''),
  })
  .meta({ id: 'LessonSectionCreate' });

export const lessonItemInputSchema = z
  .object({
    sectionId: z.number().int().positive(),
    type: z.enum(LESSON_ITEM_TYPES).default('TEXT'),
    title: z.string().max(200).default(''),
    content: z.string().max(10_000).default(''),
    minutes: z.number().int().min(0).max(240).nullable().default(null),
  })
  .meta({ id: 'LessonItemCreate' });

export const lessonItemUpdateSchema = patchOf(lessonItemInputSchema.omit({ sectionId: true })).meta({
  id: 'LessonItemUpdate',
});

export const lessonUpdateSchema = z
  .object({
    title: z.string().trim().min(1, { message: '제목을 입력해주세요.' }).max(200).optional(),
    goal: z.string().max(2000).optional(),
  })
  .meta({ id: 'LessonUpdate' });

/** `POST /api/v1/lesson/result`: the whole edited lesson saved at once (the plan view's save). */
export const lessonResultSaveSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string().trim().min(1).max(200).optional(),
    goal: z.string().max(2000).optional(),
    sections: z
      .array(
        lessonSectionSchema.pick({ id: true, title: true, additionalInfo: true }).extend({
          items: z.array(lessonItemSchema.pick({ id: true, title: true, content: true, minutes: true })),
        }),
      )
      .optional(),
  })
  .meta({ id: 'LessonResultSave' });
