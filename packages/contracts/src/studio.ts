import { z } from 'zod';

/**
 * document-tools.md §3: the common document-studio payload. Every studio tool's form extends it;
 * the output is a structured document (headings, paragraphs, tables) stored as the document model.
 */
export const studioCommonSchema = z.object({
  promptSeq: z.number().int().positive().optional(),
  title: z.string().trim().min(1, { message: '제목을 입력해주세요.' }).max(200),
  type: z.string().max(40).optional(),
  extension: z.string().max(10).default('hwp'),
  schoolName: z.string().max(100).optional(),
  accessLevel: z.enum(['PUBLIC', 'SCHOOL', 'PRIVATE']).default('PUBLIC'),
  editable: z.boolean().default(true),
  gradeSeq: z.number().int().positive().nullable().optional(),
  idempotencyKey: z.string().max(100).optional(),
});

export const PARENT_LETTER_TYPES = ['APPLY', 'GUIDE'] as const;
export const PARENT_LETTER_TYPE_LABELS = { APPLY: '신청', GUIDE: '안내' } as const;

/** document-tools.md §3, §5: the parent letter (가정통신문); title and topic required. */
export const parentLetterInputSchema = studioCommonSchema
  .extend({
    topic: z.string().trim().min(1, { message: '주제를 입력해주세요.' }).max(1000),
    additionalInfo: z.string().max(4000).default(''),
    documentType: z
      .enum(PARENT_LETTER_TYPES, { message: '가정통신문 종류를 선택해주세요.' })
      .default('GUIDE'),
    isUseUserTemplate: z.boolean().default(false),
  })
  .meta({ id: 'ParentLetterCreate' });
export type ParentLetterInput = z.infer<typeof parentLetterInputSchema>;

/** What a studio tool stores: the document model (validated on the server) and how it was made. */
export const studioResultSchema = z
  .object({
    kind: z.literal('document'),
    title: z.string(),
    document: z.object({ type: z.literal('doc') }).passthrough(),
    engine: z.enum(['model', 'offline']),
    notice: z.string().nullable(),
  })
  .meta({ id: 'StudioResult' });
export type StudioResult = z.infer<typeof studioResultSchema>;
