import { type GeneralDocumentInput, generalDocumentInputSchema } from '@ssaem/contracts';
import {
  type BlockNode,
  bulletList,
  type DocumentNode,
  doc,
  documentSchema,
  heading,
  isDocumentError,
  paragraph,
  table,
} from '@ssaem/documents';
import { z } from 'zod';
import { AppError } from '../../../platform/errors/app-error.ts';
import { type DocumentReader, documentFileError } from '../../../platform/sandbox/document-reader.ts';
import { type StudioTool, studioNotice } from './studio-tool.ts';

export const GENERATE_DOCUMENT = 'GENERATE_DOCUMENT';

const blockSchema = z.object({
  kind: z.enum(['heading', 'paragraph', 'bullets', 'table']),
  level: z.number().int().min(1).max(3).nullable(),
  text: z.string().nullable(),
  items: z.array(z.string()).nullable(),
  rows: z.array(z.array(z.string())).nullable(),
});
const generalSchema = z.object({ blocks: z.array(blockSchema) });
type GeneralBody = z.infer<typeof generalSchema>;

/** "가을 운동회 안내문을 만들어 줘" → "가을 운동회 안내문". */
export function titleFromRequest(query: string): string {
  const firstLine = query.trim().split(/\n/)[0] ?? '';
  const cleaned = firstLine
    .replace(/(을|를)?\s*(만들어|작성해|써)\s*(줘|주세요|주십시오|줄래)?[.!?]*$/u, '')
    .replace(/[.!?]+$/u, '')
    .trim();
  return (cleaned || '새 문서').slice(0, 40);
}

function blocksToDocument(body: GeneralBody, title: string): DocumentNode {
  const content = body.blocks.flatMap((block): BlockNode[] => {
    if (block.kind === 'heading' && block.text) return [heading((block.level ?? 2) as 1 | 2 | 3, block.text)];
    if (block.kind === 'paragraph' && block.text) return [paragraph(block.text)];
    if (block.kind === 'bullets' && block.items?.length) return [bulletList(block.items)];
    if (block.kind === 'table' && block.rows?.length) {
      const width = Math.max(...block.rows.map((row) => row.length));
      return [
        table(
          block.rows.map((row) => [...row, ...Array(width - row.length).fill('')]),
          { headerRows: 1 },
        ),
      ];
    }
    return [];
  });
  return doc([heading(1, title, { textAlign: 'center' }), ...content], { title });
}

/** Reads an optional template: its text for the model, its document as the offline starting point. */
export async function readGeneralTemplate(
  reader: DocumentReader,
  input: unknown,
  files: { bytes: Buffer; filename: string }[],
) {
  const form = (input ?? {}) as Record<string, unknown>;
  const file = files[0];
  if (!file) return form;
  try {
    const read = await reader.read(file.bytes, file.filename, {
      allowedKinds: ['hwp', 'hwpx', 'docx', 'pdf'],
    });
    return {
      ...form,
      template: { fileName: file.filename, text: read.text.slice(0, 40_000), document: read.document },
    };
  } catch (error) {
    if (isDocumentError(error) && error.reason !== 'unsupported-type')
      throw documentFileError(error, 'files');
    if (isDocumentError(error)) {
      throw new AppError('E_VALIDATION', {
        details: [{ path: 'files', message: '양식은 HWP, HWPX, WORD(DOCX), PDF 파일만 쓸 수 있습니다.' }],
      });
    }
    throw error;
  }
}

export const generalDocumentTool: StudioTool<GeneralDocumentInput, GeneralBody> = {
  libraryType: GENERATE_DOCUMENT,
  promptSeq: 6,
  inputSchema: generalDocumentInputSchema,
  modelSchema: generalSchema,
  offlineNotice: studioNotice('문서'),
  async prepare(form) {
    return { ...form, title: form.title || titleFromRequest(form.query) };
  },
  // Without a model nothing can be written from a request; the draft holds the request and, when
  // a template came with it, the template itself to fill in.
  offline: (form) => ({
    blocks: [
      { kind: 'heading', level: 2, text: '요청 내용', items: null, rows: null },
      { kind: 'paragraph', level: null, text: form.query, items: null, rows: null },
    ],
  }),
  prompt(form, context) {
    return [
      `문서 이름: ${form.title}`,
      `학교: ${context.schoolName ?? ''}`,
      `요청: ${form.query}`,
      form.template
        ? `이 양식의 구성과 항목을 따르세요(${form.template.fileName}):\n${form.template.text.slice(0, 8000)}`
        : '',
      'blocks는 문서를 위에서 아래로: heading(level 1–3), paragraph, bullets(items), table(rows, 첫 줄은 머리글). 쓰지 않는 필드는 null입니다.',
    ]
      .filter(Boolean)
      .join('\n');
  },
  toDocument(body, form) {
    const built = blocksToDocument(body, form.title);
    const template = documentSchema.safeParse(form.template?.document);
    if (
      !template.success ||
      body.blocks.some((block) => block.kind !== 'heading' && block.text !== form.query)
    ) {
      return built;
    }
    // Offline with a template: the request, then the template's own structure to fill in.
    return doc(
      [...built.content, heading(2, `양식: ${form.template?.fileName ?? ''}`), ...template.data.content],
      {
        title: form.title,
      },
    );
  },
};
