import type { DocumentModel } from '@ssaem/contracts/documents';

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

function normaliseNode(node: JsonNode): JsonNode {
  const out: JsonNode = { ...node };
  if (node.marks) {
    const marks = node.marks.flatMap((mark) => {
      if (mark.type !== 'textStyle') return [mark];
      const color = toHexColor(mark.attrs?.color);
      return color ? [{ type: 'textStyle', attrs: { color } }] : [];
    });
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
