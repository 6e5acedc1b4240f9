import {
  type BlockNode,
  type BulletListNode,
  type HeadingLevel,
  type InlineNode,
  inlineText,
  type ListItemNode,
  type Mark,
  type OrderedListNode,
  type ParagraphSpacing,
  type TextAlign,
} from './document-model.ts';
import type { FontFace } from './document-style.ts';

/**
 * The readers of word-processor formats (HWPX, HWP) see a flat run of paragraphs, each maybe a
 * heading or a list item at some level. This turns that flow into model blocks, nesting lists the
 * way the levels say.
 */

export type FlowParagraph = {
  kind: 'paragraph';
  content: InlineNode[];
  align?: TextAlign;
  heading?: HeadingLevel;
  list?: { ordered: boolean; level: number; id: number };
  pageBreakBefore?: boolean;
  /** Line spacing and space before/after the paragraph sets over its defaults. */
  spacing?: ParagraphSpacing;
};
export type FlowBlock = { kind: 'block'; node: BlockNode; pageBreakBefore?: boolean };
export type FlowItem = FlowParagraph | FlowBlock;

type OpenList = { node: BulletListNode | OrderedListNode; level: number; id: number; ordered: boolean };

export function buildBlocks(items: FlowItem[]): BlockNode[] {
  const out: BlockNode[] = [];
  const stack: OpenList[] = [];
  // Word processors continue a numbering across lists that share it; the model says so with `start`.
  const numbered = new Map<number, number>();
  for (const item of items) {
    if (item.pageBreakBefore) {
      stack.length = 0;
      out.push({ type: 'pageBreak' });
    }
    if (item.kind === 'block') {
      // A flat format cannot say that a table belongs inside a list item, so it ends the list.
      stack.length = 0;
      out.push(item.node);
      continue;
    }
    const block = paragraphBlock(item);
    if (!item.list) {
      stack.length = 0;
      out.push(block);
      continue;
    }
    addListItem(item.list, block, stack, out, numbered);
  }
  return out;
}

function paragraphBlock(item: FlowParagraph): BlockNode {
  const content = trimTrailingBreaks(item.content);
  if (item.heading) {
    const node: BlockNode = { type: 'heading', attrs: { level: item.heading }, content };
    if (item.align) node.attrs.textAlign = item.align;
    Object.assign(node.attrs, item.spacing);
    if (content.length === 0) delete node.content;
    return node;
  }
  const node: BlockNode = { type: 'paragraph' };
  if (item.align) node.attrs = { textAlign: item.align };
  if (item.spacing && Object.keys(item.spacing).length > 0) node.attrs = { ...node.attrs, ...item.spacing };
  if (content.length > 0) node.content = content;
  return node;
}

function trimTrailingBreaks(content: InlineNode[]): InlineNode[] {
  let end = content.length;
  while (end > 0 && content[end - 1]?.type === 'hardBreak') end--;
  return end === content.length ? content : content.slice(0, end);
}

function addListItem(
  list: { ordered: boolean; level: number; id: number },
  block: BlockNode,
  stack: OpenList[],
  out: BlockNode[],
  numbered: Map<number, number>,
): void {
  while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) > list.level) stack.pop();
  let top = stack[stack.length - 1];
  if (
    top &&
    top.level === list.level &&
    (top.ordered !== list.ordered || (list.ordered && top.id !== list.id))
  ) {
    stack.pop();
    top = stack[stack.length - 1];
  }
  const item: ListItemNode = { type: 'listItem', content: [block] };
  const outermost = list.ordered && list.level === 0;
  const seen = outermost ? (numbered.get(list.id) ?? 0) : 0;
  if (outermost) numbered.set(list.id, seen + 1);
  if (top && top.level === list.level) {
    top.node.content.push(item);
    return;
  }
  const node: BulletListNode | OrderedListNode = list.ordered
    ? { type: 'orderedList', content: [item] }
    : { type: 'bulletList', content: [item] };
  if (node.type === 'orderedList' && seen > 0) node.attrs = { start: seen + 1 };
  const parentItem = top?.node.content[top.node.content.length - 1];
  if (parentItem) parentItem.content.push(node);
  else out.push(node);
  stack.push({ node, level: list.level, id: list.id, ordered: list.ordered });
}

/** Appends text, merging with the previous node when the marks are the same. */
export function appendText(content: InlineNode[], text: string, marks: Mark[]): void {
  if (!text) return;
  const last = content[content.length - 1];
  if (last?.type === 'text' && sameMarks(last.marks ?? [], marks)) {
    last.text += text;
    return;
  }
  content.push(marks.length > 0 ? { type: 'text', text, marks } : { type: 'text', text });
}

function sameMarks(a: Mark[], b: Mark[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((mark, index) => JSON.stringify(mark) === JSON.stringify(b[index]));
}

/** Marks for a character look, in a stable order so equal looks compare equal. */
export function marksFor(look: {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: string;
  fontFamily?: FontFace;
  fontSize?: number;
}): Mark[] {
  const marks: Mark[] = [];
  if (look.bold) marks.push({ type: 'bold' });
  if (look.italic) marks.push({ type: 'italic' });
  if (look.underline) marks.push({ type: 'underline' });
  if (look.strike) marks.push({ type: 'strike' });
  if (look.color || look.fontFamily || look.fontSize) {
    const attrs: { color?: string; fontFamily?: FontFace; fontSize?: number } = {};
    if (look.color) attrs.color = look.color;
    if (look.fontFamily) attrs.fontFamily = look.fontFamily;
    if (look.fontSize) attrs.fontSize = look.fontSize;
    marks.push({ type: 'textStyle', attrs });
  }
  return marks;
}

/** Pixel column widths from cells' positions and widths (any unit), for TipTap `colwidth`. */
export function resolveColumnWidths(
  cells: { col: number; colSpan: number; width: number }[],
  colCount: number,
  unitsPerPixel: number,
): number[] {
  const widths: (number | undefined)[] = new Array(colCount).fill(undefined);
  for (const cell of cells) if (cell.colSpan === 1 && cell.col < colCount) widths[cell.col] ??= cell.width;
  // Columns only ever seen inside spans share what the span has left.
  for (const cell of [...cells].sort((a, b) => a.colSpan - b.colSpan)) {
    const range = widths.slice(cell.col, cell.col + cell.colSpan);
    const missing = range.filter((value) => value === undefined).length;
    if (missing === 0) continue;
    const known = range.reduce<number>((total, value) => total + (value ?? 0), 0);
    const share = Math.max(0, cell.width - known) / missing;
    for (let col = cell.col; col < cell.col + cell.colSpan && col < colCount; col++) widths[col] ??= share;
  }
  return widths.map((value) => Math.max(1, Math.round((value ?? 0) / unitsPerPixel)));
}

/** Running text (header/footer) keeps its page-number field, which plain text leaves out. */
export function runningText(blocks: BlockNode[]): string {
  return blocks
    .map((block) => (block.type === 'paragraph' || block.type === 'heading' ? inlineText(block.content) : ''))
    .join('\n')
    .trim();
}
