import { z } from 'zod';
import { keptFilesField } from './kept-files.ts';

export const SUMMARY_TYPES = ['TOPIC_SUMMARY', 'DOCUMENT_SUMMARY', 'TEXT_SUMMARY'] as const;
export const SUMMARY_FORMATS = ['KEYWORD_SUMMARY', 'EASY_SUMMARY', 'EASY_KEYWORD_SUMMARY'] as const;
export const SUMMARY_MAX_FILES = 5;

/** document-tools.md §3, §5: the summary form and its messages (files are checked by the route). */
export const summaryInputSchema = z
  .object({
    title: z.string().trim().min(1, { message: '제목을 입력해주세요.' }).max(200),
    summaryType: z.enum(SUMMARY_TYPES, { message: '요약 유형을 선택해주세요.' }),
    summaryFormat: z.enum(SUMMARY_FORMATS).default('KEYWORD_SUMMARY'),
    summaryTopic: z.string().max(500).default(''),
    inputText: z.string().max(50_000).default(''),
    summaryDetails: z.string().max(2000).default(''),
    year: z.number().int().optional(),
    level: z.string().max(20).optional(),
    grade: z.string().max(20).optional(),
    gradeSeq: z.number().int().positive().nullable().optional(),
    subject: z.string().max(50).optional(),
    accessLevel: z.enum(['PUBLIC', 'SCHOOL', 'PRIVATE']).default('PUBLIC'),
    editable: z.boolean().default(true),
    /** On recreate: the documents kept from before that the summary is still made from. */
    keptFiles: keptFilesField(SUMMARY_MAX_FILES),
  })
  .superRefine((value, ctx) => {
    if (value.summaryType === 'TOPIC_SUMMARY' && !value.summaryTopic.trim()) {
      ctx.addIssue({ code: 'custom', path: ['summaryTopic'], message: '요약할 주제를 입력해주세요.' });
    }
    if (value.summaryType === 'TEXT_SUMMARY' && !value.inputText.trim()) {
      ctx.addIssue({ code: 'custom', path: ['inputText'], message: '요약할 글을 입력해주세요.' });
    }
  })
  .meta({ id: 'SummaryCreate' });
export type SummaryInput = z.infer<typeof summaryInputSchema>;

export const SUMMARY_MESSAGES = {
  noFile: '파일을 업로드해주세요.',
  unsupported: '지원하지 않는 파일 형식입니다.',
} as const;

export const summaryResultSchema = z
  .object({
    title: z.string(),
    keywords: z.array(z.object({ keyword: z.string(), explanation: z.string() })),
    summary: z.array(z.string()),
    engine: z.enum(['model', 'offline']),
    notice: z.string().nullable(),
  })
  .meta({ id: 'SummaryResult' });
export type SummaryResult = z.infer<typeof summaryResultSchema>;
