import { createDecipheriv } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { CfbFile, isCfb } from './cfb-reader.ts';
import { DocumentError, toDocumentError } from './document-error.ts';
import {
  BORDER_WIDTHS_MM,
  type CellBorder,
  type DocumentAttrs,
  type DocumentNode,
  documentToPlainText,
  type HeadingLevel,
  type ImageNode,
  type InlineNode,
  type Mark,
  PAGE_NUMBER_FIELD,
  type SectionBreakNode,
  type SectionPageAttrs,
  type TableCellNode,
  type TableRowNode,
  type TextAlign,
} from './document-model.ts';
import type { PageMargins } from './document-style.ts';
import {
  appendText,
  buildBlocks,
  type FlowItem,
  marksFor,
  resolveColumnWidths,
  runningText,
} from './flow-builder.ts';
import {
  ByteReader,
  ctrlId,
  type HwpBorder,
  type HwpDocInfo,
  type HwpRecord,
  parseRecords,
  readDocInfo,
  recordTree,
  TAG,
} from './hwp-records.ts';
import type { ReadResult } from './hwpx-reader.ts';
import { marginsFromHwpunit } from './hwpx-section.ts';
import { HWPUNIT_PER_PX } from './hwpx-xml.ts';
import { encodeDataUrl } from './image-source.ts';
import { InflateBudget } from './inflate-budget.ts';
import { type ReadLimits, resolveLimits } from './limits.ts';
import { outlineNumber } from './outline-numbering.ts';

/**
 * HWP 5 (the binary 한글 format) → document model and text. The record streams are read here,
 * record by record (DocInfo for shapes and styles, BodyText/Section* for the body), so every
 * paragraph list is taken from where the file puts it: a text box's text once, a table's caption
 * apart from its cells, header and footer out of the body. Every stream inflates against the
 * file's decompression budget. Password-protected and DRM files are refused from the header.
 */

export type HwpReadOptions = {
  limits?: Partial<ReadLimits>;
  /** Embed pictures as data URLs (default false: uploads are read for their text). */
  includeImages?: boolean;
};

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
    const streams = new HwpStreams(cfb, header, limits);
    document = new HwpBodyReader(streams, options.includeImages ?? false).read();
  } catch (error) {
    throw toDocumentError(error, 'HWP could not be read');
  }
  return { document, text: documentToPlainText(document).slice(0, limits.maxTextChars) };
}

/** The streams of one file, inflated against one budget. */
class HwpStreams {
  private readonly budget: InflateBudget;
  readonly cfb: CfbFile;
  readonly header: HwpFileHeader;
  readonly limits: ReadLimits;
  constructor(cfb: CfbFile, header: HwpFileHeader, limits: ReadLimits) {
    this.cfb = cfb;
    this.header = header;
    this.limits = limits;
    this.budget = new InflateBudget(limits.maxInflatedBytes);
  }

  has(path: string): boolean {
    return this.cfb.entries.some((entry) => entry.type === 'stream' && entry.path === path);
  }

  read(path: string, compressed = this.header.compressed): Uint8Array {
    const data = this.cfb.read(path, this.limits.maxZipEntryBytes);
    if (!compressed) return data;
    return this.budget.inflateRaw(data, `HWP stream ${path}`, this.limits.maxZipEntryBytes);
  }

  /** Body sections in order; a distribution document (배포용 문서) keeps them under ViewText. */
  sections(): string[] {
    const storage = this.header.distribution ? 'ViewText' : 'BodyText';
    const pattern = new RegExp(`^${storage}/Section\\d+$`, 'i');
    return this.cfb.entries
      .filter((entry) => entry.type === 'stream' && pattern.test(entry.path))
      .sort((a, b) => Number(a.name.slice(7)) - Number(b.name.slice(7)))
      .map((entry) => entry.path);
  }

  readSection(path: string): Uint8Array {
    if (!this.header.distribution) return this.read(path);
    const data = decryptDistributed(this.cfb.read(path, this.limits.maxZipEntryBytes));
    if (!this.header.compressed) return data;
    return this.budget.inflateRaw(data, `HWP stream ${path}`, this.limits.maxZipEntryBytes);
  }
}

/**
 * A distribution document's section: a 256-byte record scrambled with Visual C's rand() seeded
 * from its first word holds the AES-128 key; the rest of the stream is AES-128-ECB.
 */
function decryptDistributed(stream: Uint8Array): Uint8Array {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  if (stream.length < 260 || (view.getUint32(0, true) & 0x3ff) !== TAG.DISTRIBUTE_DOC_DATA) {
    throw new DocumentError('unreadable', 'distribution document has no key record');
  }
  const seed = view.getUint32(4, true);
  let state = seed;
  const rand = () => {
    state = (Math.imul(state, 214013) + 2531011) >>> 0;
    return (state >>> 16) & 0x7fff;
  };
  const mask = new Uint8Array(256);
  for (let i = 0; i < 256; ) {
    const value = rand() & 0xff;
    const count = (rand() & 0xf) + 1;
    for (let j = 0; j < count && i < 256; j++) mask[i++] = value;
  }
  const record = stream.subarray(4, 260).map((byte, index) => byte ^ (mask[index] ?? 0));
  const offset = 4 + (seed & 0xf);
  const key = record.subarray(offset, offset + 16);
  const body = stream.subarray(260);
  const decipher = createDecipheriv('aes-128-ecb', key, null);
  decipher.setAutoPadding(false);
  const whole = body.subarray(0, body.length - (body.length % 16));
  const plain = Buffer.concat([decipher.update(whole), decipher.final()]);
  return new Uint8Array(plain.buffer, plain.byteOffset, plain.byteLength);
}

// ---------------------------------------------------------------------------------------------
// Records → model

/** Control characters that own a CTRL_HEADER record, in record order. */
const EXTENDED_CONTROLS = new Set([1, 2, 3, 11, 12, 14, 15, 16, 17, 18, 21, 22, 23]);
/** Inline controls: eight code units each, no record. */
const INLINE_CONTROLS = new Set([4, 5, 6, 7, 8, 9, 19, 20]);

const ALIGNS: (TextAlign | undefined)[] = ['justify', 'left', 'right', 'center', 'justify', 'justify'];
const AUTO_NUMBER_KINDS = ['page', 'footnote', 'endnote', 'picture', 'table', 'equation'];

type ListRef = { header: HwpRecord; paragraphs: HwpRecord[] };

class HwpBodyReader {
  private readonly info: HwpDocInfo;
  private readonly headers: string[] = [];
  private readonly footers: string[] = [];
  /** The page setup of the section being read: its page definition and first column setting. */
  private landscape = false;
  private margins: Partial<PageMargins> | undefined;
  private columns: number | undefined;
  private runningDepth = 0;
  private readonly outline: number[] = [];
  private outlineNumbering = 0;

  private readonly streams: HwpStreams;
  private readonly includeImages: boolean;

  constructor(streams: HwpStreams, includeImages: boolean) {
    this.streams = streams;
    this.includeImages = includeImages;
    this.info = streams.has('DocInfo') ? readDocInfo(parseRecords(streams.read('DocInfo'))) : readDocInfo([]);
  }

  read(): DocumentNode {
    const sections = this.streams.sections();
    if (sections.length === 0) throw new DocumentError('unreadable', 'HWP has no body text');
    const items: FlowItem[] = [];
    let first: SectionPageAttrs | undefined;
    for (const path of sections) {
      const roots = recordTree(parseRecords(this.streams.readSection(path)));
      this.landscape = false;
      this.margins = undefined;
      this.columns = undefined;
      const paragraphs = this.paragraphs(
        roots.filter((record) => record.tag === TAG.PARA_HEADER),
        true,
      );
      // Each section stream after the first starts a section with its own page setup.
      const setup = this.sectionSetup();
      if (first) {
        const node: SectionBreakNode = { type: 'sectionBreak' };
        if (Object.keys(setup).length > 0) node.attrs = setup;
        items.push({ kind: 'block', node });
      } else first = setup;
      items.push(...paragraphs);
    }
    const content = buildBlocks(items);
    const attrs: DocumentAttrs = {};
    if (first?.orientation) attrs.orientation = first.orientation;
    if (first?.margins) attrs.margins = first.margins;
    if (first?.columns) attrs.columns = first.columns;
    if (this.headers.length > 0) attrs.header = [...new Set(this.headers)].join('\n');
    if (this.footers.length > 0) attrs.footer = [...new Set(this.footers)].join('\n');
    return Object.keys(attrs).length > 0 ? { type: 'doc', attrs, content } : { type: 'doc', content };
  }

  /** The page setup of the section just read, only where it differs from 한글's default. */
  private sectionSetup(): SectionPageAttrs {
    const setup: SectionPageAttrs = {};
    if (this.landscape) setup.orientation = 'landscape';
    if (this.margins) setup.margins = this.margins;
    if (this.columns && this.columns > 1) setup.columns = Math.min(3, this.columns);
    return setup;
  }

  private paragraphs(paragraphs: HwpRecord[], topLevel: boolean): FlowItem[] {
    const out: FlowItem[] = [];
    for (const paragraph of paragraphs) out.push(...this.paragraph(paragraph, topLevel));
    return out;
  }

  private paragraph(paragraph: HwpRecord, topLevel: boolean): FlowItem[] {
    const head = new ByteReader(paragraph.data);
    head.skip(8);
    const paraShapeId = head.u16();
    const styleId = head.u8();
    const breaks = head.u8();
    const children = paragraph.children;
    const textRecord = children.find((record) => record.tag === TAG.PARA_TEXT);
    const shapes = charShapeRuns(children.find((record) => record.tag === TAG.PARA_CHAR_SHAPE));
    const controls = children.filter((record) => record.tag === TAG.CTRL_HEADER);
    const content: InlineNode[] = [];
    const objects: FlowItem[] = [];
    let nextControl = 0;
    if (textRecord) {
      const data = textRecord.data;
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      const units = Math.floor(data.length / 2);
      let run = '';
      let runStart = 0;
      const flush = (position: number) => {
        if (run) this.appendShaped(content, run, shapes, runStart);
        run = '';
        runStart = position;
      };
      for (let position = 0; position < units; ) {
        const code = view.getUint16(position * 2, true);
        if (code >= 32) {
          if (!run) runStart = position;
          run += String.fromCharCode(code);
          position++;
          continue;
        }
        flush(position);
        if (EXTENDED_CONTROLS.has(code)) {
          const control = controls[nextControl++];
          if (control) this.control(control, content, objects);
          position += 8;
        } else if (INLINE_CONTROLS.has(code)) {
          if (code === 9) appendText(content, '\t', this.marksAt(shapes, position));
          position += 8;
        } else {
          if (code === 10) content.push({ type: 'hardBreak' });
          else if (code === 24) appendText(content, '-', this.marksAt(shapes, position));
          else if (code === 30 || code === 31) appendText(content, ' ', this.marksAt(shapes, position));
          position++;
        }
        runStart = position;
      }
      flush(units);
    }
    // Controls the text did not point at are still read, after the text.
    for (const control of controls.slice(nextControl)) this.control(control, content, objects);

    const paraShape = this.info.paraShapes[paraShapeId];
    const pageBreakBefore = topLevel && (breaks & 0b0100) !== 0;
    if (content.length === 0 && objects.length > 0) {
      if (pageBreakBefore && objects[0]) objects[0].pageBreakBefore = true;
      return objects;
    }
    const item: FlowItem = { kind: 'paragraph', content, pageBreakBefore };
    const align = ALIGNS[paraShape?.align ?? -1];
    if (align && !(align === 'justify' && paraShape?.align === 0)) item.align = align;
    const heading = this.headingLevel(styleId, paraShape?.headType ?? 0, paraShape?.level ?? 0);
    if (paraShape?.headType === 1 && topLevel) {
      const number = outlineNumber(
        this.info.numberings[this.outlineNumbering - 1],
        this.outline,
        paraShape.level,
      );
      if (number) content.unshift({ type: 'text', text: `${number} ` });
    }
    if (heading) item.heading = heading;
    else if (paraShape && (paraShape.headType === 2 || paraShape.headType === 3)) {
      item.list = { ordered: paraShape.headType === 2, level: paraShape.level, id: paraShape.numberingId };
    }
    return [item, ...objects];
  }

  private headingLevel(styleId: number, headType: number, level: number): HeadingLevel | undefined {
    const style = this.info.styles[styleId];
    const match = /^Heading (\d)$/.exec(style?.engName ?? '') ?? /^제목 ?(\d)$/.exec(style?.name ?? '');
    if (match) return clampLevel(Number(match[1]));
    if (headType === 1) return clampLevel(level + 1);
    return undefined;
  }

  private marksAt(shapes: [number, number][], position: number): Mark[] {
    let shapeId = shapes[0]?.[1] ?? 0;
    for (const [at, id] of shapes) {
      if (at > position) break;
      shapeId = id;
    }
    const shape = this.info.charShapes[shapeId];
    if (!shape) return [];
    return marksFor({
      bold: shape.bold,
      italic: shape.italic,
      underline: shape.underline,
      strike: shape.strike,
      color: shape.color !== '#000000' ? shape.color : undefined,
    });
  }

  private appendShaped(content: InlineNode[], text: string, shapes: [number, number][], start: number): void {
    let from = 0;
    for (const [at] of shapes) {
      const cut = at - start;
      if (cut <= from || cut >= text.length) continue;
      appendText(content, text.slice(from, cut), this.marksAt(shapes, start + from));
      from = cut;
    }
    appendText(content, text.slice(from), this.marksAt(shapes, start + from));
  }

  private control(control: HwpRecord, content: InlineNode[], objects: FlowItem[]): void {
    const id = ctrlId(control);
    switch (id) {
      case 'secd': {
        const pageDef = control.children.find((child) => child.tag === TAG.PAGE_DEF);
        if (pageDef) {
          // Width, height, then the margins left, right, top, bottom, header, footer (HWPUNIT).
          const page = new ByteReader(pageDef.data, 8);
          const [left, right, top, bottom, header, footer] = [0, 0, 0, 0, 0, 0].map(() => page.u32());
          this.margins = marginsFromHwpunit({ left, right, top, bottom, header, footer });
          this.landscape = (new ByteReader(pageDef.data, 36).u32() & 1) === 1;
        }
        const r = new ByteReader(control.data, 4);
        r.skip(4 + 2 + 2 + 2 + 4);
        // The section's outline numbering (a NUMBERING id, 1-based).
        const numbering = r.u16();
        if (numbering > 0) this.outlineNumbering = numbering;
        return;
      }
      case 'cold':
        // Bits 2–9 of the column attribute: the number of columns.
        this.columns ??= (new ByteReader(control.data, 4).u16() >> 2) & 0xff;
        return;
      case 'tbl ':
        objects.push(...this.table(control));
        return;
      case 'head':
      case 'foot': {
        this.runningDepth++;
        const text = this.listsText(control, true);
        this.runningDepth--;
        if (text) (id === 'head' ? this.headers : this.footers).push(text);
        return;
      }
      case 'fn  ':
      case 'en  ':
        content.push({
          type: 'footnote',
          attrs: { text: this.listsText(control).trim(), kind: id === 'en  ' ? 'endnote' : 'footnote' },
        });
        return;
      case 'atno': {
        const r = new ByteReader(control.data, 4);
        const kind = AUTO_NUMBER_KINDS[r.u32() & 0xf];
        const number = r.u16();
        if (kind === 'page') {
          if (this.runningDepth > 0) appendText(content, PAGE_NUMBER_FIELD, []);
        } else if (kind !== 'footnote' && kind !== 'endnote' && number > 0) {
          appendText(content, String(number), []);
        }
        return;
      }
      case 'eqed': {
        const record = control.children.find((child) => child.tag === TAG.EQEDIT);
        const script = record ? new ByteReader(record.data, 4).string().trim() : '';
        const captions = this.captionItems(control);
        if (script) content.push({ type: 'equation', attrs: { script } });
        objects.push(...captions.items);
        return;
      }
      case 'tcmt':
        // A hidden comment is not part of the page.
        return;
      case 'gso ':
        objects.push(...this.shape(control));
        return;
      default:
        for (const list of paragraphLists(control.children))
          objects.push(...this.paragraphs(list.paragraphs, false));
    }
  }

  private listsText(control: HwpRecord, running = false): string {
    const blocks = buildBlocks(
      paragraphLists(control.children).flatMap((list) => this.paragraphs(list.paragraphs, false)),
    );
    if (running) return runningText(blocks);
    return documentToPlainText({ type: 'doc', content: blocks });
  }

  /** The caption of a table, picture or shape: the list right under its control header. */
  private captionItems(control: HwpRecord): { items: FlowItem[]; first: boolean } {
    const leading: HwpRecord[] = [];
    for (const child of control.children) {
      if (child.tag !== TAG.LIST_HEADER && child.tag !== TAG.PARA_HEADER) break;
      leading.push(child);
    }
    const list = ownLists(leading)[0];
    if (!list) return { items: [], first: false };
    const side = new ByteReader(list.header.data, 8).u32() & 3;
    return { items: this.paragraphs(list.paragraphs, false), first: side === 2 || side === 0 };
  }

  private shape(control: HwpRecord): FlowItem[] {
    const caption = this.captionItems(control);
    const component = control.children.find((child) => child.tag === TAG.SHAPE_COMPONENT);
    const body = component ? this.component(component, control) : [];
    return caption.first && caption.items.length > 0
      ? [...caption.items, ...body]
      : [...body, ...caption.items];
  }

  /** A drawing object: a picture, a text box's text, a group's members in order. */
  private component(component: HwpRecord, control: HwpRecord): FlowItem[] {
    const out: FlowItem[] = [];
    for (const list of ownLists(component.children)) out.push(...this.paragraphs(list.paragraphs, false));
    for (const child of component.children) {
      if (child.tag === TAG.SHAPE_COMPONENT) out.push(...this.component(child, control));
      else if (child.tag === TAG.SHAPE_COMPONENT_PICTURE) {
        const image = this.picture(child, control);
        if (image) out.push({ kind: 'block', node: image });
      }
    }
    return out;
  }

  private picture(record: HwpRecord, control: HwpRecord): ImageNode | undefined {
    const binId = new ByteReader(record.data, 71).u16();
    const common = new ByteReader(control.data, 16);
    const width = Math.round(common.u32() / HWPUNIT_PER_PX);
    const height = Math.round(common.u32() / HWPUNIT_PER_PX);
    const description = new ByteReader(control.data, 44).string().trim();
    // 한글 fills the description with "그림입니다. 원본 그림의 이름: …" by itself; that is no alt text.
    const alt = description && !description.startsWith('그림입니다.') ? description : '';
    const bin = this.info.binData.find((item) => item.id === binId) ?? this.info.binData[binId - 1];
    const name = bin
      ? `BinData/BIN${bin.id.toString(16).toUpperCase().padStart(4, '0')}.${bin.extension}`
      : '';
    let src = '';
    if (this.includeImages && bin && this.streams.has(name)) {
      const mimeType = IMAGE_TYPES[bin.extension];
      if (mimeType)
        src = encodeDataUrl(
          this.streams.read(name, bin.compressed ?? this.streams.header.compressed),
          mimeType,
        );
    }
    // Without the picture, a picture with a description still says what it shows.
    if (!src && alt) src = name || 'BinData';
    if (!src) return undefined;
    const attrs: ImageNode['attrs'] = { src };
    if (width > 0) attrs.width = width;
    if (height > 0) attrs.height = height;
    if (alt) attrs.alt = alt;
    return { type: 'image', attrs };
  }

  private table(control: HwpRecord): FlowItem[] {
    const caption = this.captionItems(control);
    const tableRecord = control.children.find((child) => child.tag === TAG.TABLE);
    if (!tableRecord) return caption.items;
    const tableIndex = control.children.indexOf(tableRecord);
    const cells = ownLists(control.children.slice(tableIndex + 1));
    const tableInfo = new ByteReader(tableRecord.data, 4);
    const rowCount = tableInfo.u16();
    const declaredCols = tableInfo.u16();
    const placements = cells.map((list) => {
      const r = new ByteReader(list.header.data, 8);
      const col = r.u16();
      const row = r.u16();
      const colSpan = Math.max(1, r.u16());
      const rowSpan = Math.max(1, r.u16());
      const width = r.u32();
      r.skip(4 + 8);
      const borderFill = r.u16();
      return { list, row, col, colSpan, rowSpan, width, borderFill };
    });
    if (placements.length === 0) return caption.items;
    const colCount = Math.max(declaredCols, ...placements.map((cell) => cell.col + cell.colSpan));
    const widths = resolveColumnWidths(placements, colCount, HWPUNIT_PER_PX);
    const rows = new Map<number, TableCellNode[]>();
    for (const placement of [...placements].sort((a, b) => a.row - b.row || a.col - b.col)) {
      if (placement.row >= Math.max(rowCount, 1) + 1000) continue;
      const blocks = buildBlocks(this.paragraphs(placement.list.paragraphs, false).map(cellItem));
      const cell: TableCellNode = {
        type: 'tableCell',
        content: blocks.length > 0 ? blocks : [{ type: 'paragraph' }],
      };
      cell.attrs = { colwidth: widths.slice(placement.col, placement.col + placement.colSpan) };
      if (placement.colSpan > 1) cell.attrs.colspan = placement.colSpan;
      if (placement.rowSpan > 1) cell.attrs.rowspan = placement.rowSpan;
      const fill = this.info.borderFills[placement.borderFill - 1]?.fill;
      if (fill) cell.attrs.backgroundColor = fill;
      const border = cellBorderOf(this.info.borderFills[placement.borderFill - 1]?.borders);
      if (border) cell.attrs.border = border;
      const row = rows.get(placement.row) ?? [];
      row.push(cell);
      rows.set(placement.row, row);
    }
    const content: TableRowNode[] = [...rows.keys()]
      .sort((a, b) => a - b)
      .map((row) => ({ type: 'tableRow', content: rows.get(row) ?? [] }));
    const tableItem: FlowItem = { kind: 'block', node: { type: 'table', content } };
    return caption.first ? [...caption.items, tableItem] : [tableItem, ...caption.items];
  }
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

/** Inside a cell, left alignment is the default and needs no attribute. */
function cellItem(item: FlowItem): FlowItem {
  if (item.kind === 'paragraph' && item.align === 'left') delete item.align;
  return item;
}

/** (position, char shape id) pairs of a paragraph. */
function charShapeRuns(record: HwpRecord | undefined): [number, number][] {
  if (!record) return [];
  const r = new ByteReader(record.data);
  const out: [number, number][] = [];
  while (r.remaining >= 8) out.push([r.u32(), r.u32()]);
  return out;
}

/**
 * The paragraph lists among one record's children: each LIST_HEADER and the paragraphs that
 * follow it at its level.
 */
function ownLists(records: HwpRecord[]): ListRef[] {
  const out: ListRef[] = [];
  let current: ListRef | undefined;
  for (const record of records) {
    if (record.tag === TAG.LIST_HEADER) {
      current = { header: record, paragraphs: [] };
      out.push(current);
    } else if (record.tag === TAG.PARA_HEADER && current) current.paragraphs.push(record);
    else current = undefined;
  }
  return out;
}

/** Every paragraph list below some records, not looking inside paragraphs. */
function paragraphLists(records: HwpRecord[], out: ListRef[] = []): ListRef[] {
  out.push(...ownLists(records));
  for (const record of records)
    if (record.tag !== TAG.PARA_HEADER && record.tag !== TAG.LIST_HEADER)
      paragraphLists(record.children, out);
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

// HWP line types (hwplib's BorderType: 0 none, 1 solid, 2 dash, 3 dot, 4–6 dashes, 7 circles,
// 8–11 double and triple lines); widths are BORDER_WIDTHS_MM indices.
const HWP_LINE_STYLES: CellBorder['style'][] = [
  'none',
  'solid',
  'dashed',
  'dotted',
  'dashed',
  'dashed',
  'dashed',
  'dotted',
  'double',
  'double',
  'double',
  'double',
];

/**
 * A border fill's four lines as a cell border, when they are alike and not the thin solid black
 * line (the model has one border for all sides; mixed sides keep the default).
 */
function cellBorderOf(borders: HwpBorder[] | undefined): CellBorder | undefined {
  const first = borders?.[0];
  if (!borders || !first) return undefined;
  const same = (a: HwpBorder, b: HwpBorder) =>
    a.type === b.type && (a.type === 0 || (a.width === b.width && a.color === b.color));
  if (borders.length < 4 || !borders.every((border) => same(border, first))) return undefined;
  const style = HWP_LINE_STYLES[first.type] ?? 'solid';
  if (style === 'none') return { style: 'none' };
  const width = BORDER_WIDTHS_MM[first.width] ?? 0.12;
  const color = first.color.toUpperCase();
  if (style === 'solid' && width === 0.12 && color === '#000000') return undefined;
  const border: CellBorder = { style, width };
  if (color !== '#000000') border.color = color;
  return border;
}
