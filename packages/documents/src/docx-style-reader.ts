import type {
  BlockNode,
  DocumentNode,
  InlineNode,
  Mark,
  ParagraphSpacing,
  TextNode,
} from './document-model.ts';
import { type FontFace, PAGE_MARGIN_SIDES, type PageMargins, toFontFace } from './document-style.ts';
import { DOCX_LINE_PER_PERCENT } from './docx-units.ts';
import { findAll, firstElement, textContent, type XmlElement } from './xml-tree.ts';

/*
 * mammoth's HTML carries no fonts, sizes or paragraph spacing. Before it writes, we tag what it
 * drops as text it passes through untouched — a run's face and size around the run's text, a
 * paragraph's spacing at its start — and take the tags back out of the model afterwards. The tags
 * use Unicode's interlinear-annotation characters, which are made for exactly this and do not
 * occur in documents.
 */

const OPEN = '\uFFF9';
const CLOSE = '\uFFFB';
const TAG = /\uFFF9([pre])([^\uFFFB]*)\uFFFB/g;

/** mammoth's document elements, as much of them as the tagging needs. */
type MammothElement = {
  type: string;
  children?: MammothElement[];
  value?: string;
  font?: string | null;
  fontSize?: number | null;
};

/** Each body paragraph's own spacing (direct formatting), in document order, with its text. */
export function readParagraphSpacings(
  documentXml: XmlElement,
): { text: string; spacing: ParagraphSpacing }[] {
  const body = findAll(documentXml, 'body')[0] ?? documentXml;
  return findAll(body, 'p').map((p) => {
    const spacingElement = firstElement(firstElement(p, 'pPr') ?? p, 'spacing');
    const spacing: ParagraphSpacing = {};
    const attrs = spacingElement?.attrs ?? {};
    const line = Number(attrs.line);
    if (Number.isFinite(line) && line > 0 && (attrs.lineRule ?? 'auto') === 'auto')
      spacing.lineHeight = Math.round(line / DOCX_LINE_PER_PERCENT);
    const before = Number(attrs.before);
    if (Number.isFinite(before) && attrs.before !== undefined)
      spacing.spaceBefore = Math.round(before / 2) / 10;
    const after = Number(attrs.after);
    if (Number.isFinite(after) && attrs.after !== undefined) spacing.spaceAfter = Math.round(after / 2) / 10;
    return { text: findAll(p, 't').map(textContent).join(''), spacing };
  });
}

/** The section's page margins in mm, unless they are the ones a document without margins is written with. */
export function readPageMargins(
  documentXml: XmlElement,
  unsetMarginsTwips: Record<(typeof PAGE_MARGIN_SIDES)[number], number>,
): Partial<PageMargins> | undefined {
  const sections = findAll(documentXml, 'sectPr');
  const pgMar = sections.length > 0 ? firstElement(sections[sections.length - 1]!, 'pgMar') : undefined;
  if (!pgMar) return undefined;
  const twips = PAGE_MARGIN_SIDES.map((side) => Number(pgMar.attrs[side]));
  if (twips.some((value) => !Number.isFinite(value))) return undefined;
  if (PAGE_MARGIN_SIDES.every((side, index) => Math.abs((twips[index] ?? 0) - unsetMarginsTwips[side]) <= 1))
    return undefined;
  const out: Partial<PageMargins> = {};
  PAGE_MARGIN_SIDES.forEach((side, index) => {
    out[side] = Math.round(((twips[index] ?? 0) / 1440) * 25.4 * 10) / 10;
  });
  return out;
}

function textOf(element: MammothElement): string {
  if (element.type === 'text') return element.value ?? '';
  return (element.children ?? []).map(textOf).join('');
}

function paragraphsOf(element: MammothElement, out: MammothElement[] = []): MammothElement[] {
  for (const child of element.children ?? []) {
    if (child.type === 'paragraph') out.push(child);
    paragraphsOf(child, out);
  }
  return out;
}

function runsOf(element: MammothElement, out: MammothElement[] = []): MammothElement[] {
  for (const child of element.children ?? []) {
    if (child.type === 'run') out.push(child);
    else runsOf(child, out);
  }
  return out;
}

const normalise = (value: string) => value.replace(/\s+/g, '');

/** A transformDocument for mammoth that tags run faces and sizes and paragraph spacing. */
export function tagDocxStyles(spacings: { text: string; spacing: ParagraphSpacing }[]) {
  return (document: MammothElement): MammothElement => {
    for (const run of runsOf(document)) {
      const face = toFontFace(run.font);
      const size = typeof run.fontSize === 'number' && run.fontSize > 0 ? run.fontSize : undefined;
      if (!face && !size) continue;
      run.children = [
        { type: 'text', value: `${OPEN}r${face ?? ''}|${size ?? ''}${CLOSE}` },
        ...(run.children ?? []),
        { type: 'text', value: `${OPEN}e${CLOSE}` },
      ];
    }
    // mammoth and our scan list body paragraphs in the same order; the text check keeps a
    // paragraph mammoth reads differently (a text box, a tracked change) from shifting the rest.
    let next = 0;
    for (const paragraph of paragraphsOf(document)) {
      const text = normalise(textOf(paragraph).replace(TAG, ''));
      const found = spacings.slice(next, next + 4).findIndex((entry) => normalise(entry.text) === text);
      if (found < 0) continue;
      const { spacing } = spacings[next + found]!;
      next += found + 1;
      if (!text || Object.keys(spacing).length === 0) continue;
      const tag = `${OPEN}p${spacing.lineHeight ?? ''}|${spacing.spaceBefore ?? ''}|${spacing.spaceAfter ?? ''}${CLOSE}`;
      paragraph.children = [
        { type: 'run', children: [{ type: 'text', value: tag }] },
        ...(paragraph.children ?? []),
      ];
    }
    return document;
  };
}

const numberOrUndefined = (value: string | undefined) => (value ? Number(value) : undefined);

/** Takes the tags back out: runs get their face and size as textStyle, paragraphs their spacing. */
export function applyDocxStyleTags(document: DocumentNode): void {
  document.content.forEach(applyToBlock);
}

function applyToBlock(block: BlockNode): void {
  if (block.type === 'paragraph' || block.type === 'heading') {
    const spacing = takeParagraphTag(block.content);
    if (spacing) block.attrs = { ...block.attrs, ...spacing } as typeof block.attrs;
    const content = untagInline(block.content ?? []);
    if (content.length > 0) block.content = content;
    else delete block.content;
    return;
  }
  if (block.type === 'bulletList' || block.type === 'orderedList') {
    for (const item of block.content) item.content.forEach(applyToBlock);
    return;
  }
  if (block.type === 'table') {
    for (const row of block.content) for (const cell of row.content) cell.content.forEach(applyToBlock);
  }
}

function takeParagraphTag(content: InlineNode[] | undefined): ParagraphSpacing | undefined {
  const first = content?.[0];
  if (first?.type !== 'text') return undefined;
  const match = /^\uFFF9p([^|]*)\|([^|]*)\|([^\uFFFB]*)\uFFFB/.exec(first.text);
  if (!match) return undefined;
  const spacing: ParagraphSpacing = {};
  const lineHeight = numberOrUndefined(match[1]);
  const spaceBefore = numberOrUndefined(match[2]);
  const spaceAfter = numberOrUndefined(match[3]);
  if (lineHeight !== undefined) spacing.lineHeight = lineHeight;
  if (spaceBefore !== undefined) spacing.spaceBefore = spaceBefore;
  if (spaceAfter !== undefined) spacing.spaceAfter = spaceAfter;
  return spacing;
}

function untagInline(content: InlineNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  let style: { fontFamily?: FontFace; fontSize?: number } = {};
  for (const node of content) {
    if (node.type !== 'text') {
      out.push(node);
      continue;
    }
    let last = 0;
    const pieces: { text: string; style: typeof style }[] = [];
    for (const match of node.text.matchAll(TAG)) {
      pieces.push({ text: node.text.slice(last, match.index), style });
      last = match.index + match[0].length;
      if (match[1] === 'r') {
        const [face, size] = (match[2] ?? '').split('|');
        style = {};
        const fontFamily = toFontFace(face);
        if (fontFamily) style.fontFamily = fontFamily;
        if (size) style.fontSize = Number(size);
      } else if (match[1] === 'e') {
        style = {};
      }
    }
    pieces.push({ text: node.text.slice(last), style });
    for (const piece of pieces) if (piece.text) pushText(out, piece.text, withFont(node.marks, piece.style));
  }
  return out;
}

function withFont(marks: Mark[] | undefined, font: { fontFamily?: FontFace; fontSize?: number }): Mark[] {
  if (!font.fontFamily && !font.fontSize) return marks ?? [];
  const others = (marks ?? []).filter((mark) => mark.type !== 'textStyle');
  const existing = (marks ?? []).find((mark) => mark.type === 'textStyle');
  const attrs = { ...(existing?.type === 'textStyle' ? existing.attrs : {}), ...font };
  return [...others, { type: 'textStyle', attrs }];
}

function pushText(out: InlineNode[], text: string, marks: Mark[]): void {
  const last = out[out.length - 1];
  if (last?.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(marks)) {
    (last as TextNode).text += text;
    return;
  }
  out.push(marks.length > 0 ? { type: 'text', text, marks } : { type: 'text', text });
}
