import { z } from 'zod';
import { VISIBILITY_VALUES } from './text-correction.ts';

/**
 * The standards tool (libraryType STANDARD, `POST standard create`): a teacher's plan or unit
 * outline mapped onto achievement standards of the 2015 and 2022 curricula. Codes and wording come
 * only from the reference data; the passages are the teacher's own.
 */
export const STANDARD_TOOL_FILE_TYPES = ['hwp', 'hwpx', 'docx', 'pdf', 'txt'] as const;
export const STANDARD_TOOL_MAX_FILES = 3;

export const standardToolInputSchema = z
  .object({
    title: z.string().trim().min(1, { message: '제목을 입력해주세요.' }).max(200),
    gradeSeq: z.number({ message: '학년을 선택해주세요.' }).int().positive(),
    subjectSeq: z.number({ message: '과목을 선택해주세요.' }).int().positive(),
    curricula: z
      .array(z.union([z.literal(2015), z.literal(2022)]))
      .min(1, { message: '교육과정을 하나 이상 선택해주세요.' })
      .default([2022, 2015]),
    /** The plan as text; files may come beside it (multipart `inputDto` + `files`). */
    text: z.string().max(30_000).default(''),
    accessLevel: z.enum(VISIBILITY_VALUES).default('PUBLIC'),
    editable: z.boolean().default(true),
    /** Spec fields the old client sends; the licence is checked on the server either way. */
    isValidLicense: z.boolean().optional(),
    license_key: z.string().max(100).optional(),
  })
  .meta({ id: 'StandardToolCreate' });
export type StandardToolInput = z.infer<typeof standardToolInputSchema>;

export const standardMappingSchema = z.object({
  curriculum: z.union([z.literal(2015), z.literal(2022)]),
  code: z.string(),
  statement: z.string(),
  area: z.string().nullable(),
  /** The teacher's passages that match the standard, verbatim. */
  passages: z.array(z.string()),
  score: z.number(),
});
export type StandardMapping = z.infer<typeof standardMappingSchema>;

export const standardPlanStepSchema = z.object({
  code: z.string(),
  statement: z.string(),
  activities: z.array(z.string()),
  assessment: z.string(),
});

export const standardToolResultSchema = z
  .object({
    subject: z.string(),
    grade: z.string(),
    mappings: z.array(standardMappingSchema),
    /** The plan restructured by standard (성취기준 중심 재구성). */
    plan: z.array(standardPlanStepSchema),
    /** Passages no standard matched. */
    unmatched: z.array(z.string()),
    /** Curricula the reference data has nothing for at this grade and subject. */
    missingCurricula: z.array(z.number().int()),
    engine: z.enum(['model', 'rules']),
    notice: z.string().nullable(),
  })
  .meta({ id: 'StandardToolResult' });
export type StandardToolResult = z.infer<typeof standardToolResultSchema>;

export const standardToolUpdateSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  result: standardToolResultSchema.optional(),
});
