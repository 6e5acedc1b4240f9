import {
  type BlockNode,
  type CaptionNumbers,
  captionLine,
  captionNumbers,
  type DocumentNode,
  equationText,
  type ImageNode,
  type InlineNode,
  type Mark,
  PAGE_NUMBER_FIELD,
  type TableCellNode,
  type TableHeaderNode,
} from '@ssaem/documents';

/**
 * The document model as HTML for previews (the hwp/conversion/html call). Built from the model,
 * never from the file's own markup: every text is escaped, attributes come from a closed list
 * with checked values, and pictures are kept only as inline raster data URLs — so the output has
 * no scripts, handlers, links or requests to other hosts, whatever the uploaded file contained.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const COLOR = /^#[0-9a-fA-F]{6}$/;
const ALIGNS = new Set(['left', 'center', 'right', 'justify']);
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp|bmp);base64,[A-Za-z0-9+/]+=*$/;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

interface RenderState {
  notes: string[];
  captions: CaptionNumbers;
}

export function documentToHtml(document: DocumentNode): string {
  const state: RenderState = { notes: [], captions: captionNumbers(document.content) };
  const parts: string[] = [];
  const header = document.attrs?.header;
  if (header) parts.push(`<header>${runningText(header)}</header>`);
  parts.push(renderBlocks(document.content, state));
  if (state.notes.length > 0) {
    const items = state.notes.map((note) => `<li>${textWithBreaks(note)}</li>`);
    parts.push(`<section class="notes"><hr><ol>${items.join('')}</ol></section>`);
  }
  const footer = document.attrs?.footer;
  if (footer) parts.push(`<footer>${runningText(footer)}</footer>`);
  const landscape = document.attrs?.orientation === 'landscape' ? ' data-orientation="landscape"' : '';
  return `<article class="document"${landscape}>${parts.join('')}</article>`;
}

function runningText(value: string): string {
  return textWithBreaks(value.replaceAll(PAGE_NUMBER_FIELD, '#'));
}

function textWithBreaks(value: string): string {
  return value.split(/\r?\n/).map(escapeHtml).join('<br>');
}

function alignStyle(align: string | null | undefined): string {
  return align && ALIGNS.has(align) ? ` style="text-align:${align}"` : '';
}

function renderBlocks(nodes: BlockNode[], state: RenderState): string {
  return nodes.map((node) => renderBlock(node, state)).join('');
}

function renderBlock(node: BlockNode, state: RenderState): string {
  switch (node.type) {
    case 'paragraph':
      return `<p${alignStyle(node.attrs?.textAlign)}>${renderInline(node.content, state)}</p>`;
    case 'heading': {
      const level = Math.min(Math.max(Math.trunc(node.attrs.level), 1), 6);
      return `<h${level}${alignStyle(node.attrs.textAlign)}>${renderInline(node.content, state)}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${node.content.map((item) => `<li>${renderBlocks(item.content, state)}</li>`).join('')}</ul>`;
    case 'orderedList': {
      const start = node.attrs?.start;
      const startAttr = typeof start === 'number' && start !== 1 ? ` start="${Math.trunc(start)}"` : '';
      return `<ol${startAttr}>${node.content.map((item) => `<li>${renderBlocks(item.content, state)}</li>`).join('')}</ol>`;
    }
    case 'table': {
      const caption = captionLine(node, state.captions);
      return `<table>${caption ? `<caption>${escapeHtml(caption)}</caption>` : ''}<tbody>${node.content
        .map((row) => `<tr>${row.content.map((cell) => renderCell(cell, state)).join('')}</tr>`)
        .join('')}</tbody></table>`;
    }
    case 'image': {
      const caption = captionLine(node, state.captions);
      const picture = renderImage(node);
      return caption ? `<figure>${picture}<figcaption>${escapeHtml(caption)}</figcaption></figure>` : picture;
    }
    case 'horizontalRule':
      return '<hr>';
    case 'pageBreak':
    // A new section starts on a new page; the HTML view has no page setup to change.
    case 'sectionBreak':
      return '<div class="page-break"></div>';
    case 'textBox':
      return `<div class="text-box">${renderBlocks(node.content, state)}</div>`;
    default:
      return '';
  }
}

function renderImage(node: ImageNode): string {
  if (!SAFE_IMAGE.test(node.attrs.src)) {
    return node.attrs.alt ? `<p class="image-missing">[${escapeHtml(node.attrs.alt)}]</p>` : '';
  }
  const size = ['width', 'height']
    .map((key) => {
      const value = node.attrs[key as 'width' | 'height'];
      return typeof value === 'number' && Number.isFinite(value) && value > 0
        ? ` ${key}="${Math.round(value)}"`
        : '';
    })
    .join('');
  return `<img src="${node.attrs.src}" alt="${escapeHtml(node.attrs.alt ?? '')}"${size}>`;
}

function renderCell(cell: TableCellNode | TableHeaderNode, state: RenderState): string {
  const tag = cell.type === 'tableHeader' ? 'th' : 'td';
  const attrs: string[] = [];
  const span = (value: number | undefined) =>
    typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 1000 ? value : undefined;
  const colspan = span(cell.attrs?.colspan);
  const rowspan = span(cell.attrs?.rowspan);
  if (colspan) attrs.push(`colspan="${colspan}"`);
  if (rowspan) attrs.push(`rowspan="${rowspan}"`);
  const background = cell.attrs?.backgroundColor;
  if (background && COLOR.test(background)) attrs.push(`style="background-color:${background}"`);
  const open = attrs.length > 0 ? `<${tag} ${attrs.join(' ')}>` : `<${tag}>`;
  return `${open}${renderBlocks(cell.content, state)}</${tag}>`;
}

function renderInline(nodes: InlineNode[] | undefined, state: RenderState): string {
  let out = '';
  for (const node of nodes ?? []) {
    if (node.type === 'text') out += withMarks(escapeHtml(node.text), node.marks ?? []);
    else if (node.type === 'hardBreak') out += '<br>';
    else if (node.type === 'equation')
      out += `<span class="equation">${escapeHtml(equationText(node.attrs.script))}</span>`;
    else if (node.type === 'footnote') {
      state.notes.push(node.attrs.text);
      const number = state.notes.length;
      out += `<sup class="note-ref">${number}</sup>`;
    }
  }
  return out;
}

function withMarks(html: string, marks: Mark[]): string {
  let out = html;
  for (const mark of marks) {
    if (mark.type === 'bold') out = `<strong>${out}</strong>`;
    else if (mark.type === 'italic') out = `<em>${out}</em>`;
    else if (mark.type === 'underline') out = `<u>${out}</u>`;
    else if (mark.type === 'strike') out = `<s>${out}</s>`;
    else if (mark.type === 'textStyle' && mark.attrs?.color && COLOR.test(mark.attrs.color)) {
      out = `<span style="color:${mark.attrs.color}">${out}</span>`;
    }
  }
  return out;
}
