import { type AnyExtension, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';

/*
 * The editor's schema is the document model of @ssaem/documents (document-model.ts): the same
 * node and mark names and attributes, so `editor.getJSON()` is what the server validates and
 * exports, and what the server generates loads unchanged.
 */

/** The top node keeps the model's document attributes (title, orientation, running header/footer). */
const ModelDocument = Node.create({
  name: 'doc',
  topNode: true,
  content: 'block+',
  addAttributes() {
    const kept = { default: null, rendered: false };
    return { title: kept, pageSize: kept, orientation: kept, header: kept, footer: kept };
  },
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
    Footnote,
    Equation,
    TextStyle,
    Color,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    Table.configure({ resizable: false }),
    TableRow,
    ModelTableHeader,
    ModelTableCell,
    ModelImage,
  ];
}
