import { z } from 'zod';

/** document-tools.md §5: the text-correction form and its messages. */
export const VISIBILITY_VALUES = ['PUBLIC', 'SCHOOL', 'PRIVATE'] as const;

export const textCorrectionInputSchema = z
  .object({
    title: z.string().trim().min(1, { message: '제목을 입력해주세요.' }).max(200),
    useManualType: z.enum(['TEXT', 'FILE']).default('TEXT'),
    userText: z.string().max(20_000).default(''),
    grade: z.string().max(20).optional(),
    gradeSeq: z.number().int().positive().nullable().optional(),
    accessLevel: z.enum(VISIBILITY_VALUES).default('PUBLIC'),
    editable: z.boolean().default(true),
    query: z.string().max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.useManualType === 'TEXT' && !value.userText.trim()) {
      ctx.addIssue({ code: 'custom', path: ['userText'], message: '내용을 입력해주세요.' });
    }
  })
  .meta({ id: 'TextCorrectionCreate' });
export type TextCorrectionInput = z.infer<typeof textCorrectionInputSchema>;

export const TEXT_CORRECTION_FILE_TYPES = ['hwp', 'hwpx', 'docx', 'pdf', 'txt'] as const;
export const TEXT_CORRECTION_MESSAGES = {
  noFile: '파일을 첨부해주세요.',
  unsupported: '지원하지 않는 파일 형식입니다.',
} as const;

export const correctionSchema = z.object({
  original: z.string(),
  suggestion: z.string(),
  reason: z.string(),
  /** Character offset of `original` in the checked text. */
  position: z.number().int().min(0),
});

export const textCorrectionResultSchema = z
  .object({
    corrections: z.array(correctionSchema),
    correctedText: z.string(),
    checkedText: z.string(),
    engine: z.enum(['model', 'dictionary']),
  })
  .meta({ id: 'TextCorrectionResult' });
export type TextCorrectionResult = z.infer<typeof textCorrectionResultSchema>;
