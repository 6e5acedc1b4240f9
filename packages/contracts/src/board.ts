import { z } from 'zod';

/**
 * The notice board (core.md §2 notice list, §7 board): service-wide notices written by the
 * super administrator for everyone, and school notices written by a school's administrators for
 * that school's teachers and students.
 */
export const NOTICE_SCOPES = ['SERVICE', 'SCHOOL'] as const;
export const noticeScopeSchema = z.enum(NOTICE_SCOPES);
export type NoticeScope = z.infer<typeof noticeScopeSchema>;

/** Pinned notices one board keeps at its top (the service's, or one school's); beyond: E_ALREADY_FULL. */
export const MAX_PINNED_NOTICES = 5;
/** A notice is "new" for this many days. */
export const NOTICE_NEW_DAYS = 3;
export const MAX_NOTICE_ATTACHMENTS = 5;
export const MAX_NOTICE_ATTACHMENT_BYTES = 20 * 1024 * 1024;
export const NOTICE_SEARCH_TARGETS = ['ALL', 'TITLE', 'BODY', 'WRITER'] as const;

export const NOTICE_MESSAGES = {
  title: '제목을 입력해 주세요.',
  body: '내용을 입력해 주세요.',
  tooLong: '내용이 너무 깁니다.',
} as const;

export const noticeInputSchema = z
  .object({
    scope: noticeScopeSchema,
    title: z.string().trim().min(1, { message: NOTICE_MESSAGES.title }).max(200),
    /** Rich text from the editor; the server keeps only the allowed tags and attributes. */
    bodyHtml: z
      .string()
      .min(1, { message: NOTICE_MESSAGES.body })
      .max(200_000, { message: NOTICE_MESSAGES.tooLong }),
    pinned: z.boolean().default(false),
  })
  .meta({ id: 'NoticeInput' });
export type NoticeInput = z.infer<typeof noticeInputSchema>;

/** An edit changes only the fields sent; attachments listed in `removeAttachmentIds` go. */
export const noticeUpdateSchema = z
  .object({
    title: noticeInputSchema.shape.title.optional(),
    bodyHtml: noticeInputSchema.shape.bodyHtml.optional(),
    pinned: z.boolean().optional(),
    removeAttachmentIds: z.array(z.number().int().positive()).max(50).optional(),
  })
  .strict()
  .meta({ id: 'NoticeUpdate' });
export type NoticeUpdate = z.infer<typeof noticeUpdateSchema>;

export const noticeListQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  /** ALL: the service's notices and the reader's school's. */
  scope: z.enum(['ALL', ...NOTICE_SCOPES]).default('ALL'),
  keyword: z.string().trim().max(100, { message: '검색어는 100자 이내로 입력해 주세요.' }).optional(),
  target: z.enum(NOTICE_SEARCH_TARGETS).default('ALL'),
});
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;

export const noticeSummarySchema = z
  .object({
    id: z.number().int(),
    /** The list's number column: counts down from the newest unpinned notice; null for pinned ones. */
    number: z.number().int().nullable(),
    scope: noticeScopeSchema,
    schoolName: z.string().nullable(),
    title: z.string(),
    writer: z.string(),
    createdAt: z.string(),
    views: z.number().int(),
    pinned: z.boolean(),
    isNew: z.boolean(),
    attachmentCount: z.number().int(),
  })
  .meta({ id: 'NoticeSummary' });
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;

export const noticePageSchema = z
  .object({
    /** Pinned notices first (on every page), then the page of the others, newest first. */
    items: z.array(noticeSummarySchema),
    /** Unpinned notices matching: what the pages count. */
    total: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    lastPageIndex: z.number().int(),
  })
  .meta({ id: 'NoticePage' });
export type NoticePage = z.infer<typeof noticePageSchema>;

export const noticeAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  bytes: z.number().int(),
  /** The download address, ready to use. */
  url: z.string(),
});

const neighbourSchema = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const noticeDetailSchema = noticeSummarySchema
  .extend({
    bodyHtml: z.string(),
    updatedAt: z.string(),
    attachments: z.array(noticeAttachmentSchema),
    /** The notice before and after this one in the list's order. */
    previous: neighbourSchema,
    next: neighbourSchema,
    abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'NoticeDetail' });
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

export const noticePinAvailabilityQuerySchema = z.object({ scope: noticeScopeSchema.default('SCHOOL') });
export const noticePinAvailabilitySchema = z.object({
  available: z.boolean(),
  pinned: z.number().int(),
  max: z.number().int(),
});
export const noticeIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const noticeAttachmentParamsSchema = noticeIdParamsSchema.extend({
  attachmentId: z.coerce.number().int().positive(),
});
