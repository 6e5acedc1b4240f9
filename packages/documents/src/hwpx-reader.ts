import { DocumentError, toDocumentError } from './document-error.ts';
import {
  type BlockNode,
  type CellBorder,
  type DocumentAttrs,
  type DocumentNode,
  documentToPlainText,
  type HeadingLevel,
  type ImageNode,
  type InlineNode,
  type MemoMark,
  PAGE_NUMBER_FIELD,
  type ParagraphSpacing,
  type SectionPageAttrs,
  type TableCellNode,
  type TableHeaderNode,
  type TableRowNode,
  type TextAlign,
  type TextBoxNode,
} from './document-model.ts';
import { type FontFace, PAGE_MARGIN_SIDES, type PageMargins, toFontFace } from './document-style.ts';
import {
  appendText,
  buildBlocks,
  type FlowItem,
  marksFor,
  resolveColumnWidths,
  runningText,
} from './flow-builder.ts';
import { headingSpacing, marginsFromHwpunit } from './hwpx-section.ts';
import { HWPUNIT_PER_PX } from './hwpx-xml.ts';
import { encodeDataUrl } from './image-source.ts';
import { type ReadLimits, resolveLimits } from './limits.ts';
import { NUMBER_FORMATS, type OutlineNumbering, outlineNumber } from './outline-numbering.ts';
import {
  elements,
  findAll,
  firstElement,
  intAttr,
  isElement,
  parseXml,
  type XmlElement,
} from './xml-tree.ts';
import { ZipArchive } from './zip-reader.ts';

/**
 * HWPX → document model and plain text. Body paragraphs, headings, lists, tables (spans, header
 * cells, shading, widths), pictures, captions, text boxes, header/footer and foot/endnotes are all
 * kept: the text of every one of them reaches `text`.
 */

export type HwpxReadOptions = {
  limits?: Partial<ReadLimits>;
  /** Embed pictures as data URLs (default true); text extraction turns this off. */
  includeImages?: boolean;
};

export type ReadResult = { document: DocumentNode; text: string };

type CharLook = {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: string;
  face?: FontFace;
  /** Points. */
  size?: number;
};
type ParaLook = {
  align?: string;
  headingType?: string;
  headingId: number;
  level: number;
  /** Percent, when the paragraph's line spacing is a percentage. */
  lineSpacing?: number;
  /** Points. */
  prev: number;
  next: number;
};
type StyleInfo = { name: string; engName: string; charPr: string };

type Header = {
  chars: Map<string, CharLook>;
  paras: Map<string, ParaLook>;
  styles: Map<string, StyleInfo>;
  fills: Map<string, string>;
  /** Cell borders other than the thin solid black line, by borderFill id. */
  borders: Map<string, CellBorder>;
  numberings: Map<string, OutlineNumbering>;
};

export function readHwpx(bytes: Uint8Array, options: HwpxReadOptions = {}): ReadResult {
  const limits = resolveLimits(options.limits);
  if (bytes.length > limits.maxFileBytes) throw new DocumentError('too-large', 'HWPX file is too large');
  try {
    const zip = new ZipArchive(bytes, limits);
    refuseEncrypted(zip);
    const reader = new HwpxReader(zip, options.includeImages ?? true);
    const document = reader.read();
    return { document, text: documentToPlainText(document).slice(0, limits.maxTextChars) };
  } catch (error) {
    throw toDocumentError(error, 'HWPX could not be read');
  }
}

/** Plain text of an HWPX file (no pictures decoded). */
export function extractHwpxText(bytes: Uint8Array, options: HwpxReadOptions = {}): string {
  return readHwpx(bytes, { ...options, includeImages: false }).text;
}

function refuseEncrypted(zip: ZipArchive): void {
  // A password-protected HWPX lists encryption data for its parts in META-INF/manifest.xml.
  if (zip.has('META-INF/manifest.xml') && /encryption-data/.test(zip.readText('META-INF/manifest.xml'))) {
    throw new DocumentError('encrypted', 'the HWPX file is password-protected');
  }
  if (!zip.has('Contents/header.xml') && !zip.has('Contents/content.hpf')) {
    throw new DocumentError('unreadable', 'not an HWPX package');
  }
}

class HwpxReader {
  private readonly zip: ZipArchive;
  private readonly includeImages: boolean;
  private header: Header = {
    chars: new Map(),
    paras: new Map(),
    styles: new Map(),
    fills: new Map(),
    borders: new Map(),
    numberings: new Map(),
  };
  private readonly outline: number[] = [];
  private outlineNumbering = '';
  private binItems = new Map<string, { href: string; mediaType: string }>();
  private headerTexts: string[] = [];
  private footerTexts: string[] = [];
  /** The page setup of the section being read: its secPr and its first colPr. */
  private landscape: boolean | undefined;
  private margins: Partial<PageMargins> | undefined;
  private columns: number | undefined;
  /** The memo open on the text being read (between a MEMO fieldBegin and its fieldEnd). */
  private memo: { field: string; mark: MemoMark } | undefined;
  /** The memos' text of the section being read, by memo id (its memo group). */
  private memoTexts = new Map<string, string>();
  private runningDepth = 0;
  private cellDepth = 0;

  constructor(zip: ZipArchive, includeImages: boolean) {
    this.zip = zip;
    this.includeImages = includeImages;
  }

  read(): DocumentNode {
    const { sections, title } = this.readPackage();
    if (this.zip.has('Contents/header.xml'))
      this.header = readHeader(parseXml(this.zip.readText('Contents/header.xml')));
    const content: BlockNode[] = [];
    let first: SectionPageAttrs | undefined;
    for (const name of sections) {
      if (!this.zip.has(name)) continue;
      const root = parseXml(this.zip.readText(name), name);
      const section = firstElement(root, 'sec') ?? root;
      this.landscape = undefined;
      this.margins = undefined;
      this.columns = undefined;
      this.memoTexts = this.readMemoGroup(section);
      const blocks = buildBlocks(this.paragraphs(elements(section, 'p'), true));
      const setup = this.sectionSetup();
      // Each section file after the first starts a new section with its own page setup.
      if (first)
        content.push(
          Object.keys(setup).length > 0 ? { type: 'sectionBreak', attrs: setup } : { type: 'sectionBreak' },
        );
      else first = setup;
      content.push(...blocks);
    }
    const attrs: DocumentAttrs = {};
    if (title) attrs.title = title;
    if (first?.orientation) attrs.orientation = first.orientation;
    if (this.headerTexts.length > 0) attrs.header = unique(this.headerTexts).join('\n');
    if (this.footerTexts.length > 0) attrs.footer = unique(this.footerTexts).join('\n');
    if (first?.margins) attrs.margins = first.margins;
    if (first?.columns) attrs.columns = first.columns;
    return Object.keys(attrs).length > 0 ? { type: 'doc', attrs, content } : { type: 'doc', content };
  }

  /** The page setup of the section just read, only where it differs from 한글's default. */
  private sectionSetup(): SectionPageAttrs {
    const setup: SectionPageAttrs = {};
    if (this.landscape) setup.orientation = 'landscape';
    if (this.margins) setup.margins = this.margins;
    if (this.columns && this.columns > 1) setup.columns = Math.min(3, this.columns);
    return setup;
  }

  /** The memo group 한글 keeps after a section's paragraphs: each memo's text by its id. */
  private readMemoGroup(section: XmlElement): Map<string, string> {
    const out = new Map<string, string>();
    for (const memo of findAll(section, 'memo')) {
      const paragraphs = findAll(memo, 'p');
      out.set(memo.attrs.id ?? '', paragraphs.map((p) => textOf(p)).join('\n'));
    }
    return out;
  }

  /** Section files in spine order (content.hpf), else by number; pictures from the manifest. */
  private readPackage(): { sections: string[]; title?: string } {
    let sections = this.zip
      .names()
      .filter((name) => /^Contents\/section\d+\.xml$/i.test(name))
      .sort((a, b) => sectionNumber(a) - sectionNumber(b));
    let title: string | undefined;
    if (this.zip.has('Contents/content.hpf')) {
      const hpf = parseXml(this.zip.readText('Contents/content.hpf'), 'content.hpf');
      const items = new Map<string, string>();
      for (const item of findAll(hpf, 'item')) {
        const id = item.attrs.id ?? '';
        const href = item.attrs.href ?? '';
        items.set(id, href);
        const mediaType = item.attrs['media-type'] ?? '';
        if (mediaType.startsWith('image/')) this.binItems.set(id, { href, mediaType });
      }
      const spine = findAll(hpf, 'itemref')
        .map((ref) => items.get(ref.attrs.idref ?? ''))
        .filter((href): href is string => href !== undefined && /section\d*\.xml$/i.test(href))
        .map((href) => (href.startsWith('Contents/') ? href : `Contents/${href}`));
      if (spine.length > 0) sections = spine;
      const titleElement = findAll(hpf, 'title')[0];
      const text = titleElement ? textOf(titleElement).trim() : '';
      if (text) title = text;
    }
    return { sections, title };
  }

  private paragraphs(nodes: XmlElement[], topLevel: boolean): FlowItem[] {
    const out: FlowItem[] = [];
    for (const p of nodes) out.push(...this.paragraph(p, topLevel));
    return out;
  }

  private paragraph(p: XmlElement, topLevel: boolean): FlowItem[] {
    const content: InlineNode[] = [];
    const objects: FlowItem[] = [];
    // A run's face and size count as its own only where they differ from its paragraph style's.
    const styleChar =
      this.header.chars.get(
        (this.header.styles.get(p.attrs.styleIDRef ?? '') ?? this.header.styles.get('0'))?.charPr ?? '',
      ) ?? {};
    for (const run of elements(p)) {
      if (run.name === 'run') this.run(run, content, objects, styleChar);
      else if (run.name !== 'linesegarray') this.inlineObject(run, content, objects);
    }
    const look = this.header.paras.get(p.attrs.paraPrIDRef ?? '');
    const style = this.header.styles.get(p.attrs.styleIDRef ?? '');
    const pageBreakBefore = topLevel && p.attrs.pageBreak === '1';
    const hasText = content.length > 0;
    if (!hasText && objects.length > 0) {
      if (pageBreakBefore && objects[0]) objects[0].pageBreakBefore = true;
      return objects;
    }
    const item: FlowItem = { kind: 'paragraph', content, pageBreakBefore };
    const align = alignOf(look?.align, false);
    if (align) item.align = align;
    if (look?.headingType === 'OUTLINE' && topLevel) {
      const numbering = this.header.numberings.get(this.outlineNumbering);
      const number = outlineNumber(numbering, this.outline, look.level);
      if (number) content.unshift({ type: 'text', text: `${number} ` });
    }
    const heading = headingLevel(style, look);
    const spacing = look ? this.spacingOf(look, heading) : {};
    if (Object.keys(spacing).length > 0) item.spacing = spacing;
    if (heading) item.heading = heading;
    else if (look?.headingType === 'BULLET' || look?.headingType === 'NUMBER') {
      item.list = { ordered: look.headingType === 'NUMBER', level: look.level, id: look.headingId };
    }
    return [item, ...objects];
  }

  /** Spacing that differs from what the writer gives such a paragraph by default. */
  private spacingOf(look: ParaLook, heading: HeadingLevel | undefined): ParagraphSpacing {
    const inCell = this.cellDepth > 0;
    const defaults = heading ? headingSpacing(heading, inCell) : { prev: 0, next: 0 };
    const spacing: ParagraphSpacing = {};
    if (look.lineSpacing !== undefined && look.lineSpacing !== (inCell ? 130 : 160))
      spacing.lineHeight = look.lineSpacing;
    if (look.prev !== defaults.prev / 200) spacing.spaceBefore = look.prev;
    if (look.next !== defaults.next / 200) spacing.spaceAfter = look.next;
    return spacing;
  }

  private run(run: XmlElement, content: InlineNode[], objects: FlowItem[], styleChar: CharLook): void {
    const look = this.header.chars.get(run.attrs.charPrIDRef ?? '') ?? {};
    const marks = marksFor({
      ...look,
      fontFamily: look.face && look.face !== styleChar.face ? look.face : undefined,
      fontSize: look.size && look.size !== styleChar.size ? look.size : undefined,
    });
    for (const child of elements(run)) {
      // A memo opened by a field control earlier in the run (or paragraph) marks the text after it.
      if (child.name === 't') this.text(child, content, this.memo ? [...marks, this.memo.mark] : marks);
      else this.inlineObject(child, content, objects);
    }
  }

  private text(t: XmlElement, content: InlineNode[], marks: ReturnType<typeof marksFor>): void {
    for (const child of t.children) {
      if (!isElement(child)) {
        appendText(content, child, marks);
        continue;
      }
      switch (child.name) {
        case 'tab':
          appendText(content, '\t', marks);
          break;
        case 'lineBreak':
          content.push({ type: 'hardBreak' });
          break;
        case 'fwSpace':
        case 'nbSpace':
          appendText(content, ' ', marks);
          break;
        case 'hyphen':
          appendText(content, '-', marks);
          break;
        default:
          // Track-change and marker elements may wrap text; keep whatever text they hold.
          this.text(child, content, marks);
      }
    }
  }

  /** Controls and objects inside a run: notes stay inline, tables, pictures and text boxes become blocks. */
  private inlineObject(element: XmlElement, content: InlineNode[], objects: FlowItem[]): void {
    switch (element.name) {
      case 'secPr':
        if (this.landscape !== undefined) return;
        this.landscape = firstElement(element, 'pagePr')?.attrs.landscape === 'NARROWLY';
        this.margins = readMargins(firstElement(firstElement(element, 'pagePr') ?? element, 'margin'));
        if (element.attrs.outlineShapeIDRef) this.outlineNumbering = element.attrs.outlineShapeIDRef;
        return;
      case 'ctrl':
        for (const control of elements(element)) this.control(control, content);
        return;
      case 'tbl':
        objects.push(...this.table(element));
        return;
      case 'pic':
        objects.push(...this.picture(element));
        return;
      case 'rect':
        if (firstElement(element, 'drawText')) {
          objects.push(...this.textBox(element));
          return;
        }
        break;
      case 'switch': {
        const branch = firstElement(element, 'default') ?? firstElement(element, 'case');
        if (branch) for (const child of elements(branch)) this.inlineObject(child, content, objects);
        return;
      }
      case 'equation': {
        const script = textOf(firstElement(element, 'script') ?? element).trim();
        if (script) content.push({ type: 'equation', attrs: { script } });
        const caption = firstElement(element, 'caption');
        if (caption) objects.push(...this.paragraphs(findAll(caption, 'p'), false));
        return;
      }
      case 'linesegarray':
        return;
    }
    // Text in other shapes, containers and anything newer: keep their paragraphs.
    for (const subList of findAll(element, 'subList')) {
      objects.push(...this.paragraphs(elements(subList, 'p'), false));
    }
  }

  /** A rectangle with text (글상자) as a text box node; its caption, if any, beside it. */
  private textBox(rect: XmlElement): FlowItem[] {
    const drawText = firstElement(rect, 'drawText');
    const paragraphs = drawText ? findAll(drawText, 'subList').flatMap((s) => elements(s, 'p')) : [];
    const content = buildBlocks(this.paragraphs(paragraphs, false));
    const node: TextBoxNode = { type: 'textBox', content };
    const attrs: NonNullable<TextBoxNode['attrs']> = {};
    const size = firstElement(rect, 'sz');
    const width = Math.round(intAttr(size, 'width', 0) / HWPUNIT_PER_PX);
    if (width > 0) attrs.width = width;
    const line = firstElement(rect, 'lineShape');
    const border = normaliseColor(line?.attrs.color);
    if (border && border !== '#000000' && line?.attrs.style !== 'NONE') attrs.borderColor = border;
    const fill = normaliseColor(findAll(rect, 'winBrush')[0]?.attrs.faceColor);
    if (fill) attrs.backgroundColor = fill;
    if (Object.keys(attrs).length > 0) node.attrs = attrs;
    const caption = firstElement(rect, 'caption');
    const captionItems = caption ? this.paragraphs(findAll(caption, 'p'), false) : [];
    const item: FlowItem = { kind: 'block', node };
    return caption?.attrs.side === 'TOP' ? [...captionItems, item] : [item, ...captionItems];
  }

  private control(control: XmlElement, content: InlineNode[]): void {
    if (control.name === 'fieldBegin' && control.attrs.type === 'MEMO') {
      this.memo = { field: control.attrs.id ?? '', mark: this.memoMark(control) };
    } else if (control.name === 'fieldEnd') {
      if (this.memo && (control.attrs.beginIDRef ?? '') === this.memo.field) this.memo = undefined;
    } else if (control.name === 'colPr') {
      this.columns ??= Number(control.attrs.colCount ?? 1) || 1;
    } else if (control.name === 'header' || control.name === 'footer') {
      this.runningDepth++;
      const text = this.subListText(control, true);
      this.runningDepth--;
      if (text) (control.name === 'header' ? this.headerTexts : this.footerTexts).push(text);
    } else if (control.name === 'autoNum' && control.attrs.numType === 'PAGE') {
      if (this.runningDepth > 0) appendText(content, PAGE_NUMBER_FIELD, []);
    } else if (control.name === 'autoNum' || control.name === 'newNum') {
      // Caption numbers (표 1, 그림 2, 수식 3): the number 한글 stored with the document.
      const kind = control.attrs.numType;
      const number = Number(control.attrs.num ?? 0);
      if (kind !== 'FOOTNOTE' && kind !== 'ENDNOTE' && number > 0 && control.name === 'autoNum')
        appendText(content, String(number), []);
    } else if (control.name === 'footNote' || control.name === 'endNote') {
      const text = this.subListText(control).trim();
      content.push({
        type: 'footnote',
        attrs: { text, kind: control.name === 'endNote' ? 'endnote' : 'footnote' },
      });
    }
  }

  /** A memo's mark: its text from the section's memo group (or the field's own list), its author. */
  private memoMark(field: XmlElement): MemoMark {
    const parameters = findAll(field, 'stringParam');
    const parameter = (name: string) => parameters.find((p) => p.attrs.name === name);
    const memoId = parameter('ID') ? textOf(parameter('ID') as XmlElement).trim() : '';
    const ownText = findAll(field, 'subList')
      .flatMap((subList) => elements(subList, 'p'))
      .map((p) => textOf(p))
      .join('\n');
    const text = this.memoTexts.get(memoId) ?? ownText;
    const author = parameter('Author') ? textOf(parameter('Author') as XmlElement).trim() : '';
    return { type: 'memo', attrs: author ? { text, author } : { text } };
  }

  private subListText(element: XmlElement, running = false): string {
    const blocks = buildBlocks(
      this.paragraphs(
        findAll(element, 'subList').flatMap((s) => elements(s, 'p')),
        false,
      ),
    );
    if (running) return runningText(blocks);
    return documentToPlainText({ type: 'doc', content: blocks });
  }

  private table(tbl: XmlElement): FlowItem[] {
    const caption = firstElement(tbl, 'caption');
    const captionItems = caption ? this.paragraphs(findAll(caption, 'p'), false) : [];
    const captionFirst = caption?.attrs.side === 'TOP' || caption?.attrs.side === 'LEFT';
    const byRow = new Map<number, TableCellPlacement[]>();
    const placements: TableCellPlacement[] = [];
    elements(tbl, 'tr').forEach((tr, trIndex) => {
      for (const tc of elements(tr, 'tc')) {
        const address = firstElement(tc, 'cellAddr');
        const span = firstElement(tc, 'cellSpan');
        const placement: TableCellPlacement = {
          tc,
          row: intAttr(address, 'rowAddr', trIndex),
          col: intAttr(address, 'colAddr', 0),
          rowSpan: Math.max(1, intAttr(span, 'rowSpan', 1)),
          colSpan: Math.max(1, intAttr(span, 'colSpan', 1)),
          width: intAttr(firstElement(tc, 'cellSz'), 'width', 0),
        };
        placements.push(placement);
        const row = byRow.get(placement.row) ?? [];
        row.push(placement);
        byRow.set(placement.row, row);
      }
    });
    if (placements.length === 0) return [...captionItems];
    const colCount = Math.max(
      intAttr(tbl, 'colCnt', 0),
      ...placements.map((cell) => cell.col + cell.colSpan),
    );
    const widths = resolveColumnWidths(placements, colCount, HWPUNIT_PER_PX);
    const rows: TableRowNode[] = [...byRow.keys()]
      .sort((a, b) => a - b)
      .map((rowIndex) => ({
        type: 'tableRow',
        content: (byRow.get(rowIndex) ?? [])
          .sort((a, b) => a.col - b.col)
          .map((cell) => this.cell(cell, widths)),
      }));
    const table: FlowItem = { kind: 'block', node: { type: 'table', content: rows } };
    return captionFirst ? [...captionItems, table] : [table, ...captionItems];
  }

  private cell(placement: TableCellPlacement, widths: number[]): TableCellNode | TableHeaderNode {
    const { tc } = placement;
    const paragraphs = findAll(tc, 'subList').flatMap((subList) => elements(subList, 'p'));
    this.cellDepth++;
    const items = this.paragraphs(paragraphs, false);
    this.cellDepth--;
    const content = buildBlocks(items.map((item) => cellItem(item)));
    const cell: TableCellNode | TableHeaderNode = {
      type: tc.attrs.header === '1' ? 'tableHeader' : 'tableCell',
      content: content.length > 0 ? content : [{ type: 'paragraph' }],
    };
    const attrs: TableCellNode['attrs'] = {};
    if (placement.colSpan > 1) attrs.colspan = placement.colSpan;
    if (placement.rowSpan > 1) attrs.rowspan = placement.rowSpan;
    attrs.colwidth = widths.slice(placement.col, placement.col + placement.colSpan);
    const fill = this.header.fills.get(tc.attrs.borderFillIDRef ?? '');
    if (fill) attrs.backgroundColor = fill;
    const border = this.header.borders.get(tc.attrs.borderFillIDRef ?? '');
    if (border) attrs.border = border;
    cell.attrs = attrs;
    return cell;
  }

  private picture(pic: XmlElement): FlowItem[] {
    const out: FlowItem[] = [];
    const caption = firstElement(pic, 'caption');
    const captionItems = caption ? this.paragraphs(findAll(caption, 'p'), false) : [];
    const ref = findAll(pic, 'img')[0]?.attrs.binaryItemIDRef;
    const item = ref ? this.binItems.get(ref) : undefined;
    const comment = firstElement(pic, 'shapeComment');
    // 한글 fills the comment with "그림입니다. 원본 그림의 이름: …" by itself; that is no alt text.
    const alt = comment && !textOf(comment).startsWith('그림입니다.') ? textOf(comment).trim() : '';
    const included = this.includeImages && item && this.zip.has(item.href);
    // Without the picture, a picture with alt text still says what it shows.
    if (included || (alt && item)) {
      const size = firstElement(pic, 'sz') ?? firstElement(pic, 'curSz');
      const width = Math.round(intAttr(size, 'width', 0) / HWPUNIT_PER_PX);
      const height = Math.round(intAttr(size, 'height', 0) / HWPUNIT_PER_PX);
      const mimeType = item.mediaType === 'image/jpg' ? 'image/jpeg' : item.mediaType;
      const attrs: ImageNode['attrs'] = {
        src: included ? encodeDataUrl(this.zip.read(item.href), mimeType) : item.href,
      };
      if (width > 0) attrs.width = width;
      if (height > 0) attrs.height = height;
      if (alt) attrs.alt = alt;
      Object.assign(attrs, floatOf(pic));
      out.push({ kind: 'block', node: { type: 'image', attrs } });
    }
    return caption?.attrs.side === 'TOP' ? [...captionItems, ...out] : [...out, ...captionItems];
  }
}

type TableCellPlacement = {
  tc: XmlElement;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  width: number;
};

/** Inside a cell, left alignment is the default and needs no attribute. */
function cellItem(item: FlowItem): FlowItem {
  if (item.kind === 'paragraph' && item.align === 'left') delete item.align;
  return item;
}

function readHeader(root: XmlElement): Header {
  const header: Header = {
    chars: new Map(),
    paras: new Map(),
    styles: new Map(),
    fills: new Map(),
    borders: new Map(),
    numberings: new Map(),
  };
  for (const numbering of findAll(root, 'numbering')) {
    const heads = elements(numbering, 'paraHead');
    const byLevel = (level: number) => heads.find((head) => intAttr(head, 'level', 0) === level + 1);
    const levels = Array.from({ length: 7 }, (_, level) => byLevel(level));
    header.numberings.set(numbering.attrs.id ?? '', {
      formats: levels.map((head) => (head ? textOf(head) : '')),
      starts: levels.map((head) => intAttr(head, 'start', 1) || 1),
      numberFormats: levels.map((head) =>
        Math.max(0, NUMBER_FORMATS.indexOf(head?.attrs.numFormat ?? 'DIGIT')),
      ),
    });
  }
  const hangulFaces: string[] = [];
  const hangul = findAll(root, 'fontface').find((fontface) => fontface.attrs.lang === 'HANGUL');
  for (const font of hangul ? elements(hangul, 'font') : [])
    hangulFaces[intAttr(font, 'id', 0)] = font.attrs.face ?? '';
  for (const charPr of findAll(root, 'charPr')) {
    const look: CharLook = {};
    const underline = firstElement(charPr, 'underline');
    const strike = firstElement(charPr, 'strikeout');
    if (firstElement(charPr, 'bold')) look.bold = true;
    if (firstElement(charPr, 'italic')) look.italic = true;
    if (underline && underline.attrs.type !== 'NONE') look.underline = true;
    if (strike && strike.attrs.shape !== 'NONE' && strike.attrs.shape !== '3D') look.strike = true;
    const color = normaliseColor(charPr.attrs.textColor);
    if (color && color !== '#000000') look.color = color;
    const face = toFontFace(hangulFaces[intAttr(firstElement(charPr, 'fontRef'), 'hangul', -1)]);
    if (face) look.face = face;
    const height = intAttr(charPr, 'height', 0);
    // charPr height is in hundredths of a point.
    if (height > 0) look.size = Math.round(height / 10) / 10;
    header.chars.set(charPr.attrs.id ?? '', look);
  }
  for (const paraPr of findAll(root, 'paraPr')) {
    const heading = findAll(paraPr, 'heading').at(-1);
    // 한글 may write a paraPr twice (hp:switch case/default); the last one is the plain reading.
    const lineSpacing = findAll(paraPr, 'lineSpacing').at(-1);
    const margin = findAll(paraPr, 'margin').at(-1);
    const marginPt = (name: string) =>
      Math.round(intAttr(margin ? firstElement(margin, name) : undefined, 'value', 0) / 20) / 10;
    header.paras.set(paraPr.attrs.id ?? '', {
      lineSpacing: lineSpacing?.attrs.type === 'PERCENT' ? intAttr(lineSpacing, 'value', 160) : undefined,
      prev: marginPt('prev'),
      next: marginPt('next'),
      align: firstElement(paraPr, 'align')?.attrs.horizontal,
      headingType: heading?.attrs.type,
      headingId: intAttr(heading, 'idRef', 0),
      level: intAttr(heading, 'level', 0),
    });
  }
  for (const style of findAll(root, 'style')) {
    header.styles.set(style.attrs.id ?? '', {
      name: style.attrs.name ?? '',
      engName: style.attrs.engName ?? '',
      charPr: style.attrs.charPrIDRef ?? '',
    });
  }
  for (const fill of findAll(root, 'borderFill')) {
    const brush = findAll(fill, 'winBrush')[0];
    const color = normaliseColor(brush?.attrs.faceColor);
    if (color && color !== '#FFFFFF') header.fills.set(fill.attrs.id ?? '', color);
    const border = cellBorder(fill);
    if (border) header.borders.set(fill.attrs.id ?? '', border);
  }
  return header;
}

const LINE_STYLES: Record<string, CellBorder['style']> = {
  NONE: 'none',
  SOLID: 'solid',
  DASH: 'dashed',
  LONG_DASH: 'dashed',
  DASH_DOT: 'dashed',
  DASH_DOT_DOT: 'dashed',
  DOT: 'dotted',
  CIRCLE: 'dotted',
  DOUBLE_SLIM: 'double',
  SLIM_THICK: 'double',
  THICK_SLIM: 'double',
  SLIM_THICK_SLIM: 'double',
};

/**
 * A borderFill's lines as a cell border, when all four sides are alike and differ from the thin
 * solid black line (the model has one border for all sides; mixed sides keep the default).
 */
function cellBorder(fill: XmlElement): CellBorder | undefined {
  const sides = ['leftBorder', 'rightBorder', 'topBorder', 'bottomBorder'].map((name) =>
    firstElement(fill, name),
  );
  const [first] = sides;
  if (!first) return undefined;
  const key = (side: XmlElement | undefined) =>
    side?.attrs.type === 'NONE' ? 'NONE' : `${side?.attrs.type}|${side?.attrs.width}|${side?.attrs.color}`;
  if (!sides.every((side) => key(side) === key(first))) return undefined;
  const style = LINE_STYLES[first.attrs.type ?? 'SOLID'] ?? 'solid';
  if (style === 'none') return { style: 'none' };
  const width = Number.parseFloat(first.attrs.width ?? '0.12') || 0.12;
  const color = normaliseColor(first.attrs.color) ?? '#000000';
  if (style === 'solid' && width === 0.12 && color === '#000000') return undefined;
  const border: CellBorder = { style, width };
  if (color !== '#000000') border.color = color;
  return border;
}

/** A floating picture's wrap and place across the column; nothing for one set like a character. */
function floatOf(pic: XmlElement): Pick<ImageNode['attrs'], 'wrap' | 'float'> {
  const pos = firstElement(pic, 'pos');
  if (pos?.attrs.treatAsChar !== '0') return {};
  const wrap = pic.attrs.textWrap;
  if (wrap !== 'SQUARE' && wrap !== 'TOP_AND_BOTTOM') return {};
  const out: Pick<ImageNode['attrs'], 'wrap' | 'float'> = {
    wrap: wrap === 'SQUARE' ? 'square' : 'topAndBottom',
  };
  if (pos.attrs.horzAlign === 'CENTER') out.float = 'center';
  else if (pos.attrs.horzAlign === 'RIGHT') out.float = 'right';
  return out;
}

/** Page margins in mm (to 0.1 mm) when any side differs from 한글's default. */
function readMargins(margin: XmlElement | undefined): Partial<PageMargins> | undefined {
  if (!margin) return undefined;
  const values: Partial<Record<keyof PageMargins, number>> = {};
  for (const side of PAGE_MARGIN_SIDES) values[side] = Number(margin.attrs[side]);
  return marginsFromHwpunit(values);
}

/** `#RRGGBB` from 한글's `#RRGGBB` or `#AARRGGBB`; undefined for none or fully transparent. */
function normaliseColor(value: string | undefined): string | undefined {
  if (!value || value === 'none') return undefined;
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toUpperCase();
  if (/^#[0-9a-fA-F]{8}$/.test(value))
    return value.slice(0, 3).toUpperCase() === '#FF' ? undefined : `#${value.slice(3).toUpperCase()}`;
  return undefined;
}

function alignOf(value: string | undefined, inCell: boolean): TextAlign | undefined {
  switch (value) {
    case 'CENTER':
      return 'center';
    case 'RIGHT':
      return 'right';
    case 'LEFT':
      return inCell ? undefined : 'left';
    case 'DISTRIBUTE':
    case 'DISTRIBUTE_SPACE':
      return 'justify';
    default:
      return undefined;
  }
}

function headingLevel(style: StyleInfo | undefined, look: ParaLook | undefined): HeadingLevel | undefined {
  const match = /^Heading (\d)$/.exec(style?.engName ?? '') ?? /^제목 ?(\d)$/.exec(style?.name ?? '');
  if (match) return clampLevel(Number(match[1]));
  if (look?.headingType === 'OUTLINE') return clampLevel(look.level + 1);
  return undefined;
}

function clampLevel(level: number): HeadingLevel {
  return Math.min(6, Math.max(1, level)) as HeadingLevel;
}

function sectionNumber(name: string): number {
  return Number(/(\d+)\.xml$/i.exec(name)?.[1] ?? 0);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function textOf(element: XmlElement): string {
  let out = '';
  for (const child of element.children) out += isElement(child) ? textOf(child) : child;
  return out;
}
