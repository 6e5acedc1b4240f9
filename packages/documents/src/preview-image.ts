import { crc32, deflateSync } from 'node:zlib';
import {
  type BlockNode,
  columnCount,
  type DocumentNode,
  inlineText,
  type TableNode,
  type TextAlign,
} from './document-model.ts';
import { resolvePageMargins } from './document-style.ts';

/**
 * Preview/PrvImage.png: the first page drawn small, as 한글 and file browsers show it beside the
 * file name. Made without a browser or a font renderer, so it works offline and in a reader-less
 * server: the page is laid out from the model (margins, orientation, columns, font sizes, line
 * spacing, alignment, tables, pictures) and each line of text is drawn as a grey bar as long as the
 * line — a "greeked" thumbnail, which is what a preview at this size can show of text anyway.
 */

const SCALE = 2; // pixels per mm: an A4 page is 420 × 594
const PX_TO_MM = 25.4 / 96;
const PT_TO_MM = 25.4 / 72;
const HEADING_PT = [16, 14, 12, 11, 10, 10];
const BODY_PT = 10;
const WHITE = 255;
const INK = { text: 150, heading: 70, rule: 110, border: 90, picture: 205 };

class Page {
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint8Array(width * height).fill(WHITE);
  }

  /** Fills a rectangle given in mm. */
  fill(x: number, y: number, w: number, h: number, value: number): void {
    const x0 = Math.max(0, Math.round(x * SCALE));
    const y0 = Math.max(0, Math.round(y * SCALE));
    const x1 = Math.min(this.width, Math.round((x + w) * SCALE));
    const y1 = Math.min(this.height, Math.round((y + h) * SCALE));
    for (let row = y0; row < Math.max(y1, y0 + 1) && row < this.height; row++)
      this.pixels.fill(value, row * this.width + x0, row * this.width + Math.max(x1, x0 + 1));
  }

  frame(x: number, y: number, w: number, h: number, value: number): void {
    const line = 1 / SCALE;
    this.fill(x, y, w, line, value);
    this.fill(x, y + h - line, w, line, value);
    this.fill(x, y, line, h, value);
    this.fill(x + w - line, y, line, h, value);
  }
}

/** A character's advance in em: Hangul and CJK full width, Latin and digits about half. */
function advance(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x1100) return 1;
  return char === ' ' ? 0.3 : 0.55;
}

/** The widths (mm) of the lines a text wraps into at `width` mm and `sizePt`. */
function wrap(text: string, width: number, sizePt: number): number[] {
  const em = sizePt * PT_TO_MM;
  const lines: number[] = [];
  for (const paragraph of text.split('\n')) {
    let line = 0;
    for (const char of paragraph) {
      const step = advance(char) * em;
      if (line + step > width && line > 0) {
        lines.push(line);
        line = 0;
      }
      line += step;
    }
    lines.push(line);
  }
  return lines;
}

type Frame = { left: number; width: number };

class PreviewLayout {
  private y: number;
  private column = 0;
  full = false;

  private readonly page: Page;
  private readonly top: number;
  private readonly bottom: number;
  private readonly columns: Frame[];

  constructor(page: Page, top: number, bottom: number, columns: Frame[]) {
    this.page = page;
    this.top = top;
    this.bottom = bottom;
    this.columns = columns;
    this.y = top;
  }

  private get frame(): Frame {
    return this.columns[this.column] ?? { left: 0, width: 0 };
  }

  /** Room for `height` mm: the next column when this one is full, nothing more after the last. */
  private room(height: number): boolean {
    if (this.y + height <= this.bottom) return true;
    if (this.column + 1 < this.columns.length) {
      this.column++;
      this.y = this.top;
      return true;
    }
    this.full = true;
    return false;
  }

  blocks(nodes: BlockNode[], indent: number): void {
    for (const node of nodes) {
      if (this.full) return;
      this.block(node, indent);
    }
  }

  private block(node: BlockNode, indent: number): void {
    switch (node.type) {
      case 'paragraph':
        this.text(
          inlineText(node.content),
          BODY_PT,
          node.attrs?.textAlign,
          indent,
          INK.text,
          node.attrs?.lineHeight,
        );
        return;
      case 'heading':
        this.y += 2;
        this.text(
          inlineText(node.content),
          HEADING_PT[node.attrs.level - 1] ?? BODY_PT,
          node.attrs.textAlign,
          indent,
          INK.heading,
          node.attrs.lineHeight,
        );
        this.y += 1;
        return;
      case 'bulletList':
      case 'orderedList':
        for (const item of node.content) {
          if (this.full) return;
          this.page.fill(this.frame.left + indent + 1.5, this.y + 1.5, 1, 1, INK.heading);
          this.blocks(item.content, indent + 5);
        }
        return;
      case 'table':
        this.table(node, indent);
        return;
      case 'image': {
        const maxWidth = this.frame.width - indent;
        const width = Math.min(maxWidth, (node.attrs.width ?? 200) * PX_TO_MM);
        const height =
          ((node.attrs.height ?? 150) * PX_TO_MM * width) / ((node.attrs.width ?? 200) * PX_TO_MM);
        if (!this.room(height + 2)) return;
        const x = this.frame.left + indent + (maxWidth - width) / 2;
        this.page.fill(x, this.y + 1, width, height, INK.picture);
        this.page.frame(x, this.y + 1, width, height, INK.border);
        this.y += height + 2;
        return;
      }
      case 'horizontalRule':
        if (!this.room(3)) return;
        this.page.fill(this.frame.left + indent, this.y + 1.5, this.frame.width - indent, 0.5, INK.rule);
        this.y += 3;
        return;
      case 'pageBreak':
        this.full = true;
        return;
    }
  }

  private text(
    value: string,
    sizePt: number,
    align: TextAlign | null | undefined,
    indent: number,
    ink: number,
    lineHeight: number | null | undefined,
  ): void {
    const lineMm = sizePt * PT_TO_MM * ((lineHeight ?? 160) / 100);
    const width = this.frame.width - indent;
    for (const length of wrap(value, width, sizePt)) {
      if (!this.room(lineMm)) return;
      const shift = align === 'center' ? (width - length) / 2 : align === 'right' ? width - length : 0;
      if (length > 0)
        this.page.fill(
          this.frame.left + indent + shift,
          this.y + lineMm * 0.3,
          length,
          sizePt * PT_TO_MM * 0.55,
          ink,
        );
      this.y += lineMm;
    }
  }

  /** A table as its grid: equal columns per row, each row as tall as its longest cell text. */
  private table(node: TableNode, indent: number): void {
    const width = this.frame.width - indent;
    const columns = Math.max(
      1,
      ...node.content.map((row) => row.content.reduce((sum, cell) => sum + (cell.attrs?.colspan ?? 1), 0)),
    );
    const lineMm = BODY_PT * PT_TO_MM * 1.3;
    this.y += 1;
    for (const row of node.content) {
      const cells = row.content.map((cell) => {
        const cellWidth = (width * (cell.attrs?.colspan ?? 1)) / columns;
        const text = cell.content
          .map((block) => ('content' in block && block.type !== 'table' ? plain(block) : ''))
          .join('\n');
        return { cell, cellWidth, lines: wrap(text, cellWidth - 2, BODY_PT) };
      });
      const height = Math.max(...cells.map((cell) => cell.lines.length)) * lineMm + 2;
      if (!this.room(height)) return;
      let x = this.frame.left + indent;
      for (const { cell, cellWidth, lines } of cells) {
        if (cell.type === 'tableHeader' || cell.attrs?.backgroundColor)
          this.page.fill(x, this.y, cellWidth, height, 235);
        this.page.frame(x, this.y, cellWidth, height, INK.border);
        lines.forEach((length, index) => {
          if (length > 0)
            this.page.fill(x + 1, this.y + 1 + index * lineMm + lineMm * 0.3, length, 1.8, INK.text);
        });
        x += cellWidth;
      }
      this.y += height;
    }
    this.y += 2;
  }
}

function plain(block: BlockNode): string {
  if (block.type === 'paragraph' || block.type === 'heading') return inlineText(block.content);
  if (block.type === 'bulletList' || block.type === 'orderedList')
    return block.content.map((item) => item.content.map(plain).join('\n')).join('\n');
  return '';
}

/** The first page of the document as a small greyscale PNG. */
export function previewPng(document: DocumentNode): Uint8Array {
  const landscape = document.attrs?.orientation === 'landscape';
  const [pageWidth, pageHeight] = landscape ? [297, 210] : [210, 297];
  const margins = resolvePageMargins(document.attrs?.margins);
  const page = new Page(pageWidth * SCALE, pageHeight * SCALE);
  const textWidth = pageWidth - margins.left - margins.right;
  const count = columnCount(document);
  const gap = 8;
  const columnWidth = (textWidth - gap * (count - 1)) / count;
  const columns = Array.from({ length: count }, (_, index) => ({
    left: margins.left + index * (columnWidth + gap),
    width: columnWidth,
  }));
  const top = margins.top + margins.header;
  const bottom = pageHeight - margins.bottom - margins.footer;
  if (document.attrs?.header) page.fill(margins.left, margins.top, textWidth * 0.4, 1.2, INK.rule);
  new PreviewLayout(page, top, bottom, columns).blocks(document.content, 0);
  if (document.attrs?.footer)
    page.fill(margins.left + textWidth * 0.45, pageHeight - margins.bottom, textWidth * 0.1, 1.2, INK.rule);
  return encodeGreyPng(page.width, page.height, page.pixels);
}

/** An 8-bit greyscale PNG: signature, IHDR, one zlib IDAT (filter 0 per row), IEND. */
function encodeGreyPng(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const raw = new Uint8Array((width + 1) * height);
  for (let row = 0; row < height; row++)
    raw.set(pixels.subarray(row * width, (row + 1) * width), row * (width + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, no filter method, no interlace
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
