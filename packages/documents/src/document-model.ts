import { z } from 'zod';
import {
  FONT_FACES,
  FONT_SIZE_RANGE_PT,
  type FontFace,
  LINE_HEIGHT_RANGE_PERCENT,
  PAGE_MARGIN_RANGE_MM,
  PARAGRAPH_SPACING_RANGE_PT,
  type PageMargins,
} from './document-style.ts';

/**
 * The document model every generator, writer and reader shares: ProseMirror/TipTap JSON, so the
 * web editor can load what the server generates and save what the writers export.
 *
 * Images: `src` is a `data:` URL, or any other string that names a stored file; writers resolve
 * the latter through their `resolveImage` option. `width`/`height` are CSS pixels (96 dpi).
 * Table `colwidth` is TipTap's per-column pixel array; writers treat the widths as proportions.
 *
 * Typography (document-style.ts): a text's `fontFamily` (one of FONT_FACES) and `fontSize` (pt)
 * ride on its textStyle mark; a paragraph's or heading's `lineHeight` (percent, as 한글 counts
 * it) and `spaceBefore`/`spaceAfter` (pt) on its attrs; page `margins` (mm) on the document.
 * Every one of them is optional: without it a writer does what it did before they existed.
 */

export type TextAlign = 'left' | 'center' | 'right' | 'justify';
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type BoldMark = { type: 'bold' };
export type ItalicMark = { type: 'italic' };
export type UnderlineMark = { type: 'underline' };
export type StrikeMark = { type: 'strike' };
export type TextStyleMark = {
  type: 'textStyle';
  attrs?: { color?: string | null; fontFamily?: FontFace | null; fontSize?: number | null };
};
/**
 * A memo (한글 메모, a comment in Word) on the text it marks: `text` is the memo's own text.
 * Neighbouring text nodes with equal memo attrs form one memo. The memo is no part of the body's
 * plain text.
 */
export type MemoMark = { type: 'memo'; attrs: { text: string; author?: string | null } };
export type Mark = BoldMark | ItalicMark | UnderlineMark | StrikeMark | TextStyleMark | MemoMark;

export type TextNode = { type: 'text'; text: string; marks?: Mark[] };
export type HardBreakNode = { type: 'hardBreak' };
/** A footnote or endnote reference; the note's text travels with it. */
export type FootnoteNode = {
  type: 'footnote';
  attrs: { text: string; kind?: 'footnote' | 'endnote' | null };
};
/**
 * An equation, kept as 한글 equation script (e.g. `{a} over {b}`): HWP/HWPX write it as an
 * equation object; other formats and plain text show it as `[수식: script]`.
 */
export type EquationNode = { type: 'equation'; attrs: { script: string } };
export type InlineNode = TextNode | HardBreakNode | FootnoteNode | EquationNode;

/** Paragraph layout: line spacing in percent, space before and after in points. */
export type ParagraphSpacing = {
  lineHeight?: number | null;
  spaceBefore?: number | null;
  spaceAfter?: number | null;
};
export type ParagraphNode = {
  type: 'paragraph';
  attrs?: { textAlign?: TextAlign | null } & ParagraphSpacing;
  content?: InlineNode[];
};
export type HeadingNode = {
  type: 'heading';
  attrs: { level: HeadingLevel; textAlign?: TextAlign | null } & ParagraphSpacing;
  content?: InlineNode[];
};
export type ListItemNode = { type: 'listItem'; content: BlockNode[] };
export type BulletListNode = { type: 'bulletList'; content: ListItemNode[] };
export type OrderedListNode = {
  type: 'orderedList';
  attrs?: { start?: number | null };
  content: ListItemNode[];
};
export type BorderLineStyle = 'solid' | 'dashed' | 'dotted' | 'double' | 'none';
/**
 * A cell's border lines, all four sides alike: style, width in mm, colour. Without it a cell has
 * the thin solid black lines every table gets. Writers share one definition between the cells
 * that look alike (HWP/HWPX border fills by reference).
 */
export type CellBorder = { style?: BorderLineStyle | null; width?: number | null; color?: string | null };
/** 한글's line widths in mm, in the order HWP numbers them (0 is 0.1 mm). */
export const BORDER_WIDTHS_MM = [
  0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 1, 1.5, 2, 3, 4, 5,
] as const;

/** The index of the 한글 line width nearest to `mm`. */
export function borderWidthIndex(mm: number): number {
  let best = 0;
  BORDER_WIDTHS_MM.forEach((value, index) => {
    if (Math.abs(value - mm) < Math.abs((BORDER_WIDTHS_MM[best] ?? 0) - mm)) best = index;
  });
  return best;
}

export type TableCellAttrs = {
  colspan?: number;
  rowspan?: number;
  colwidth?: number[] | null;
  backgroundColor?: string | null;
  border?: CellBorder | null;
};
export type TableCellNode = { type: 'tableCell'; attrs?: TableCellAttrs; content: BlockNode[] };
export type TableHeaderNode = { type: 'tableHeader'; attrs?: TableCellAttrs; content: BlockNode[] };
export type TableRowNode = { type: 'tableRow'; content: (TableCellNode | TableHeaderNode)[] };
/**
 * A table's caption (`caption`) is numbered as 한글 numbers it: "표 1 …" above the table, counting
 * the captioned tables in reading order (see captionNumbers). A picture's is "그림 1 …" below it.
 */
export type TableNode = { type: 'table'; attrs?: { caption?: string | null }; content: TableRowNode[] };
/**
 * How text flows around a floating picture: `square` beside it, `topAndBottom` above and below
 * only. Without `wrap` the picture stands in the line like a character (as before).
 */
export type ImageWrap = 'square' | 'topAndBottom';
export type ImageNode = {
  type: 'image';
  attrs: {
    src: string;
    alt?: string | null;
    title?: string | null;
    width?: number | null;
    height?: number | null;
    caption?: string | null;
    wrap?: ImageWrap | null;
    /** Where a floating picture stands across the column (default left). */
    float?: 'left' | 'center' | 'right' | null;
  };
};
export type HorizontalRuleNode = { type: 'horizontalRule' };
export type PageBreakNode = { type: 'pageBreak' };
/**
 * A text box (한글 글상자): a framed box of paragraphs in the flow, `width`/`height` in CSS px
 * (height grows with the text when unset), a border and an optional fill.
 */
export type TextBoxNode = {
  type: 'textBox';
  attrs?: {
    width?: number | null;
    height?: number | null;
    borderColor?: string | null;
    backgroundColor?: string | null;
  };
  content: BlockNode[];
};
/** The page setup a section has: orientation, margins (mm), newspaper columns. */
export type SectionPageAttrs = {
  orientation?: PageOrientation | null;
  margins?: Partial<PageMargins> | null;
  columns?: number | null;
};
/**
 * The start of a new section (구역) with its own page setup, on a new page. What comes before the
 * first break is the first section, set up by the document's attrs; a document without breaks is
 * one section, as every document was before sections existed. A setting a break leaves out is
 * 한글's default (portrait, default margins, one column), not the previous section's.
 */
export type SectionBreakNode = { type: 'sectionBreak'; attrs?: SectionPageAttrs };

export type BlockNode =
  | ParagraphNode
  | HeadingNode
  | BulletListNode
  | OrderedListNode
  | TableNode
  | ImageNode
  | HorizontalRuleNode
  | PageBreakNode
  | TextBoxNode
  | SectionBreakNode;

export type PageOrientation = 'portrait' | 'landscape';
export type DocumentAttrs = {
  title?: string | null;
  pageSize?: 'A4' | null;
  orientation?: PageOrientation | null;
  /** Running header and footer text (line breaks allowed); `{page}` stands for the page number. */
  header?: string | null;
  footer?: string | null;
  /** Page margins in mm; a side left out keeps 한글's default (DEFAULT_PAGE_MARGINS_MM). */
  margins?: Partial<PageMargins> | null;
  /**
   * Newspaper columns of the body (2 or 3; 1 or none is one column), 8 mm apart as 한글 sets them.
   * HWP, HWPX and DOCX flow the text through them; the PDF keeps one column.
   */
  columns?: number | null;
};

/** A section: its page setup and its blocks (see SectionBreakNode). */
export type DocumentSection = { attrs: SectionPageAttrs; content: BlockNode[] };

/**
 * The document as its list of sections. Section breaks only count at the top level; the first
 * section takes the document's page setup.
 */
export function documentSections(document: DocumentNode): DocumentSection[] {
  const first: SectionPageAttrs = {};
  if (document.attrs?.orientation) first.orientation = document.attrs.orientation;
  if (document.attrs?.margins) first.margins = document.attrs.margins;
  if (document.attrs?.columns) first.columns = document.attrs.columns;
  const out: DocumentSection[] = [{ attrs: first, content: [] }];
  for (const node of document.content) {
    if (node.type === 'sectionBreak') out.push({ attrs: { ...node.attrs }, content: [] });
    else out.at(-1)?.content.push(node);
  }
  return out;
}

/** The number of newspaper columns a section asks for: 1 to 3. */
export function sectionColumnCount(attrs: SectionPageAttrs): number {
  const count = Math.trunc(attrs.columns ?? 1);
  return Math.min(3, Math.max(1, Number.isFinite(count) ? count : 1));
}

/** The space between newspaper columns, in mm (한글's default for 다단). */
export const COLUMN_GAP_MM = 8;
export type DocumentNode = { type: 'doc'; attrs?: DocumentAttrs; content: BlockNode[] };

/** The number of newspaper columns a document asks for: 1 to 3. */
export function columnCount(document: DocumentNode): number {
  return sectionColumnCount({ columns: document.attrs?.columns });
}

/** A column's width when `count` columns with `gap` between them share `width` (any unit). */
export function columnWidth(width: number, count: number, gap: number): number {
  return Math.round((width - gap * (count - 1)) / count);
}

/** The placeholder for the page number in running headers and footers. */
export const PAGE_NUMBER_FIELD = '{page}';

// ---------------------------------------------------------------------------------------------
// zod schema — the server validates generated and edited documents against it

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #RRGGBB');
const textAlignSchema = z.enum(['left', 'center', 'right', 'justify']);
const captionSchema = z.string().max(500);

export const markSchema: z.ZodType<Mark> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('underline') }),
  z.object({ type: z.literal('strike') }),
  z.object({
    type: z.literal('memo'),
    attrs: z.object({ text: z.string().max(10_000), author: z.string().max(200).nullish() }),
  }),
  z.object({
    type: z.literal('textStyle'),
    attrs: z
      .object({
        color: colorSchema.nullish(),
        fontFamily: z.enum(FONT_FACES).nullish(),
        fontSize: z.number().min(FONT_SIZE_RANGE_PT.min).max(FONT_SIZE_RANGE_PT.max).nullish(),
      })
      .optional(),
  }),
]);

export const inlineNodeSchema: z.ZodType<InlineNode> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string().min(1), marks: z.array(markSchema).optional() }),
  z.object({ type: z.literal('hardBreak') }),
  z.object({
    type: z.literal('footnote'),
    attrs: z.object({ text: z.string(), kind: z.enum(['footnote', 'endnote']).nullish() }),
  }),
  z.object({ type: z.literal('equation'), attrs: z.object({ script: z.string().min(1).max(10_000) }) }),
]);

const inlineContentSchema = z.array(inlineNodeSchema).optional();
const paragraphSpacingShape = {
  lineHeight: z.number().min(LINE_HEIGHT_RANGE_PERCENT.min).max(LINE_HEIGHT_RANGE_PERCENT.max).nullish(),
  spaceBefore: z.number().min(PARAGRAPH_SPACING_RANGE_PT.min).max(PARAGRAPH_SPACING_RANGE_PT.max).nullish(),
  spaceAfter: z.number().min(PARAGRAPH_SPACING_RANGE_PT.min).max(PARAGRAPH_SPACING_RANGE_PT.max).nullish(),
};
const marginSchema = z.number().min(PAGE_MARGIN_RANGE_MM.min).max(PAGE_MARGIN_RANGE_MM.max).optional();
const cellAttrsSchema = z.object({
  colspan: z.number().int().min(1).max(1000).optional(),
  rowspan: z.number().int().min(1).max(1000).optional(),
  colwidth: z.array(z.number().nonnegative()).nullish(),
  backgroundColor: colorSchema.nullish(),
  border: z
    .object({
      style: z.enum(['solid', 'dashed', 'dotted', 'double', 'none']).nullish(),
      width: z.number().min(0.1).max(5).nullish(),
      color: colorSchema.nullish(),
    })
    .nullish(),
});
const marginsSchema = z
  .object({
    top: marginSchema,
    bottom: marginSchema,
    left: marginSchema,
    right: marginSchema,
    header: marginSchema,
    footer: marginSchema,
  })
  .nullish();

export const blockNodeSchema: z.ZodType<BlockNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('paragraph'),
      attrs: z.object({ textAlign: textAlignSchema.nullish(), ...paragraphSpacingShape }).optional(),
      content: inlineContentSchema,
    }),
    z.object({
      type: z.literal('heading'),
      attrs: z.object({
        level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
        textAlign: textAlignSchema.nullish(),
        ...paragraphSpacingShape,
      }),
      content: inlineContentSchema,
    }),
    z.object({ type: z.literal('bulletList'), content: z.array(listItemSchema).min(1) }),
    z.object({
      type: z.literal('orderedList'),
      attrs: z.object({ start: z.number().int().min(0).nullish() }).optional(),
      content: z.array(listItemSchema).min(1),
    }),
    z.object({
      type: z.literal('table'),
      attrs: z.object({ caption: captionSchema.nullish() }).optional(),
      content: z.array(tableRowSchema).min(1),
    }),
    z.object({
      type: z.literal('image'),
      attrs: z.object({
        src: z.string().min(1),
        alt: z.string().nullish(),
        title: z.string().nullish(),
        width: z.number().positive().nullish(),
        height: z.number().positive().nullish(),
        caption: captionSchema.nullish(),
        wrap: z.enum(['square', 'topAndBottom']).nullish(),
        float: z.enum(['left', 'center', 'right']).nullish(),
      }),
    }),
    z.object({ type: z.literal('horizontalRule') }),
    z.object({ type: z.literal('pageBreak') }),
    z.object({
      type: z.literal('textBox'),
      attrs: z
        .object({
          width: z.number().positive().max(5000).nullish(),
          height: z.number().positive().max(5000).nullish(),
          borderColor: colorSchema.nullish(),
          backgroundColor: colorSchema.nullish(),
        })
        .optional(),
      content: z.array(blockNodeSchema),
    }),
    z.object({
      type: z.literal('sectionBreak'),
      attrs: z
        .object({
          orientation: z.enum(['portrait', 'landscape']).nullish(),
          margins: marginsSchema,
          columns: z.number().int().min(1).max(3).nullish(),
        })
        .optional(),
    }),
  ]),
);

export const listItemSchema: z.ZodType<ListItemNode> = z.lazy(() =>
  z.object({ type: z.literal('listItem'), content: z.array(blockNodeSchema) }),
);

const tableCellSchema: z.ZodType<TableCellNode | TableHeaderNode> = z.lazy(() =>
  z.object({
    type: z.enum(['tableCell', 'tableHeader']),
    attrs: cellAttrsSchema.optional(),
    content: z.array(blockNodeSchema),
  }),
);

export const tableRowSchema: z.ZodType<TableRowNode> = z.lazy(() =>
  z.object({ type: z.literal('tableRow'), content: z.array(tableCellSchema).min(1) }),
);

export const documentAttrsSchema = z.object({
  title: z.string().max(500).nullish(),
  pageSize: z.literal('A4').nullish(),
  orientation: z.enum(['portrait', 'landscape']).nullish(),
  columns: z.number().int().min(1).max(3).nullish(),
  header: z.string().max(2000).nullish(),
  footer: z.string().max(2000).nullish(),
  margins: marginsSchema,
});

export const documentSchema: z.ZodType<DocumentNode> = z.object({
  type: z.literal('doc'),
  attrs: documentAttrsSchema.optional(),
  content: z.array(blockNodeSchema),
});

// ---------------------------------------------------------------------------------------------
// Builders — the document generators compose documents with these

export type InlineInput = string | InlineNode | InlineNode[];
export type BlockInput = string | BlockNode | BlockNode[];
export type CellInput = string | InlineNode[] | BlockNode | BlockNode[];

/** A text node; an empty string yields no node, since ProseMirror forbids empty text nodes. */
export function text(value: string, marks?: Mark[]): TextNode {
  return marks && marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value };
}
export function bold(value: string): TextNode {
  return text(value, [{ type: 'bold' }]);
}
export function italic(value: string): TextNode {
  return text(value, [{ type: 'italic' }]);
}
export function underline(value: string): TextNode {
  return text(value, [{ type: 'underline' }]);
}
export function coloured(value: string, color: string, marks: Mark[] = []): TextNode {
  return text(value, [...marks, { type: 'textStyle', attrs: { color } }]);
}
export function hardBreak(): HardBreakNode {
  return { type: 'hardBreak' };
}
export function equation(script: string): EquationNode {
  return { type: 'equation', attrs: { script } };
}
/** How an equation reads where it cannot be an equation object (plain text, DOCX, PDF). */
export function equationText(script: string): string {
  return `[수식: ${script.replace(/\s+/g, ' ').trim()}]`;
}
export function footnote(noteText: string, kind: 'footnote' | 'endnote' = 'footnote'): FootnoteNode {
  return { type: 'footnote', attrs: { text: noteText, kind } };
}

/** Normalises inline input; newlines in strings become hard breaks. */
export function inline(input: InlineInput | undefined): InlineNode[] {
  if (input === undefined) return [];
  if (typeof input !== 'string') return (Array.isArray(input) ? input : [input]).filter(isNonEmptyInline);
  const out: InlineNode[] = [];
  input.split(/\r?\n/).forEach((line, index) => {
    if (index > 0) out.push(hardBreak());
    if (line) out.push(text(line));
  });
  return out;
}

function isNonEmptyInline(node: InlineNode): boolean {
  return node.type !== 'text' || node.text.length > 0;
}

function withContent<T extends { content?: InlineNode[] }>(node: T, content: InlineNode[]): T {
  if (content.length > 0) node.content = content;
  return node;
}

export function paragraph(content?: InlineInput, attrs?: { textAlign?: TextAlign | null }): ParagraphNode {
  const node: ParagraphNode = { type: 'paragraph' };
  if (attrs?.textAlign) node.attrs = { textAlign: attrs.textAlign };
  return withContent(node, inline(content));
}

export function heading(
  level: HeadingLevel,
  content: InlineInput,
  attrs?: { textAlign?: TextAlign | null },
): HeadingNode {
  const node: HeadingNode = { type: 'heading', attrs: { level } };
  if (attrs?.textAlign) node.attrs.textAlign = attrs.textAlign;
  return withContent(node, inline(content));
}

/** Blocks from a string (one paragraph per line), a block or a list of blocks. */
export function blocks(input: BlockInput): BlockNode[] {
  if (typeof input === 'string') return input.split(/\r?\n/).map((line) => paragraph(line));
  return Array.isArray(input) ? input : [input];
}

export type ListItemInput = string | InlineNode[] | BlockNode[] | ListItemNode;

export function listItem(...content: BlockNode[]): ListItemNode {
  return { type: 'listItem', content: content.length > 0 ? content : [paragraph()] };
}

function toListItem(item: ListItemInput): ListItemNode {
  if (typeof item === 'string') return listItem(paragraph(item));
  if (!Array.isArray(item)) return item;
  if (item.length > 0 && isInlineArray(item)) return listItem(paragraph(item));
  return listItem(...(item as BlockNode[]));
}

function isInlineArray(nodes: InlineNode[] | BlockNode[]): nodes is InlineNode[] {
  const first = nodes[0];
  return (
    first !== undefined &&
    (first.type === 'text' ||
      first.type === 'hardBreak' ||
      first.type === 'footnote' ||
      first.type === 'equation')
  );
}

export function bulletList(items: ListItemInput[]): BulletListNode {
  return { type: 'bulletList', content: items.map(toListItem) };
}

export function orderedList(items: ListItemInput[], start?: number): OrderedListNode {
  const node: OrderedListNode = { type: 'orderedList', content: items.map(toListItem) };
  if (start !== undefined && start !== 1) node.attrs = { start };
  return node;
}

function cellContent(content: CellInput): BlockNode[] {
  if (typeof content === 'string') return blocks(content);
  if (Array.isArray(content)) {
    if (content.length === 0) return [paragraph()];
    return isInlineArray(content) ? [paragraph(content)] : (content as BlockNode[]);
  }
  return [content];
}

function cellAttrs(attrs: TableCellAttrs | undefined): TableCellAttrs | undefined {
  if (!attrs) return undefined;
  const out: TableCellAttrs = {};
  if (attrs.colspan && attrs.colspan > 1) out.colspan = attrs.colspan;
  if (attrs.rowspan && attrs.rowspan > 1) out.rowspan = attrs.rowspan;
  if (attrs.colwidth) out.colwidth = attrs.colwidth;
  if (attrs.backgroundColor) out.backgroundColor = attrs.backgroundColor;
  if (attrs.border) out.border = attrs.border;
  return Object.keys(out).length > 0 ? out : undefined;
}

export function tableCell(content: CellInput, attrs?: TableCellAttrs): TableCellNode {
  const node: TableCellNode = { type: 'tableCell', content: cellContent(content) };
  const normalised = cellAttrs(attrs);
  if (normalised) node.attrs = normalised;
  return node;
}

export function tableHeader(content: CellInput, attrs?: TableCellAttrs): TableHeaderNode {
  const node: TableHeaderNode = { type: 'tableHeader', content: cellContent(content) };
  const normalised = cellAttrs(attrs);
  if (normalised) node.attrs = normalised;
  return node;
}

export function tableRow(cells: (TableCellNode | TableHeaderNode)[]): TableRowNode {
  return { type: 'tableRow', content: cells };
}

export type TableOptions = {
  /** How many leading rows are header rows (plain inputs there become `tableHeader`). */
  headerRows?: number;
  /** Relative column widths; stored on the first row's cells as TipTap `colwidth`. */
  colwidths?: number[];
  /** The caption, written above the table as "표 N caption". */
  caption?: string;
};

/**
 * A table from rows of cells. Plain inputs (strings, inline or block arrays) become cells; pass
 * `tableCell(...)`/`tableHeader(...)` for spans or shading. Positions covered by a span are simply
 * not listed, as in HTML.
 */
export function table(
  rows: (CellInput | TableCellNode | TableHeaderNode)[][],
  options: TableOptions = {},
): TableNode {
  const headerRows = options.headerRows ?? 0;
  const built = rows.map((row, rowIndex) =>
    tableRow(
      row.map((cell) => {
        if (isCellNode(cell)) return cell;
        return rowIndex < headerRows ? tableHeader(cell) : tableCell(cell);
      }),
    ),
  );
  if (options.colwidths) applyColwidths(built, options.colwidths);
  return options.caption
    ? { type: 'table', attrs: { caption: options.caption }, content: built }
    : { type: 'table', content: built };
}

function isCellNode(
  cell: CellInput | TableCellNode | TableHeaderNode,
): cell is TableCellNode | TableHeaderNode {
  return (
    !Array.isArray(cell) &&
    typeof cell === 'object' &&
    (cell.type === 'tableCell' || cell.type === 'tableHeader')
  );
}

function applyColwidths(rows: TableRowNode[], widths: number[]): void {
  const first = rows[0];
  if (!first) return;
  let column = 0;
  for (const cell of first.content) {
    const span = cell.attrs?.colspan ?? 1;
    cell.attrs = { ...cell.attrs, colwidth: widths.slice(column, column + span) };
    column += span;
  }
}

export function image(
  src: string,
  attrs: {
    alt?: string;
    title?: string;
    width?: number;
    height?: number;
    caption?: string;
    wrap?: ImageWrap;
    float?: 'left' | 'center' | 'right';
  } = {},
): ImageNode {
  return { type: 'image', attrs: { src, ...attrs } };
}
/** Text with a memo on it. */
export function withMemo(value: string, memoText: string, author?: string, marks: Mark[] = []): TextNode {
  const memo: MemoMark = { type: 'memo', attrs: author ? { text: memoText, author } : { text: memoText } };
  return text(value, [...marks, memo]);
}
export function textBox(content: BlockInput, attrs?: TextBoxNode['attrs']): TextBoxNode {
  return attrs
    ? { type: 'textBox', attrs, content: blocks(content) }
    : { type: 'textBox', content: blocks(content) };
}
export function sectionBreak(attrs?: SectionPageAttrs): SectionBreakNode {
  return attrs ? { type: 'sectionBreak', attrs } : { type: 'sectionBreak' };
}
/** The memo on a text node, if any. */
export function textMemo(node: TextNode): MemoMark['attrs'] | undefined {
  for (const mark of node.marks ?? []) if (mark.type === 'memo') return mark.attrs;
  return undefined;
}
export function horizontalRule(): HorizontalRuleNode {
  return { type: 'horizontalRule' };
}
export function pageBreak(): PageBreakNode {
  return { type: 'pageBreak' };
}
export function doc(content: BlockNode[], attrs?: DocumentAttrs): DocumentNode {
  return attrs ? { type: 'doc', attrs, content } : { type: 'doc', content };
}

// ---------------------------------------------------------------------------------------------
// Reading helpers

export function hasMark(node: TextNode, type: Mark['type']): boolean {
  return node.marks?.some((mark) => mark.type === type) ?? false;
}

/** A text's face and size (pt) from its textStyle mark, when it has them. */
export function textFont(node: TextNode): { fontFamily?: FontFace; fontSize?: number } {
  const out: { fontFamily?: FontFace; fontSize?: number } = {};
  for (const mark of node.marks ?? []) {
    if (mark.type !== 'textStyle') continue;
    if (mark.attrs?.fontFamily) out.fontFamily = mark.attrs.fontFamily;
    if (typeof mark.attrs?.fontSize === 'number') out.fontSize = mark.attrs.fontSize;
  }
  return out;
}

export function textColor(node: TextNode): string | undefined {
  for (const mark of node.marks ?? [])
    if (mark.type === 'textStyle' && mark.attrs?.color) return mark.attrs.color;
  return undefined;
}

/** The text of inline content; footnote text is left out (it is not part of the line). */
export function inlineText(content: InlineNode[] | undefined): string {
  let out = '';
  for (const node of content ?? []) {
    if (node.type === 'text') out += node.text;
    else if (node.type === 'hardBreak') out += '\n';
    else if (node.type === 'equation') out += equationText(node.attrs.script);
  }
  return out;
}

/**
 * Plain text for search, previews and model prompts: one line per paragraph, list items marked,
 * table rows as cells joined by " | ", notes after the paragraph that cites them.
 */
export function documentToPlainText(document: DocumentNode): string {
  const lines: string[] = [];
  numbers = captionNumbers(document.content);
  const running = (value: string) => value.replaceAll(PAGE_NUMBER_FIELD, '').trim();
  if (document.attrs?.header && running(document.attrs.header)) lines.push(running(document.attrs.header));
  pushBlocks(document.content, lines, '');
  if (document.attrs?.footer && running(document.attrs.footer)) lines.push(running(document.attrs.footer));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The caption numbers of the document documentToPlainText is writing. */
let numbers: CaptionNumbers = new WeakMap();

/** A captioned table's or picture's number, counted per kind in reading order. */
export type CaptionNumbers = WeakMap<TableNode | ImageNode, number>;

export const CAPTION_LABELS = { table: '표', image: '그림' } as const;

/**
 * Numbers the captioned tables and pictures as 한글's auto-numbers do: each kind counts on its
 * own, in reading order (a table before the tables inside its cells), uncaptioned ones not at all.
 */
export function captionNumbers(nodes: BlockNode[]): CaptionNumbers {
  const out: CaptionNumbers = new WeakMap();
  const counts = { table: 0, image: 0 };
  const walk = (blocks: BlockNode[]) => {
    for (const node of blocks) {
      if (node.type === 'table') {
        if (node.attrs?.caption?.trim()) out.set(node, ++counts.table);
        for (const row of node.content) for (const cell of row.content) walk(cell.content);
      } else if (node.type === 'image') {
        if (node.attrs.caption?.trim()) out.set(node, ++counts.image);
      } else if (node.type === 'bulletList' || node.type === 'orderedList') {
        for (const item of node.content) walk(item.content);
      } else if (node.type === 'textBox') {
        walk(node.content);
      }
    }
  };
  walk(nodes);
  return out;
}

/** "표 1 학급별 참여 인원": the caption as 한글 shows it, or undefined without one. */
export function captionLine(node: TableNode | ImageNode, captions: CaptionNumbers): string | undefined {
  const caption = node.attrs?.caption?.trim();
  const number = captions.get(node);
  if (!caption || number === undefined) return undefined;
  return `${CAPTION_LABELS[node.type]} ${number} ${caption}`;
}

function pushBlocks(nodes: BlockNode[], lines: string[], indent: string): void {
  for (const node of nodes) pushBlock(node, lines, indent);
}

function pushBlock(node: BlockNode, lines: string[], indent: string): void {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      lines.push(indent + inlineText(node.content));
      pushNotes(node.content, lines);
      return;
    case 'bulletList':
    case 'orderedList': {
      const start = node.type === 'orderedList' ? (node.attrs?.start ?? 1) : 1;
      node.content.forEach((item, index) => {
        const marker = node.type === 'orderedList' ? `${start + index}. ` : '- ';
        pushListItem(item, lines, indent, marker);
      });
      return;
    }
    case 'table': {
      const caption = captionLine(node, numbers);
      if (caption) lines.push(indent + caption);
      for (const row of node.content) lines.push(indent + row.content.map(cellPlainText).join(' | '));
      return;
    }
    case 'image': {
      if (node.attrs.alt) lines.push(`${indent}[${node.attrs.alt}]`);
      const caption = captionLine(node, numbers);
      if (caption) lines.push(indent + caption);
      return;
    }
    case 'horizontalRule':
    case 'pageBreak':
      lines.push('');
      return;
    case 'textBox':
      pushBlocks(node.content, lines, indent);
      return;
    case 'sectionBreak':
      return;
  }
}

function pushListItem(item: ListItemNode, lines: string[], indent: string, marker: string): void {
  const [first, ...rest] = item.content;
  if (first && (first.type === 'paragraph' || first.type === 'heading')) {
    lines.push(indent + marker + inlineText(first.content));
    pushNotes(first.content, lines);
    pushBlocks(rest, lines, `${indent}  `);
  } else {
    lines.push(indent + marker.trimEnd());
    pushBlocks(item.content, lines, `${indent}  `);
  }
}

function pushNotes(content: InlineNode[] | undefined, lines: string[]): void {
  for (const node of content ?? [])
    if (node.type === 'footnote' && node.attrs.text) lines.push(node.attrs.text);
}

function cellPlainText(cell: TableCellNode | TableHeaderNode): string {
  const lines: string[] = [];
  pushBlocks(cell.content, lines, '');
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}
