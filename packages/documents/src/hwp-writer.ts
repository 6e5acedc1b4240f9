import { deflateRawSync } from 'node:zlib';
import CFB from 'cfb';
import {
  type BlockNode,
  borderWidthIndex,
  type CaptionNumbers,
  type CellBorder,
  COLUMN_GAP_MM,
  captionLine,
  captionNumbers,
  columnWidth,
  type DocumentNode,
  type DocumentSection,
  documentSections,
  hasMark,
  type ImageNode,
  type InlineNode,
  inlineText,
  type ListItemNode,
  PAGE_NUMBER_FIELD,
  type ParagraphSpacing,
  sectionColumnCount,
  type TableCellNode,
  type TableNode,
  type TextAlign,
  type TextBoxNode,
  textColor,
  textFont,
} from './document-model.ts';
import { FONT_FACES, type FontFace } from './document-style.ts';
import { hwpSummaryInformation } from './hwp-summary.ts';
import { paraPt } from './hwpx-header.ts';
import { PAGE, pageMarginsHwpunit } from './hwpx-section.ts';
import { HWPUNIT_PER_MM, HWPUNIT_PER_PX } from './hwpx-xml.ts';
import { collectImages, type ImageResolver, type ResolvedImage } from './image-source.ts';
import { previewPng } from './preview-image.ts';
import { columnWidths, layoutTable } from './table-layout.ts';

/**
 * HWP 5.0 (the binary 한글 format) export from the document model: an OLE compound file with
 * FileHeader, DocInfo (fonts, border fills, character and paragraph shapes, styles, pictures),
 * BodyText/Section0 (paragraphs, tables with merged cells, pictures, equations, notes, header and
 * footer with the page number), BinData, the PrvText preview and the summary information (title,
 * author, dates); record streams are raw-deflated as 한글 writes them.
 */

export type HwpWriteOptions = {
  resolveImage?: ImageResolver;
  /** The author in the document information (문서 정보). */
  creator?: string;
  /** When the document is written; now unless a caller (a test) fixes it. */
  now?: Date;
};

export const HWP_MIME_TYPE = 'application/x-hwp';

const VERSION = 0x05000304; // 5.0.3.4
const TAG = {
  DOCUMENT_PROPERTIES: 16,
  ID_MAPPINGS: 17,
  BIN_DATA: 18,
  FACE_NAME: 19,
  BORDER_FILL: 20,
  CHAR_SHAPE: 21,
  TAB_DEF: 22,
  PARA_SHAPE: 25,
  STYLE: 26,
  PARA_HEADER: 66,
  PARA_TEXT: 67,
  PARA_CHAR_SHAPE: 68,
  PARA_LINE_SEG: 69,
  CTRL_HEADER: 71,
  LIST_HEADER: 72,
  PAGE_DEF: 73,
  FOOTNOTE_SHAPE: 74,
  PAGE_BORDER_FILL: 75,
  SHAPE_COMPONENT: 76,
  TABLE: 77,
  SHAPE_COMPONENT_PICTURE: 85,
  EQEDIT: 88,
} as const;

/** The faces every language slot declares: 한글's defaults first, then what schools use. */
/** The first four keep the ids files written before the editor offered faces use; then the rest it offers. */
export const HWP_FACES: readonly FontFace[] = [
  '함초롬바탕',
  '함초롬돋움',
  '맑은 고딕',
  '나눔고딕',
  ...FONT_FACES.filter((face) => !['함초롬바탕', '함초롬돋움', '맑은 고딕', '나눔고딕'].includes(face)),
];
const FACE_BODY = 0;
const FACE_HEADING = 1;
const BODY_SIZE = 1000;
const HEADING_SIZES = [1600, 1400, 1200, 1100, 1000, 1000];
const CELL_MARGIN = { left: 510, right: 510, top: 141, bottom: 141 };
const LIST_INDENT = 2000;
const BODY_WIDTH = PAGE.width - PAGE.left - PAGE.right;

// ---------------------------------------------------------------------------------------------
// Bytes

class Bytes {
  private chunks: number[] = [];
  u8(value: number): this {
    this.chunks.push(value & 0xff);
    return this;
  }
  u16(value: number): this {
    return this.u8(value).u8(value >>> 8);
  }
  u32(value: number): this {
    return this.u16(value & 0xffff).u16(value >>> 16);
  }
  i32(value: number): this {
    return this.u32(value >>> 0);
  }
  i16(value: number): this {
    return this.u16(value & 0xffff);
  }
  f64(value: number): this {
    const buffer = new DataView(new ArrayBuffer(8));
    buffer.setFloat64(0, value, true);
    for (let i = 0; i < 8; i++) this.u8(buffer.getUint8(i));
    return this;
  }
  zeros(count: number): this {
    for (let i = 0; i < count; i++) this.u8(0);
    return this;
  }
  /** WORD length, then UTF-16 code units. */
  string(value: string): this {
    this.u16(value.length);
    for (let i = 0; i < value.length; i++) this.u16(value.charCodeAt(i));
    return this;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

class RecordWriter {
  private parts: Uint8Array[] = [];
  add(tag: number, level: number, data: Uint8Array | Bytes): void {
    const payload = data instanceof Bytes ? data.bytes() : data;
    const head = new Bytes();
    if (payload.length >= 0xfff) head.u32(tag | (level << 10) | (0xfff << 20)).u32(payload.length);
    else head.u32(tag | (level << 10) | (payload.length << 20));
    this.parts.push(head.bytes(), payload);
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((total, part) => total + part.length, 0));
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

function ctrlId(id: string): number {
  return (
    ((id.charCodeAt(0) << 24) | (id.charCodeAt(1) << 16) | (id.charCodeAt(2) << 8) | id.charCodeAt(3)) >>> 0
  );
}

/** COLORREF (0x00BBGGRR) from `#RRGGBB`. */
function colorRef(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return ((value & 0xff) << 16) | (value & 0xff00) | ((value >>> 16) & 0xff);
}

// ---------------------------------------------------------------------------------------------
// DocInfo tables

type CharLook = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  color: string;
  size: number;
  face: number;
};
type ParaLook = {
  align: TextAlign | 'left';
  left: number;
  indent: number;
  before: number;
  after: number;
  border?: number;
  /** Line spacing in percent; 160 (한글's default) when unset. */
  line?: number;
};

/** A paragraph's own line spacing and space before/after over the defaults for where it stands. */
function spacingLook(
  attrs: ParagraphSpacing | undefined,
  defaults: { before: number; after: number },
): { before: number; after: number; line?: number } {
  const out: { before: number; after: number; line?: number } = {
    before: typeof attrs?.spaceBefore === 'number' ? paraPt(attrs.spaceBefore) : defaults.before,
    after: typeof attrs?.spaceAfter === 'number' ? paraPt(attrs.spaceAfter) : defaults.after,
  };
  if (typeof attrs?.lineHeight === 'number') out.line = Math.round(attrs.lineHeight);
  return out;
}

class Registry<T> {
  readonly items: T[] = [];
  private readonly ids = new Map<string, number>();
  id(item: T): number {
    const key = JSON.stringify(item);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.items.length;
      this.items.push(item);
      this.ids.set(key, id);
    }
    return id;
  }
}

type Image = { binId: number; extension: string; image: ResolvedImage };

// ---------------------------------------------------------------------------------------------
// Body

type Para = { text: ParaText; paraShape: number; style: number; pageBreak: boolean };

/** A paragraph's text with its character-shape runs and the controls it holds. */
class ParaText {
  units: number[] = [];
  shapes: [number, number][] = [];
  controls: ((records: RecordWriter, level: number) => void)[] = [];
  mask = 0;
  shape(id: number): void {
    const last = this.shapes[this.shapes.length - 1];
    if (last && last[1] === id) return;
    if (last && last[0] === this.units.length) last[1] = id;
    else this.shapes.push([this.units.length, id]);
  }
  text(value: string, shape: number): void {
    if (!value) return;
    this.shape(shape);
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code === 9) this.inline(9);
      else if (code === 10) this.units.push(10);
      else if (code >= 32) this.units.push(code);
    }
  }
  inline(code: number): void {
    this.units.push(code, 0, 0, 0, 0, 0, 0, code);
  }
  control(code: number, id: string, write: (records: RecordWriter, level: number) => void): void {
    const value = ctrlId(id);
    this.units.push(code, value & 0xffff, value >>> 16, 0, 0, 0, 0, code);
    this.controls.push(write);
    this.mask |= 1 << code;
  }
}

export async function writeHwp(document: DocumentNode, options: HwpWriteOptions = {}): Promise<Uint8Array> {
  const resolved = await collectImages(document.content, options.resolveImage);
  const images = new Map<string, Image>();
  for (const [src, image] of resolved) {
    const extension = { png: 'png', jpeg: 'jpg', gif: 'gif', bmp: 'bmp' }[image.info.format as string];
    if (extension) images.set(src, { binId: images.size + 1, extension, image });
  }
  const writer = new HwpBodyWriter(images, document);
  const bodies = documentSections(document).map((section) => writer.section(document, section));
  const docInfo = writer.docInfo(bodies.length);

  const cfb = CFB.utils.cfb_new();
  const add = (path: string, data: Uint8Array) => CFB.utils.cfb_add(cfb, path, Buffer.from(data));
  add('/FileHeader', fileHeader());
  add('/DocInfo', compress(docInfo));
  for (const [index, body] of bodies.entries()) add(`/BodyText/Section${index}`, compress(body));
  for (const image of images.values()) {
    add(
      `/BinData/BIN${image.binId.toString(16).toUpperCase().padStart(4, '0')}.${image.extension}`,
      compress(image.image.bytes),
    );
  }
  add('/PrvText', Buffer.from(writer.previewText(), 'utf16le'));
  // The same small picture of the first page as HWPX's; 한글 stores it uncompressed, as PNG (or
  // GIF in older files), and shows it in its file dialog and the Windows explorer.
  add('/PrvImage', previewPng(document));
  add(
    '/\u0005HwpSummaryInformation',
    hwpSummaryInformation({
      title: document.attrs?.title ?? '',
      author: options.creator ?? '',
      at: options.now ?? new Date(),
    }),
  );
  const out = CFB.write(cfb, { type: 'buffer', fileType: 'cfb' }) as Buffer;
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Raw deflate, then four zero bytes and the original length: zlib's raw mode (Java's Inflater
 * among others) needs input past the last block to report the end, and HWP writers add these.
 */
function compress(data: Uint8Array): Uint8Array {
  const deflated = deflateRawSync(data);
  const out = new Uint8Array(deflated.length + 8);
  out.set(deflated);
  new DataView(out.buffer).setUint32(deflated.length + 4, data.length, true);
  return out;
}

function fileHeader(): Uint8Array {
  const out = new Uint8Array(256);
  out.set(new TextEncoder().encode('HWP Document File'));
  const view = new DataView(out.buffer);
  view.setUint32(32, VERSION, true);
  view.setUint32(36, 1, true); // compressed
  view.setUint32(44, 4, true); // encrypt version: none used, 한글 2007+ writes 4
  return out;
}

class HwpBodyWriter {
  private readonly images: Map<string, Image>;
  private readonly chars = new Registry<CharLook>();
  private readonly paras = new Registry<ParaLook>();
  private readonly fills = new Registry<HwpFill>();
  private readonly preview: string[] = [];
  private instance = 0x10000;
  /** The text width of the page being written, HWPUNIT. */
  private bodyWidth = BODY_WIDTH;
  private captions: CaptionNumbers = new WeakMap();

  constructor(images: Map<string, Image>, document: DocumentNode) {
    this.images = images;
    // Caption numbers count through the whole document, across its sections.
    this.captions = captionNumbers(document.content);
    this.chars.id(charLook({}));
    this.paras.id({ align: 'justify', left: 0, indent: 0, before: 0, after: 0 });
  }

  previewText(): string {
    return `${this.preview.join('\r\n').slice(0, 1023)}\0`;
  }

  /**
   * A caption ("표 1 …" above a table, "그림 1 …" below a picture) as a centred paragraph of its
   * own; the number is written out, where HWPX writes 한글's auto-number.
   */
  private captionParagraph(
    node: TableNode | ImageNode,
    out: Para[],
    context: { left: number; top: boolean },
  ): void {
    const line = captionLine(node, this.captions);
    if (!line) return;
    const text = new ParaText();
    text.text(line, this.chars.id(charLook({})));
    const paraShape = this.paras.id({ align: 'center', left: context.left, indent: 0, before: 0, after: 0 });
    out.push({ text, paraShape, style: 0, pageBreak: false });
    if (context.top) this.preview.push(line);
  }

  /** One BodyText/Section stream: the section's page setup, running header and footer, body. */
  section(document: DocumentNode, section: DocumentSection): Uint8Array {
    const paragraphs: Para[] = [];
    const first = new ParaText();
    first.control(2, 'secd', (records, level) => this.sectionDefinition(records, level, section));
    // Column definition: attribute (bit 12 same widths, bits 2–9 the count), gap, then the high
    // attribute, divider line type, thickness and colour, all zero (no divider).
    const columns = sectionColumnCount(section.attrs);
    const gap = Math.round(COLUMN_GAP_MM * HWPUNIT_PER_MM);
    first.control(2, 'cold', (records, level) =>
      records.add(
        TAG.CTRL_HEADER,
        level,
        new Bytes()
          .u32(ctrlId('cold'))
          .u16(0x1000 | (columns << 2))
          .u16(columns > 1 ? gap : 0)
          .zeros(8),
      ),
    );
    if (document.attrs?.header) {
      const text = document.attrs.header;
      first.control(16, 'head', (records, level) => this.running(records, level, 'head', text));
    }
    if (document.attrs?.footer) {
      const text = document.attrs.footer;
      first.control(16, 'foot', (records, level) => this.running(records, level, 'foot', text));
    }
    const margins = pageMarginsHwpunit(section.attrs.margins);
    // As this writer always has: the portrait text width, whatever the orientation.
    this.bodyWidth = Math.max(PAGE.width / 10, PAGE.width - margins.left - margins.right);
    if (columns > 1) this.bodyWidth = columnWidth(this.bodyWidth, columns, gap);
    this.blocks(section.content, paragraphs, { width: this.bodyWidth, left: 0, top: true });
    // The section's own controls open the first paragraph, as 한글 writes them.
    const opening = paragraphs[0];
    if (opening) {
      const shift = first.units.length;
      const shapes = opening.text.shapes.map(([at, id]): [number, number] => [at + shift, id]);
      opening.text.units = [...first.units, ...opening.text.units];
      opening.text.shapes = [[0, shapes[0]?.[1] ?? 0], ...shapes.slice(1)];
      opening.text.controls = [...first.controls, ...opening.text.controls];
      opening.text.mask |= first.mask;
    } else paragraphs.push({ text: first, paraShape: 0, style: 0, pageBreak: false });
    const records = new RecordWriter();
    this.writeParagraphs(records, 0, paragraphs, this.bodyWidth);
    return records.bytes();
  }

  // -------------------------------------------------------------------------------------------
  // Model → paragraphs

  private blocks(
    nodes: BlockNode[],
    out: Para[],
    context: { width: number; left: number; top: boolean; header?: boolean },
  ): void {
    let pageBreak = false;
    for (const node of nodes) {
      const start = out.length;
      switch (node.type) {
        case 'paragraph':
        case 'heading': {
          const level = node.type === 'heading' ? node.attrs.level : 0;
          const look = charLook({
            bold: level > 0 || context.header,
            size: level > 0 ? HEADING_SIZES[level - 1] : BODY_SIZE,
            face: level > 0 ? FACE_HEADING : FACE_BODY,
          });
          const text = new ParaText();
          this.inline(node.content, text, look);
          const paraShape = this.paras.id({
            align: node.attrs?.textAlign ?? (context.top ? 'justify' : 'left'),
            left: context.left,
            indent: 0,
            ...spacingLook(node.attrs, { before: level > 0 ? 600 : 0, after: level > 0 ? 300 : 0 }),
          });
          out.push({ text, paraShape, style: level, pageBreak: false });
          if (context.top) this.preview.push(inlineText(node.content));
          break;
        }
        case 'bulletList':
        case 'orderedList': {
          const start = node.type === 'orderedList' ? (node.attrs?.start ?? 1) : 1;
          node.content.forEach((item, index) => {
            const marker = node.type === 'orderedList' ? `${start + index}. ` : '- ';
            this.listItem(item, marker, out, context);
          });
          break;
        }
        case 'table':
          this.captionParagraph(node, out, context);
          out.push(this.table(node, context.width - context.left));
          if (context.top)
            this.preview.push(
              ...node.content.map((row) =>
                row.content
                  .map((cell) =>
                    cell.content
                      .map((block) =>
                        'content' in block &&
                        Array.isArray(block.content) &&
                        block.type !== 'table' &&
                        block.type !== 'textBox' &&
                        block.type !== 'bulletList' &&
                        block.type !== 'orderedList'
                          ? inlineText(block.content)
                          : '',
                      )
                      .join(' '),
                  )
                  .join(' | '),
              ),
            );
          break;
        case 'image': {
          const image = this.images.get(node.attrs.src);
          const text = new ParaText();
          if (image) {
            text.shape(0);
            const width = Math.round((node.attrs.width ?? image.image.info.width) * HWPUNIT_PER_PX);
            const height = Math.round((node.attrs.height ?? image.image.info.height) * HWPUNIT_PER_PX);
            const scale = Math.min(1, (context.width - context.left) / Math.max(1, width));
            const alt = node.attrs.alt ?? '';
            const attr = pictureAttr(node);
            text.control(11, 'gso ', (records, level) =>
              this.picture(
                records,
                level,
                image,
                Math.round(width * scale),
                Math.round(height * scale),
                alt,
                attr,
              ),
            );
          } else if (node.attrs.alt) text.text(`[${node.attrs.alt}]`, this.chars.id(charLook({})));
          out.push({
            text,
            paraShape: this.paras.id({ align: 'center', left: context.left, indent: 0, before: 0, after: 0 }),
            style: 0,
            pageBreak: false,
          });
          this.captionParagraph(node, out, context);
          break;
        }
        case 'horizontalRule': {
          // An empty paragraph drawn with a bottom border.
          const border = this.fills.id({ fill: 'rule' }) + 2;
          out.push({
            text: new ParaText(),
            paraShape: this.paras.id({
              align: 'left',
              left: context.left,
              indent: 0,
              before: 0,
              after: 300,
              border,
            }),
            style: 0,
            pageBreak: false,
          });
          break;
        }
        case 'textBox':
          out.push(this.table(textBoxTable(node), context.width - context.left));
          break;
        case 'pageBreak':
          pageBreak = true;
          continue;
      }
      if (pageBreak && out[start] && context.top) out[start].pageBreak = true;
      pageBreak = false;
    }
  }

  private listItem(
    item: ListItemNode,
    marker: string,
    out: Para[],
    context: { width: number; left: number; top: boolean },
  ): void {
    const [first, ...rest] = item.content;
    const left = context.left + LIST_INDENT;
    const firstAttrs = first?.type === 'paragraph' || first?.type === 'heading' ? first.attrs : undefined;
    const paraShape = this.paras.id({
      align: 'left',
      left,
      indent: -LIST_INDENT / 2,
      ...spacingLook(firstAttrs, { before: 0, after: 0 }),
    });
    const text = new ParaText();
    const look = charLook({});
    text.text(marker, this.chars.id(look));
    if (first && (first.type === 'paragraph' || first.type === 'heading')) {
      this.inline(first.content, text, look);
      out.push({ text, paraShape, style: 0, pageBreak: false });
      if (context.top) this.preview.push(marker + inlineText(first.content));
      this.blocks(rest, out, { ...context, left });
    } else {
      out.push({ text, paraShape, style: 0, pageBreak: false });
      this.blocks(item.content, out, { ...context, left });
    }
  }

  private inline(content: InlineNode[] | undefined, text: ParaText, base: CharLook): void {
    for (const node of content ?? []) {
      if (node.type === 'text') {
        const color = textColor(node);
        const font = textFont(node);
        const look: CharLook = {
          ...base,
          face: font.fontFamily ? HWP_FACES.indexOf(font.fontFamily) : base.face,
          // Hundredths of a point.
          size: font.fontSize ? Math.round(font.fontSize * 100) : base.size,
          bold: base.bold || hasMark(node, 'bold'),
          italic: hasMark(node, 'italic'),
          underline: hasMark(node, 'underline'),
          strike: hasMark(node, 'strike'),
          color: color ?? base.color,
        };
        const id = this.chars.id(look);
        const parts = node.text.split(PAGE_NUMBER_FIELD);
        parts.forEach((part, index) => {
          if (index > 0) {
            text.shape(id);
            text.control(18, 'atno', (records, level) =>
              records.add(TAG.CTRL_HEADER, level, new Bytes().u32(ctrlId('atno')).u32(0).u16(1).zeros(6)),
            );
          }
          text.text(part, id);
        });
      } else if (node.type === 'hardBreak') {
        text.shape(this.chars.id(base));
        text.units.push(10);
      } else if (node.type === 'equation') {
        text.shape(this.chars.id(base));
        const script = node.attrs.script;
        text.control(11, 'eqed', (records, level) => this.equation(records, level, script));
      } else if (node.type === 'footnote') {
        text.shape(this.chars.id(base));
        const kind = node.attrs.kind === 'endnote' ? 'en  ' : 'fn  ';
        const note = node.attrs.text;
        text.control(17, kind, (records, level) => {
          records.add(
            TAG.CTRL_HEADER,
            level,
            new Bytes()
              .u32(ctrlId(kind))
              .u32(0)
              .u16(0)
              .u16(0x29)
              .u32(0)
              .u32(this.instance++),
          );
          this.list(records, level + 1, [this.plainPara(note, 'left')], new Bytes().zeros(8));
        });
      }
    }
  }

  private plainPara(value: string, align: TextAlign, look: CharLook = charLook({})): Para {
    const text = new ParaText();
    const id = this.chars.id(look);
    const lines = value.split(/\r?\n/);
    lines.forEach((line, index) => {
      if (index > 0) text.units.push(10);
      const parts = line.split(PAGE_NUMBER_FIELD);
      parts.forEach((part, partIndex) => {
        if (partIndex > 0) {
          text.shape(id);
          text.control(18, 'atno', (records, level) =>
            records.add(TAG.CTRL_HEADER, level, new Bytes().u32(ctrlId('atno')).u32(0).u16(1).zeros(6)),
          );
        }
        text.text(part, id);
      });
    });
    return {
      text,
      paraShape: this.paras.id({ align, left: 0, indent: 0, before: 0, after: 0 }),
      style: 0,
      pageBreak: false,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Records

  private writeParagraphs(records: RecordWriter, level: number, paragraphs: Para[], width: number): void {
    paragraphs.forEach((para, index) => {
      const { text } = para;
      const units = [...text.units, 13];
      if (text.shapes.length === 0) text.shapes.push([0, 0]);
      const last = index === paragraphs.length - 1;
      records.add(
        TAG.PARA_HEADER,
        level,
        new Bytes()
          .u32((units.length | (last ? 0x80000000 : 0)) >>> 0)
          .u32(text.mask)
          .u16(para.paraShape)
          .u8(para.style)
          .u8(para.pageBreak ? 0x04 : 0)
          .u16(text.shapes.length)
          .u16(0)
          .u16(1)
          .u32(0)
          .u16(0),
      );
      if (units.length > 1) {
        const data = new Bytes();
        for (const unit of units) data.u16(unit);
        records.add(TAG.PARA_TEXT, level + 1, data);
      }
      const shapes = new Bytes();
      for (const [at, id] of text.shapes) shapes.u32(at).u32(id);
      records.add(TAG.PARA_CHAR_SHAPE, level + 1, shapes);
      records.add(
        TAG.PARA_LINE_SEG,
        level + 1,
        new Bytes().u32(0).i32(0).i32(1000).i32(1000).i32(850).i32(600).i32(0).i32(width).u32(0x60000),
      );
      for (const control of text.controls) control(records, level + 1);
    });
  }

  /** A paragraph list: its LIST_HEADER (with what follows the common part) and its paragraphs. */
  private list(
    records: RecordWriter,
    level: number,
    paragraphs: Para[],
    extra: Bytes,
    property = 0,
    width = this.bodyWidth,
  ): void {
    const head = new Bytes().u32(paragraphs.length).u32(property);
    const tail = extra.bytes();
    const data = new Uint8Array(8 + tail.length);
    data.set(head.bytes());
    data.set(tail, 8);
    records.add(TAG.LIST_HEADER, level, data);
    this.writeParagraphs(records, level, paragraphs, width);
  }

  private sectionDefinition(records: RecordWriter, level: number, section: DocumentSection): void {
    records.add(
      TAG.CTRL_HEADER,
      level,
      new Bytes().u32(ctrlId('secd')).u32(0).u16(1134).u16(0).u16(0).u32(8000).u16(0).zeros(16),
    );
    const landscape = section.attrs.orientation === 'landscape';
    const margins = pageMarginsHwpunit(section.attrs.margins);
    records.add(
      TAG.PAGE_DEF,
      level + 1,
      new Bytes()
        .u32(PAGE.width)
        .u32(PAGE.height)
        .u32(margins.left)
        .u32(margins.right)
        .u32(margins.top)
        .u32(margins.bottom)
        .u32(margins.header)
        .u32(margins.footer)
        .u32(0)
        .u32(landscape ? 1 : 0),
    );
    // Footnote and endnote shapes: numbering "1)", separator line, spacing (한글's defaults).
    const noteShape = (separator: number) =>
      new Bytes()
        .u32(0)
        .u16(0)
        .u16(0)
        .u16(0x29)
        .u16(1)
        .u32(separator)
        .u16(850)
        .u16(567)
        .u16(283)
        .u8(1)
        .u8(1)
        .u32(0);
    records.add(TAG.FOOTNOTE_SHAPE, level + 1, noteShape(0xffffffff));
    records.add(TAG.FOOTNOTE_SHAPE, level + 1, noteShape(0xe02ff8));
    for (let i = 0; i < 3; i++)
      records.add(
        TAG.PAGE_BORDER_FILL,
        level + 1,
        new Bytes().u32(1).u16(1417).u16(1417).u16(1417).u16(1417).u16(1),
      );
  }

  private running(records: RecordWriter, level: number, id: 'head' | 'foot', value: string): void {
    records.add(TAG.CTRL_HEADER, level, new Bytes().u32(ctrlId(id)).u32(0).u32(0));
    const height = id === 'head' ? PAGE.header : PAGE.footer;
    this.list(
      records,
      level + 1,
      [this.plainPara(value, id === 'head' ? 'right' : 'center', charLook({ size: 900 }))],
      new Bytes().u32(this.bodyWidth).u32(height).zeros(18),
      id === 'head' ? 0 : 0x40,
    );
  }

  /** Common object properties of a table, picture or equation control. */
  private objectHeader(id: string, attr: number, width: number, height: number, description = ''): Bytes {
    return new Bytes()
      .u32(ctrlId(id))
      .u32(attr)
      .i32(0)
      .i32(0)
      .u32(width)
      .u32(height)
      .i32(0)
      .u16(283)
      .u16(283)
      .u16(283)
      .u16(283)
      .u32(this.instance++)
      .i32(0)
      .string(description);
  }

  private table(node: TableNode, width: number): Para {
    const { cells, rowCount, colCount } = layoutTable(node);
    const widths = columnWidths(cells, colCount, width - 600);
    const cellBorder = this.fills.id({ fill: '' });
    const rowSizes = new Array<number>(rowCount).fill(0);
    for (const cell of cells) rowSizes[cell.row] = (rowSizes[cell.row] ?? 0) + 1;
    const prepared = cells.map((placed) => {
      const cellWidth = widths.slice(placed.col, placed.col + placed.colSpan).reduce((a, b) => a + b, 0);
      const paragraphs: Para[] = [];
      const header = placed.cell.type === 'tableHeader';
      this.blocks(placed.cell.content, paragraphs, {
        width: cellWidth - CELL_MARGIN.left - CELL_MARGIN.right,
        left: 0,
        top: false,
        header,
      });
      if (paragraphs.length === 0) paragraphs.push(this.plainPara('', 'left'));
      const background = placed.cell.attrs?.backgroundColor ?? (header ? '#E5E5E5' : '');
      // Cells that look alike share one border fill of DocInfo, as in HWPX.
      const line = hwpLine(placed.cell.attrs?.border);
      const fill =
        background || line
          ? this.fills.id(line ? { fill: background, line } : { fill: background })
          : cellBorder;
      return { placed, cellWidth, paragraphs, fill };
    });
    const rowHeight = 1800;
    const text = new ParaText();
    text.shape(0);
    text.control(11, 'tbl ', (records, level) => {
      records.add(
        TAG.CTRL_HEADER,
        level,
        this.objectHeader('tbl ', 0x282a2210, width - 600, rowHeight * rowCount),
      );
      const table = new Bytes()
        .u32(0x04000006)
        .u16(rowCount)
        .u16(colCount)
        .u16(0)
        .u16(CELL_MARGIN.left)
        .u16(CELL_MARGIN.right)
        .u16(CELL_MARGIN.top)
        .u16(CELL_MARGIN.bottom);
      for (const size of rowSizes) table.u16(size);
      table.u16(cellBorder + 2).u16(0);
      records.add(TAG.TABLE, level + 1, table);
      for (const { placed, cellWidth, paragraphs, fill } of prepared) {
        this.list(
          records,
          level + 1,
          paragraphs,
          new Bytes()
            .u16(placed.col)
            .u16(placed.row)
            .u16(placed.colSpan)
            .u16(placed.rowSpan)
            .u32(cellWidth)
            .u32(rowHeight * placed.rowSpan)
            .u16(CELL_MARGIN.left)
            .u16(CELL_MARGIN.right)
            .u16(CELL_MARGIN.top)
            .u16(CELL_MARGIN.bottom)
            .u16(fill + 2)
            .u32(cellWidth),
          0,
          cellWidth - CELL_MARGIN.left - CELL_MARGIN.right,
        );
      }
    });
    return {
      text,
      paraShape: this.paras.id({ align: 'left', left: 0, indent: 0, before: 0, after: 0 }),
      style: 0,
      pageBreak: false,
    };
  }

  private equation(records: RecordWriter, level: number, script: string): void {
    const width = Math.max(1200, Math.min(40000, script.length * 450));
    records.add(TAG.CTRL_HEADER, level, this.objectHeader('eqed', 0x0c2a2311, width, 1200, '수식입니다.'));
    records.add(
      TAG.EQEDIT,
      level + 1,
      new Bytes()
        .u32(0)
        .string(script)
        .u32(1000)
        .u32(0)
        .i16(85)
        .u16(0)
        .string('Equation Version 60')
        .string('HYhwpEQ'),
    );
  }

  private picture(
    records: RecordWriter,
    level: number,
    image: Image,
    width: number,
    height: number,
    alt: string,
    attr: number,
  ): void {
    records.add(TAG.CTRL_HEADER, level, this.objectHeader('gso ', attr, width, height, alt));
    const originalWidth = image.image.info.width * HWPUNIT_PER_PX;
    const originalHeight = image.image.info.height * HWPUNIT_PER_PX;
    const identity = (b: Bytes) => b.f64(1).f64(0).f64(0).f64(0).f64(1).f64(0);
    const component = new Bytes()
      .u32(ctrlId('$pic'))
      .u32(ctrlId('$pic'))
      .i32(0)
      .i32(0)
      .u16(0)
      .u16(1)
      .u32(originalWidth)
      .u32(originalHeight)
      .u32(width)
      .u32(height)
      .u32(0x20000000)
      .u16(0)
      .i32(Math.round(width / 2))
      .i32(Math.round(height / 2))
      .u16(1);
    identity(component);
    component
      .f64(width / Math.max(1, originalWidth))
      .f64(0)
      .f64(0)
      .f64(0)
      .f64(height / Math.max(1, originalHeight))
      .f64(0);
    identity(component);
    records.add(TAG.SHAPE_COMPONENT, level + 1, component);
    records.add(
      TAG.SHAPE_COMPONENT_PICTURE,
      level + 2,
      new Bytes()
        .u32(0)
        .i32(0)
        .u32(0)
        .i32(0)
        .i32(0)
        .i32(originalWidth)
        .i32(0)
        .i32(originalWidth)
        .i32(originalHeight)
        .i32(0)
        .i32(originalHeight)
        .i32(0)
        .i32(0)
        .i32(originalWidth)
        .i32(originalHeight)
        .zeros(8)
        .u8(0)
        .u8(0)
        .u8(0)
        .u16(image.binId)
        .u8(0)
        .u32(this.instance++)
        .zeros(13),
    );
  }

  // -------------------------------------------------------------------------------------------
  // DocInfo

  /** DocInfo; `sections` is the number of BodyText/Section streams. */
  docInfo(sections: number): Uint8Array {
    const records = new RecordWriter();
    records.add(
      TAG.DOCUMENT_PROPERTIES,
      0,
      new Bytes().u16(sections).u16(1).u16(1).u16(1).u16(1).u16(1).u16(1).zeros(12),
    );
    const ids = new Bytes().i32(this.images.size);
    for (let i = 0; i < 7; i++) ids.i32(HWP_FACES.length);
    ids
      .i32(this.fills.items.length + 1)
      .i32(this.chars.items.length)
      .i32(1)
      .i32(0)
      .i32(0)
      .i32(this.paras.items.length);
    ids.i32(7).i32(0).i32(0).i32(0);
    records.add(TAG.ID_MAPPINGS, 0, ids);
    for (const image of this.images.values())
      records.add(TAG.BIN_DATA, 1, new Bytes().u16(1).u16(image.binId).string(image.extension));
    for (let language = 0; language < 7; language++)
      for (const face of HWP_FACES) records.add(TAG.FACE_NAME, 1, new Bytes().u8(0).string(face));
    // Border fill 1: none (the page); then the cells' solid thin borders, with or without shading.
    records.add(TAG.BORDER_FILL, 1, borderFill(false, { fill: '' }));
    for (const fill of this.fills.items) records.add(TAG.BORDER_FILL, 1, borderFill(true, fill));
    for (const look of this.chars.items) {
      const face = look.face;
      const data = new Bytes();
      for (let i = 0; i < 7; i++) data.u16(face);
      for (let i = 0; i < 7; i++) data.u8(100);
      for (let i = 0; i < 7; i++) data.u8(0);
      for (let i = 0; i < 7; i++) data.u8(100);
      for (let i = 0; i < 7; i++) data.u8(0);
      const attr =
        (look.italic ? 1 : 0) |
        (look.bold ? 2 : 0) |
        (look.underline ? 1 << 2 : 0) |
        (look.strike ? 1 << 18 : 0);
      data
        .i32(look.size)
        .u32(attr)
        .u8(10)
        .u8(10)
        .u32(colorRef(look.color))
        .u32(0)
        .u32(0xffffffff)
        .u32(0xb2b2b2)
        .u16(0)
        .u32(0);
      records.add(TAG.CHAR_SHAPE, 1, data);
    }
    records.add(TAG.TAB_DEF, 1, new Bytes().u32(0).i32(0));
    const aligns: Record<string, number> = { justify: 0, left: 1, right: 2, center: 3 };
    for (const look of this.paras.items) {
      records.add(
        TAG.PARA_SHAPE,
        1,
        new Bytes()
          .u32(((aligns[look.align] ?? 0) << 2) | (1 << 7) | (1 << 8))
          .i32(look.left)
          .i32(0)
          .i32(look.indent)
          .i32(look.before)
          .i32(look.after)
          .i32(look.line ?? 160)
          .u16(0)
          .u16(0)
          .u16(look.border ?? 0)
          .zeros(8)
          .u32(0)
          .u32(0)
          .u32(look.line ?? 160),
      );
    }
    const style = (name: string, engName: string, paraShape: number, charShape: number) =>
      records.add(
        TAG.STYLE,
        1,
        new Bytes().string(name).string(engName).u8(0).u8(0).u16(1042).u16(paraShape).u16(charShape).u16(0),
      );
    style('바탕글', 'Normal', 0, 0);
    for (let level = 1; level <= 6; level++) style(`제목 ${level}`, `Heading ${level}`, 0, 0);
    return records.bytes();
  }
}

function charLook(look: Partial<CharLook>): CharLook {
  return {
    bold: look.bold ?? false,
    italic: look.italic ?? false,
    underline: look.underline ?? false,
    strike: look.strike ?? false,
    color: look.color ?? '#000000',
    size: look.size ?? BODY_SIZE,
    face: look.face ?? FACE_BODY,
  };
}

/**
 * A picture's common object attribute: 한글's inline picture (like a character, top-and-bottom
 * wrap, numbered as a figure); a floating one drops the character bit and overlap, places itself
 * across the column (bits 10–12) and wraps square (0) or top-and-bottom (1) in bits 21–23.
 */
function pictureAttr(node: ImageNode): number {
  const inline = 0x042a6211;
  if (node.attrs.wrap !== 'square' && node.attrs.wrap !== 'topAndBottom') return inline;
  const align = { left: 0, center: 1, right: 2 }[node.attrs.float ?? 'left'] ?? 0;
  const wrap = node.attrs.wrap === 'square' ? 0 : 1;
  return ((inline & ~1 & ~(7 << 10) & ~(1 << 14) & ~(7 << 21)) | (align << 10) | (wrap << 21)) >>> 0;
}

/**
 * HWP has no text box in this writer: a box becomes a one-cell table with the box's fill and
 * frame colour, so its text and look survive (it reads back as a table).
 */
function textBoxTable(node: TextBoxNode): TableNode {
  const attrs: TableCellNode['attrs'] = {};
  if (node.attrs?.backgroundColor) attrs.backgroundColor = node.attrs.backgroundColor;
  if (node.attrs?.borderColor) attrs.border = { style: 'solid', width: 0.12, color: node.attrs.borderColor };
  const content = node.content.length > 0 ? node.content : [{ type: 'paragraph' as const }];
  return { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableCell', attrs, content }] }] };
}

/** A border fill: its shading ('rule' for a horizontal rule) and a cell line other than thin solid black. */
type HwpFill = { fill: string; line?: HwpLine };
/** A border line as DocInfo stores it: type and width by 한글's numbering, colour. */
type HwpLine = { type: number; width: number; color: string };

// HWP line types (0 none, 1 solid, 2 dash, 3 dot, 8 double); widths are BORDER_WIDTHS_MM indices.
const HWP_LINE_TYPES = { none: 0, solid: 1, dashed: 2, dotted: 3, double: 8 } as const;

/** A cell border as an HWP line, or undefined for the default thin solid black line. */
function hwpLine(border: CellBorder | null | undefined): HwpLine | undefined {
  if (!border) return undefined;
  const type = HWP_LINE_TYPES[border.style ?? 'solid'];
  const width = borderWidthIndex(border.width ?? 0.12);
  const color = (border.color ?? '#000000').toUpperCase();
  if (type === 1 && width === 1 && color === '#000000') return undefined;
  return { type, width, color };
}

function borderFill(lines: boolean, fill: HwpFill): Bytes {
  const data = new Bytes().u16(0);
  // 'rule' is a horizontal rule: the bottom line only, grey.
  const rule = fill.fill === 'rule';
  for (let side = 0; side < 4; side++) {
    const drawn = rule ? side === 3 : lines;
    const line = drawn && !rule ? (fill.line ?? { type: 1, width: 1, color: '#000000' }) : undefined;
    data
      .u8(line ? line.type : drawn ? 1 : 0)
      .u8(line ? line.width : drawn ? 1 : 0)
      .u32(rule ? colorRef('#808080') : colorRef(line?.color ?? '#000000'));
  }
  data.u8(0).u8(0).u32(0);
  if (fill.fill && !rule) data.u32(1).u32(colorRef(fill.fill)).u32(0).i32(-1);
  else data.u32(0);
  return data.u32(0);
}
