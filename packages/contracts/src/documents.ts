import { z } from 'zod';
import { materialAbilitiesSchema, visibilitySchema } from './library.ts';

/**
 * document-tools.md §7 "hwp" and "Document" calls: uploads opened in the editor, HTML previews,
 * downloads, and library items as editable, exportable documents.
 */

/**
 * Formats a library item downloads in: 한글's own .hwp first (core.md §9: the output extension
 * is hwp), then .hwpx, DOCX and PDF.
 */
export const DOCUMENT_EXPORT_FORMATS = ['hwp', 'hwpx', 'docx', 'pdf'] as const;
export type DocumentExportFormat = (typeof DOCUMENT_EXPORT_FORMATS)[number];

/** What the editor opens: decided by content, never by the name. */
export const DOCUMENT_UPLOAD_TYPES = ['hwp', 'hwpx', 'docx'] as const;
export type DocumentUploadType = (typeof DOCUMENT_UPLOAD_TYPES)[number];
export const DOCUMENT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** An edited document travels as JSON with its pictures inline (data URLs). */
export const DOCUMENT_JSON_MAX_BYTES = 30 * 1024 * 1024;

/** Why an upload was refused (the `details` message of E_FILE_001), per reader reason. */
export const DOCUMENT_FILE_MESSAGES = {
  'unsupported-type': {
    ko: '지원하지 않는 파일 형식입니다. hwp, hwpx, docx 파일만 열 수 있습니다.',
    en: 'Unsupported file type. Only hwp, hwpx and docx files can be opened.',
  },
  encrypted: {
    ko: '암호가 걸린 문서는 열 수 없습니다. 암호를 해제한 뒤 다시 올려 주세요.',
    en: 'Password-protected documents cannot be opened. Remove the password and upload again.',
  },
  'zip-bomb': {
    ko: '압축을 풀면 지나치게 커지는 파일이라 열 수 없습니다.',
    en: 'The file expands to an unsafe size and cannot be opened.',
  },
  'too-large': {
    ko: '파일이 너무 큽니다. 20MB 이하의 파일만 올릴 수 있습니다.',
    en: 'The file is too large. Files up to 20 MB can be uploaded.',
  },
  unreadable: {
    ko: '파일이 손상되었거나 읽을 수 없는 형식입니다.',
    en: 'The file is damaged or cannot be read.',
  },
  'ocr-unavailable': {
    ko: '이미지에서 글자를 읽을 수 없습니다.',
    en: 'Text cannot be read from images.',
  },
  timeout: {
    ko: '파일을 읽는 데 시간이 너무 오래 걸려 멈췄습니다. 내용을 나누거나 다른 형식으로 저장해 올려 주세요.',
    en: 'Reading the file took too long and was stopped. Split it or save it in another format and upload again.',
  },
  resources: {
    ko: '파일을 읽는 데 메모리가 지나치게 많이 필요해 멈췄습니다. 파일이 손상되지 않았는지 확인해 주세요.',
    en: 'Reading the file needed far too much memory and was stopped. Check that the file is not damaged.',
  },
  interrupted: {
    ko: '파일을 읽는 동안 서버가 다시 시작되어 읽기를 마치지 못했습니다. 다시 올려 주세요.',
    en: 'The server restarted while reading the file, so it was not finished. Upload it again.',
  },
  missing: { ko: '파일을 첨부해주세요.', en: 'Attach a file.' },
} as const satisfies Record<string, { ko: string; en: string }>;
export type DocumentFileProblem = keyof typeof DOCUMENT_FILE_MESSAGES;

/**
 * The document model's outer shape (ProseMirror/TipTap JSON). The server checks every node
 * against the full model schema of @ssaem/documents; this is what clients need to type it.
 */
export const documentModelSchema = z
  .looseObject({ type: z.literal('doc'), content: z.array(z.unknown()) })
  .meta({ id: 'DocumentModel' });
export type DocumentModel = z.infer<typeof documentModelSchema>;

export const documentUploadResultSchema = z
  .object({
    /** An opaque id of the stored upload, for the download call; never a path. */
    fileUrl: z.string(),
    fileName: z.string(),
    fileType: z.enum(DOCUMENT_UPLOAD_TYPES),
    /** The download call for this upload, ready to use. */
    downloadUrl: z.string(),
    document: documentModelSchema,
    text: z.string(),
  })
  .meta({ id: 'DocumentUploadResult' });
export type DocumentUploadResult = z.infer<typeof documentUploadResultSchema>;

export const documentHtmlResultSchema = z.object({ html: z.string() }).meta({ id: 'DocumentHtml' });

export const documentHtmlInputSchema = z.object({ document: documentModelSchema });

export const documentDownloadQuerySchema = z.object({
  fileUrl: z.string().min(1).max(200),
  fileName: z.string().max(300).optional(),
});

export const documentExportQuerySchema = z.object({
  format: z.enum(DOCUMENT_EXPORT_FORMATS).default('hwp'),
});

/** A library item as a document, for the viewer and the editor. */
export const libraryDocumentSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    libraryType: z.string(),
    status: z.number().int(),
    visibility: visibilitySchema,
    editable: z.boolean(),
    /** True when the document was edited after the tool made it (the edit is what exports). */
    edited: z.boolean(),
    document: documentModelSchema,
    abilities: materialAbilitiesSchema,
    updatedAt: z.string(),
  })
  .meta({ id: 'LibraryDocument' });
export type LibraryDocument = z.infer<typeof libraryDocumentSchema>;

const titleSchema = z.string().trim().min(1, { message: '제목을 입력해주세요.' }).max(200);

export const libraryDocumentUpdateSchema = z.object({
  title: titleSchema.optional(),
  /** The viewer's `type` query, accepted as the spec sends it; the item's own type decides. */
  type: z.string().max(40).optional(),
  document: documentModelSchema,
});
export type LibraryDocumentUpdate = z.infer<typeof libraryDocumentUpdateSchema>;

/** The HWP editor's "save to My Materials". */
export const libraryDocumentCreateSchema = z
  .object({
    title: titleSchema,
    document: documentModelSchema,
    accessLevel: visibilitySchema.default('PUBLIC'),
    editable: z.boolean().default(true),
    gradeSeq: z.number().int().positive().nullable().optional(),
  })
  .meta({ id: 'LibraryDocumentCreate' });
export type LibraryDocumentCreate = z.infer<typeof libraryDocumentCreateSchema>;

/** The HWP editor's download of a document not saved yet: the file is made and sent, nothing is kept. */
export const documentDraftExportSchema = z
  .object({
    title: titleSchema,
    document: documentModelSchema,
    format: z.enum(DOCUMENT_EXPORT_FORMATS).default('hwp'),
  })
  .meta({ id: 'DocumentDraftExport' });
export type DocumentDraftExport = z.infer<typeof documentDraftExportSchema>;
