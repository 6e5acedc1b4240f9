import { z } from 'zod';
import { pageOf } from './common.ts';

export const CODE_GROUPS = ['LEVEL', 'GRADE', 'SEMESTER', 'CURRICULUM', 'SUBJECT'] as const;
export const codeGroupSchema = z.enum(CODE_GROUPS);

/** A row of the code table (document-tools.md §3): codeSeq, parentSeq, name, translation. */
export const codeSchema = z
  .object({
    codeSeq: z.number().int(),
    parentSeq: z.number().int().nullable(),
    groupCode: codeGroupSchema,
    name: z.string(),
    translation: z.string(),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'Code' });
export type Code = z.infer<typeof codeSchema>;

export const codeListQuerySchema = z.object({
  groupCode: codeGroupSchema.optional(),
  parentSeq: z.coerce.number().int().positive().optional(),
});

export const SCHOOL_SEARCH_TYPES = ['name', 'address'] as const;

export const schoolSearchQuerySchema = z.object({
  searchType: z.enum(SCHOOL_SEARCH_TYPES).default('name'),
  searchText: z.string().trim().min(1).max(50),
  pageIndex: z.coerce.number().int().min(0).max(10000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const schoolSchema = z
  .object({
    id: z.number().int(),
    schoolCode: z.string(),
    name: z.string(),
    engName: z.string().nullable(),
    level: z.string(),
    levelCodeSeq: z.number().int().nullable(),
    officeName: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'School' });
export type School = z.infer<typeof schoolSchema>;
export const schoolPageSchema = pageOf(schoolSchema);

export const CURRICULA = [2015, 2022] as const;
export const curriculumSchema = z.coerce
  .number()
  .int()
  .refine((value) => (CURRICULA as readonly number[]).includes(value), { message: '2015 또는 2022' });

export const standardQuerySchema = z.object({
  curriculum: curriculumSchema.optional(),
  gradeBand: z.string().trim().max(20).optional(),
  subject: z.string().trim().max(50).optional(),
  keyword: z.string().trim().max(100).optional(),
  code: z.string().trim().max(30).optional(),
  pageIndex: z.coerce.number().int().min(0).max(10000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const achievementLevelSchema = z.object({ level: z.string(), description: z.string() });

export const standardSchema = z
  .object({
    curriculum: z.number().int(),
    code: z.string(),
    statement: z.string(),
    schoolLevel: z.string(),
    gradeBand: z.string(),
    subjectGroup: z.string(),
    subject: z.string(),
    area: z.string().nullable(),
    levels: z.array(achievementLevelSchema),
  })
  .meta({ id: 'AchievementStandard' });
export type AchievementStandard = z.infer<typeof standardSchema>;
export const standardPageSchema = pageOf(standardSchema);

export const publisherParamsSchema = z.object({ grade: z.coerce.number().int().positive() });
export const publisherQuerySchema = z.object({
  subject: z.string().trim().max(50).optional(),
  semester: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, { message: '1 또는 2' })
    .optional(),
});
export const publisherSchema = z
  .object({ seq: z.number().int(), name: z.string(), author: z.string() })
  .meta({ id: 'Publisher' });
export type Publisher = z.infer<typeof publisherSchema>;
