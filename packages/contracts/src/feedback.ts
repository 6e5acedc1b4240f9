import { z } from 'zod';
import { keptFilesField } from './kept-files.ts';
import { PRIVATE_SHARING } from './sharing.ts';

/** document-tools.md §3: the six areas of writing feedback, in the order the view shows them. */
export const FEEDBACK_AREAS = [
  'grammar',
  'vocabulary',
  'expression',
  'sentence',
  'composition',
  'ideas',
] as const;
export type FeedbackArea = (typeof FEEDBACK_AREAS)[number];

export const FEEDBACK_AREA_LABELS: Record<FeedbackArea, string> = {
  grammar: '문법',
  vocabulary: '어휘',
  expression: '표현',
  sentence: '문장',
  composition: '구성',
  ideas: '내용·아이디어',
};

/** document-tools.md §5, §9: what a teacher may attach (the server decides the type by content). */
export const FEEDBACK_FILE_TYPES = ['hwp', 'hwpx', 'docx', 'pdf', 'png', 'jpg', 'jpeg'] as const;
export const FEEDBACK_MAX_FILES = 5;

export const FEEDBACK_MESSAGES = {
  title: '자료명을 입력해주세요.',
  items: '피드백 영역을 하나 이상 선택해주세요.',
  targetContent: '피드백할 글을 입력해주세요.',
  noFile: '파일을 첨부해주세요.',
  unsupported: '지원하지 않는 파일 형식입니다.',
  noText: '파일에서 글을 읽지 못했습니다.',
} as const;

/** Whether a file name has one of the extensions the feedback form accepts. */
export function isFeedbackFileName(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return name.includes('.') && (FEEDBACK_FILE_TYPES as readonly string[]).includes(extension);
}

/**
 * document-tools.md §3, §5: the feedback form (multipart `inputDto`; the files beside it are checked
 * by the route). `useManualType` true means the teacher typed the student's text into the form.
 */
export const feedbackInputSchema = z
  .object({
    title: z
      .string({ error: FEEDBACK_MESSAGES.title })
      .trim()
      .min(1, { message: FEEDBACK_MESSAGES.title })
      .max(200),
    items: z
      .array(z.enum(FEEDBACK_AREAS))
      .min(1, { message: FEEDBACK_MESSAGES.items })
      .default([...FEEDBACK_AREAS])
      // Repeated areas are the same choice; the order is the view's, whatever the form sent.
      .transform((areas) => FEEDBACK_AREAS.filter((area) => areas.includes(area))),
    useManualType: z.boolean().default(true),
    targetContent: z.string().max(20_000).default(''),
    grade: z.string().max(20).optional(),
    gradeSeq: z.number().int().positive().nullable().optional(),
    query: z.string().max(2000).optional(),
    // A pupil's writing: private, and nobody else edits it, unless the teacher opens it.
    accessLevel: z.enum(['PUBLIC', 'SCHOOL', 'PRIVATE']).default(PRIVATE_SHARING.accessLevel),
    editable: z.boolean().default(PRIVATE_SHARING.editable),
    /** On recreate: the attachments kept from before that the feedback is still made from. */
    keptFiles: keptFilesField(FEEDBACK_MAX_FILES),
  })
  .superRefine((value, ctx) => {
    if (value.useManualType && !value.targetContent.trim()) {
      ctx.addIssue({ code: 'custom', path: ['targetContent'], message: FEEDBACK_MESSAGES.targetContent });
    }
  })
  .meta({ id: 'FeedbackCreate' });
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

const scoreSchema = z.number().int().min(0).max(100);

export const feedbackScoresSchema = z.object({
  grammar: scoreSchema.nullable(),
  vocabulary: scoreSchema.nullable(),
  expression: scoreSchema.nullable(),
  sentence: scoreSchema.nullable(),
  composition: scoreSchema.nullable(),
  ideas: scoreSchema.nullable(),
});
export type FeedbackScores = z.infer<typeof feedbackScoresSchema>;

export const feedbackAreaResultSchema = z.object({
  area: z.enum(FEEDBACK_AREAS),
  score: scoreSchema,
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
  /** A passage of the student's text and how it could read. */
  examples: z.array(z.object({ original: z.string(), suggestion: z.string() })).optional(),
});
export type FeedbackAreaResult = z.infer<typeof feedbackAreaResultSchema>;

/** The feedback view (document-tools.md §3): the total, the six scores (null when not chosen). */
export const feedbackResultSchema = z
  .object({
    title: z.string(),
    totalScore: scoreSchema,
    scores: feedbackScoresSchema,
    areas: z.array(feedbackAreaResultSchema),
    /** The AI's (or the offline draft's) overall comment. */
    overall: z.string(),
    /** The teacher's own words to the student, written in the view. */
    teacherFeedback: z.string().max(5000),
    engine: z.enum(['model', 'offline']),
    notice: z.string().nullable(),
  })
  .meta({ id: 'FeedbackResult' });
export type FeedbackResult = z.infer<typeof feedbackResultSchema>;

/** PUT {id}: the creator saves the teacher's feedback, an edited result, or a new title. */
export const feedbackUpdateSchema = z
  .object({
    title: z.string().trim().min(1, { message: FEEDBACK_MESSAGES.title }).max(200).optional(),
    teacherFeedback: z.string().max(5000).optional(),
    result: feedbackResultSchema.optional(),
  })
  .meta({ id: 'FeedbackUpdate' });
export type FeedbackUpdate = z.infer<typeof feedbackUpdateSchema>;
