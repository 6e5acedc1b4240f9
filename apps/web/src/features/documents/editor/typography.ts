import {
  FONT_FACE_CSS,
  FONT_SIZE_RANGE_PT,
  type FontFace,
  LINE_HEIGHT_RANGE_PERCENT,
  PAGE_MARGIN_RANGE_MM,
  PAGE_MARGIN_SIDES,
  PARAGRAPH_SPACING_RANGE_PT,
  type PageMargins,
  resolvePageMargins,
  toFontFace,
} from '@ssaem/documents/document-style';
import { tableColumnPercents } from '@ssaem/documents/table-layout';
import type { CSSProperties } from 'react';

/*
 * How the editor and the read-only view draw the model's typography, in one place so both draw
 * the same. Sizes are points on a screen scale the sheet sets (--ssaem-pt, 1.5 px: body text
 * without a size is 15 px, which stands for 10 pt, 한글's body size), so a 20 pt run is twice it.
 */

export const PT_VARIABLE = '--ssaem-pt';
export function ptLength(points: number): string {
  return `calc(${points} * var(${PT_VARIABLE}, 1.5px))`;
}

function inRange(value: unknown, range: { min: number; max: number }): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max
    ? value
    : undefined;
}

export function fontFaceOf(value: unknown): FontFace | undefined {
  return typeof value === 'string' ? toFontFace(value) : undefined;
}
export function fontSizeOf(value: unknown): number | undefined {
  return inRange(value, FONT_SIZE_RANGE_PT);
}
export function lineHeightOf(value: unknown): number | undefined {
  return inRange(value, LINE_HEIGHT_RANGE_PERCENT);
}
export function spacingOf(value: unknown): number | undefined {
  return inRange(value, PARAGRAPH_SPACING_RANGE_PT);
}

/** A text's face and size as CSS. */
export function textStyleCss(attrs: Record<string, unknown> | undefined): CSSProperties {
  const style: CSSProperties = {};
  const face = fontFaceOf(attrs?.fontFamily);
  if (face) style.fontFamily = FONT_FACE_CSS[face];
  const size = fontSizeOf(attrs?.fontSize);
  if (size) style.fontSize = ptLength(size);
  return style;
}

/** A paragraph's line spacing (한글's percent of the font size) and space before/after as CSS. */
export function paragraphCss(attrs: Record<string, unknown> | undefined): CSSProperties {
  const style: CSSProperties = {};
  const lineHeight = lineHeightOf(attrs?.lineHeight);
  if (lineHeight) style.lineHeight = String(lineHeight / 100);
  const before = spacingOf(attrs?.spaceBefore);
  if (before !== undefined) style.marginTop = ptLength(before);
  const after = spacingOf(attrs?.spaceAfter);
  if (after !== undefined) style.marginBottom = ptLength(after);
  return style;
}

/** CSS properties as an inline style string, for ProseMirror's renderHTML. */
export function toStyleText(style: CSSProperties): string {
  return Object.entries(style)
    .map(([name, value]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}: ${value}`)
    .join('; ');
}

/** The document's own margins, or undefined when it has none (the sheet keeps its usual padding). */
export function pageMarginsOf(value: unknown): PageMargins | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const given: Partial<PageMargins> = {};
  for (const side of PAGE_MARGIN_SIDES) {
    const mm = inRange((value as Record<string, unknown>)[side], PAGE_MARGIN_RANGE_MM);
    if (mm !== undefined) given[side] = mm;
  }
  return Object.keys(given).length > 0 ? resolvePageMargins(given) : undefined;
}

/**
 * The sheet's padding for a document's margins. On a narrow screen the sides shrink with the
 * sheet (--ssaem-margin-scale in the stylesheet), or a phone would show a sliver of text.
 */
export function paperCss(margins: unknown): CSSProperties | undefined {
  const resolved = pageMarginsOf(margins);
  if (!resolved) return undefined;
  const side = (mm: number) => `calc(${mm}mm * var(--ssaem-margin-scale, 1))`;
  return {
    paddingTop: side(resolved.top),
    paddingBottom: side(resolved.bottom),
    paddingLeft: side(resolved.left),
    paddingRight: side(resolved.right),
  };
}

/** A table as the editor and the view both hold it: rows of cells with TipTap's span and width attrs. */
export type TableLike = {
  content?: { content?: { attrs?: Record<string, unknown> | null }[] }[];
};

/**
 * The column widths (percent) the editor and the view both draw a table with: the shared rule of
 * @ssaem/documents (tableColumnPercents), which the export writers follow as well.
 */
export function tableColumnPercentsOf(table: TableLike): number[] {
  const rows = (table.content ?? []).map((row) => {
    const cells = (row.content ?? []).map((cell) => {
      const attrs = cell.attrs ?? {};
      const colwidth = Array.isArray(attrs.colwidth) ? attrs.colwidth.map(Number) : null;
      return {
        type: 'tableCell' as const,
        attrs: {
          colspan: typeof attrs.colspan === 'number' ? attrs.colspan : undefined,
          rowspan: typeof attrs.rowspan === 'number' ? attrs.rowspan : undefined,
          colwidth,
        },
        content: [],
      };
    });
    return { type: 'tableRow' as const, content: cells };
  });
  return rows.length > 0 ? tableColumnPercents({ type: 'table', content: rows }) : [];
}
