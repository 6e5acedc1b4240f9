import { XMLParser } from 'fast-xml-parser';
import { DocumentError, toDocumentError } from './document-error.ts';
import {
  type BlockNode,
  type DocumentNode,
  documentToPlainText,
  type InlineNode,
  type ListItemNode,
  type Mark,
  type TableCellNode,
  type TableHeaderNode,
  type TableRowNode,
} from './document-model.ts';
import {
  applyDocxStyleTags,
  readPageMargins,
  readParagraphSpacings,
  tagDocxStyles,
} from './docx-style-reader.ts';
import { DOCX_UNSET_MARGINS_TWIPS } from './docx-units.ts';
import { appendText } from './flow-builder.ts';
import type { ReadResult } from './hwpx-reader.ts';
import { type ReadLimits, resolveLimits } from './limits.ts';
import {
  elements,
  findAll,
  isElement,
  parseXml,
  textContent,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';
import { ZipArchive } from './zip-reader.ts';

/**
 * DOCX → model and text through mammoth's semantic HTML (headings, lists, tables with spans,
 * bold/italic/underline/strike, notes). The zip is checked by our own reader first: mammoth
 * inflates without limits, so it only ever sees an archive that inflated within them.
 */

export type DocxReadOptions = { limits?: Partial<ReadLimits>; includeImages?: boolean };

const STYLE_MAP = ['u => u', 'strike => s'];

export async function readDocx(bytes: Uint8Array, options: DocxReadOptions = {}): Promise<ReadResult> {
  const limits = resolveLimits(options.limits);
  if (bytes.length > limits.maxFileBytes) throw new DocumentError('too-large', 'DOCX file is too large');
  try {
    const zip = new ZipArchive(bytes, limits);
    if (!zip.has('word/document.xml')) throw new DocumentError('unreadable', 'not a Word document');
    zip.verifyAll();
    const includeImages = options.includeImages ?? true;
    const documentXml = parseXml(zip.readText('word/document.xml'), 'word/document.xml');
    // Loaded with the first Word file read, not in every process that imports this package.
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        transformDocument: tagDocxStyles(readParagraphSpacings(documentXml)),
        convertImage: includeImages
          ? mammoth.images.dataUri
          : mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    const document = htmlToDocument(result.value);
    applyDocxStyleTags(document);
    const margins = readPageMargins(documentXml, DOCX_UNSET_MARGINS_TWIPS);
    // mammoth leaves running headers and footers out; their text still belongs to the document.
    const header = partsText(zip, /^word\/header\d*\.xml$/);
    const footer = partsText(zip, /^word\/footer\d*\.xml$/);
    if (header || footer || margins) {
      document.attrs = {};
      if (header) document.attrs.header = header;
      if (footer) document.attrs.footer = footer;
      if (margins) document.attrs.margins = margins;
    }
    return { document, text: documentToPlainText(document).slice(0, limits.maxTextChars) };
  } catch (error) {
    throw toDocumentError(error, 'DOCX could not be read');
  }
}

function partsText(zip: ZipArchive, pattern: RegExp): string {
  const lines = new Set<string>();
  for (const name of zip.names().filter((entry) => pattern.test(entry))) {
    for (const paragraph of findAll(parseXml(zip.readText(name), name), 'p')) {
      const line = findAll(paragraph, 't').map(textContent).join('').trim();
      if (line) lines.add(line);
    }
  }
  return [...lines].join('\n');
}

// ---------------------------------------------------------------------------------------------
// mammoth's HTML → model

const htmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  unpairedTags: ['br', 'img', 'hr'],
  // Entities are decoded once, by decodeEntities, so &amp;lt; stays &lt;.
  processEntities: false,
  maxNestedTags: 400,
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

function toTree(nodes: OrderedNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    for (const key of Object.keys(node)) {
      if (key === ':@') continue;
      const value = node[key];
      if (key === '#text') out.push(decodeEntities(String(value)));
      else if (Array.isArray(value))
        out.push({ name: key, attrs: node[':@'] ?? {}, children: toTree(value) });
    }
  }
  return out;
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (match, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? match;
  });
}

/** Converts the HTML mammoth writes (a known, small subset) into the document model. */
export function htmlToDocument(html: string): DocumentNode {
  const root: XmlElement = {
    name: 'root',
    attrs: {},
    children: toTree(htmlParser.parse(`<root>${html}</root>`) as OrderedNode[]),
  };
  const body = elements(root, 'root')[0] ?? root;
  const notes = collectNotes(body);
  const converter = new HtmlConverter(notes);
  return { type: 'doc', content: converter.blocks(body.children) };
}

/** Footnote and endnote texts by id; their lists are taken out of the body. */
function collectNotes(body: XmlElement): Map<string, string> {
  const notes = new Map<string, string>();
  body.children = body.children.filter((child) => {
    if (!isElement(child) || child.name !== 'ol') return true;
    const items = elements(child, 'li');
    const isNotes = items.length > 0 && items.every((li) => /^(foot|end)note-/.test(li.attrs.id ?? ''));
    if (!isNotes) return true;
    for (const li of items)
      notes.set(
        li.attrs.id ?? '',
        plain(li)
          .replace(/\s*↑\s*$/, '')
          .trim(),
      );
    return false;
  });
  return notes;
}

function plain(element: XmlElement): string {
  let out = '';
  for (const child of element.children) {
    if (!isElement(child)) out += child;
    else if (child.name === 'br') out += '\n';
    else if (!(child.name === 'a' && (child.attrs.href ?? '').startsWith('#'))) out += plain(child);
    else if (!/^↑$/.test(plain(child).trim())) out += plain(child);
  }
  return out;
}

const BLOCK_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
  'img',
  'hr',
  'blockquote',
]);

class HtmlConverter {
  private readonly notes: Map<string, string>;

  constructor(notes: Map<string, string>) {
    this.notes = notes;
  }

  blocks(nodes: XmlNode[]): BlockNode[] {
    const out: BlockNode[] = [];
    let loose: InlineNode[] = [];
    const flush = () => {
      if (loose.some((node) => node.type !== 'text' || node.text.trim()))
        out.push({ type: 'paragraph', content: loose });
      loose = [];
    };
    for (const node of nodes) {
      if (isElement(node) && BLOCK_TAGS.has(node.name)) {
        flush();
        out.push(...this.block(node));
      } else {
        this.inline(node, [], loose);
      }
    }
    flush();
    return out;
  }

  private block(element: XmlElement): BlockNode[] {
    const heading = /^h([1-6])$/.exec(element.name);
    if (heading) {
      const content = this.inlineContent(element);
      const level = Number(heading[1]) as 1 | 2 | 3 | 4 | 5 | 6;
      return [
        content.length > 0
          ? { type: 'heading', attrs: { level }, content }
          : { type: 'heading', attrs: { level } },
      ];
    }
    switch (element.name) {
      case 'p': {
        // mammoth puts pictures inside paragraphs; the model keeps them as blocks.
        const images = elements(element, 'img')
          .map((img) => this.image(img))
          .filter((node) => node !== undefined);
        const content = this.inlineContent(element);
        const paragraph: BlockNode =
          content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
        return images.length > 0 && content.length === 0 ? images : [paragraph, ...images];
      }
      case 'ul':
      case 'ol': {
        const items = elements(element, 'li').map((li) => this.listItem(li));
        if (items.length === 0) return [];
        return [
          element.name === 'ul'
            ? { type: 'bulletList', content: items }
            : { type: 'orderedList', content: items },
        ];
      }
      case 'table':
        return [this.table(element)];
      case 'img': {
        const image = this.image(element);
        return image ? [image] : [];
      }
      case 'hr':
        return [{ type: 'horizontalRule' }];
      default:
        return this.blocks(element.children);
    }
  }

  private listItem(li: XmlElement): ListItemNode {
    const content = this.blocks(li.children);
    return { type: 'listItem', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
  }

  private table(table: XmlElement): BlockNode {
    const rows: TableRowNode[] = [];
    const collect = (element: XmlElement) => {
      for (const child of elements(element)) {
        if (child.name === 'tr') rows.push(this.row(child));
        else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') collect(child);
      }
    };
    collect(table);
    return {
      type: 'table',
      content: rows.length > 0 ? rows : [{ type: 'tableRow', content: [emptyCell()] }],
    };
  }

  private row(tr: XmlElement): TableRowNode {
    const cells = elements(tr)
      .filter((cell) => cell.name === 'td' || cell.name === 'th')
      .map((cell) => {
        const content = this.blocks(cell.children);
        const node: TableCellNode | TableHeaderNode = {
          type: cell.name === 'th' ? 'tableHeader' : 'tableCell',
          content: content.length > 0 ? content : [{ type: 'paragraph' }],
        };
        const colspan = Number(cell.attrs.colspan ?? 1);
        const rowspan = Number(cell.attrs.rowspan ?? 1);
        if (colspan > 1 || rowspan > 1) {
          node.attrs = {};
          if (colspan > 1) node.attrs.colspan = colspan;
          if (rowspan > 1) node.attrs.rowspan = rowspan;
        }
        return node;
      });
    return { type: 'tableRow', content: cells.length > 0 ? cells : [emptyCell()] };
  }

  private image(img: XmlElement): BlockNode | undefined {
    const src = img.attrs.src;
    if (!src) return undefined;
    return img.attrs.alt
      ? { type: 'image', attrs: { src, alt: img.attrs.alt } }
      : { type: 'image', attrs: { src } };
  }

  private inlineContent(element: XmlElement): InlineNode[] {
    const out: InlineNode[] = [];
    for (const child of element.children) this.inline(child, [], out);
    return out;
  }

  private inline(node: XmlNode, marks: Mark[], out: InlineNode[]): void {
    if (!isElement(node)) {
      appendText(out, node, marks);
      return;
    }
    const mark = MARK_TAGS[node.name];
    if (mark) {
      for (const child of node.children) this.inline(child, [...marks, mark], out);
      return;
    }
    if (node.name === 'br') {
      out.push({ type: 'hardBreak' });
      return;
    }
    if (node.name === 'img') return;
    if (node.name === 'sup' || node.name === 'a') {
      const link = node.name === 'a' ? node : elements(node, 'a')[0];
      const target = (link?.attrs.href ?? '').replace(/^#/, '');
      const note = this.notes.get(target);
      if (note !== undefined) {
        out.push({
          type: 'footnote',
          attrs: { text: note, kind: target.startsWith('endnote') ? 'endnote' : 'footnote' },
        });
        return;
      }
    }
    for (const child of node.children) this.inline(child, marks, out);
  }
}

const MARK_TAGS: Record<string, Mark> = {
  strong: { type: 'bold' },
  b: { type: 'bold' },
  em: { type: 'italic' },
  i: { type: 'italic' },
  u: { type: 'underline' },
  s: { type: 'strike' },
  del: { type: 'strike' },
};

function emptyCell(): TableCellNode {
  return { type: 'tableCell', content: [{ type: 'paragraph' }] };
}
