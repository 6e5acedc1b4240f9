import {
  AlignmentType,
  BorderStyle,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  EndnoteReferenceRun,
  Footer,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  HorizontalPositionAlign,
  HorizontalPositionRelativeFrom,
  type ICommentOptions,
  ImageRun,
  type INumberingOptions,
  LevelFormat,
  Packer,
  PageBreak,
  PageNumber,
  PageOrientation,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  TextWrappingSide,
  TextWrappingType,
  VerticalPositionRelativeFrom,
  WidthType,
} from 'docx';
import {
  type BlockNode,
  type CaptionNumbers,
  type CellBorder,
  COLUMN_GAP_MM,
  captionLine,
  captionNumbers,
  columnWidth,
  type DocumentNode,
  type DocumentSection,
  documentSections,
  equationText,
  hasMark,
  type ImageNode,
  type InlineNode,
  type ListItemNode,
  PAGE_NUMBER_FIELD,
  type ParagraphSpacing,
  sectionColumnCount,
  type TableNode,
  type TextAlign,
  type TextBoxNode,
  textColor,
  textFont,
  textMemo,
} from './document-model.ts';
import { MM_PER_INCH, type PageMargins, resolvePageMargins } from './document-style.ts';
import {
  DOCX_LINE_PER_PERCENT,
  DOCX_UNSET_MARGINS_TWIPS,
  type DocxMarginsTwips,
  type DocxWriteOptions,
} from './docx-units.ts';
import { collectImages, type ResolvedImage } from './image-source.ts';
import { columnWidths, layoutTable } from './table-layout.ts';

/**
 * DOCX export through `docx`. Korean text needs an East Asian font set explicitly, or Word and
 * 한글 fall back to a Latin font with poor Hangul; 맑은 고딕 ships with every Windows.
 */

const DEFAULT_FONT = '맑은 고딕';
// A4 and 한글's default margins, in twips.
const A4 = { width: 11906, height: 16838 };
const MARGINS: DocxMarginsTwips = DOCX_UNSET_MARGINS_TWIPS;
const TWIPS_PER_MM = 1440 / 25.4;

/** A document's own margins in twips; documents without margins keep the margins this writer always used. */
function pageMarginsTwips(margins: Partial<PageMargins> | null | undefined): typeof MARGINS {
  if (!margins) return MARGINS;
  const mm = resolvePageMargins(margins);
  const twips = (value: number) => Math.round(value * TWIPS_PER_MM);
  return {
    top: twips(mm.top),
    bottom: twips(mm.bottom),
    left: twips(mm.left),
    right: twips(mm.right),
    header: twips(mm.header),
    footer: twips(mm.footer),
  };
}

/** A paragraph's own line spacing and space before/after, or undefined to keep its style's. */
function paragraphSpacing(attrs: ParagraphSpacing | undefined) {
  if (!attrs) return undefined;
  const spacing: { line?: number; before?: number; after?: number } = {};
  if (typeof attrs.lineHeight === 'number')
    spacing.line = Math.round(attrs.lineHeight * DOCX_LINE_PER_PERCENT);
  // Points to twentieths of a point.
  if (typeof attrs.spaceBefore === 'number') spacing.before = Math.round(attrs.spaceBefore * 20);
  if (typeof attrs.spaceAfter === 'number') spacing.after = Math.round(attrs.spaceAfter * 20);
  return Object.keys(spacing).length > 0 ? spacing : undefined;
}
const HEADER_FILL = 'E5E5E5';
const ALIGN = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const;
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;
const BULLETS = ['●', '○', '■', '□', '◆', '◇', '-', '·', '-'];
// 1. 가. 1) 가) (1) (가) ① — the Korean official-document sequence, as in the HWPX writer.
const ORDERED_LEVELS: [(typeof LevelFormat)[keyof typeof LevelFormat], string][] = [
  [LevelFormat.DECIMAL, '%1.'],
  [LevelFormat.GANADA, '%2.'],
  [LevelFormat.DECIMAL, '%3)'],
  [LevelFormat.GANADA, '%4)'],
  [LevelFormat.DECIMAL, '(%5)'],
  [LevelFormat.GANADA, '(%6)'],
  [LevelFormat.DECIMAL_ENCLOSED_CIRCLE, '%7'],
  [LevelFormat.DECIMAL, '%8.'],
  [LevelFormat.DECIMAL, '%9.'],
];

/** A text box's frame and shading, put on every paragraph inside it (Word joins them into one box). */
type Frame = { color: string; fill?: string };
type Context = { width: number; headerCell: boolean; images: Map<string, ResolvedImage>; frame?: Frame };

export async function writeDocxNow(
  document: DocumentNode,
  options: DocxWriteOptions = {},
): Promise<Uint8Array> {
  const images = await collectImages(document.content, options.resolveImage);
  const writer = new DocxBodyWriter();
  writer.captions = captionNumbers(document.content);
  // Each section of the model is a Word section with its own page size, margins and columns.
  const sections = documentSections(document).map((section) => ({
    properties: sectionProperties(section),
    headers: document.attrs?.header
      ? { default: new Header({ children: [centred(document.attrs.header)] }) }
      : {},
    footers: document.attrs?.footer
      ? { default: new Footer({ children: [centred(document.attrs.footer)] }) }
      : {},
    children: sectionChildren(writer, section, images),
  }));
  const font = options.font ?? DEFAULT_FONT;
  const headingRun = (size: number) => ({
    run: { size, bold: true, font: eastAsian(font), color: '000000' },
  });
  const file = new Document({
    creator: options.creator ?? '',
    title: document.attrs?.title ?? '',
    styles: {
      default: {
        document: {
          run: { font: eastAsian(font), size: 20, language: { value: 'ko-KR', eastAsia: 'ko-KR' } },
          paragraph: { spacing: { line: 360 } },
        },
        heading1: { ...headingRun(32), paragraph: { spacing: { before: 240, after: 120 } } },
        heading2: { ...headingRun(28), paragraph: { spacing: { before: 200, after: 100 } } },
        heading3: { ...headingRun(24), paragraph: { spacing: { before: 160, after: 80 } } },
        heading4: headingRun(22),
        heading5: headingRun(20),
        heading6: headingRun(20),
      },
    },
    numbering: writer.numbering(),
    // Memos become Word comments on the text they mark.
    ...(writer.comments.length > 0 ? { comments: { children: writer.comments } } : {}),
    sections,
  });
  const buffer = await Packer.toBuffer(file);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

const COLUMN_GAP_TWIPS = Math.round((COLUMN_GAP_MM / MM_PER_INCH) * 1440);

function sectionProperties(section: DocumentSection) {
  const landscape = section.attrs.orientation === 'landscape';
  const columns = sectionColumnCount(section.attrs);
  return {
    page: {
      size: {
        width: A4.width,
        height: A4.height,
        orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
      },
      margin: pageMarginsTwips(section.attrs.margins),
    },
    ...(columns > 1 ? { column: { count: columns, space: COLUMN_GAP_TWIPS, equalWidth: true } } : {}),
  };
}

function sectionChildren(
  writer: DocxBodyWriter,
  section: DocumentSection,
  images: Map<string, ResolvedImage>,
): (Paragraph | Table)[] {
  const landscape = section.attrs.orientation === 'landscape';
  const pageWidth = landscape ? A4.height : A4.width;
  const margins = pageMarginsTwips(section.attrs.margins);
  const columns = sectionColumnCount(section.attrs);
  const textWidth = Math.max(pageWidth / 10, pageWidth - margins.left - margins.right);
  const context: Context = {
    width: columns > 1 ? columnWidth(textWidth, columns, COLUMN_GAP_TWIPS) : textWidth,
    headerCell: false,
    images,
  };
  const children = writer.blocks(section.content, context);
  writer.flushPageBreak(children);
  return children.length > 0 ? children : [new Paragraph({})];
}

function eastAsian(font: string) {
  return { ascii: font, eastAsia: font, hAnsi: font, cs: font };
}

/** A running header or footer line; `{page}` becomes Word's page-number field. */
function centred(text: string): Paragraph {
  const children = text.split(/\r?\n/).map((line, index) => {
    const parts: string[] = [];
    line.split(PAGE_NUMBER_FIELD).forEach((piece, pieceIndex) => {
      if (pieceIndex > 0) parts.push(PageNumber.CURRENT);
      if (piece) parts.push(piece);
    });
    return new TextRun({ children: parts, break: index > 0 ? 1 : 0 });
  });
  return new Paragraph({ alignment: AlignmentType.CENTER, children });
}

class DocxBodyWriter {
  captions: CaptionNumbers = new WeakMap();
  readonly comments: ICommentOptions[] = [];
  private orderedLists = 0;
  private readonly orderedStarts = new Set<number>();
  private pageBreakPending = false;

  numbering(): INumberingOptions {
    const indent = (level: number) => ({ paragraph: { indent: { left: 400 * (level + 1), hanging: 300 } } });
    const config: INumberingOptions['config'][number][] = [
      {
        reference: 'bullet',
        levels: BULLETS.map((text, level) => ({
          level,
          format: LevelFormat.BULLET,
          text,
          style: indent(level),
        })),
      },
    ];
    for (const start of [1, ...this.orderedStarts]) {
      config.push({
        reference: `ordered-${start}`,
        levels: ORDERED_LEVELS.map(([format, text], level) => ({
          level,
          format,
          text,
          start: level === 0 ? start : 1,
          style: indent(level),
        })),
      });
    }
    return { config };
  }

  blocks(nodes: BlockNode[], context: Context): (Paragraph | Table)[] {
    const out: (Paragraph | Table)[] = [];
    for (const node of nodes) out.push(...this.block(node, context));
    return out;
  }

  private block(node: BlockNode, context: Context): (Paragraph | Table)[] {
    switch (node.type) {
      case 'paragraph':
        return [this.paragraph(node.content, node.attrs?.textAlign, context, node.attrs)];
      case 'heading':
        return [
          new Paragraph({
            heading: HEADINGS[node.attrs.level - 1],
            alignment: alignment(node.attrs.textAlign),
            spacing: paragraphSpacing(node.attrs),
            keepNext: true,
            pageBreakBefore: this.takePageBreak(),
            children: this.inline(node.content, context),
            ...frameOptions(context.frame),
          }),
        ];
      case 'bulletList':
        return this.list(node.content, undefined, 0, context);
      case 'orderedList':
        return this.list(node.content, this.orderedReference(node.attrs?.start ?? 1), 0, context);
      case 'table':
        return this.table(node, context);
      case 'image': {
        const caption = this.caption(node);
        return caption ? [this.image(node, context), caption] : [this.image(node, context)];
      }
      case 'horizontalRule':
        return [
          new Paragraph({
            pageBreakBefore: this.takePageBreak(),
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '808080', space: 1 } },
          }),
        ];
      case 'pageBreak':
        this.pageBreakPending = true;
        return [];
      case 'textBox':
        return this.textBox(node, context);
      default:
        return [];
    }
  }

  /**
   * A text box as framed paragraphs: each paragraph inside gets the box's border and shading,
   * which Word draws as one box around them (a text-box shape would need VML or DrawingML
   * that the docx package does not write).
   */
  private textBox(node: TextBoxNode, context: Context): (Paragraph | Table)[] {
    const frame: Frame = { color: (node.attrs?.borderColor ?? '#000000').slice(1) };
    if (node.attrs?.backgroundColor) frame.fill = node.attrs.backgroundColor.slice(1);
    const boxed = this.blocks(node.content, { ...context, frame });
    return boxed.length > 0 ? boxed : [this.paragraph(undefined, undefined, { ...context, frame })];
  }

  /** A page break becomes "page break before" on the next paragraph, or a break run if none follows. */
  private takePageBreak(): boolean {
    const pending = this.pageBreakPending;
    this.pageBreakPending = false;
    return pending;
  }

  flushPageBreak(out: (Paragraph | Table)[]): void {
    if (this.pageBreakPending) out.push(new Paragraph({ children: [new PageBreak()] }));
    this.pageBreakPending = false;
  }

  private paragraph(
    content: InlineNode[] | undefined,
    align: TextAlign | null | undefined,
    context: Context,
    spacing?: ParagraphSpacing,
  ) {
    return new Paragraph({
      alignment: alignment(align) ?? (context.headerCell ? AlignmentType.CENTER : undefined),
      spacing: paragraphSpacing(spacing),
      pageBreakBefore: this.takePageBreak(),
      children: this.inline(content, context),
      ...frameOptions(context.frame),
    });
  }

  private inline(content: InlineNode[] | undefined, context: Context): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    let breakBefore = 0;
    // The memo open on the text being written: its key and comment id.
    let memo: { key: string; id: number } | undefined;
    const closeMemo = () => {
      if (!memo) return;
      out.push(new CommentRangeEnd(memo.id), new TextRun({ children: [new CommentReference(memo.id)] }));
      memo = undefined;
    };
    for (const node of content ?? []) {
      const memoAttrs = node.type === 'text' ? textMemo(node) : undefined;
      const memoKey = memoAttrs ? JSON.stringify([memoAttrs.text, memoAttrs.author ?? '']) : undefined;
      if (memo && memo.key !== memoKey) closeMemo();
      if (memoAttrs && memoKey && !memo) {
        const id = this.comments.length;
        this.comments.push({
          id,
          author: memoAttrs.author ?? '',
          children: memoAttrs.text.split(/\r?\n/).map((line) => new Paragraph(line)),
        });
        out.push(new CommentRangeStart(id));
        memo = { key: memoKey, id };
      }
      if (node.type === 'hardBreak') {
        breakBefore++;
        continue;
      }
      if (node.type === 'footnote') {
        const note = { children: [new Paragraph(node.attrs.text)] };
        out.push(
          node.attrs.kind === 'endnote' ? new EndnoteReferenceRun(note) : new FootnoteReferenceRun(note),
        );
        continue;
      }
      if (node.type === 'equation') {
        // Word's equations are OMML, not 한글 script; the script is kept readable as text.
        out.push(new TextRun({ text: equationText(node.attrs.script), break: breakBefore }));
        breakBefore = 0;
        continue;
      }
      const color = textColor(node);
      const font = textFont(node);
      out.push(
        new TextRun({
          text: node.text,
          font: font.fontFamily ? eastAsian(font.fontFamily) : undefined,
          // Half-points.
          size: font.fontSize ? Math.round(font.fontSize * 2) : undefined,
          break: breakBefore,
          bold: hasMark(node, 'bold') || context.headerCell || undefined,
          italics: hasMark(node, 'italic') || undefined,
          underline: hasMark(node, 'underline') ? {} : undefined,
          strike: hasMark(node, 'strike') || undefined,
          color: color ? color.slice(1) : undefined,
        }),
      );
      breakBefore = 0;
    }
    closeMemo();
    if (breakBefore > 0) out.push(new TextRun({ text: '', break: breakBefore }));
    return out;
  }

  private orderedReference(start: number): string {
    this.orderedLists++;
    if (start !== 1) this.orderedStarts.add(start);
    return `ordered-${start}`;
  }

  private list(items: ListItemNode[], ordered: string | undefined, level: number, context: Context) {
    const out: (Paragraph | Table)[] = [];
    // Each ordered list is its own numbering instance, so it counts from its start again.
    const instance = ordered ? this.orderedLists : 0;
    for (const item of items) {
      item.content.forEach((child, index) => {
        if (index === 0 && (child.type === 'paragraph' || child.type === 'heading')) {
          out.push(
            new Paragraph({
              numbering: { reference: ordered ?? 'bullet', level: Math.min(level, 8), instance },
              alignment: alignment(child.attrs?.textAlign),
              spacing: paragraphSpacing(child.attrs),
              pageBreakBefore: this.takePageBreak(),
              children: this.inline(child.content, context),
            }),
          );
        } else if (child.type === 'bulletList') {
          out.push(...this.list(child.content, undefined, level + 1, context));
        } else if (child.type === 'orderedList') {
          // Nested ordered lists continue the parent's numbering one level down: 1. → 가.
          out.push(...this.list(child.content, ordered ?? this.orderedReference(1), level + 1, context));
        } else {
          out.push(...this.block(child, context));
        }
      });
    }
    return out;
  }

  private table(node: TableNode, context: Context): (Paragraph | Table)[] {
    const layout = layoutTable(node);
    const widths = columnWidths(layout.cells, layout.colCount, context.width);
    const placedByCell = new Map(layout.cells.map((placed) => [placed.cell, placed]));
    const firstDataRow = node.content.findIndex((row) =>
      row.content.some((cell) => cell.type !== 'tableHeader'),
    );
    const headerRows = firstDataRow < 0 ? node.content.length : firstDataRow;
    const rows = node.content.map((row, rowIndex) => {
      // Holes in ragged rows are filled, so Word sees a whole grid.
      const fillers = layout.cells.filter(
        (placed) => placed.row === rowIndex && !placedByCell.has(placed.cell),
      );
      const rowCells = [...row.content, ...fillers.map((placed) => placed.cell)];
      const cells = rowCells.map((cell) => {
        const placed = placedByCell.get(cell) ?? fillers.find((filler) => filler.cell === cell);
        const start = placed?.col ?? 0;
        const span = placed?.colSpan ?? 1;
        const width = widths.slice(start, start + span).reduce((a, b) => a + b, 0);
        const isHeader = cell.type === 'tableHeader';
        const fill = cell.attrs?.backgroundColor?.slice(1) ?? (isHeader ? HEADER_FILL : undefined);
        const cellContext: Context = { ...context, width: width - 200, headerCell: isHeader };
        const children = this.blocks(cell.content, cellContext);
        return new TableCell({
          columnSpan: span > 1 ? span : undefined,
          rowSpan: (placed?.rowSpan ?? 1) > 1 ? placed?.rowSpan : undefined,
          width: { size: width, type: WidthType.DXA },
          shading: fill ? { fill, type: ShadingType.CLEAR, color: 'auto' } : undefined,
          borders: cellBorders(cell.attrs?.border),
          children: children.length > 0 ? children : [new Paragraph({})],
        });
      });
      // Leading all-header rows repeat at the top of every page, as in the HWPX export.
      return new TableRow({ children: cells, tableHeader: rowIndex < headerRows ? true : undefined });
    });
    const pageBreak = this.takePageBreak();
    const caption = this.caption(node);
    const table = new Table({
      rows,
      columnWidths: widths,
      width: { size: context.width, type: WidthType.DXA },
    });
    return [
      ...(pageBreak ? [new Paragraph({ children: [new PageBreak()] })] : []),
      ...(caption ? [caption] : []),
      table,
    ];
  }

  /** "표 1 …" above a table, "그림 1 …" below a picture, centred in Word's Caption style. */
  private caption(node: TableNode | ImageNode): Paragraph | undefined {
    const line = captionLine(node, this.captions);
    return line
      ? new Paragraph({ style: 'Caption', alignment: AlignmentType.CENTER, children: [new TextRun(line)] })
      : undefined;
  }

  private image(node: ImageNode, context: Context): Paragraph {
    const image = context.images.get(node.attrs.src);
    const type = image ? imageType(image.info.format) : undefined;
    if (!image || !type) {
      return this.paragraph(
        node.attrs.alt ? [{ type: 'text', text: `[${node.attrs.alt}]` }] : [],
        'center',
        context,
      );
    }
    // docx sizes pictures in pixels; keep them inside the text width (twips / 15 = px).
    let width = node.attrs.width ?? image.info.width;
    let height = node.attrs.height ?? (width * image.info.height) / image.info.width;
    const maxWidth = context.width / 15;
    if (width > maxWidth) {
      height = (height * maxWidth) / width;
      width = maxWidth;
    }
    return new Paragraph({
      alignment: AlignmentType.CENTER,
      pageBreakBefore: this.takePageBreak(),
      children: [
        new ImageRun({
          type,
          data: image.bytes,
          transformation: { width: Math.round(width), height: Math.round(height) },
          floating: floating(node),
          altText: node.attrs.alt
            ? { name: node.attrs.alt, description: node.attrs.alt, title: node.attrs.alt }
            : undefined,
        }),
      ],
    });
  }
}

/** A floating picture's anchor: against the column, at its paragraph, text wrapped as asked. */
function floating(node: ImageNode) {
  if (node.attrs.wrap !== 'square' && node.attrs.wrap !== 'topAndBottom') return undefined;
  const align = {
    left: HorizontalPositionAlign.LEFT,
    center: HorizontalPositionAlign.CENTER,
    right: HorizontalPositionAlign.RIGHT,
  }[node.attrs.float ?? 'left'];
  // 1 mm around the picture, in EMU, as the HWPX export leaves.
  const gap = 36_000;
  return {
    horizontalPosition: { relative: HorizontalPositionRelativeFrom.COLUMN, align },
    verticalPosition: { relative: VerticalPositionRelativeFrom.PARAGRAPH, offset: 0 },
    wrap: {
      type: node.attrs.wrap === 'square' ? TextWrappingType.SQUARE : TextWrappingType.TOP_AND_BOTTOM,
      side: TextWrappingSide.BOTH_SIDES,
    },
    margins: { top: gap, bottom: gap, left: gap, right: gap },
  };
}

/** The border and shading of a paragraph inside a text box. */
function frameOptions(frame: Frame | undefined) {
  if (!frame) return {};
  const line = { style: BorderStyle.SINGLE, size: 6, color: frame.color, space: 4 };
  return {
    border: { top: line, bottom: line, left: line, right: line },
    ...(frame.fill ? { shading: { fill: frame.fill, type: ShadingType.CLEAR, color: 'auto' } } : {}),
  };
}

const BORDER_STYLES = {
  solid: BorderStyle.SINGLE,
  dashed: BorderStyle.DASHED,
  dotted: BorderStyle.DOTTED,
  double: BorderStyle.DOUBLE,
  none: BorderStyle.NONE,
} as const;

/** A cell's border on all four sides; Word counts line widths in eighths of a point. */
function cellBorders(border: CellBorder | null | undefined) {
  if (!border) return undefined;
  const style = BORDER_STYLES[border.style ?? 'solid'];
  const size = Math.max(2, Math.round(((border.width ?? 0.12) / 25.4) * 72 * 8));
  const line = { style, size, color: (border.color ?? '#000000').slice(1) };
  return { top: line, bottom: line, left: line, right: line };
}

function alignment(value: TextAlign | null | undefined) {
  return value ? ALIGN[value] : undefined;
}

function imageType(format: string): 'png' | 'jpg' | 'gif' | 'bmp' | undefined {
  if (format === 'png' || format === 'gif' || format === 'bmp') return format;
  return format === 'jpeg' ? 'jpg' : undefined;
}
