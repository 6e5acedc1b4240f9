import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import { CfbFile, isCfb } from './cfb-reader.ts';
import { DocumentError, toDocumentError } from './document-error.ts';
import {
  type DocumentAttrs,
  type DocumentNode,
  documentToPlainText,
  type HeadingLevel,
  type InlineNode,
  type Mark,
  PAGE_NUMBER_FIELD,
  type TableCellNode,
  type TableRowNode,
  type TextAlign,
} from './document-model.ts';
import {
  appendText,
  buildBlocks,
  type FlowItem,
  marksFor,
  resolveColumnWidths,
  runningText,
} from './flow-builder.ts';
import type { ReadResult } from './hwpx-reader.ts';
import { HWPUNIT_PER_PX } from './hwpx-xml.ts';
import { type ReadLimits, resolveLimits } from './limits.ts';

/**
 * HWP 5 (the binary 한글 format) → document model and text, through @ohah/hwpjs's parse tree.
 * When hwpjs gives up on a file (one unsupported equation is enough), a small reader of our own
 * pulls the paragraph text straight from the BodyText records, so the text is still there.
 * Password-protected and DRM files are refused from the file header before any parsing.
 */

export type HwpReadOptions = { limits?: Partial<ReadLimits> };

type HwpJs = { toJson(data: Buffer): string };

let hwpjs: HwpJs | undefined;
function loadHwpJs(): HwpJs {
  // hwpjs is a native addon published as CommonJS; loaded on first use so importing this
  // package never pays for it.
  hwpjs ??= createRequire(import.meta.url)('@ohah/hwpjs') as HwpJs;
  return hwpjs;
}

const FLAG_COMPRESSED = 1;
const FLAG_PASSWORD = 2;
const FLAG_DISTRIBUTION = 4;
const FLAG_DRM = 16;

export type HwpFileHeader = {
  version: string;
  compressed: boolean;
  encrypted: boolean;
  distribution: boolean;
};

/** The FileHeader stream: signature, version and the property flags that matter to a reader. */
export function readHwpFileHeader(cfb: CfbFile): HwpFileHeader {
  const header = cfb.read('FileHeader', 4096);
  const signature = new TextDecoder('latin1').decode(header.subarray(0, 17));
  if (signature !== 'HWP Document File' || header.length < 40) {
    throw new DocumentError('unsupported-type', 'not an HWP 5 document');
  }
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const version = view.getUint32(32, true);
  const flags = view.getUint32(36, true);
  return {
    version: [version >>> 24, (version >>> 16) & 0xff, (version >>> 8) & 0xff, version & 0xff].join('.'),
    compressed: (flags & FLAG_COMPRESSED) !== 0,
    encrypted: (flags & (FLAG_PASSWORD | FLAG_DRM)) !== 0,
    distribution: (flags & FLAG_DISTRIBUTION) !== 0,
  };
}

export function readHwp(bytes: Uint8Array, options: HwpReadOptions = {}): ReadResult {
  const limits = resolveLimits(options.limits);
  if (bytes.length > limits.maxFileBytes) throw new DocumentError('too-large', 'HWP file is too large');
  if (!isCfb(bytes)) throw new DocumentError('unsupported-type', 'not an HWP 5 document');
  let cfb: CfbFile;
  let header: HwpFileHeader;
  try {
    cfb = new CfbFile(bytes);
    header = readHwpFileHeader(cfb);
  } catch (error) {
    throw toDocumentError(error, 'HWP could not be read');
  }
  if (header.encrypted) throw new DocumentError('encrypted', 'the HWP file is password-protected');
  let document: DocumentNode;
  try {
    const tree = JSON.parse(
      loadHwpJs().toJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    );
    document = new HwpTreeReader(tree as HwpTree).read();
  } catch (error) {
    try {
      document = readBodyTextRecords(cfb, header, limits);
    } catch (fallbackError) {
      throw toDocumentError(
        fallbackError instanceof DocumentError ? fallbackError : error,
        'HWP could not be read',
      );
    }
  }
  return { document, text: documentToPlainText(document).slice(0, limits.maxTextChars) };
}

// ---------------------------------------------------------------------------------------------
// hwpjs parse tree → model

type Json = Record<string, unknown>;
type HwpTree = {
  doc_info?: { char_shapes?: Json[]; para_shapes?: Json[]; styles?: Json[] };
  body_text?: { sections?: { paragraphs?: HwpParagraph[] }[] };
};
type HwpParagraph = { para_header?: Json; records?: HwpRecord[] };
type HwpRecord = Json & { type?: string; ctrl_id?: string };
type HwpRun = { kind?: string; text?: string; code?: number; position?: number; size_wchars?: number };

/** Control characters that own a ctrl_header record, in record order. */
const EXTENDED_CONTROLS = new Set([1, 2, 3, 11, 12, 14, 15, 16, 17, 18, 21, 22, 23]);

const ALIGNS: Record<string, TextAlign | undefined> = {
  left: 'left',
  center: 'center',
  right: 'right',
  distribute: 'justify',
  divide: 'justify',
};

class HwpTreeReader {
  private readonly tree: HwpTree;
  private readonly headers: string[] = [];
  private readonly footers: string[] = [];
  private landscape = false;
  private runningDepth = 0;

  constructor(tree: HwpTree) {
    this.tree = tree;
  }

  read(): DocumentNode {
    const sections = this.tree.body_text?.sections;
    if (!Array.isArray(sections)) throw new DocumentError('unreadable', 'HWP body missing');
    const items: FlowItem[] = [];
    for (const section of sections) items.push(...this.paragraphs(section.paragraphs ?? [], true));
    const content = buildBlocks(items);
    const attrs: DocumentAttrs = {};
    if (this.landscape) attrs.orientation = 'landscape';
    if (this.headers.length > 0) attrs.header = [...new Set(this.headers)].join('\n');
    if (this.footers.length > 0) attrs.footer = [...new Set(this.footers)].join('\n');
    return Object.keys(attrs).length > 0 ? { type: 'doc', attrs, content } : { type: 'doc', content };
  }

  private paragraphs(paragraphs: HwpParagraph[], topLevel: boolean): FlowItem[] {
    const out: FlowItem[] = [];
    for (const paragraph of paragraphs) out.push(...this.paragraph(paragraph, topLevel));
    return out;
  }

  private paragraph(paragraph: HwpParagraph, topLevel: boolean): FlowItem[] {
    const records = paragraph.records ?? [];
    const header = paragraph.para_header ?? {};
    const textRecord = records.find((record) => record.type === 'para_text');
    const shapes = (records.find((record) => record.type === 'para_char_shape')?.shapes ?? []) as {
      position: number;
      shape_id: number;
    }[];
    const controls = records.filter((record) => record.type === 'ctrl_header');
    const content: InlineNode[] = [];
    const objects: FlowItem[] = [];
    let nextControl = 0;
    let position = 0;
    let previous: HwpRun | undefined;
    for (const run of (textRecord?.runs ?? []) as HwpRun[]) {
      if (run.kind === 'control') {
        const code = run.code ?? 0;
        if (EXTENDED_CONTROLS.has(code)) {
          const control = controls[nextControl++];
          if (control) this.control(control, content, objects);
        } else if (code === 10) content.push({ type: 'hardBreak' });
        else if (code === 24) appendText(content, '-', this.marksAt(shapes, position));
        else if (code === 30 || code === 31) appendText(content, ' ', this.marksAt(shapes, position));
        position = (run.position ?? position) + (run.size_wchars ?? 1);
        previous = run;
        continue;
      }
      const text = run.text ?? '';
      // hwpjs repeats a tab or line break as text right after its control; it takes no position.
      const echo = previous?.kind === 'control' && text === String.fromCharCode(previous.code ?? -1);
      previous = run;
      if (echo) {
        if (text === '\t') appendText(content, '\t', this.marksAt(shapes, position - 1));
        continue;
      }
      this.appendShaped(content, text, shapes, position);
      position += text.length;
    }
    // Controls the text did not point at (older files) are still read, after the text.
    for (const control of controls.slice(nextControl)) this.control(control, content, objects);

    const paraShape = this.tree.doc_info?.para_shapes?.[Number(header.para_shape_id ?? -1)];
    const attributes = (paraShape?.attributes1 ?? {}) as Json;
    const breaks = (header.column_divide_type ?? []) as string[];
    const pageBreakBefore = topLevel && breaks.includes('page');
    if (content.length === 0 && objects.length > 0) {
      if (pageBreakBefore && objects[0]) objects[0].pageBreakBefore = true;
      return objects;
    }
    const item: FlowItem = { kind: 'paragraph', content, pageBreakBefore };
    const align = ALIGNS[String(attributes.align ?? '')];
    if (align) item.align = align;
    const heading = this.headingLevel(Number(header.para_style_id ?? -1), attributes);
    if (heading) item.heading = heading;
    else if (attributes.header_shape_type === 'bullet' || attributes.header_shape_type === 'number') {
      item.list = {
        ordered: attributes.header_shape_type === 'number',
        level: Number(attributes.paragraph_level ?? 0),
        id: Number(paraShape?.number_bullet_id ?? 0),
      };
    }
    return [item, ...objects];
  }

  private headingLevel(styleId: number, attributes: Json): HeadingLevel | undefined {
    const style = this.tree.doc_info?.styles?.[styleId];
    const match =
      /^Heading (\d)$/.exec(String(style?.english_name ?? '')) ??
      /^제목 ?(\d)$/.exec(String(style?.local_name ?? ''));
    if (match) return clampLevel(Number(match[1]));
    if (attributes.header_shape_type === 'outline')
      return clampLevel(Number(attributes.paragraph_level ?? 0) + 1);
    return undefined;
  }

  private marksAt(shapes: { position: number; shape_id: number }[], position: number): Mark[] {
    let shapeId = shapes[0]?.shape_id ?? 0;
    for (const shape of shapes) {
      if (shape.position > position) break;
      shapeId = shape.shape_id;
    }
    const shape = this.tree.doc_info?.char_shapes?.[shapeId];
    const attributes = (shape?.attributes ?? {}) as Json;
    const color = shape?.text_color as { r: number; g: number; b: number } | undefined;
    const hex = color
      ? `#${[color.r, color.g, color.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`
      : '';
    const underlineType = Number(attributes.underline_type ?? 0);
    return marksFor({
      bold: attributes.bold === true,
      italic: attributes.italic === true,
      // HWP keeps underline, strike-through (2) and overline in one field.
      underline: underlineType === 1 || underlineType === 3,
      strike: underlineType === 2 || Number(attributes.strikethrough ?? 0) > 0,
      color: hex && hex !== '#000000' ? hex.toUpperCase() : undefined,
    });
  }

  private appendShaped(
    content: InlineNode[],
    text: string,
    shapes: { position: number; shape_id: number }[],
    start: number,
  ): void {
    // Split the run where the character shape changes.
    let from = 0;
    for (const shape of shapes) {
      const cut = shape.position - start;
      if (cut <= from || cut >= text.length) continue;
      appendText(content, text.slice(from, cut), this.marksAt(shapes, start + from));
      from = cut;
    }
    appendText(content, text.slice(from), this.marksAt(shapes, start + from));
  }

  private control(control: HwpRecord, content: InlineNode[], objects: FlowItem[]): void {
    switch (control.ctrl_id) {
      case 'secd': {
        const pageDef = (control.children as Json[] | undefined)?.find((child) => child.type === 'page_def');
        const attributes = ((pageDef?.page_def as Json | undefined)?.attributes ?? {}) as Json;
        this.landscape ||= attributes.paper_direction === 'horizontal';
        return;
      }
      case 'tbl ':
        objects.push(...this.table(control));
        return;
      case 'head':
      case 'foot': {
        this.runningDepth++;
        const text = this.nestedText(control, true);
        this.runningDepth--;
        if (text) (control.ctrl_id === 'head' ? this.headers : this.footers).push(text);
        return;
      }
      case 'fn  ':
      case 'en  ':
        content.push({
          type: 'footnote',
          attrs: {
            text: this.nestedText(control).trim(),
            kind: control.ctrl_id === 'en  ' ? 'endnote' : 'footnote',
          },
        });
        return;
      case 'atno':
        // The low bits of an auto number's attribute give its kind; 0 is the page number.
        if (this.runningDepth > 0 && (Number(control.attribute ?? -1) & 0xf) === 0)
          appendText(content, PAGE_NUMBER_FIELD, []);
        return;
      case 'eqed':
        return;
      default:
        // Text boxes, grouped shapes, captions of pictures: whatever paragraphs they hold.
        for (const list of controlParagraphLists(control)) objects.push(...this.paragraphs(list, false));
    }
  }

  private nestedText(control: HwpRecord, running = false): string {
    const blocks = buildBlocks(
      controlParagraphLists(control).flatMap((list) => this.paragraphs(list, false)),
    );
    if (running) return runningText(blocks);
    return documentToPlainText({ type: 'doc', content: blocks });
  }

  private table(control: HwpRecord): FlowItem[] {
    const tableChild = (control.children as Json[] | undefined)?.find((child) => child.type === 'table');
    const table = tableChild?.table as { attributes?: Json; cells?: Json[] } | undefined;
    const captionItems = this.paragraphs(captionParagraphs(control, table?.cells ?? []), false);
    const caption = control.caption as { align?: string } | null | undefined;
    const captionFirst = caption?.align === 'top' || caption?.align === 'left';
    if (!table?.cells || table.cells.length === 0) return captionItems;
    const placements = table.cells.map((cell) => {
      const attributes = (cell.cell_attributes ?? {}) as Json;
      return {
        cell,
        row: Number(attributes.row_address ?? 0),
        col: Number(attributes.col_address ?? 0),
        rowSpan: Math.max(1, Number(attributes.row_span ?? 1)),
        colSpan: Math.max(1, Number(attributes.col_span ?? 1)),
        width: Number(attributes.width ?? 0),
      };
    });
    const colCount = Math.max(
      Number(table.attributes?.col_count ?? 0),
      ...placements.map((placement) => placement.col + placement.colSpan),
    );
    const widths = resolveColumnWidths(placements, colCount, HWPUNIT_PER_PX);
    const rows = new Map<number, TableCellNode[]>();
    for (const placement of [...placements].sort((a, b) => a.row - b.row || a.col - b.col)) {
      const blocks = buildBlocks(this.paragraphs((placement.cell.paragraphs ?? []) as HwpParagraph[], false));
      const cell: TableCellNode = {
        type: 'tableCell',
        content: blocks.length > 0 ? blocks : [{ type: 'paragraph' }],
      };
      cell.attrs = { colwidth: widths.slice(placement.col, placement.col + placement.colSpan) };
      if (placement.colSpan > 1) cell.attrs.colspan = placement.colSpan;
      if (placement.rowSpan > 1) cell.attrs.rowspan = placement.rowSpan;
      const row = rows.get(placement.row) ?? [];
      row.push(cell);
      rows.set(placement.row, row);
    }
    const content: TableRowNode[] = [...rows.keys()]
      .sort((a, b) => a - b)
      .map((row) => ({ type: 'tableRow', content: rows.get(row) ?? [] }));
    const tableItem: FlowItem = { kind: 'block', node: { type: 'table', content } };
    return captionFirst ? [...captionItems, tableItem] : [tableItem, ...captionItems];
  }
}

/**
 * The paragraph lists a control holds. hwpjs attaches a control's own list (a note's text, a
 * shape's caption) to the control and repeats lists under `children`, for notes not always the
 * right ones: notes and header/footer use their own list; shapes add the lists of their children
 * (text boxes) that are not a repeat of their own.
 */
function controlParagraphLists(control: HwpRecord): HwpParagraph[][] {
  const own =
    Array.isArray(control.paragraphs) && control.paragraphs.length > 0
      ? (control.paragraphs as HwpParagraph[])
      : undefined;
  const ownOnly =
    control.ctrl_id === 'fn  ' ||
    control.ctrl_id === 'en  ' ||
    control.ctrl_id === 'head' ||
    control.ctrl_id === 'foot';
  if (own && ownOnly) return [own];
  const seen = new Set<string>();
  return [...(own ? [own] : []), ...paragraphLists(control.children)].filter((list) => {
    const signature = listSignature(list);
    if (seen.has(signature)) return false;
    seen.add(signature);
    return true;
  });
}

function listSignature(list: HwpParagraph[]): string {
  return list
    .map((paragraph) => String(paragraph.records?.find((r) => r.type === 'para_text')?.text ?? ''))
    .join('\n');
}

/**
 * hwpjs lists every paragraph under a table (cells and caption) on the table control; the caption
 * is what is left once the cells' paragraphs are taken out.
 */
function captionParagraphs(control: HwpRecord, cells: Json[]): HwpParagraph[] {
  if (!control.caption || !Array.isArray(control.paragraphs)) return [];
  const inCells = new Map<string, number>();
  for (const cell of cells) {
    for (const paragraph of (cell.paragraphs ?? []) as HwpParagraph[]) {
      const signature = listSignature([paragraph]);
      inCells.set(signature, (inCells.get(signature) ?? 0) + 1);
    }
  }
  return (control.paragraphs as HwpParagraph[]).filter((paragraph) => {
    const signature = listSignature([paragraph]);
    const count = inCells.get(signature) ?? 0;
    if (count === 0) return true;
    inCells.set(signature, count - 1);
    return false;
  });
}

/** Every `paragraphs` list below a node, not looking inside the paragraphs themselves. */
function paragraphLists(node: unknown, out: HwpParagraph[][] = []): HwpParagraph[][] {
  if (Array.isArray(node)) {
    for (const child of node) paragraphLists(child, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'paragraphs' && Array.isArray(value)) out.push(value as HwpParagraph[]);
      else if (typeof value === 'object' && key !== 'runs' && key !== 'segments') paragraphLists(value, out);
    }
  }
  return out;
}

function clampLevel(level: number): HeadingLevel {
  return Math.min(6, Math.max(1, level)) as HeadingLevel;
}

// ---------------------------------------------------------------------------------------------
// Fallback: paragraph text straight from the BodyText records

/** The body text of an HWP file from its records alone, one paragraph per record (the fallback). */
export function readHwpBodyText(bytes: Uint8Array, options: HwpReadOptions = {}): DocumentNode {
  const limits = resolveLimits(options.limits);
  const cfb = new CfbFile(bytes);
  return readBodyTextRecords(cfb, readHwpFileHeader(cfb), limits);
}

const HWPTAG_PARA_TEXT = 67;
const INLINE_CONTROLS = new Set([4, 5, 6, 7, 8, 9, 19, 20]);

function readBodyTextRecords(cfb: CfbFile, header: HwpFileHeader, limits: ReadLimits): DocumentNode {
  if (header.distribution)
    throw new DocumentError('unreadable', 'distribution-only HWP body could not be read');
  const sections = cfb.entries
    .filter((entry) => entry.type === 'stream' && /^BodyText\/Section\d+$/i.test(entry.path))
    .sort((a, b) => Number(a.name.slice(7)) - Number(b.name.slice(7)));
  if (sections.length === 0) throw new DocumentError('unreadable', 'HWP has no body text');
  const lines: string[] = [];
  let total = 0;
  for (const section of sections) {
    let data = cfb.read(section.path, limits.maxZipEntryBytes);
    if (header.compressed) {
      try {
        data = new Uint8Array(inflateRawSync(data, { maxOutputLength: limits.maxZipEntryBytes }));
      } catch (error) {
        throw new DocumentError(
          error instanceof RangeError ? 'zip-bomb' : 'unreadable',
          'HWP body does not inflate',
          { cause: error },
        );
      }
    }
    total += data.length;
    if (total > limits.maxZipTotalBytes) throw new DocumentError('zip-bomb', 'HWP body is too large');
    lines.push(...paragraphTexts(data));
  }
  const content = lines.map((line) =>
    line
      ? { type: 'paragraph' as const, content: [{ type: 'text' as const, text: line }] }
      : { type: 'paragraph' as const },
  );
  return { type: 'doc', content };
}

function paragraphTexts(data: Uint8Array): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: string[] = [];
  let offset = 0;
  while (offset + 4 <= data.length) {
    const value = view.getUint32(offset, true);
    offset += 4;
    const tag = value & 0x3ff;
    let size = value >>> 20;
    if (size === 0xfff) {
      if (offset + 4 > data.length) break;
      size = view.getUint32(offset, true);
      offset += 4;
    }
    if (offset + size > data.length) break;
    if (tag === HWPTAG_PARA_TEXT) out.push(decodeParaText(view, offset, size));
    offset += size;
  }
  return out;
}

function decodeParaText(view: DataView, start: number, size: number): string {
  let text = '';
  for (let i = 0; i + 1 < size; ) {
    const code = view.getUint16(start + i, true);
    if (code >= 32) {
      text += String.fromCharCode(code);
      i += 2;
    } else if (EXTENDED_CONTROLS.has(code) || INLINE_CONTROLS.has(code)) {
      if (code === 9) text += '\t';
      i += 16;
    } else {
      if (code === 10) text += '\n';
      else if (code === 24) text += '-';
      else if (code === 30 || code === 31) text += ' ';
      i += 2;
    }
  }
  return text;
}
