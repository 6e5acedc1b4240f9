import { summaryResultSchema, textCorrectionResultSchema } from '@ssaem/contracts';
import {
  type BlockNode,
  bulletList,
  type DocumentNode,
  doc,
  documentSchema,
  documentToPlainText,
  type HeadingLevel,
  heading,
  paragraph,
  table,
  tableHeader,
} from '@ssaem/documents';
import { z } from 'zod';

/**
 * A library item's stored content (JSON whose shape depends on libraryType) as the document model,
 * for the viewer, the editor and the exports.
 *
 * Where an edited document is kept (the editor's save):
 * - items that are documents in their own right (HWP_EDITOR, GENERATE_DOCUMENT): the content is
 *   `{ title, text, document }`;
 * - tool items (SUMMARY, LESSON, …): the tool's result stays as it is and gains `editedDocument`,
 *   so the tool's own view keeps working; the edit is what exports.
 * `text` is the plain text of the document, so the library's excerpt and search read the words of
 * the document rather than its node names. No string marker (such as `kind: 'document'`) is added,
 * since every string of the content becomes part of the excerpt.
 */

/** Library types whose whole content is an edited document. */
export const DOCUMENT_LIBRARY_TYPES = new Set(['HWP_EDITOR', 'GENERATE_DOCUMENT']);

const HEADER_SHADING = '#E7EEF7';
/** Bounds for the generic walker, so an odd or huge result cannot make an unbounded document. */
const MAX_DEPTH = 8;
const MAX_BLOCKS = 5000;
const MAX_TABLE_COLUMNS = 12;

/** Keys holding machinery rather than the document (the same idea as the library's excerpt). */
const SKIPPED_KEYS = new Set([
  'engine',
  'notice',
  'id',
  'ids',
  'seq',
  'start',
  'end',
  'offset',
  'length',
  'position',
  'score',
  'url',
  'src',
  'status',
  'createdAt',
  'updatedAt',
  'editedDocument',
]);
/** Keys whose string value names the part it belongs to. */
const TITLE_KEYS = new Set(['title', 'heading', 'name', 'subject', 'topic', 'caption', 'label', '제목']);

/** `{title, sections: [{heading, paragraphs}]}`: the demo library's documents of every type. */
const lessonLikeSchema = z.object({
  title: z.string().optional(),
  sections: z.array(
    z.object({
      heading: z.string().optional(),
      title: z.string().optional(),
      paragraphs: z.array(z.string()),
    }),
  ),
});

/**
 * The lesson tool's result, by structure (the fields a document shows), so the layout does not
 * break when the tool adds fields of its own.
 */
const lessonToolSchema = z.object({
  title: z.string(),
  goal: z.string().optional(),
  gradeName: z.string().nullish(),
  subjectName: z.string().nullish(),
  standards: z.array(z.object({ code: z.string(), statement: z.string() })).optional(),
  sections: z.array(
    z.object({
      title: z.string(),
      additionalInfo: z.string().optional(),
      items: z.array(z.object({ title: z.string(), content: z.string(), minutes: z.number().nullish() })),
    }),
  ),
});

/** The feedback tool's result, by structure. */
const feedbackToolSchema = z.object({
  title: z.string(),
  totalScore: z.number().nullish(),
  areas: z.array(
    z.object({
      area: z.string(),
      score: z.number().nullish(),
      strengths: z.array(z.string()),
      improvements: z.array(z.string()),
      examples: z.array(z.object({ original: z.string(), suggestion: z.string() })).optional(),
    }),
  ),
  overall: z.string().optional(),
  teacherFeedback: z.string().optional(),
});
const FEEDBACK_AREA_LABELS: Record<string, string> = {
  grammar: '문법',
  vocabulary: '어휘',
  expression: '표현',
  sentence: '문장',
  composition: '구성',
  ideas: '내용',
};

/** Content as stored: a JSON string or already parsed; null when the item has none yet. */
export function parseContent(content: string | null | undefined): unknown {
  if (content === null || content === undefined || content === '') return null;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The document a teacher saved from the editor, when the content holds a valid one. */
export function editedDocumentOf(content: unknown): DocumentNode | undefined {
  const record = asRecord(content);
  if (!record) return undefined;
  for (const key of ['editedDocument', 'document']) {
    const parsed = documentSchema.safeParse(record[key]);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** The content to store after an edit (see the comment at the top). */
export function contentWithDocument(
  libraryType: string,
  existing: unknown,
  document: DocumentNode,
  title: string,
): Record<string, unknown> {
  if (DOCUMENT_LIBRARY_TYPES.has(libraryType)) {
    return { title, text: documentToPlainText(document), document };
  }
  const record = asRecord(existing);
  // A tool result that is not an object (a bare string) is kept under a name of its own.
  const base = record ?? (existing === null || existing === undefined ? {} : { result: existing });
  return { ...base, editedDocument: document };
}

export function contentToDocument(libraryType: string, content: unknown, itemTitle: string): DocumentNode {
  const edited = editedDocumentOf(content);
  if (edited) return withTitle(edited, itemTitle);
  const blocks = toolBlocks(libraryType, content, itemTitle);
  return doc(blocks.length > 0 ? blocks : [heading(1, itemTitle)], { title: itemTitle });
}

function withTitle(document: DocumentNode, title: string): DocumentNode {
  return document.attrs?.title ? document : { ...document, attrs: { ...document.attrs, title } };
}

function toolBlocks(libraryType: string, content: unknown, itemTitle: string): BlockNode[] {
  if (libraryType === 'SUMMARY') {
    const summary = summaryResultSchema.safeParse(content);
    if (summary.success) return summaryBlocks(summary.data, itemTitle);
  }
  if (libraryType === 'TEXT_CORRECTION') {
    const correction = textCorrectionResultSchema.safeParse(content);
    if (correction.success) return textCorrectionBlocks(correction.data, itemTitle);
  }
  if (libraryType === 'LESSON') {
    const lessonTool = lessonToolSchema.safeParse(content);
    if (lessonTool.success) return lessonToolBlocks(lessonTool.data, itemTitle);
  }
  if (libraryType === 'FEEDBACK') {
    const feedback = feedbackToolSchema.safeParse(content);
    if (feedback.success) return feedbackBlocks(feedback.data, itemTitle);
  }
  const lesson = lessonLikeSchema.safeParse(content);
  if (lesson.success) return lessonBlocks(lesson.data, itemTitle);
  return genericBlocks(content, itemTitle);
}

function summaryBlocks(summary: z.infer<typeof summaryResultSchema>, itemTitle: string): BlockNode[] {
  const blocks: BlockNode[] = [heading(1, summary.title.trim() || itemTitle)];
  if (summary.keywords.length > 0) {
    blocks.push(heading(2, '핵심어'));
    blocks.push(
      table(
        [
          [shaded('핵심어'), shaded('설명')],
          ...summary.keywords.map((entry) => [entry.keyword, entry.explanation]),
        ],
        { colwidths: [1, 3] },
      ),
    );
  }
  const points = summary.summary.map((line) => line.trim()).filter(Boolean);
  if (points.length > 0) {
    blocks.push(heading(2, '요약'));
    blocks.push(bulletList(points));
  }
  return blocks;
}

function textCorrectionBlocks(
  result: z.infer<typeof textCorrectionResultSchema>,
  itemTitle: string,
): BlockNode[] {
  const blocks: BlockNode[] = [heading(1, itemTitle), heading(2, '교정한 글')];
  blocks.push(...textParagraphs(result.correctedText || result.checkedText));
  blocks.push(heading(2, '고친 곳'));
  if (result.corrections.length === 0) {
    blocks.push(paragraph('고칠 곳이 없습니다.'));
  } else {
    blocks.push(
      table(
        [
          [shaded('원문'), shaded('수정'), shaded('이유')],
          ...result.corrections.map((entry) => [entry.original, entry.suggestion, entry.reason]),
        ],
        { colwidths: [2, 2, 3] },
      ),
    );
  }
  return blocks;
}

function lessonBlocks(lesson: z.infer<typeof lessonLikeSchema>, itemTitle: string): BlockNode[] {
  const blocks: BlockNode[] = [heading(1, lesson.title?.trim() || itemTitle)];
  for (const section of lesson.sections) {
    const sectionHeading = (section.heading ?? section.title ?? '').trim();
    if (sectionHeading) blocks.push(heading(2, sectionHeading));
    for (const line of section.paragraphs ?? []) if (line.trim()) blocks.push(paragraph(line.trim()));
  }
  return blocks;
}

function lessonToolBlocks(lesson: z.infer<typeof lessonToolSchema>, itemTitle: string): BlockNode[] {
  const blocks: BlockNode[] = [heading(1, lesson.title.trim() || itemTitle)];
  const facts = [
    ['학년', lesson.gradeName],
    ['과목', lesson.subjectName],
    ['학습 목표', lesson.goal],
  ].filter((row): row is [string, string] => Boolean(row[1]?.trim()));
  if (facts.length > 0) {
    blocks.push(
      table(
        facts.map(([label, value]) => [shaded(label), value]),
        { colwidths: [1, 4] },
      ),
    );
  }
  if (lesson.standards && lesson.standards.length > 0) {
    blocks.push(heading(2, '성취기준'));
    blocks.push(bulletList(lesson.standards.map((entry) => `${entry.code} ${entry.statement}`.trim())));
  }
  for (const section of lesson.sections) {
    blocks.push(heading(2, section.title.trim() || '활동'));
    if (section.additionalInfo?.trim()) blocks.push(...textParagraphs(section.additionalInfo));
    for (const entry of section.items) {
      const minutes = typeof entry.minutes === 'number' && entry.minutes > 0 ? ` (${entry.minutes}분)` : '';
      if (entry.title.trim() || minutes) blocks.push(heading(3, `${entry.title.trim()}${minutes}`.trim()));
      blocks.push(...textParagraphs(entry.content));
    }
  }
  return blocks;
}

function feedbackBlocks(feedback: z.infer<typeof feedbackToolSchema>, itemTitle: string): BlockNode[] {
  const blocks: BlockNode[] = [heading(1, feedback.title.trim() || itemTitle)];
  const scored = feedback.areas.filter((area) => typeof area.score === 'number');
  if (scored.length > 0 || typeof feedback.totalScore === 'number') {
    const rows = scored.map((area) => [FEEDBACK_AREA_LABELS[area.area] ?? area.area, String(area.score)]);
    if (typeof feedback.totalScore === 'number') rows.push(['총점', String(feedback.totalScore)]);
    blocks.push(heading(2, '점수'));
    blocks.push(table([[shaded('영역'), shaded('점수')], ...rows], { colwidths: [2, 1] }));
  }
  for (const area of feedback.areas) {
    blocks.push(heading(2, FEEDBACK_AREA_LABELS[area.area] ?? area.area));
    const strengths = area.strengths.map((line) => line.trim()).filter(Boolean);
    const improvements = area.improvements.map((line) => line.trim()).filter(Boolean);
    if (strengths.length > 0) blocks.push(heading(3, '잘한 점'), bulletList(strengths));
    if (improvements.length > 0) blocks.push(heading(3, '고칠 점'), bulletList(improvements));
    if (area.examples && area.examples.length > 0) {
      blocks.push(
        table([
          [shaded('학생 글'), shaded('이렇게 고쳐 보세요')],
          ...area.examples.map((example) => [example.original, example.suggestion]),
        ]),
      );
    }
  }
  if (feedback.overall?.trim()) blocks.push(heading(2, '총평'), ...textParagraphs(feedback.overall));
  if (feedback.teacherFeedback?.trim()) {
    blocks.push(heading(2, '선생님 의견'), ...textParagraphs(feedback.teacherFeedback));
  }
  return blocks;
}

function shaded(value: string) {
  return tableHeader(value, { backgroundColor: HEADER_SHADING });
}

/** One paragraph per line; blank lines are dropped (the writers space paragraphs themselves). */
function textParagraphs(value: string): BlockNode[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => paragraph(line));
}

// ---------------------------------------------------------------------------------------------
// The generic walker, for results of tools that have no layout of their own yet

type Primitive = string | number | boolean;

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function primitiveText(value: Primitive): string {
  return typeof value === 'boolean' ? (value ? '예' : '아니요') : String(value);
}

function isFlatObject(value: unknown): value is Record<string, Primitive | null> {
  const record = asRecord(value);
  return (
    record !== undefined &&
    Object.values(record).every((entry) => entry === null || entry === undefined || isPrimitive(entry))
  );
}

function genericBlocks(content: unknown, itemTitle: string): BlockNode[] {
  const blocks: BlockNode[] = [];
  const record = asRecord(content);
  const ownTitle = record ? titleOf(record) : undefined;
  blocks.push(heading(1, ownTitle ?? itemTitle));
  walk(content, blocks, 1, ownTitle === undefined ? undefined : titleKeyOf(record));
  return blocks.slice(0, MAX_BLOCKS);
}

function titleKeyOf(record: Record<string, unknown> | undefined): string | undefined {
  if (!record) return undefined;
  return Object.keys(record).find((key) => TITLE_KEYS.has(key) && typeof record[key] === 'string');
}

function titleOf(record: Record<string, unknown>): string | undefined {
  const key = titleKeyOf(record);
  const value = key ? (record[key] as string).trim() : '';
  return value || undefined;
}

function walk(value: unknown, blocks: BlockNode[], depth: number, usedTitleKey?: string): void {
  if (depth > MAX_DEPTH || blocks.length >= MAX_BLOCKS || value === null || value === undefined) return;
  if (isPrimitive(value)) {
    blocks.push(...textParagraphs(primitiveText(value)));
    return;
  }
  if (Array.isArray(value)) {
    walkArray(value, blocks, depth);
    return;
  }
  const record = asRecord(value);
  if (!record) return;
  for (const [key, entry] of Object.entries(record)) {
    if (blocks.length >= MAX_BLOCKS) return;
    if (key === usedTitleKey || SKIPPED_KEYS.has(key) || entry === null || entry === undefined) continue;
    if (typeof entry === 'string' && TITLE_KEYS.has(key)) {
      if (entry.trim()) blocks.push(heading(levelAt(depth + 1), entry.trim()));
      continue;
    }
    if (isPrimitive(entry)) {
      blocks.push(...textParagraphs(primitiveText(entry)));
      continue;
    }
    const nested = asRecord(entry);
    const nestedTitle = nested ? titleOf(nested) : undefined;
    // A part without a title of its own is named after its key, so the reader sees where it starts.
    blocks.push(heading(levelAt(depth + 1), nestedTitle ?? labelOf(key)));
    walk(entry, blocks, depth + 1, nestedTitle === undefined ? undefined : titleKeyOf(nested));
  }
}

function walkArray(values: unknown[], blocks: BlockNode[], depth: number): void {
  const present = values.filter((entry) => entry !== null && entry !== undefined);
  if (present.length === 0) return;
  if (present.every(isPrimitive)) {
    const items = present.map((entry) => primitiveText(entry as Primitive).trim()).filter(Boolean);
    if (items.length > 0) blocks.push(bulletList(items));
    return;
  }
  if (present.every(isFlatObject)) {
    const columns = [...new Set(present.flatMap((entry) => Object.keys(entry)))]
      .filter((key) => !SKIPPED_KEYS.has(key))
      .slice(0, MAX_TABLE_COLUMNS);
    if (columns.length > 0) {
      blocks.push(
        table(
          [
            columns.map((key) => shaded(labelOf(key))),
            ...present.map((entry) =>
              columns.map((key) => {
                const cell = entry[key];
                return cell === null || cell === undefined ? '' : primitiveText(cell);
              }),
            ),
          ],
          {},
        ),
      );
    }
    return;
  }
  for (const entry of present) {
    if (blocks.length >= MAX_BLOCKS) return;
    const nested = asRecord(entry);
    const nestedTitle = nested ? titleOf(nested) : undefined;
    if (nestedTitle) blocks.push(heading(levelAt(depth + 1), nestedTitle));
    walk(entry, blocks, depth + 1, nestedTitle === undefined ? undefined : titleKeyOf(nested));
  }
}

function levelAt(depth: number): HeadingLevel {
  return Math.min(Math.max(depth, 2), 6) as HeadingLevel;
}

/** camelCase and snake_case keys as words: `teacherIntervention` → "Teacher intervention". */
function labelOf(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}
