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
export type Curriculum = (typeof CURRICULA)[number];

/**
 * The school year the 2022 revised curriculum reaches each grade (DOMAIN.md): 초1–2 in 2024;
 * 초3–4, 중1, 고1 in 2025; 초5–6, 중2, 고2 in 2026; 중3, 고3 in 2027. Grades are the code table's.
 */
export const CURRICULUM_2022_FROM: Readonly<Record<number, number>> = {
  11: 2024,
  12: 2024,
  13: 2025,
  14: 2025,
  15: 2026,
  16: 2026,
  21: 2025,
  22: 2026,
  23: 2027,
  31: 2025,
  32: 2026,
  33: 2027,
};

/** The Korean school year of a date: it starts on 1 March (January and February close the last one). */
export function schoolYearOf(date: Date = new Date()): number {
  // Korean time, whatever the server's zone: 1 March 00:00 KST is 28/29 February 15:00 UTC.
  const korean = new Date(date.getTime() + 9 * 3_600_000);
  const year = korean.getUTCFullYear();
  return korean.getUTCMonth() < 2 ? year - 1 : year;
}

/** The curriculum a grade follows in the school year of `date`; the teacher may choose the other. */
export function defaultCurriculum(gradeSeq: number | null | undefined, date: Date = new Date()): Curriculum {
  const from = gradeSeq ? CURRICULUM_2022_FROM[gradeSeq] : undefined;
  if (from === undefined) return 2022;
  return schoolYearOf(date) >= from ? 2022 : 2015;
}
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

/** The reference data's grade band of a grade code (DOMAIN.md: 2/4/6 elementary, 9 middle, 10/12 high). */
const GRADE_BANDS: Record<number, string> = {
  11: '초1-2',
  12: '초1-2',
  13: '초3-4',
  14: '초3-4',
  15: '초5-6',
  16: '초5-6',
  21: '중1-3',
  22: '중1-3',
  23: '중1-3',
  31: '고(공통)',
  32: '고(선택)',
  33: '고(선택)',
};

export function gradeBandOf(gradeSeq: number): string | null {
  return GRADE_BANDS[gradeSeq] ?? null;
}
