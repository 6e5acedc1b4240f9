import { z } from 'zod';

/**
 * Student records (학교생활기록부, core.md §7 student-records): the areas teachers write each
 * year, with the character limits of the 2019 reform (DOMAIN.md). NEIS counts bytes, 3 a Hangul
 * character, so a 500-character area holds 1,500 bytes.
 */
export const RECORD_AREAS = ['BEHAVIOR', 'SUBJECT', 'AUTONOMY', 'CLUB', 'CAREER'] as const;
export type RecordArea = (typeof RECORD_AREAS)[number];

export const RECORD_AREA_INFO: Record<RecordArea, { ko: string; en: string; charLimit: number }> = {
  BEHAVIOR: { ko: '행동특성 및 종합의견', en: 'Behaviour and overall comments', charLimit: 500 },
  SUBJECT: { ko: '세부능력 및 특기사항', en: 'Subject details and abilities', charLimit: 500 },
  AUTONOMY: { ko: '자율·자치활동', en: 'Autonomous and self-governing activities', charLimit: 500 },
  CLUB: { ko: '동아리활동', en: 'Club activities', charLimit: 500 },
  CAREER: { ko: '진로활동', en: 'Career activities', charLimit: 700 },
};

export function byteLimitOf(area: RecordArea): number {
  return RECORD_AREA_INFO[area].charLimit * 3;
}

export const recordAreaSchema = z.enum(RECORD_AREAS, { message: '기록 영역을 선택해주세요.' });

/** 세부능력 및 특기사항 is written per subject; the other areas have no subject. */
const subjectSchema = z.string().trim().max(30, { message: '과목 이름은 30자 이내로 입력해주세요.' });

/** Longer than any limit, so a teacher can paste and trim; the meter shows the overrun. */
export const MAX_RECORD_TEXT = 5000;

const contentSchema = z
  .string({ message: '내용을 입력해주세요.' })
  .max(MAX_RECORD_TEXT, { message: `내용은 ${MAX_RECORD_TEXT}자 이내로 입력해주세요.` });

function subjectRule<T extends { area: RecordArea; subject?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.area === 'SUBJECT' && !value.subject?.trim()) {
    ctx.addIssue({
      code: 'custom',
      path: ['subject'],
      message: '세부능력 및 특기사항은 과목을 선택해주세요.',
    });
  }
}

export const studentRecordInputSchema = z
  .object({
    studentId: z.coerce.number({ message: '학생을 선택해주세요.' }).int().positive(),
    area: recordAreaSchema,
    subject: subjectSchema.optional(),
    content: contentSchema,
  })
  .superRefine(subjectRule);
export type StudentRecordInput = z.infer<typeof studentRecordInputSchema>;

export const studentRecordUpdateSchema = z.object({ content: contentSchema });

export const studentRecordListQuerySchema = z
  .object({
    classroomId: z.coerce.number().int().positive().optional(),
    studentId: z.coerce.number().int().positive().optional(),
  })
  .refine((value) => value.classroomId !== undefined || value.studentId !== undefined, {
    message: '학급이나 학생을 선택해주세요.',
  });

export const studentRecordSchema = z
  .object({
    id: z.number().int(),
    studentId: z.number().int(),
    classroomId: z.number().int(),
    schoolYear: z.number().int(),
    area: recordAreaSchema,
    subject: z.string(),
    content: z.string(),
    bytes: z.number().int(),
    authorId: z.number().int(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    abilities: z.object({ view: z.boolean(), edit: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'StudentRecord' });
export type StudentRecord = z.infer<typeof studentRecordSchema>;

export const recordItemSchema = z.object({
  area: recordAreaSchema,
  label: z.string(),
  labelEn: z.string(),
  charLimit: z.number().int(),
  byteLimit: z.number().int(),
  perSubject: z.boolean(),
});

export const recordItemsSchema = z.object({
  areas: z.array(recordItemSchema),
  /** Subjects of the class's grade, for 세부능력 및 특기사항. */
  subjects: z.array(z.string()),
});
export type RecordItems = z.infer<typeof recordItemsSchema>;

export const recordItemsQuerySchema = z.object({
  classroomId: z.coerce.number().int().positive().optional(),
});

/** The class's students with the caller's records, for the workspace (one call opens a class). */
export const classRecordsSchema = z.object({
  classroomId: z.number().int(),
  students: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      name: z.string(),
      gender: z.enum(['M', 'F']),
      records: z.array(studentRecordSchema),
    }),
  ),
});
export type ClassRecords = z.infer<typeof classRecordsSchema>;

const observationSchema = z.string().trim().max(2000, { message: '2000자 이내로 입력해주세요.' });

/** What the teacher observed, from which a draft is written (never the name: that comes from the roster). */
export const recordDraftRequestSchema = z
  .object({
    studentId: z.coerce.number({ message: '학생을 선택해주세요.' }).int().positive(),
    area: recordAreaSchema,
    subject: subjectSchema.optional(),
    keywords: observationSchema.default(''),
    notes: observationSchema.default(''),
    activities: observationSchema.default(''),
  })
  .superRefine(subjectRule)
  .refine((value) => [value.keywords, value.notes, value.activities].some((part) => part.trim()), {
    path: ['notes'],
    message: '관찰한 내용(키워드, 메모, 활동)을 하나 이상 입력해주세요.',
  });
export type RecordDraftRequest = z.infer<typeof recordDraftRequestSchema>;

export const DRAFT_STATUSES = ['waiting', 'running', 'done', 'failed'] as const;

export const recordDraftSchema = z
  .object({
    id: z.number().int(),
    studentId: z.number().int(),
    area: recordAreaSchema,
    subject: z.string(),
    status: z.enum(DRAFT_STATUSES),
    text: z.string().nullable(),
    bytes: z.number().int(),
    byteLimit: z.number().int(),
    engine: z.enum(['model', 'offline']).nullable(),
    /** The one plain sentence shown with an offline draft. */
    notice: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'StudentRecordDraft' });
export type RecordDraft = z.infer<typeof recordDraftSchema>;

export const recordCheckRequestSchema = z.object({
  area: recordAreaSchema,
  text: contentSchema,
  /** Also run the spelling check (slower: the dictionary or the model). */
  spelling: z.boolean().default(true),
});

const spanSchema = z.object({ start: z.number().int(), end: z.number().int(), text: z.string() });

export const recordCheckResultSchema = z.object({
  bytes: z.number().int(),
  byteLimit: z.number().int(),
  overLimit: z.boolean(),
  banned: z.array(spanSchema.extend({ ruleId: z.string(), label: z.string(), reason: z.string() })),
  endings: z.array(
    spanSchema.extend({ ending: z.string(), suggestion: z.string().nullable(), reason: z.string() }),
  ),
  unsupported: z.array(spanSchema.extend({ reason: z.string() })),
  spelling: z.array(
    z.object({
      original: z.string(),
      suggestion: z.string(),
      reason: z.string(),
      position: z.number().int(),
    }),
  ),
  ok: z.boolean(),
});
export type RecordCheckResult = z.infer<typeof recordCheckResultSchema>;

/** Every kind of access to a pupil's data the access log records. */
export const ACCESS_ACTIONS = [
  'classroom.create',
  'classroom.update',
  'classroom.delete',
  'roster.view',
  'roster.export',
  'student.add',
  'student.import',
  'student.update',
  'student.remove',
  'student.export',
  'student.erase',
  'record.view',
  'record.create',
  'record.update',
  'record.delete',
  'record.draft',
  'record.draft.accept',
  'record.draft.reject',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.enum(ACCESS_ACTIONS),
  classroomId: z.number().int().nullable(),
  classroomLabel: z.string().nullable(),
  studentId: z.number().int().nullable(),
  /** The pupil as they were named at the time (masked once the pupil's data is erased). */
  studentLabel: z.string().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogQuerySchema = z.object({
  schoolId: z.coerce.number().int().positive().optional(),
  studentId: z.coerce.number().int().positive().optional(),
  classroomId: z.coerce.number().int().positive().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  pageIndex: z.coerce.number().int().min(0).max(100000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export const accessLogPageSchema = z.object({
  items: z.array(accessLogEntrySchema),
  total: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});
