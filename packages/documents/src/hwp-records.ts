import { DocumentError } from './document-error.ts';

/**
 * The record layer of HWP 5 streams (DocInfo, BodyText/Section*): a header word with tag, level
 * and size, then the payload. Records nest by level; `recordTree` rebuilds that nesting, so a
 * control's paragraph lists are read from where the file puts them, not from a guess.
 */

export const TAG = {
  DOCUMENT_PROPERTIES: 16,
  ID_MAPPINGS: 17,
  BIN_DATA: 18,
  FACE_NAME: 19,
  BORDER_FILL: 20,
  CHAR_SHAPE: 21,
  TAB_DEF: 22,
  NUMBERING: 23,
  BULLET: 24,
  PARA_SHAPE: 25,
  STYLE: 26,
  DISTRIBUTE_DOC_DATA: 28,
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
  SHAPE_COMPONENT_LINE: 78,
  SHAPE_COMPONENT_RECTANGLE: 79,
  SHAPE_COMPONENT_PICTURE: 85,
  SHAPE_COMPONENT_CONTAINER: 86,
  CTRL_DATA: 87,
  EQEDIT: 88,
} as const;

export type HwpRecord = { tag: number; level: number; data: Uint8Array; children: HwpRecord[] };

/** The records of a stream, in file order; a record that runs past the end is an error. */
export function parseRecords(data: Uint8Array): HwpRecord[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: HwpRecord[] = [];
  let offset = 0;
  while (offset + 4 <= data.length) {
    const value = view.getUint32(offset, true);
    offset += 4;
    let size = value >>> 20;
    if (size === 0xfff) {
      if (offset + 4 > data.length) throw new DocumentError('unreadable', 'HWP record is cut short');
      size = view.getUint32(offset, true);
      offset += 4;
    }
    if (offset + size > data.length) throw new DocumentError('unreadable', 'HWP record is cut short');
    out.push({
      tag: value & 0x3ff,
      level: (value >>> 10) & 0x3ff,
      data: data.subarray(offset, offset + size),
      children: [],
    });
    offset += size;
  }
  return out;
}

/** Nests records by level: a record's children are the deeper records that follow it. */
export function recordTree(records: HwpRecord[]): HwpRecord[] {
  const roots: HwpRecord[] = [];
  const stack: HwpRecord[] = [];
  for (const record of records) {
    record.children = [];
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= record.level) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(record);
    else roots.push(record);
    stack.push(record);
  }
  return roots;
}

/** A little-endian cursor that reads zeros past the end (older files have shorter records). */
export class ByteReader {
  private readonly view: DataView;
  readonly data: Uint8Array;
  offset: number;
  constructor(data: Uint8Array, offset = 0) {
    this.data = data;
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    this.offset = offset;
  }
  get remaining(): number {
    return this.data.length - this.offset;
  }
  u8(): number {
    const value = this.offset + 1 <= this.data.length ? this.view.getUint8(this.offset) : 0;
    this.offset += 1;
    return value;
  }
  u16(): number {
    const value = this.offset + 2 <= this.data.length ? this.view.getUint16(this.offset, true) : 0;
    this.offset += 2;
    return value;
  }
  i16(): number {
    const value = this.offset + 2 <= this.data.length ? this.view.getInt16(this.offset, true) : 0;
    this.offset += 2;
    return value;
  }
  u32(): number {
    const value = this.offset + 4 <= this.data.length ? this.view.getUint32(this.offset, true) : 0;
    this.offset += 4;
    return value;
  }
  i32(): number {
    const value = this.offset + 4 <= this.data.length ? this.view.getInt32(this.offset, true) : 0;
    this.offset += 4;
    return value;
  }
  skip(bytes: number): this {
    this.offset += bytes;
    return this;
  }
  /** A WORD length then that many UTF-16 code units. */
  string(): string {
    const length = this.u16();
    const end = Math.min(this.data.length, this.offset + length * 2);
    let out = '';
    for (let at = this.offset; at + 1 < end; at += 2)
      out += String.fromCharCode(this.view.getUint16(at, true));
    this.offset += length * 2;
    return out;
  }
}

export function ctrlId(record: HwpRecord): string {
  const d = record.data;
  if (d.length < 4) return '';
  return String.fromCharCode(d[3] ?? 0, d[2] ?? 0, d[1] ?? 0, d[0] ?? 0);
}

/** `#RRGGBB` from HWP's COLORREF (0x00BBGGRR). */
export function colorRef(value: number): string {
  const r = value & 0xff;
  const g = (value >>> 8) & 0xff;
  const b = (value >>> 16) & 0xff;
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// DocInfo

export type HwpCharShape = {
  faceIds: number[];
  /** Base size in 1/100 pt. */
  size: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  superscript: boolean;
  subscript: boolean;
  color: string;
  shadeColor?: string;
};
export type HwpParaShape = {
  align: number;
  headType: number;
  level: number;
  numberingId: number;
  marginLeft: number;
  indent: number;
  spaceBefore: number;
  spaceAfter: number;
  lineSpacing: number;
};
export type HwpStyle = { name: string; engName: string; paraShape: number; charShape: number };
export type HwpBorder = { type: number; width: number; color: string };
export type HwpBorderFill = { borders: HwpBorder[]; fill?: string };
export type HwpBinData = { id: number; extension: string; storage: boolean; compressed: boolean | undefined };
export type HwpNumbering = { formats: string[]; starts: number[]; numberFormats: number[] };

export type HwpDocInfo = {
  faces: string[];
  charShapes: HwpCharShape[];
  paraShapes: HwpParaShape[];
  styles: HwpStyle[];
  borderFills: HwpBorderFill[];
  binData: HwpBinData[];
  numberings: HwpNumbering[];
};

export function readDocInfo(records: HwpRecord[]): HwpDocInfo {
  const info: HwpDocInfo = {
    faces: [],
    charShapes: [],
    paraShapes: [],
    styles: [],
    borderFills: [],
    binData: [],
    numberings: [],
  };
  for (const record of records) {
    const r = new ByteReader(record.data);
    switch (record.tag) {
      case TAG.FACE_NAME:
        r.u8();
        info.faces.push(r.string());
        break;
      case TAG.BORDER_FILL: {
        r.u16();
        const borders: HwpBorder[] = [];
        for (let i = 0; i < 4; i++) borders.push({ type: r.u8(), width: r.u8(), color: colorRef(r.u32()) });
        r.skip(6);
        const fillType = r.u32();
        const fill: HwpBorderFill = { borders };
        if (fillType & 1) {
          const background = r.u32();
          // 0xFFFFFFFF is "no colour"; white is the page itself.
          if (background !== 0xffffffff && (background & 0xffffff) !== 0xffffff)
            fill.fill = colorRef(background);
        }
        info.borderFills.push(fill);
        break;
      }
      case TAG.CHAR_SHAPE: {
        const faceIds = Array.from({ length: 7 }, () => r.u16());
        r.skip(28);
        const size = r.i32();
        const attr = r.u32();
        r.skip(2);
        const color = colorRef(r.u32());
        r.u32();
        const shade = r.u32();
        info.charShapes.push({
          faceIds,
          size,
          italic: (attr & 1) !== 0,
          bold: (attr & 2) !== 0,
          underline: ((attr >>> 2) & 3) === 1 || ((attr >>> 2) & 3) === 3,
          strike: ((attr >>> 18) & 7) !== 0,
          superscript: (attr & (1 << 15)) !== 0,
          subscript: (attr & (1 << 16)) !== 0,
          color,
          shadeColor: shade !== 0xffffffff && (shade & 0xffffff) !== 0xffffff ? colorRef(shade) : undefined,
        });
        break;
      }
      case TAG.PARA_SHAPE: {
        const attr = r.u32();
        const marginLeft = r.i32();
        r.i32();
        const indent = r.i32();
        const spaceBefore = r.i32();
        const spaceAfter = r.i32();
        const lineSpacing = r.i32();
        r.u16();
        const numberingId = r.u16();
        // Files with ten outline levels keep the level in a field of its own at the end.
        const level = record.data.length >= 58 ? new ByteReader(record.data, 54).u32() : (attr >>> 25) & 7;
        info.paraShapes.push({
          align: (attr >>> 2) & 7,
          headType: (attr >>> 23) & 3,
          level,
          numberingId,
          marginLeft,
          indent,
          spaceBefore,
          spaceAfter,
          lineSpacing,
        });
        break;
      }
      case TAG.STYLE: {
        const name = r.string();
        const engName = r.string();
        r.skip(4);
        info.styles.push({ name, engName, paraShape: r.u16(), charShape: r.u16() });
        break;
      }
      case TAG.BIN_DATA: {
        const attr = r.u16();
        const type = attr & 0xf;
        if (type === 0) {
          info.binData.push({ id: 0, extension: '', storage: false, compressed: undefined });
          break;
        }
        const id = r.u16();
        const extension = r.string();
        const compression = (attr >>> 4) & 3;
        info.binData.push({
          id,
          extension: extension.toLowerCase(),
          storage: type === 2,
          compressed: compression === 0 ? undefined : compression === 1,
        });
        break;
      }
      case TAG.NUMBERING: {
        const formats: string[] = [];
        const numberFormats: number[] = [];
        for (let level = 0; level < 7; level++) {
          const attr = r.u32();
          r.u16();
          r.u16();
          r.u32();
          numberFormats.push((attr >>> 5) & 0xf);
          formats.push(r.string());
        }
        const start = r.u16();
        const starts = Array.from({ length: 7 }, () => r.u32() || start || 1);
        info.numberings.push({ formats, starts, numberFormats });
        break;
      }
    }
  }
  return info;
}
