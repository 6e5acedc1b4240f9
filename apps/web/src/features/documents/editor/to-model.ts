import type { DocumentModel } from '@ssaem/contracts/documents';
import { fontFaceOf, fontSizeOf, lineHeightOf, pageMarginsOf, spacingOf } from './typography';

type JsonNode = {
  type?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: JsonNode[];
  [key: string]: unknown;
};

/** `#RRGGBB`, or null when the colour cannot be written that way (the model accepts only that). */
export function toHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const colour = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i.exec(colour);
  if (!rgb) return null;
  const hex = [rgb[1], rgb[2], rgb[3]].map((part) =>
    Math.min(255, Number(part)).toString(16).padStart(2, '0'),
  );
  return `#${hex.join('')}`;
}

/** A textStyle mark with only what the model keeps (colour, face, size), or none when it keeps nothing. */
function textStyleMark(attrs: Record<string, unknown> | undefined) {
  const kept: Record<string, unknown> = {};
  const color = toHexColor(attrs?.color);
  if (color) kept.color = color;
  const fontFamily = fontFaceOf(attrs?.fontFamily);
  if (fontFamily) kept.fontFamily = fontFamily;
  const fontSize = fontSizeOf(attrs?.fontSize);
  if (fontSize) kept.fontSize = fontSize;
  return Object.keys(kept).length > 0 ? [{ type: 'textStyle', attrs: kept }] : [];
}

/** Paragraph spacing the editor leaves as null is left out, so untouched paragraphs save as before. */
function paragraphAttrs(attrs: Record<string, unknown>): Record<string, unknown> {
  const out = { ...attrs };
  const checks = { lineHeight: lineHeightOf, spaceBefore: spacingOf, spaceAfter: spacingOf };
  for (const [name, check] of Object.entries(checks)) {
    if (check(out[name]) === undefined) delete out[name];
  }
  return out;
}

function normaliseNode(node: JsonNode): JsonNode {
  const out: JsonNode = { ...node };
  if ((node.type === 'paragraph' || node.type === 'heading') && node.attrs)
    out.attrs = paragraphAttrs(node.attrs);
  if (node.type === 'doc' && node.attrs) {
    const { margins, ...rest } = node.attrs;
    const resolved = pageMarginsOf(margins);
    out.attrs = resolved ? { ...rest, margins: resolved } : rest;
  }
  if (node.marks) {
    const marks = node.marks.flatMap((mark) =>
      mark.type === 'textStyle' ? textStyleMark(mark.attrs) : [mark],
    );
    if (marks.length > 0) out.marks = marks;
    else delete out.marks;
  }
  if ((node.type === 'tableCell' || node.type === 'tableHeader') && node.attrs) {
    out.attrs = { ...node.attrs, backgroundColor: toHexColor(node.attrs.backgroundColor) };
  }
  if (node.content) out.content = node.content.map(normaliseNode);
  return out;
}

/**
 * The editor's JSON as the model the server validates: colours pasted from other programs
 * (`rgb(…)`, `#abc`) become `#rrggbb`, and ones that cannot are dropped rather than refused.
 */
export function toDocumentModel(json: unknown): DocumentModel {
  return normaliseNode(json as JsonNode) as DocumentModel;
}
