import { z } from 'zod';

/**
 * document-tools.md §3: the common document-studio payload. Every studio tool's form extends it;
 * the output is a structured document (headings, paragraphs, tables) stored as the document model.
 */
export const studioCommonSchema = z.object({
  promptSeq: z.number().int().positive().optional(),
  title: z
    .string({ message: '제목을 입력해주세요.' })
    .trim()
    .min(1, { message: '제목을 입력해주세요.' })
    .max(200),
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
    topic: z
      .string({ message: '주제를 입력해주세요.' })
      .trim()
      .min(1, { message: '주제를 입력해주세요.' })
      .max(1000),
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

/** Files a teacher's own evaluation-plan template may be (document-tools.md §9: HWP, WORD, PDF). */
export const EVALUATION_TEMPLATE_EXTENSIONS = ['hwp', 'hwpx', 'doc', 'docx', 'pdf'] as const;

/**
 * document-tools.md §3, §5: the evaluation plan. Grade, subject, semester and title are required;
 * with the teacher's own template a file is required and its structure guides the plan.
 */
export const evaluationPlanInputSchema = studioCommonSchema
  .extend({
    /** Left out: the curriculum the grade follows this school year (defaultCurriculum). */
    curriculum: z.union([z.literal(2015), z.literal(2022)]).optional(),
    levelCodeSeq: z.number().int().positive().optional(),
    isUserTemplate: z.boolean().default(false),
    grade: z.string().max(20).optional(),
    gradeSeq: z
      .number({ message: '학년을 선택해주세요.' })
      .int()
      .positive({ message: '학년을 선택해주세요.' }),
    semester: z.union([z.literal(1), z.literal(2)], { message: '학기를 선택해주세요.' }),
    subjectSeq: z
      .number({ message: '과목을 선택해주세요.' })
      .int()
      .positive({ message: '과목을 선택해주세요.' }),
    subject: z.string().max(50).optional(),
    query: z.string().max(2000).default(''),
    publisherAuthorSeq: z.number().int().positive().nullable().optional(),
    /** Filled by the server from the uploaded template (its text, for the model and the layout). */
    template: z
      .object({ fileName: z.string(), text: z.string().max(40_000), columns: z.array(z.string()).max(12) })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.isUserTemplate && !value.template) {
      ctx.addIssue({ code: 'custom', path: ['userTemplate'], message: '평가계획 양식 파일을 첨부해주세요.' });
    }
  })
  .meta({ id: 'EvaluationPlanCreate' });
export type EvaluationPlanInput = z.infer<typeof evaluationPlanInputSchema>;

/** Comma-joined names (the form's lists), trimmed, blanks dropped. */
export function namesOf(joined: string): string[] {
  return joined
    .split(/[,，\n]/)
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Recordings the minutes may be written from (document-tools.md §9: mp3, mp4). */
export const MINUTES_RECORDING_EXTENSIONS = ['mp3', 'mp4'] as const;
export const MEETING_DECISIONS = ['원안가결', '수정가결', '부결', '보류'] as const;

/**
 * document-tools.md §3, §5: school steering committee minutes. Title, agenda, principal, the first
 * teacher member and the first parent member are required; the member lists keep at least one.
 */
export const meetingMinutesInputSchema = studioCommonSchema
  .extend({
    principal: z
      .string({ message: '교장 위원 이름을 입력해주세요.' })
      .trim()
      .min(1, { message: '교장 위원 이름을 입력해주세요.' })
      .max(50),
    chair: z.string().max(50).default(''),
    secretary: z.string().max(50).default(''),
    admin: z.string().max(50).default(''),
    teachers: z
      .string()
      .max(500)
      .refine((v) => namesOf(v).length > 0, { message: '교원 위원을 한 명 이상 입력해주세요.' }),
    parents: z
      .string()
      .max(500)
      .refine((v) => namesOf(v).length > 0, { message: '학부모 위원을 한 명 이상 입력해주세요.' }),
    topic: z
      .string({ message: '안건을 입력해주세요.' })
      .trim()
      .min(1, { message: '안건을 입력해주세요.' })
      .max(2000),
    requestContent: z.string().max(20_000).default(''),
    schoolLevel: z.string().max(20).optional(),
    meetingKind: z.enum(['REGULAR', 'EXTRA']).default('REGULAR'),
    meetingDate: z.string().max(40).optional(),
    place: z.string().max(100).optional(),
    /** Filled by the server from an uploaded recording. */
    transcript: z.string().max(60_000).optional(),
  })
  .meta({ id: 'MeetingMinutesCreate' });
export type MeetingMinutesInput = z.infer<typeof meetingMinutesInputSchema>;

/**
 * The general document (`/document/generate`): what to write, optionally a template file whose
 * structure the document follows. The document name is optional and filled in when empty.
 */
export const generalDocumentInputSchema = studioCommonSchema
  .extend({
    title: z.string().trim().max(200).default(''),
    query: z
      .string({ message: '만들 문서의 내용을 입력해주세요.' })
      .trim()
      .min(1, { message: '만들 문서의 내용을 입력해주세요.' })
      .max(4000),
    /** Filled by the server from an uploaded template. */
    template: z
      .object({ fileName: z.string(), text: z.string().max(40_000), document: z.unknown().optional() })
      .optional(),
  })
  .meta({ id: 'GeneralDocumentCreate' });
export type GeneralDocumentInput = z.infer<typeof generalDocumentInputSchema>;
