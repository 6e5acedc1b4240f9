import { type AnyExtension, Extension, Mark, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import {
  fontFaceOf,
  fontSizeOf,
  lineHeightOf,
  paragraphCss,
  spacingOf,
  type TableLike,
  tableColumnPercentsOf,
  textStyleCss,
  toStyleText,
} from './typography';

/*
 * The editor's schema is the document model of @ssaem/documents (document-model.ts): the same
 * node and mark names and attributes, so `editor.getJSON()` is what the server validates and
 * exports, and what the server generates loads unchanged.
 */

/** An attribute the editor carries unchanged from the model to the saved model, not drawn. */
const kept = () => ({ default: null, rendered: false });

/** The top node keeps the model's document attributes (title, orientation, running header/footer). */
const ModelDocument = Node.create({
  name: 'doc',
  topNode: true,
  content: 'block+',
  addAttributes() {
    return {
      title: kept(),
      pageSize: kept(),
      orientation: kept(),
      header: kept(),
      footer: kept(),
      margins: kept(),
      columns: kept(),
    };
  },
});

const ORIENTATION_LABEL: Record<string, string> = { landscape: '가로', portrait: '세로' };

/**
 * The start of a section with its own page setup (a file read from 한글 may have several): kept
 * as a marked line the teacher can see and delete, so saving keeps every section's setup.
 */
const SectionBreak = Node.create({
  name: 'sectionBreak',
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes() {
    return { orientation: kept(), margins: kept(), columns: kept() };
  },
  parseHTML: () => [{ tag: 'div[data-section-break]' }],
  renderHTML: ({ node, HTMLAttributes }) => {
    const orientation = ORIENTATION_LABEL[String(node.attrs.orientation ?? 'portrait')] ?? '세로';
    const columns = Number(node.attrs.columns) > 1 ? ` · ${node.attrs.columns}단` : '';
    return [
      'div',
      mergeAttributes(HTMLAttributes, { 'data-section-break': '', class: 'ssaem-section-break' }),
      `구역 나누기 · ${orientation}${columns}`,
    ];
  },
});

/** A text box (한글 글상자): a framed box of paragraphs, its size and colours kept for export. */
const TextBox = Node.create({
  name: 'textBox',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return { width: kept(), height: kept(), borderColor: kept(), backgroundColor: kept() };
  },
  parseHTML: () => [{ tag: 'div[data-text-box]' }],
  renderHTML: ({ node, HTMLAttributes }) => {
    const style = [
      `border: 1px solid ${node.attrs.borderColor ?? '#000000'}`,
      node.attrs.backgroundColor ? `background-color: ${node.attrs.backgroundColor}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return [
      'div',
      mergeAttributes(HTMLAttributes, { 'data-text-box': '', class: 'ssaem-text-box', style }),
      0,
    ];
  },
});

/** A memo (한글 메모, a Word comment) on the marked text: shown on hover, exported as a memo. */
const Memo = Mark.create({
  name: 'memo',
  inclusive: false,
  addAttributes() {
    return {
      text: { default: '', parseHTML: (element) => element.getAttribute('data-memo') ?? '' },
      author: { default: null, parseHTML: (element) => element.getAttribute('data-memo-author') },
    };
  },
  parseHTML: () => [{ tag: 'span[data-memo]' }],
  renderHTML: ({ mark }) => [
    'span',
    {
      'data-memo': mark.attrs.text,
      ...(mark.attrs.author ? { 'data-memo-author': mark.attrs.author } : {}),
      title: mark.attrs.author ? `${mark.attrs.author}: ${mark.attrs.text}` : mark.attrs.text,
      class: 'ssaem-memo',
    },
    0,
  ],
});

/** A manual page break: a block of its own in the model (HWPX/DOCX/PDF start a new page). */
const PageBreak = Node.create({
  name: 'pageBreak',
  group: 'block',
  atom: true,
  selectable: true,
  parseHTML: () => [{ tag: 'div[data-page-break]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { 'data-page-break': '', class: 'ssaem-page-break' }),
  ],
});

/** A footnote or endnote reference; its text travels in the node, shown on hover. */
const Footnote = Node.create({
  name: 'footnote',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes() {
    return {
      text: { default: '', parseHTML: (element) => element.getAttribute('data-note') ?? '' },
      kind: { default: 'footnote', parseHTML: (element) => element.getAttribute('data-kind') },
    };
  },
  parseHTML: () => [{ tag: 'sup[data-note]' }],
  renderHTML: ({ node }) => [
    'sup',
    {
      'data-note': node.attrs.text,
      'data-kind': node.attrs.kind,
      title: node.attrs.text,
      class: 'ssaem-footnote',
    },
    '*',
  ],
});

/** An equation kept as 한글 equation script; HWP/HWPX export it as an equation object. */
const Equation = Node.create({
  name: 'equation',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes() {
    return { script: { default: '', parseHTML: (element) => element.getAttribute('data-equation') ?? '' } };
  },
  parseHTML: () => [{ tag: 'span[data-equation]' }],
  renderHTML: ({ node }) => [
    'span',
    { 'data-equation': node.attrs.script, class: 'ssaem-equation', title: node.attrs.script },
    `[수식: ${node.attrs.script}]`,
  ],
});

/** Cells carry the model's shading; the export writers fill the cell with it. */
const cellAttributes = {
  border: kept(),
  backgroundColor: {
    default: null,
    parseHTML: (element: HTMLElement) => element.getAttribute('data-background-color'),
    renderHTML: (attributes: Record<string, unknown>) =>
      typeof attributes.backgroundColor === 'string'
        ? {
            'data-background-color': attributes.backgroundColor,
            style: `background-color: ${attributes.backgroundColor}`,
          }
        : {},
  },
};

const ModelTableCell = TableCell.extend({
  addAttributes() {
    return { ...this.parent?.(), ...cellAttributes };
  },
});

const ModelTableHeader = TableHeader.extend({
  addAttributes() {
    return { ...this.parent?.(), ...cellAttributes };
  },
});

/** A number from an attribute, or null. */
function numberAttribute(element: HTMLElement, name: string): number | null {
  const parsed = Number.parseFloat(element.getAttribute(name) ?? '');
  return Number.isFinite(parsed) ? parsed : null;
}

/** A pasted size in points: `14pt`, or pixels at 96 dpi. */
function pointsFromCss(value: string): number | null {
  const match = /^([\d.]+)(pt|px)$/.exec(value.trim());
  if (!match) return null;
  const size = Number(match[1]) * (match[2] === 'px' ? 0.75 : 1);
  return fontSizeOf(Math.round(size * 2) / 2) ?? null;
}

/**
 * The model's typography in the editor: a text's face and size on textStyle, a paragraph's or
 * heading's line spacing and space before/after. Drawn by the same CSS as the read-only view.
 */
const ModelTypography = Extension.create({
  name: 'modelTypography',
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          fontFamily: {
            default: null,
            parseHTML: (element) =>
              fontFaceOf(
                element.getAttribute('data-font-family') ?? element.style.fontFamily.split(',')[0],
              ) ?? null,
            renderHTML: (attributes) => {
              const face = fontFaceOf(attributes.fontFamily);
              return face
                ? { 'data-font-family': face, style: toStyleText(textStyleCss({ fontFamily: face })) }
                : {};
            },
          },
          fontSize: {
            default: null,
            parseHTML: (element) =>
              fontSizeOf(numberAttribute(element, 'data-font-size')) ?? pointsFromCss(element.style.fontSize),
            renderHTML: (attributes) => {
              const size = fontSizeOf(attributes.fontSize);
              return size
                ? { 'data-font-size': size, style: toStyleText(textStyleCss({ fontSize: size })) }
                : {};
            },
          },
        },
      },
      {
        types: ['paragraph', 'heading'],
        attributes: {
          lineHeight: {
            default: null,
            parseHTML: (element) => lineHeightOf(numberAttribute(element, 'data-line-height')) ?? null,
            renderHTML: (attributes) => {
              const lineHeight = lineHeightOf(attributes.lineHeight);
              return lineHeight
                ? { 'data-line-height': lineHeight, style: toStyleText(paragraphCss({ lineHeight })) }
                : {};
            },
          },
          spaceBefore: {
            default: null,
            parseHTML: (element) => spacingOf(numberAttribute(element, 'data-space-before')) ?? null,
            renderHTML: (attributes) => {
              const spaceBefore = spacingOf(attributes.spaceBefore);
              return spaceBefore === undefined
                ? {}
                : { 'data-space-before': spaceBefore, style: toStyleText(paragraphCss({ spaceBefore })) };
            },
          },
          spaceAfter: {
            default: null,
            parseHTML: (element) => spacingOf(numberAttribute(element, 'data-space-after')) ?? null,
            renderHTML: (attributes) => {
              const spaceAfter = spacingOf(attributes.spaceAfter);
              return spaceAfter === undefined
                ? {}
                : { 'data-space-after': spaceAfter, style: toStyleText(paragraphCss({ spaceAfter })) };
            },
          },
        },
      },
    ];
  },
});

/** The editor's table node as the rows of cells the shared width rule reads. */
function tableLike(node: ProseMirrorNode): TableLike {
  const content: NonNullable<TableLike['content']> = [];
  node.forEach((row) => {
    const cells: { attrs: Record<string, unknown> }[] = [];
    row.forEach((cell) => {
      cells.push({ attrs: cell.attrs });
    });
    content.push({ content: cells });
  });
  return { content };
}

/**
 * Tables fill the text width with columns in their `colwidth` proportions — the rule the viewer
 * and the writers use too (tableColumnPercents). TipTap's own table view would instead set the
 * table to the sum of the pixel widths, so the editor drew tables narrower than the viewer did.
 */
const ModelTable = Table.extend({
  addAttributes() {
    return { ...this.parent?.(), caption: kept() };
  },
  renderHTML({ node, HTMLAttributes }) {
    const percents = tableColumnPercentsOf(tableLike(node));
    return [
      'table',
      mergeAttributes(this.options.HTMLAttributes, HTMLAttributes, { style: 'width: 100%' }),
      ['colgroup', {}, ...percents.map((percent) => ['col', { style: `width: ${percent}%` }])],
      ['tbody', 0],
    ];
  },
}).configure({ resizable: false, View: null });

function pixels(value: string | null): number | null {
  const parsed = Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
}

/** Block images; sizes are numbers in the model (CSS pixels), even when pasted from HTML. */
const ModelImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      width: { default: null, parseHTML: (element) => pixels(element.getAttribute('width')) },
      height: { default: null, parseHTML: (element) => pixels(element.getAttribute('height')) },
      caption: kept(),
      wrap: kept(),
      float: kept(),
    };
  },
}).configure({ inline: false, allowBase64: true });

export function documentExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      document: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      link: false,
    }),
    ModelDocument,
    PageBreak,
    SectionBreak,
    TextBox,
    Memo,
    Footnote,
    Equation,
    TextStyle,
    Color,
    ModelTypography,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ModelTable,
    TableRow,
    ModelTableHeader,
    ModelTableCell,
    ModelImage,
  ];
}
