import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type BlockNode,
  type CaptionNumbers,
  captionLine,
  captionNumbers,
  type DocumentNode,
  documentSections,
  equationText,
  hasMark,
  type ImageNode,
  type InlineNode,
  type ListItemNode,
  PAGE_NUMBER_FIELD,
  type ParagraphSpacing,
  type TableNode,
  type TextAlign,
  type TextBoxNode,
  textColor,
  textFont,
} from './document-model.ts';
import { DEFAULT_LINE_HEIGHT_PERCENT, mmToPoints, resolvePageMargins } from './document-style.ts';
import { collectImages, encodeDataUrl, type ImageResolver, type ResolvedImage } from './image-source.ts';
import { columnWidths, layoutTable } from './table-layout.ts';

/**
 * PDF export through pdfmake, with Noto Sans KR (SIL Open Font License, from the
 * @expo-google-fonts/noto-sans-kr package) embedded and subset, so Hangul renders and extracts
 * on any machine. Nothing is fetched: remote and local file access are both denied to pdfmake.
 * That is the only face embedded, so every font face of the model (함초롬바탕, 맑은 고딕, …)
 * is drawn in Noto Sans KR; sizes, line spacing, paragraph spacing and margins are kept.
 */

export type PdfWriteOptions = {
  resolveImage?: ImageResolver;
  creator?: string;
  /** Encrypts the PDF with this open password (used by tests of the reader's refusal). */
  userPassword?: string;
};

type PdfContent = Record<string, unknown> | string | PdfContent[];
type PdfMake = {
  virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
};

const FONT = 'NotoSansKR';
const FONT_FILES = {
  normal: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
};
// A4 in points, 20 mm margins.
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56.7;
const HEADING_SIZES = [18, 15, 13, 12, 11, 10.5];
const HEADER_FILL = '#E5E5E5';
const PX_TO_PT = 0.75;
/** pdfmake's line height for 한글's 160 %; other percentages scale from it. */
const LINE_HEIGHT = 1.35;

/** pdfmake's lineHeight and paragraph margin for a paragraph's own spacing over its defaults. */
function spacingOf(
  attrs: ParagraphSpacing | undefined,
  defaults: { before: number; after: number },
): { margin: number[]; lineHeight?: number } {
  const before = attrs?.spaceBefore ?? defaults.before;
  const after = attrs?.spaceAfter ?? defaults.after;
  const out: { margin: number[]; lineHeight?: number } = { margin: [0, before, 0, after] };
  if (typeof attrs?.lineHeight === 'number')
    out.lineHeight = (attrs.lineHeight / DEFAULT_LINE_HEIGHT_PERCENT) * LINE_HEIGHT;
  return out;
}

/** The files of the one Korean face the exports embed (the webtoon's rasteriser draws with it too). */
export function koreanFontFiles(): string[] {
  const require = createRequire(import.meta.url);
  return [require.resolve(FONT_FILES.normal), require.resolve(FONT_FILES.bold)];
}

let pdfmake: PdfMake | undefined;

function loadPdfMake(): PdfMake {
  if (pdfmake) return pdfmake;
  const require = createRequire(import.meta.url);
  const instance = require('pdfmake') as PdfMake;
  instance.virtualfs.writeFileSync(
    'NotoSansKR-Regular.ttf',
    readFileSync(require.resolve(FONT_FILES.normal)),
  );
  instance.virtualfs.writeFileSync('NotoSansKR-Bold.ttf', readFileSync(require.resolve(FONT_FILES.bold)));
  // Noto Sans KR has no italic face; italics keep the upright shapes.
  instance.setFonts({
    [FONT]: {
      normal: 'NotoSansKR-Regular.ttf',
      bold: 'NotoSansKR-Bold.ttf',
      italics: 'NotoSansKR-Regular.ttf',
      bolditalics: 'NotoSansKR-Bold.ttf',
    },
  });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy(() => false);
  pdfmake = instance;
  return instance;
}

export async function writePdf(document: DocumentNode, options: PdfWriteOptions = {}): Promise<Uint8Array> {
  const maker = loadPdfMake();
  const images = await collectImages(document.content, options.resolveImage);
  const landscape = document.attrs?.orientation === 'landscape';
  const page = pageSetup(document);
  const builder = new PdfContentBuilder(images);
  builder.captions = captionNumbers(document.content);
  // pdfmake has one set of page margins; each section turns its pages as it asks (a section break
  // starts a new page in that orientation), inside the first section's margins.
  const sectionWidth = (orientation: string | null | undefined) =>
    Math.max(60, (orientation === 'landscape' ? A4.height : A4.width) - page.margins[0] - page.margins[2]);
  const width = sectionWidth(document.attrs?.orientation);
  const content: PdfContent[] = [];
  for (const [index, section] of documentSections(document).entries()) {
    const blocks = builder.blocks(section.content, sectionWidth(section.attrs.orientation));
    if (index > 0) {
      const turn = { pageBreak: 'before', pageOrientation: section.attrs.orientation ?? 'portrait' };
      const first = blocks[0];
      if (first && typeof first === 'object' && !Array.isArray(first)) Object.assign(first, turn);
      else blocks.unshift({ text: '', ...turn });
    }
    content.push(...blocks);
  }
  if (builder.notes.length > 0) {
    content.push({
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: width / 3, y2: 0, lineWidth: 0.5 }],
      margin: [0, 12, 0, 4],
    });
    for (const [index, note] of builder.notes.entries())
      content.push({ text: `${index + 1}) ${note}`, fontSize: 8.5 });
  }
  const runningText = (text: string | null | undefined, top: boolean) =>
    text
      ? (currentPage: number) => ({
          text: text.replaceAll(PAGE_NUMBER_FIELD, String(currentPage)),
          alignment: 'center',
          fontSize: 8.5,
          color: '#555555',
          margin: top ? [0, page.header, 0, 0] : [0, page.footer, 0, 0],
        })
      : undefined;
  const definition: Record<string, unknown> = {
    pageSize: 'A4',
    pageOrientation: landscape ? 'landscape' : 'portrait',
    pageMargins: page.margins,
    info: { title: document.attrs?.title ?? '', creator: options.creator ?? '', producer: 'Ssaem' },
    defaultStyle: { font: FONT, fontSize: 10, lineHeight: LINE_HEIGHT },
    content,
    header: runningText(document.attrs?.header, true),
    footer: runningText(document.attrs?.footer, false),
  };
  if (options.userPassword) {
    definition.userPassword = options.userPassword;
    definition.version = '1.7ext3';
  }
  const buffer = await maker.createPdf(definition).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * Page margins [left, top, right, bottom] in points and where the running header and footer
 * start; a document without margins keeps the 20 mm page this writer always made.
 */
function pageSetup(document: DocumentNode): {
  margins: [number, number, number, number];
  header: number;
  footer: number;
} {
  if (!document.attrs?.margins) return { margins: [MARGIN, MARGIN, MARGIN, MARGIN], header: 24, footer: 16 };
  const mm = resolvePageMargins(document.attrs.margins);
  const bottom = mmToPoints(mm.bottom);
  return {
    margins: [mmToPoints(mm.left), mmToPoints(mm.top), mmToPoints(mm.right), bottom],
    header: mmToPoints(mm.header),
    // The footer's line sits its distance above the paper's edge.
    footer: Math.max(0, bottom - mmToPoints(mm.footer) - 10),
  };
}

class PdfContentBuilder {
  readonly notes: string[] = [];
  captions: CaptionNumbers = new WeakMap();
  private readonly images: Map<string, ResolvedImage>;
  private pageBreakPending = false;

  constructor(images: Map<string, ResolvedImage>) {
    this.images = images;
  }

  blocks(nodes: BlockNode[], width: number): PdfContent[] {
    const out: PdfContent[] = [];
    for (const node of nodes) {
      const block = this.block(node, width);
      if (!block) continue;
      if (this.pageBreakPending && typeof block === 'object' && !Array.isArray(block)) {
        block.pageBreak = 'before';
        this.pageBreakPending = false;
      }
      out.push(block);
    }
    if (this.pageBreakPending) {
      out.push({ text: '', pageBreak: 'before' });
      this.pageBreakPending = false;
    }
    return out;
  }

  private block(node: BlockNode, width: number): Record<string, unknown> | undefined {
    switch (node.type) {
      case 'paragraph':
        return {
          text: this.inline(node.content),
          alignment: align(node.attrs?.textAlign),
          ...spacingOf(node.attrs, { before: 0, after: 4 }),
        };
      case 'heading':
        return {
          text: this.inline(node.content),
          bold: true,
          fontSize: HEADING_SIZES[node.attrs.level - 1] ?? 10,
          alignment: align(node.attrs.textAlign),
          ...spacingOf(node.attrs, { before: node.attrs.level <= 2 ? 10 : 6, after: 4 }),
          headlineLevel: node.attrs.level,
        };
      case 'bulletList':
        return { ul: node.content.map((item) => this.listItem(item, width)), margin: [0, 0, 0, 4] };
      case 'orderedList':
        return {
          ol: node.content.map((item) => this.listItem(item, width)),
          start: node.attrs?.start ?? 1,
          margin: [0, 0, 0, 4],
        };
      case 'table':
        return this.captioned(node, this.table(node, width));
      case 'image':
        return this.captioned(node, this.image(node, width));
      case 'horizontalRule':
        return {
          canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.5 }],
          margin: [0, 6, 0, 6],
        };
      case 'pageBreak':
        this.pageBreakPending = true;
        return undefined;
      case 'textBox':
        return this.textBox(node, width);
      default:
        return undefined;
    }
  }

  /** A text box as a one-cell table in the box's frame colour and fill. */
  private textBox(node: TextBoxNode, width: number): Record<string, unknown> {
    const boxWidth = Math.min(width, node.attrs?.width ? node.attrs.width * PX_TO_PT : width);
    const cell: Record<string, unknown> = { stack: this.blocks(node.content, boxWidth - 12) };
    if (node.attrs?.backgroundColor) cell.fillColor = node.attrs.backgroundColor;
    const color = node.attrs?.borderColor ?? '#000000';
    return {
      table: { widths: [boxWidth - 12], body: [[cell]] },
      layout: {
        hLineWidth: () => 0.75,
        vLineWidth: () => 0.75,
        hLineColor: () => color,
        vLineColor: () => color,
        paddingLeft: () => 5,
        paddingRight: () => 5,
        paddingTop: () => 4,
        paddingBottom: () => 4,
      },
      margin: [0, 4, 0, 8],
    };
  }

  private listItem(item: ListItemNode, width: number): PdfContent {
    const parts = this.blocks(item.content, width - 20);
    return parts.length === 1 ? (parts[0] ?? '') : { stack: parts };
  }

  private inline(content: InlineNode[] | undefined): PdfContent[] {
    const out: PdfContent[] = [];
    for (const node of content ?? []) {
      if (node.type === 'hardBreak') {
        out.push('\n');
      } else if (node.type === 'footnote') {
        this.notes.push(node.attrs.text);
        out.push({ text: `${this.notes.length})`, sup: true, fontSize: 7 });
      } else if (node.type === 'equation') {
        out.push(equationText(node.attrs.script));
      } else {
        const decoration = [
          hasMark(node, 'underline') && 'underline',
          hasMark(node, 'strike') && 'lineThrough',
        ].filter((value): value is string => Boolean(value));
        const run: Record<string, unknown> = { text: node.text };
        if (hasMark(node, 'bold')) run.bold = true;
        if (hasMark(node, 'italic')) run.italics = true;
        if (decoration.length > 0) run.decoration = decoration.length === 1 ? decoration[0] : decoration;
        const color = textColor(node);
        if (color) run.color = color;
        // The face is left to the one embedded font (see above); the size is the text's own.
        const { fontSize } = textFont(node);
        if (fontSize) run.fontSize = fontSize;
        out.push(run);
      }
    }
    return out.length > 0 ? out : [''];
  }

  private table(node: TableNode, width: number): Record<string, unknown> {
    const layout = layoutTable(node);
    // pdfmake wants a full grid: every position covered by a span holds an empty placeholder.
    const body: Record<string, unknown>[][] = Array.from({ length: layout.rowCount }, () =>
      Array.from({ length: layout.colCount }, () => ({})),
    );
    const widths = columnWidths(layout.cells, layout.colCount, width - layout.colCount * 8);
    for (const placed of layout.cells) {
      const isHeader = placed.cell.type === 'tableHeader';
      const cellWidth = widths.slice(placed.col, placed.col + placed.colSpan).reduce((a, b) => a + b, 0);
      const cell: Record<string, unknown> = { stack: this.blocks(placed.cell.content, cellWidth) };
      if (placed.colSpan > 1) cell.colSpan = placed.colSpan;
      if (placed.rowSpan > 1) cell.rowSpan = placed.rowSpan;
      const fill = placed.cell.attrs?.backgroundColor ?? (isHeader ? HEADER_FILL : undefined);
      if (fill) cell.fillColor = fill;
      // pdfmake sets line widths per table; a cell keeps its border's colour, or no lines.
      const border = placed.cell.attrs?.border;
      if (border?.style === 'none') cell.border = [false, false, false, false];
      else if (border?.color) cell.borderColor = new Array(4).fill(border.color);
      if (isHeader) {
        cell.bold = true;
        cell.alignment = 'center';
      }
      const row = body[placed.row];
      if (row) row[placed.col] = cell;
    }
    const headerRows = node.content.findIndex((row) =>
      row.content.some((cell) => cell.type !== 'tableHeader'),
    );
    return {
      table: {
        widths,
        body,
        headerRows: headerRows < 0 ? node.content.length : headerRows,
        dontBreakRows: false,
      },
      layout: {
        hLineWidth: () => 0.5,
        vLineWidth: () => 0.5,
        paddingLeft: () => 4,
        paddingRight: () => 4,
        paddingTop: () => 2,
        paddingBottom: () => 2,
      },
      margin: [0, 2, 0, 8],
    };
  }

  /** "표 1 …" above a table, "그림 1 …" below a picture. */
  private captioned(
    node: TableNode | ImageNode,
    block: Record<string, unknown> | undefined,
  ): Record<string, unknown> | undefined {
    const line = captionLine(node, this.captions);
    if (!line) return block;
    const caption = { text: line, alignment: 'center', margin: [0, 2, 0, 2] };
    const stack = node.type === 'table' ? [caption, block] : [block, caption];
    return { stack: stack.filter(Boolean) };
  }

  private image(node: ImageNode, width: number): Record<string, unknown> | undefined {
    const image = this.images.get(node.attrs.src);
    // pdfkit embeds JPEG and PNG only; other pictures keep their alt text.
    if (!image || (image.info.format !== 'png' && image.info.format !== 'jpeg')) {
      return node.attrs.alt ? { text: `[${node.attrs.alt}]`, alignment: 'center' } : undefined;
    }
    const imageWidth = Math.min(width, (node.attrs.width ?? image.info.width) * PX_TO_PT);
    // pdfmake flows no text around a picture: a floating one stands on its own line, on its side.
    const floating = node.attrs.wrap === 'square' || node.attrs.wrap === 'topAndBottom';
    return {
      image: encodeDataUrl(image.bytes, image.info.format === 'png' ? 'image/png' : 'image/jpeg'),
      width: imageWidth,
      alignment: floating ? (node.attrs.float ?? 'left') : 'center',
      margin: [0, 4, 0, 4],
    };
  }
}

function align(value: TextAlign | null | undefined): string | undefined {
  return value ?? undefined;
}
