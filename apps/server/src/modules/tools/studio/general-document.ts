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
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import { type DocumentReader, documentFileError } from '../../../platform/sandbox/document-reader.ts';
import { extractFacts, formatShortDate, whenOrBlank, withDaysWritten } from '../draft-facts.ts';
import {
  documentKindOf,
  sentencesOf,
  titleFromRequest,
  withoutFactClauses,
  withoutRequest,
} from '../draft-text.ts';
import { withParticle } from '../korean-particles.ts';
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

export { titleFromRequest };

const block = (
  kind: GeneralBody['blocks'][number]['kind'],
  fields: Partial<GeneralBody['blocks'][number]>,
) => ({
  kind,
  level: null,
  text: null,
  items: null,
  rows: null,
  ...fields,
});

/** The request's own statements, one a line, without the request words and the facts given rows. */
function statementsOf(query: string): string[] {
  return sentencesOf(query)
    .map((line) => withoutFactClauses(withoutRequest(line.replace(/^\s*(?:[-·•*]|\d+[.)])\s*/u, ''))))
    .filter((line) => line.length > 1);
}

/**
 * A document drafted from a request without a model: the shape the request names (안내문, 계획서,
 * 결과 보고서), its facts in the overview table, the teacher's own points as items, and the
 * school's usual closing sections; blanks (○○) only where the request gave nothing.
 */
export function draftGeneralDocument(query: string, title: string, today: Date): GeneralBody {
  const facts = extractFacts(query, today);
  const kind = documentKindOf(`${title} ${query}`);
  // "… 안내 가정통신문" is about "…": every document word at its end goes.
  const subject =
    title.replace(
      /(?:\s*(?:가정통신문|안내문|안내장|안내|계획서|계획|결과 보고서|보고서|협조문|공문))+$/u,
      '',
    ) || title;
  // The line that names the document is its title, not one of its points.
  const points = statementsOf(query)
    .filter((line) => line !== title && !title.startsWith(line) && titleFromRequest(line) !== title)
    .map((line) => withDaysWritten(line, today));
  const overview = [
    ['일시', whenOrBlank(facts, { skipDeadline: true })],
    ['장소', facts.place ?? '○○'],
    ['대상', facts.target ?? '○○'],
    ...(facts.supplies ? [['준비물', facts.supplies]] : []),
    ...(facts.fee ? [['비용', facts.fee]] : []),
    ...(facts.deadline ? [['마감', `${formatShortDate(facts.deadline)}까지`]] : []),
  ];
  const items = points.length ? points : [`${subject}의 세부 내용`];
  // A letter or notice whose request held only facts says them in its table: no list of
  // "세부 내용" to fill in under it.
  const announcement = (opening: GeneralBody['blocks'], cooperation: string): GeneralBody => {
    const sections: [string, GeneralBody['blocks']][] = [
      ['개요', [block('table', { rows: [['항목', '내용'], ...overview] })]],
      ...(points.length
        ? [['주요 내용', [block('bullets', { items: points })]] as [string, GeneralBody['blocks']]]
        : []),
      ['협조 사항', [block('paragraph', { text: cooperation })]],
    ];
    return {
      blocks: [
        ...opening,
        ...sections.flatMap(([name, blocks], i) => [
          block('heading', { level: 2, text: `${i + 1}. ${name}` }),
          ...blocks,
        ]),
      ],
    };
  };
  if (kind === 'letter') {
    return announcement(
      [
        block('paragraph', { text: '학부모님께' }),
        block('paragraph', { text: `${withParticle(subject, '을/를')} 아래와 같이 안내드립니다.` }),
      ],
      '가정에서도 관심을 가지고 살펴봐 주시기 바랍니다.',
    );
  }
  if (kind === 'report') {
    return {
      blocks: [
        block('heading', { level: 2, text: '1. 개요' }),
        block('table', { rows: [['항목', '내용'], ...overview] }),
        block('heading', { level: 2, text: '2. 추진 내용' }),
        block('bullets', { items }),
        block('heading', { level: 2, text: '3. 성과' }),
        block('bullets', { items: ['참여 학생의 반응과 만족도: ○○', '목표 달성 정도: ○○'] }),
        block('heading', { level: 2, text: '4. 개선할 점' }),
        block('bullets', { items: ['○○'] }),
      ],
    };
  }
  if (kind === 'minutes') {
    // Minutes list who attended and what was discussed and decided, not a letter's 대상 and 협조.
    const attendees = /((?:[가-힣]+\s){0,2}\d{1,3}\s*명)\s*(?:이|가)?\s*(?:출석|참석)/u.exec(query)?.[1];
    const decided = items.filter((line) => /결정|의결|가결|하기로/u.test(line));
    return {
      blocks: [
        block('heading', { level: 2, text: '1. 개요' }),
        block('table', {
          rows: [
            ['항목', '내용'],
            ['일시', whenOrBlank(facts, { skipDeadline: true })],
            ['장소', facts.place ?? '○○'],
            ['참석', attendees ?? facts.target ?? '○○'],
          ],
        }),
        block('heading', { level: 2, text: '2. 협의 내용' }),
        block('bullets', { items: items.filter((line) => !decided.includes(line)) }),
        block('heading', { level: 2, text: '3. 결정 사항' }),
        block('bullets', { items: decided.length ? decided : ['○○'] }),
      ],
    };
  }
  if (kind === 'plan') {
    return {
      blocks: [
        block('heading', { level: 2, text: '1. 목적' }),
        block('paragraph', {
          text: `${withParticle(subject, '을/를')} 체계적으로 운영하여 교육 효과를 높이고자 함.`,
        }),
        block('heading', { level: 2, text: '2. 방침' }),
        block('bullets', {
          items: ['학생의 안전을 최우선으로 하여 운영함.', '모든 학생이 참여할 수 있도록 계획함.'],
        }),
        block('heading', { level: 2, text: '3. 세부 추진 계획' }),
        block('table', { rows: [['항목', '내용'], ...overview] }),
        block('bullets', { items }),
        block('heading', { level: 2, text: '4. 기대 효과' }),
        block('paragraph', {
          text: `${withParticle(subject, '을/를')} 통해 학생들의 참여와 성장을 이끌어 낼 수 있음.`,
        }),
      ],
    };
  }
  return announcement([], '관련 부서와 담당 교사는 일정에 맞추어 협조해 주시기 바랍니다.');
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
export async function readGeneralTemplate(reader: DocumentReader, input: unknown, files: SpooledFile[]) {
  const form = (input ?? {}) as Record<string, unknown>;
  const file = files[0];
  if (!file) return form;
  try {
    const read = await reader.readFile(file.path, file.filename, {
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
  // Without a model the request is drafted into the document it names (never echoed); a template
  // that came with it follows the draft, to fill in.
  offline: (form, context) => draftGeneralDocument(form.query, form.title, context.today),
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
  toDocument(body, form, context) {
    const built = blocksToDocument(body, form.title);
    const template = documentSchema.safeParse(form.template?.document);
    if (!template.success || context.engine !== 'offline') return built;
    // Offline with a template: the request, then the template's own structure to fill in.
    return doc(
      [...built.content, heading(2, `양식: ${form.template?.fileName ?? ''}`), ...template.data.content],
      {
        title: form.title,
      },
    );
  },
};
