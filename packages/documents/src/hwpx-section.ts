import {
  type BlockNode,
  BORDER_WIDTHS_MM,
  borderWidthIndex,
  CAPTION_LABELS,
  type CaptionNumbers,
  type CellBorder,
  COLUMN_GAP_MM,
  captionLine,
  captionNumbers,
  columnWidth,
  type DocumentNode,
  type DocumentSection,
  documentSections,
  type FootnoteNode,
  hasMark,
  type ImageNode,
  type InlineNode,
  inlineText,
  type ListItemNode,
  PAGE_NUMBER_FIELD,
  type ParagraphSpacing,
  sectionColumnCount,
  type TableCellNode,
  type TableHeaderNode,
  type TableNode,
  type TextAlign,
  type TextBoxNode,
  type TextNode,
  textColor,
  textFont,
  textMemo,
} from './document-model.ts';
import {
  DEFAULT_PAGE_MARGINS_MM,
  PAGE_MARGIN_SIDES,
  type PageMargins,
  resolvePageMargins,
} from './document-style.ts';
import {
  type BorderLine,
  CHAR_HEADER,
  CHAR_MEMO,
  CHAR_NOTE,
  type CharStyle,
  FONT_GOTHIC,
  FONT_SERIF,
  fontId,
  type HwpxAlign,
  type HwpxHeader,
  MEMO_SHAPE,
  PARA_MEMO,
  PARA_NOTE,
  paraPt,
  STYLE_ENDNOTE,
  STYLE_FOOTNOTE,
  STYLE_HEADER,
  STYLE_MEMO,
  STYLE_NORMAL,
} from './hwpx-header.ts';
import { escapeXml, HWPML_NAMESPACES, HWPUNIT_PER_PX, XML_DECLARATION } from './hwpx-xml.ts';
import type { ImageInfo } from './image-info.ts';
import { columnWidths, layoutTable, type PlacedCell } from './table-layout.ts';

/** A picture stored under BinData/ and listed in content.hpf. */
export type BinImage = { id: string; path: string; mediaType: string; bytes: Uint8Array; info: ImageInfo };

/** A4 in HWPUNIT and the margins 한글 gives a new document. */
export const PAGE = {
  width: 59528,
  height: 84188,
  left: 8504,
  right: 8504,
  top: 5668,
  bottom: 4252,
  header: 4252,
  footer: 4252,
};
export const HWPUNIT_PER_MM = 7200 / 25.4;

/**
 * The document's margins (mm; 한글's defaults where unset) in HWPUNIT. A side at its default
 * keeps the exact value 한글 writes (its 20 mm is 5668), so files read back as they always did.
 */
export function pageMarginsHwpunit(margins: Partial<PageMargins> | null | undefined): PageMargins {
  const mm = resolvePageMargins(margins);
  const out = { ...PAGE } as PageMargins;
  for (const side of PAGE_MARGIN_SIDES) {
    if (mm[side] !== DEFAULT_PAGE_MARGINS_MM[side]) out[side] = Math.round(mm[side] * HWPUNIT_PER_MM);
  }
  return {
    top: out.top,
    bottom: out.bottom,
    left: out.left,
    right: out.right,
    header: out.header,
    footer: out.footer,
  };
}

/**
 * Page margins read from a file (HWPUNIT by side) as the model keeps them: mm to 0.1 mm, only
 * the sides that differ from 한글's default; undefined when none does.
 */
export function marginsFromHwpunit(
  values: Partial<Record<keyof PageMargins, number>>,
): Partial<PageMargins> | undefined {
  const out: Partial<PageMargins> = {};
  for (const side of PAGE_MARGIN_SIDES) {
    const value = values[side];
    if (value === undefined || !Number.isFinite(value)) continue;
    const mm = Math.round((value / HWPUNIT_PER_MM) * 10) / 10;
    if (Math.abs(mm - DEFAULT_PAGE_MARGINS_MM[side]) >= 0.1) out[side] = mm;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A paragraph's own spacing over the default for where it stands (paragraph unit for margins). */
function spacingOf(
  attrs: ParagraphSpacing | undefined,
  defaults: { lineSpacing: number; prev?: number; next?: number },
): { lineSpacing: number; prev?: number; next?: number } {
  return {
    lineSpacing: Math.round(attrs?.lineHeight ?? defaults.lineSpacing),
    prev: typeof attrs?.spaceBefore === 'number' ? paraPt(attrs.spaceBefore) : defaults.prev,
    next: typeof attrs?.spaceAfter === 'number' ? paraPt(attrs.spaceAfter) : defaults.next,
  };
}

const CELL_MARGIN = { left: 510, right: 510, top: 141, bottom: 141 };
const TABLE_OUT_MARGIN = 283;
/** The space around a floating picture (1 mm) and inside a text box's frame, HWPUNIT. */
const FLOAT_MARGIN = 283;
const TEXT_BOX_MARGIN = 283;
const BODY_HEIGHT = 1000;
const HEADING_SIZES = [1600, 1400, 1200, 1100, 1000, 1000];
const HEADER_FILL = '#E5E5E5';
const LIST_INDENT = paraPt(10);

type Context = {
  /** Width available to the content, HWPUNIT. */
  width: number;
  inCell: boolean;
  headerCell: boolean;
  /** Extra left margin (paragraph unit) from enclosing list items. */
  left: number;
  topLevel: boolean;
};

const ALIGN: Record<TextAlign, HwpxAlign> = {
  left: 'LEFT',
  center: 'CENTER',
  right: 'RIGHT',
  justify: 'JUSTIFY',
};

export class HwpxSectionWriter {
  private readonly header: HwpxHeader;
  private readonly images: Map<string, BinImage>;
  private readonly preview: string[] = [];
  private pendingPageBreak = false;
  private paragraphCount = 0;
  private previewLength = 0;
  private objectId = 1_000_000_000;
  private zOrder = 0;
  private footnotes = 0;
  private objects = 0;
  private endnotes = 0;
  private captions: CaptionNumbers = new WeakMap();
  /** Memos written in the whole document and in the section being written. */
  private memoCount = 0;
  private sectionMemos = 0;

  constructor(header: HwpxHeader, images: Map<string, BinImage>) {
    this.header = header;
    this.images = images;
  }

  /**
   * Contents/section0.xml, section1.xml, … one per section of the document, each opening with its
   * own page setup (secPr, colPr) and the running header and footer.
   */
  sectionXmls(document: DocumentNode): string[] {
    this.captions = captionNumbers(document.content);
    return documentSections(document).map((section) => this.sectionXml(document, section));
  }

  private sectionXml(document: DocumentNode, section: DocumentSection): string {
    const landscape = section.attrs.orientation === 'landscape';
    const margins = pageMarginsHwpunit(section.attrs.margins);
    const textWidth = Math.max(
      PAGE.width / 10,
      (landscape ? PAGE.height : PAGE.width) - margins.left - margins.right,
    );
    // Newspaper columns: the body (tables and pictures) is laid out one column wide.
    const columns = sectionColumnCount(section.attrs);
    const gap = Math.round(COLUMN_GAP_MM * HWPUNIT_PER_MM);
    const bodyWidth = columns > 1 ? columnWidth(textWidth, columns, gap) : textWidth;
    const context: Context = { width: bodyWidth, inCell: false, headerCell: false, left: 0, topLevel: true };
    // A new section starts on a new page by itself; a break left pending would add a blank one.
    this.pendingPageBreak = false;
    this.paragraphCount = 0;
    this.sectionMemos = 0;
    const paragraphs = this.blocks(section.content, context);
    // A break at the very end still starts a new (empty) page, as the author asked.
    if (this.pendingPageBreak) paragraphs.push(this.paragraph(0, STYLE_NORMAL, this.emptyRun(0), context));
    if (paragraphs.length === 0) paragraphs.push(this.paragraph(0, STYLE_NORMAL, this.emptyRun(0)));
    // 한글 reads the page setup from a secPr in the first run of the first paragraph.
    const memoShape = this.sectionMemos > 0 ? MEMO_SHAPE : 0;
    const first =
      secPrRun(landscape, margins, columns, gap, memoShape) + this.headerFooterRun(document, textWidth);
    paragraphs[0] = (paragraphs[0] ?? '').replace(/^(<hp:p [^>]*>)/, `$1${first}`);
    return `${XML_DECLARATION}<hs:sec ${HWPML_NAMESPACES}>${paragraphs.join('')}</hs:sec>`;
  }

  /** Whether any memo was written (header.xml then declares the memo shape). */
  hasMemos(): boolean {
    return this.memoCount > 0;
  }

  /** Preview/PrvText.txt: the opening text, tables as <cell> rows, as 한글 writes it. */
  previewText(): string {
    return this.preview.join('\r\n').slice(0, 1024);
  }

  private addPreview(line: string): void {
    if (this.previewLength > 1024) return;
    this.preview.push(line);
    this.previewLength += line.length + 2;
  }

  private blocks(nodes: BlockNode[], context: Context): string[] {
    const out: string[] = [];
    for (const node of nodes) out.push(...this.block(node, context));
    return out;
  }

  private block(node: BlockNode, context: Context): string[] {
    switch (node.type) {
      case 'paragraph':
        return [this.textParagraph(node.content, node.attrs?.textAlign, context, node.attrs)];
      case 'heading':
        return [this.heading(node.attrs.level, node.content, node.attrs.textAlign, context, node.attrs)];
      case 'bulletList':
        return this.list(false, node.content, undefined, context, 0, undefined);
      case 'orderedList':
        return this.list(true, node.content, node.attrs, context, 0, undefined);
      case 'table':
        return [
          this.objectParagraph(
            this.table(node, context.width - 2 * TABLE_OUT_MARGIN, context),
            context,
            'LEFT',
          ),
        ];
      case 'image':
        return [this.image(node, context)];
      case 'textBox':
        return [this.objectParagraph(this.textBox(node, context), context, 'LEFT')];
      case 'horizontalRule': {
        const borderFill = this.header.borderFill({ borders: 'bottom' });
        const para = this.header.paraPr({
          align: 'JUSTIFY',
          lineSpacing: 160,
          borderFill,
          left: context.left,
        });
        return [this.paragraph(para, STYLE_NORMAL, this.emptyRun(0), context)];
      }
      case 'pageBreak':
        // A break before any content would only leave a blank first page.
        if (context.topLevel && this.paragraphCount > 0) this.pendingPageBreak = true;
        return [];
      default:
        // Unknown node types (e.g. from a newer editor) are skipped rather than breaking the export.
        return [];
    }
  }

  private paragraph(paraPr: number, style: number, runs: string, context?: Context): string {
    if (context?.topLevel) this.paragraphCount++;
    const pageBreak = context?.topLevel && this.pendingPageBreak ? 1 : 0;
    if (pageBreak) this.pendingPageBreak = false;
    return `<hp:p id="0" paraPrIDRef="${paraPr}" styleIDRef="${style}" pageBreak="${pageBreak}" columnBreak="0" merged="0">${runs}</hp:p>`;
  }

  private emptyRun(charPr: number): string {
    return `<hp:run charPrIDRef="${charPr}"/>`;
  }

  private bodyChar(context: Context): CharStyle {
    return context.headerCell
      ? { height: BODY_HEIGHT, font: FONT_SERIF, bold: true }
      : { height: BODY_HEIGHT, font: FONT_SERIF };
  }

  private defaultAlign(context: Context): HwpxAlign {
    if (context.headerCell) return 'CENTER';
    return context.inCell ? 'LEFT' : 'JUSTIFY';
  }

  private textParagraph(
    content: InlineNode[] | undefined,
    align: TextAlign | null | undefined,
    context: Context,
    spacing?: ParagraphSpacing,
  ) {
    const para = this.header.paraPr({
      align: align ? ALIGN[align] : this.defaultAlign(context),
      ...spacingOf(spacing, { lineSpacing: context.inCell ? 130 : 160 }),
      left: context.left,
    });
    if (context.topLevel) this.addPreview(inlineText(content));
    return this.paragraph(para, STYLE_NORMAL, this.runs(content, this.bodyChar(context)), context);
  }

  private heading(
    level: number,
    content: InlineNode[] | undefined,
    align: TextAlign | null | undefined,
    context: Context,
    spacing?: ParagraphSpacing,
  ): string {
    const char: CharStyle = {
      height: HEADING_SIZES[level - 1] ?? BODY_HEIGHT,
      font: FONT_GOTHIC,
      bold: true,
    };
    const para = this.header.paraPr({
      align: align ? ALIGN[align] : 'LEFT',
      ...spacingOf(spacing, { lineSpacing: 160, ...headingSpacing(level, context.inCell) }),
      left: context.left,
      keepWithNext: true,
    });
    const style = this.header.headingStyle(level, para, this.header.charPr(char));
    if (context.topLevel) this.addPreview(inlineText(content));
    return this.paragraph(para, style, this.runs(content, char), context);
  }

  private list(
    ordered: boolean,
    items: ListItemNode[],
    attrs: { start?: number | null } | undefined,
    context: Context,
    depth: number,
    inheritedNumbering: number | undefined,
  ): string[] {
    const out: string[] = [];
    const level = Math.min(depth, 6);
    // Nested ordered lists continue their parent's numbering one level down (1. → 가. → 1)),
    // which also restarts them under each parent item; a top-level list gets a fresh numbering.
    const numbering = ordered ? (inheritedNumbering ?? this.header.numbering(attrs?.start ?? 1)) : undefined;
    const heading =
      numbering === undefined
        ? { type: 'BULLET' as const, idRef: this.header.bullet(depth), level: 0 }
        : { type: 'NUMBER' as const, idRef: numbering, level };
    const left = context.left + (depth > 0 ? LIST_INDENT : 0);
    const itemContext: Context = { ...context, left };
    const lineSpacing = context.inCell ? 130 : 160;
    for (const item of items) {
      item.content.forEach((child, index) => {
        if (index === 0 && (child.type === 'paragraph' || child.type === 'heading')) {
          const align = child.attrs?.textAlign;
          const para = this.header.paraPr({
            align: align ? ALIGN[align] : 'LEFT',
            ...spacingOf(child.attrs, { lineSpacing }),
            left,
            heading,
          });
          const prefix = numbering === undefined ? '- ' : '';
          if (context.topLevel) this.addPreview(prefix + inlineText(child.content));
          out.push(
            this.paragraph(para, STYLE_NORMAL, this.runs(child.content, this.bodyChar(context)), context),
          );
          return;
        }
        if (child.type === 'bulletList' || child.type === 'orderedList') {
          const nestedNumbering =
            child.type === 'orderedList' && numbering !== undefined ? numbering : undefined;
          const nested = child.type === 'orderedList' ? child.attrs : undefined;
          out.push(
            ...this.list(
              child.type === 'orderedList',
              child.content,
              nested,
              itemContext,
              depth + 1,
              nestedNumbering,
            ),
          );
          return;
        }
        // Later paragraphs of an item hang under the item's text, without a marker.
        out.push(...this.block(child, { ...itemContext, left: left + LIST_INDENT }));
      });
    }
    return out;
  }

  private runs(content: InlineNode[] | undefined, base: CharStyle): string {
    const baseId = this.header.charPr(base);
    if (!content || content.length === 0) return this.emptyRun(baseId);
    let out = '';
    let currentId = -1;
    let text = '';
    // The memo open on the text being written: its key (text and author) and field id.
    let memo: { key: string; field: number } | undefined;
    const flush = () => {
      if (currentId >= 0) out += `<hp:run charPrIDRef="${currentId}"><hp:t>${text}</hp:t></hp:run>`;
      currentId = -1;
      text = '';
    };
    const closeMemo = () => {
      if (!memo) return;
      flush();
      out += `<hp:run charPrIDRef="${baseId}"><hp:ctrl><hp:fieldEnd beginIDRef="${memo.field}" fieldid="${memo.field}"/></hp:ctrl></hp:run>`;
      memo = undefined;
    };
    for (const node of content) {
      const memoAttrs = node.type === 'text' ? textMemo(node) : undefined;
      const memoKey = memoAttrs ? JSON.stringify([memoAttrs.text, memoAttrs.author ?? '']) : undefined;
      if (memo && memo.key !== memoKey) closeMemo();
      if (memoAttrs && memoKey && !memo) {
        flush();
        const field = this.objectId++;
        out += this.memoBegin(field, memoAttrs.text, memoAttrs.author ?? '', baseId);
        memo = { key: memoKey, field };
      }
      if (node.type === 'footnote') {
        flush();
        out += this.note(node, baseId);
        continue;
      }
      if (node.type === 'equation') {
        flush();
        out += this.equation(node.attrs.script, baseId);
        continue;
      }
      const id =
        node.type === 'text'
          ? this.header.charPr(markedStyle(node, base))
          : currentId >= 0
            ? currentId
            : baseId;
      if (id !== currentId) {
        flush();
        currentId = id;
      }
      text += node.type === 'text' ? textXml(node.text) : '<hp:lineBreak/>';
    }
    closeMemo();
    flush();
    return out || this.emptyRun(baseId);
  }

  /**
   * A memo as 한글 anchors one: a MEMO field begins before the text it marks (its parameters name
   * the memo, its list holds the memo's text, which 한글 shows in the margin) and a fieldEnd closes
   * it. No section-level memo group (hp:memogroup) is written: hwpxlib, the independent reader
   * we check against, refuses the whole file for that element, and the field's list suffices.
   */
  private memoBegin(field: number, memoText: string, author: string, charPr: number): string {
    const number = ++this.memoCount;
    this.sectionMemos++;
    const memoId = `memo${number}`;
    const paragraph = (text: string) =>
      `<hp:p id="0" paraPrIDRef="${PARA_MEMO}" styleIDRef="${STYLE_MEMO}" pageBreak="0" columnBreak="0" merged="0">` +
      `<hp:run charPrIDRef="${CHAR_MEMO}"><hp:t>${textXml(text)}</hp:t></hp:run></hp:p>`;
    const paragraphs = memoText.split(/\r?\n/).map(paragraph).join('');
    return (
      `<hp:run charPrIDRef="${charPr}"><hp:ctrl><hp:fieldBegin id="${field}" type="MEMO" name="" editable="1" dirty="0" zorder="-1" fieldid="${field}">` +
      `<hp:parameters cnt="5" name=""><hp:stringParam name="ID">${memoId}</hp:stringParam>` +
      `<hp:integerParam name="Number">${number}</hp:integerParam>` +
      '<hp:stringParam name="CreateDateTime"></hp:stringParam>' +
      `<hp:stringParam name="Author">${escapeXml(author)}</hp:stringParam>` +
      `<hp:stringParam name="MemoShapeIDRef">${MEMO_SHAPE}</hp:stringParam></hp:parameters>` +
      '<hp:subList id="" textDirection="HORIZONTAL" lineWrap="BREAK" vertAlign="TOP" linkListIDRef="0" linkListNextIDRef="0" textWidth="0" textHeight="0" hasTextRef="0" hasNumRef="0">' +
      `${paragraphs}</hp:subList></hp:fieldBegin></hp:ctrl></hp:run>`
    );
  }

  /** An equation as 한글 equation script, placed like a character in the line. */
  private equation(script: string, charPr: number): string {
    // 한글 lays the equation out again when it opens the file; the size is a first guess.
    const width = Math.max(1200, Math.min(40000, script.length * 450));
    return (
      `<hp:run charPrIDRef="${charPr}"><hp:equation id="${1800000000 + ++this.objects}" zOrder="${this.objects}" numberingType="EQUATION" textWrap="TOP_AND_BOTTOM" textFlow="BOTH_SIDES" lock="0" dropcapstyle="None" version="Equation Version 60" baseLine="85" textColor="#000000" baseUnit="1000" lineMode="CHAR" font="HYhwpEQ">` +
      `<hp:sz width="${width}" widthRelTo="ABSOLUTE" height="1200" heightRelTo="ABSOLUTE" protect="0"/>` +
      '<hp:pos treatAsChar="1" affectLSpacing="0" flowWithText="1" allowOverlap="0" holdAnchorAndSO="0" vertRelTo="PARA" horzRelTo="PARA" vertAlign="TOP" horzAlign="LEFT" vertOffset="0" horzOffset="0"/>' +
      '<hp:outMargin left="56" right="56" top="0" bottom="0"/><hp:shapeComment>수식입니다.</hp:shapeComment>' +
      `<hp:script>${escapeXml(script)}</hp:script></hp:equation></hp:run>`
    );
  }

  private note(node: FootnoteNode, charPr: number): string {
    const endnote = node.attrs.kind === 'endnote';
    const num = endnote ? ++this.endnotes : ++this.footnotes;
    const tag = endnote ? 'endNote' : 'footNote';
    const numType = endnote ? 'ENDNOTE' : 'FOOTNOTE';
    const style = endnote ? STYLE_ENDNOTE : STYLE_FOOTNOTE;
    return (
      `<hp:run charPrIDRef="${charPr}"><hp:ctrl><hp:${tag} id="">` +
      '<hp:subList id="" textDirection="HORIZONTAL" lineWrap="BREAK" vertAlign="TOP" linkListIDRef="0" linkListNextIDRef="0" textWidth="0" textHeight="0" hasTextRef="0" hasNumRef="0">' +
      `<hp:p id="0" paraPrIDRef="${PARA_NOTE}" styleIDRef="${style}" pageBreak="0" columnBreak="0" merged="0"><hp:run charPrIDRef="${CHAR_NOTE}">` +
      `<hp:ctrl><hp:autoNum num="${num}" numType="${numType}"><hp:autoNumFormat type="DIGIT" userChar="" prefixChar="" suffixChar=")" supscript="0"/></hp:autoNum></hp:ctrl>` +
      `<hp:t>${textXml(` ${node.attrs.text}`)}</hp:t></hp:run></hp:p></hp:subList></hp:${tag}></hp:ctrl></hp:run>`
    );
  }

  private headerFooterRun(document: DocumentNode, textWidth: number): string {
    const part = (tag: 'header' | 'footer', value: string | null | undefined) => {
      if (!value) return '';
      // 한글 writes the page number as an autoNum control between text elements of the run.
      const pageNumber =
        '<hp:ctrl><hp:autoNum num="1" numType="PAGE"><hp:autoNumFormat type="DIGIT" userChar="" prefixChar="" suffixChar="" supscript="0"/></hp:autoNum></hp:ctrl>';
      const text = value
        .split(PAGE_NUMBER_FIELD)
        .map((piece) => `<hp:t>${piece.split(/\r?\n/).map(textXml).join('<hp:lineBreak/>')}</hp:t>`)
        .join(pageNumber);
      const vertAlign = tag === 'header' ? 'TOP' : 'BOTTOM';
      const para = this.header.paraPr({ align: 'CENTER', lineSpacing: 150 });
      return (
        `<hp:ctrl><hp:${tag} id="0" applyPageType="BOTH">` +
        `<hp:subList id="" textDirection="HORIZONTAL" lineWrap="BREAK" vertAlign="${vertAlign}" linkListIDRef="0" linkListNextIDRef="0" textWidth="${textWidth}" textHeight="${PAGE.header}" hasTextRef="0" hasNumRef="0">` +
        `<hp:p id="0" paraPrIDRef="${para}" styleIDRef="${STYLE_HEADER}" pageBreak="0" columnBreak="0" merged="0">` +
        `<hp:run charPrIDRef="${CHAR_HEADER}">${text}</hp:run></hp:p></hp:subList></hp:${tag}></hp:ctrl>`
      );
    };
    const controls = part('header', document.attrs?.header) + part('footer', document.attrs?.footer);
    return controls ? `<hp:run charPrIDRef="0">${controls}</hp:run>` : '';
  }

  /**
   * A table's or picture's caption as 한글 writes one: "표 " + an auto-number of the object's kind
   * + the text, in a paragraph list of its own above (TOP) or below (BOTTOM) the object.
   */
  private caption(
    node: TableNode | ImageNode,
    side: 'TOP' | 'BOTTOM',
    objectWidth: number,
    context: Context,
  ) {
    const line = captionLine(node, this.captions);
    const number = this.captions.get(node);
    if (!line || number === undefined) return '';
    if (context.topLevel) this.addPreview(line);
    const text = node.attrs?.caption?.trim() ?? '';
    const para = this.header.paraPr({ align: 'CENTER', lineSpacing: 160, left: 0 });
    const char = this.header.charPr({ height: BODY_HEIGHT, font: FONT_SERIF });
    const numType = node.type === 'table' ? 'TABLE' : 'PICTURE';
    const autoNum = `<hp:ctrl><hp:autoNum num="${number}" numType="${numType}"><hp:autoNumFormat type="DIGIT" userChar="" prefixChar="" suffixChar="" supscript="0"/></hp:autoNum></hp:ctrl>`;
    const run = `<hp:run charPrIDRef="${char}"><hp:t>${CAPTION_LABELS[node.type]} </hp:t>${autoNum}<hp:t> ${textXml(text)}</hp:t></hp:run>`;
    return (
      `<hp:caption side="${side}" fullSz="0" width="8504" gap="850" lastWidth="${objectWidth}">` +
      '<hp:subList id="" textDirection="HORIZONTAL" lineWrap="BREAK" vertAlign="TOP" linkListIDRef="0" linkListNextIDRef="0" textWidth="0" textHeight="0" hasTextRef="0" hasNumRef="0">' +
      `${this.paragraph(para, STYLE_NORMAL, run)}</hp:subList></hp:caption>`
    );
  }

  /** A paragraph that only anchors an object (table or picture). */
  private objectParagraph(objectXml: string, context: Context, align: HwpxAlign): string {
    const para = this.header.paraPr({ align, lineSpacing: context.inCell ? 130 : 160, left: context.left });
    return this.paragraph(
      para,
      STYLE_NORMAL,
      `<hp:run charPrIDRef="0">${objectXml}<hp:t/></hp:run>`,
      context,
    );
  }

  private image(node: ImageNode, context: Context): string {
    const bin = this.images.get(node.attrs.src);
    if (!bin) {
      const alt = node.attrs.alt ? `[${node.attrs.alt}]` : '';
      return this.textParagraph(alt ? [{ type: 'text', text: alt }] : [], 'center', context);
    }
    const { width, height } = pictureSize(node, bin.info, context.width);
    const naturalWidth = bin.info.width * HWPUNIT_PER_PX;
    const naturalHeight = bin.info.height * HWPUNIT_PER_PX;
    const id = this.objectId++;
    const z = this.zOrder++;
    const comment = node.attrs.alt ? `<hp:shapeComment>${escapeXml(node.attrs.alt)}</hp:shapeComment>` : '';
    const floating = node.attrs.wrap === 'square' || node.attrs.wrap === 'topAndBottom';
    const wrap = node.attrs.wrap === 'square' ? 'SQUARE' : 'TOP_AND_BOTTOM';
    const horzAlign =
      { left: 'LEFT', center: 'CENTER', right: 'RIGHT' }[node.attrs.float ?? 'left'] ?? 'LEFT';
    // A floating picture is placed against the column at the top of its anchor paragraph, the
    // text flowing beside it (SQUARE) or only above and below (TOP_AND_BOTTOM); an inline one
    // stands in the line like a character, as pictures always did.
    const pos = floating
      ? `<hp:pos treatAsChar="0" affectLSpacing="0" flowWithText="1" allowOverlap="0" holdAnchorAndSO="0" vertRelTo="PARA" horzRelTo="COLUMN" vertAlign="TOP" horzAlign="${horzAlign}" vertOffset="0" horzOffset="0"/>`
      : '<hp:pos treatAsChar="1" affectLSpacing="0" flowWithText="1" allowOverlap="1" holdAnchorAndSO="0" vertRelTo="PARA" horzRelTo="PARA" vertAlign="TOP" horzAlign="LEFT" vertOffset="0" horzOffset="0"/>';
    const outMargin = floating ? FLOAT_MARGIN : 0;
    const pic =
      `<hp:pic id="${id}" zOrder="${z}" numberingType="PICTURE" textWrap="${wrap}" textFlow="BOTH_SIDES" lock="0" dropcapstyle="None" href="" groupLevel="0" instid="${id - 500_000_000}" reverse="0">` +
      `<hp:offset x="0" y="0"/><hp:orgSz width="${width}" height="${height}"/><hp:curSz width="${width}" height="${height}"/>` +
      `<hp:flip horizontal="0" vertical="0"/><hp:rotationInfo angle="0" centerX="${width >> 1}" centerY="${height >> 1}" rotateimage="1"/>` +
      '<hp:renderingInfo><hc:transMatrix e1="1" e2="0" e3="0" e4="0" e5="1" e6="0"/><hc:scaMatrix e1="1" e2="0" e3="0" e4="0" e5="1" e6="0"/><hc:rotMatrix e1="1" e2="0" e3="0" e4="0" e5="1" e6="0"/></hp:renderingInfo>' +
      `<hp:imgRect><hc:pt0 x="0" y="0"/><hc:pt1 x="${width}" y="0"/><hc:pt2 x="${width}" y="${height}"/><hc:pt3 x="0" y="${height}"/></hp:imgRect>` +
      `<hp:imgClip left="0" right="${naturalWidth}" top="0" bottom="${naturalHeight}"/><hp:inMargin left="0" right="0" top="0" bottom="0"/>` +
      `<hp:imgDim dimwidth="${naturalWidth}" dimheight="${naturalHeight}"/>` +
      `<hc:img binaryItemIDRef="${bin.id}" bright="0" contrast="0" effect="REAL_PIC" alpha="0"/><hp:effects/>` +
      `<hp:sz width="${width}" widthRelTo="ABSOLUTE" height="${height}" heightRelTo="ABSOLUTE" protect="0"/>${pos}` +
      `<hp:outMargin left="${outMargin}" right="${outMargin}" top="${outMargin}" bottom="${outMargin}"/>${this.caption(node, 'BOTTOM', width, context)}${comment}</hp:pic>`;
    return this.objectParagraph(pic, context, floating ? 'LEFT' : 'CENTER');
  }

  /**
   * A text box as 한글 draws a 글상자: a rectangle whose drawText holds the paragraphs. It stands
   * in the flow like a table (text above and below), its height grown to the text when unset.
   */
  private textBox(node: TextBoxNode, context: Context): string {
    const width = Math.min(
      context.width - 2 * TABLE_OUT_MARGIN,
      node.attrs?.width
        ? Math.round(node.attrs.width * HWPUNIT_PER_PX)
        : context.width - 2 * TABLE_OUT_MARGIN,
    );
    const inner = width - 2 * TEXT_BOX_MARGIN;
    const needed = estimateBlocksHeight(node.content, inner) + 2 * TEXT_BOX_MARGIN;
    const height = Math.max(needed, node.attrs?.height ? Math.round(node.attrs.height * HWPUNIT_PER_PX) : 0);
    const inside: Context = { width: inner, inCell: false, headerCell: false, left: 0, topLevel: false };
    const paragraphs = this.blocks(node.content, inside);
    if (paragraphs.length === 0) paragraphs.push(this.textParagraph(undefined, undefined, inside));
    const id = this.objectId++;
    const z = this.zOrder++;
    const border = node.attrs?.borderColor ?? '#000000';
    const fill = node.attrs?.backgroundColor
      ? `<hc:fillBrush><hc:winBrush faceColor="${node.attrs.backgroundColor}" hatchColor="#000000" alpha="0"/></hc:fillBrush>`
      : '';
    return (
      `<hp:rect id="${id}" zOrder="${z}" numberingType="PICTURE" textWrap="TOP_AND_BOTTOM" textFlow="BOTH_SIDES" lock="0" dropcapstyle="None" href="" groupLevel="0" instid="${id - 500_000_000}" ratio="0">` +
      `<hp:offset x="0" y="0"/><hp:orgSz width="${width}" height="${height}"/><hp:curSz width="0" height="0"/>` +
      '<hp:flip horizontal="0" vertical="0"/><hp:rotationInfo angle="0"/>' +
      '<hp:renderingInfo><hc:transMatrix e1="1" e2="0" e3="0" e4="0" e5="1" e6="0"/><hc:scaMatrix e1="1" e2="0" e3="0" e4="0" e5="1" e6="0"/><hc:rotMatrix e1="1" e2="0" e3="0" e4="0" e5="1" e6="0"/></hp:renderingInfo>' +
      `<hp:lineShape color="${border}" width="33" style="SOLID" endCap="FLAT" headStyle="NORMAL" tailStyle="NORMAL" headfill="1" tailfill="1" headSz="MEDIUM_MEDIUM" tailSz="MEDIUM_MEDIUM" outlineStyle="NORMAL" alpha="0"/>` +
      `${fill}<hp:shadow type="NONE" color="#000000" offsetX="0" offsetY="0" alpha="0"/>` +
      `<hp:drawText lastWidth="${width}" name="" editable="0">` +
      '<hp:subList id="" textDirection="HORIZONTAL" lineWrap="BREAK" vertAlign="TOP" linkListIDRef="0" linkListNextIDRef="0" textWidth="0" textHeight="0" hasTextRef="0" hasNumRef="0">' +
      `${paragraphs.join('')}</hp:subList>` +
      `<hp:textMargin left="${TEXT_BOX_MARGIN}" right="${TEXT_BOX_MARGIN}" top="${TEXT_BOX_MARGIN}" bottom="${TEXT_BOX_MARGIN}"/></hp:drawText>` +
      `<hc:pt0 x="0" y="0"/><hc:pt1 x="${width}" y="0"/><hc:pt2 x="${width}" y="${height}"/><hc:pt3 x="0" y="${height}"/>` +
      `<hp:sz width="${width}" widthRelTo="ABSOLUTE" height="${height}" heightRelTo="ABSOLUTE" protect="0"/>` +
      '<hp:pos treatAsChar="0" affectLSpacing="0" flowWithText="1" allowOverlap="0" holdAnchorAndSO="0" vertRelTo="PARA" horzRelTo="COLUMN" vertAlign="TOP" horzAlign="LEFT" vertOffset="0" horzOffset="0"/>' +
      `<hp:outMargin left="${TABLE_OUT_MARGIN}" right="${TABLE_OUT_MARGIN}" top="${TABLE_OUT_MARGIN}" bottom="${TABLE_OUT_MARGIN}"/></hp:rect>`
    );
  }

  private table(node: TableNode, width: number, context: Context): string {
    // The caption first: above the table, and before the cells in the preview text.
    const layout = layoutTable(node);
    const widths = columnWidths(layout.cells, layout.colCount, width);
    const cellWidth = (placed: PlacedCell) => sum(widths.slice(placed.col, placed.col + placed.colSpan));
    const heights = rowHeights(layout.cells, layout.rowCount, cellWidth);
    // 한글 repeats title cells at the top of each page, so only the leading all-header rows are
    // marked as such; a header cell further down (a row label) is shaded and bold only.
    const firstDataRow = node.content.findIndex((row) =>
      row.content.some((cell) => cell.type !== 'tableHeader'),
    );
    const headerRows = firstDataRow < 0 ? node.content.length : firstDataRow;
    const caption = this.caption(node, 'TOP', sum(widths), context);
    const rows: string[] = [];
    for (let row = 0; row < layout.rowCount; row++) {
      const cells = layout.cells.filter((placed) => placed.row === row);
      rows.push(
        `<hp:tr>${cells.map((placed) => this.cell(placed, cellWidth(placed), heights, placed.row < headerRows)).join('')}</hp:tr>`,
      );
      this.addPreview(cells.map((placed) => `<${cellText(placed.cell)}>`).join(''));
    }
    const id = this.objectId++;
    const z = this.zOrder++;
    const totalWidth = sum(widths);
    return (
      `<hp:tbl id="${id}" zOrder="${z}" numberingType="TABLE" textWrap="TOP_AND_BOTTOM" textFlow="BOTH_SIDES" lock="0" dropcapstyle="None" pageBreak="CELL" repeatHeader="1" rowCnt="${layout.rowCount}" colCnt="${layout.colCount}" cellSpacing="0" borderFillIDRef="3" noAdjust="0">` +
      `<hp:sz width="${totalWidth}" widthRelTo="ABSOLUTE" height="${sum(heights)}" heightRelTo="ABSOLUTE" protect="0"/>` +
      '<hp:pos treatAsChar="0" affectLSpacing="0" flowWithText="1" allowOverlap="0" holdAnchorAndSO="0" vertRelTo="PARA" horzRelTo="COLUMN" vertAlign="TOP" horzAlign="LEFT" vertOffset="0" horzOffset="0"/>' +
      `<hp:outMargin left="${TABLE_OUT_MARGIN}" right="${TABLE_OUT_MARGIN}" top="${TABLE_OUT_MARGIN}" bottom="${TABLE_OUT_MARGIN}"/>${caption}` +
      `<hp:inMargin left="${CELL_MARGIN.left}" right="${CELL_MARGIN.right}" top="${CELL_MARGIN.top}" bottom="${CELL_MARGIN.bottom}"/>` +
      `${rows.join('')}</hp:tbl>`
    );
  }

  private cell(placed: PlacedCell, width: number, heights: number[], titleRow: boolean): string {
    const isHeader = placed.cell.type === 'tableHeader';
    const fill = placed.cell.attrs?.backgroundColor ?? (isHeader ? HEADER_FILL : undefined);
    // Cells that look alike share one borderFill entry of the header (3 is the plain solid grid).
    const line = borderLine(placed.cell.attrs?.border);
    const borderFill = fill || line ? this.header.borderFill({ borders: 'all', fill, line }) : 3;
    const context: Context = {
      width: width - CELL_MARGIN.left - CELL_MARGIN.right,
      inCell: true,
      headerCell: isHeader,
      left: 0,
      topLevel: false,
    };
    const paragraphs = this.blocks(placed.cell.content, context);
    if (paragraphs.length === 0) {
      paragraphs.push(this.textParagraph(undefined, undefined, context));
    }
    // Merged cells as 한글 writes them: the anchor carries the span and the summed size;
    // the cells it covers are simply not written.
    const height = sum(heights.slice(placed.row, placed.row + placed.rowSpan));
    return (
      `<hp:tc name="" header="${isHeader && titleRow ? 1 : 0}" hasMargin="0" protect="0" editable="0" dirty="0" borderFillIDRef="${borderFill}">` +
      '<hp:subList id="" textDirection="HORIZONTAL" lineWrap="BREAK" vertAlign="CENTER" linkListIDRef="0" linkListNextIDRef="0" textWidth="0" textHeight="0" hasTextRef="0" hasNumRef="0">' +
      `${paragraphs.join('')}</hp:subList>` +
      `<hp:cellAddr colAddr="${placed.col}" rowAddr="${placed.row}"/><hp:cellSpan colSpan="${placed.colSpan}" rowSpan="${placed.rowSpan}"/>` +
      `<hp:cellSz width="${width}" height="${height}"/>` +
      `<hp:cellMargin left="${CELL_MARGIN.left}" right="${CELL_MARGIN.right}" top="${CELL_MARGIN.top}" bottom="${CELL_MARGIN.bottom}"/></hp:tc>`
    );
  }
}

/** A heading's space before and after (paragraph unit) when it sets none of its own. */
export function headingSpacing(level: number, inCell: boolean): { prev: number; next: number } {
  return inCell ? { prev: 0, next: 0 } : { prev: paraPt(level <= 2 ? 10 : 6), next: paraPt(4) };
}

function markedStyle(node: TextNode, base: CharStyle): CharStyle {
  const style: CharStyle = { ...base };
  const font = textFont(node);
  if (font.fontFamily) style.font = fontId(font.fontFamily);
  // charPr height is in hundredths of a point.
  if (font.fontSize) style.height = Math.round(font.fontSize * 100);
  if (hasMark(node, 'bold')) style.bold = true;
  if (hasMark(node, 'italic')) style.italic = true;
  if (hasMark(node, 'underline')) style.underline = true;
  if (hasMark(node, 'strike')) style.strike = true;
  const color = textColor(node);
  if (color) style.color = color.toUpperCase();
  return style;
}

/** Text inside <hp:t>: tabs and line breaks are elements there, not characters. */
function textXml(value: string): string {
  return escapeXml(value.replace(/\r/g, ''))
    .replace(/\t/g, '<hp:tab width="4000" leader="0" type="1"/>')
    .replace(/\n/g, '<hp:lineBreak/>');
}

function secPrRun(
  landscape: boolean,
  margins: PageMargins,
  columns: number,
  gap: number,
  memoShape: number,
): string {
  return (
    `<hp:run charPrIDRef="0"><hp:secPr id="" textDirection="HORIZONTAL" spaceColumns="1134" tabStop="8000" outlineShapeIDRef="1" memoShapeIDRef="${memoShape}" textVerticalWidthHead="0" masterPageCnt="0">` +
    '<hp:grid lineGrid="0" charGrid="0" wonggojiFormat="0"/><hp:startNum pageStartsOn="BOTH" page="0" pic="0" tbl="0" equation="0"/>' +
    '<hp:visibility hideFirstHeader="0" hideFirstFooter="0" hideFirstMasterPage="0" border="SHOW_ALL" fill="SHOW_ALL" hideFirstPageNum="0" hideFirstEmptyLine="0" showLineNumber="0"/>' +
    '<hp:lineNumberShape restartType="0" countBy="0" distance="0" startNumber="0"/>' +
    // 한글 keeps the paper's portrait size and turns the page with landscape="NARROWLY".
    `<hp:pagePr landscape="${landscape ? 'NARROWLY' : 'WIDELY'}" width="${PAGE.width}" height="${PAGE.height}" gutterType="LEFT_ONLY">` +
    `<hp:margin header="${margins.header}" footer="${margins.footer}" gutter="0" left="${margins.left}" right="${margins.right}" top="${margins.top}" bottom="${margins.bottom}"/></hp:pagePr>` +
    '<hp:footNotePr><hp:autoNumFormat type="DIGIT" userChar="" prefixChar="" suffixChar=")" supscript="0"/><hp:noteLine length="-1" type="SOLID" width="0.12 mm" color="#000000"/><hp:noteSpacing betweenNotes="283" belowLine="567" aboveLine="850"/><hp:numbering type="CONTINUOUS" newNum="1"/><hp:placement place="EACH_COLUMN" beneathText="0"/></hp:footNotePr>' +
    '<hp:endNotePr><hp:autoNumFormat type="DIGIT" userChar="" prefixChar="" suffixChar=")" supscript="0"/><hp:noteLine length="14692344" type="SOLID" width="0.12 mm" color="#000000"/><hp:noteSpacing betweenNotes="0" belowLine="567" aboveLine="850"/><hp:numbering type="CONTINUOUS" newNum="1"/><hp:placement place="END_OF_DOCUMENT" beneathText="0"/></hp:endNotePr>' +
    ['BOTH', 'EVEN', 'ODD']
      .map(
        (type) =>
          `<hp:pageBorderFill type="${type}" borderFillIDRef="1" textBorder="PAPER" headerInside="0" footerInside="0" fillArea="PAPER"><hp:offset left="1417" right="1417" top="1417" bottom="1417"/></hp:pageBorderFill>`,
      )
      .join('') +
    '</hp:secPr>' +
    `<hp:ctrl><hp:colPr id="" type="NEWSPAPER" layout="LEFT" colCount="${columns}" sameSz="1" sameGap="${columns > 1 ? gap : 0}"/></hp:ctrl></hp:run>`
  );
}

function pictureSize(node: ImageNode, info: ImageInfo, maxWidth: number): { width: number; height: number } {
  let width = (node.attrs.width ?? info.width) * HWPUNIT_PER_PX;
  let height = node.attrs.height ? node.attrs.height * HWPUNIT_PER_PX : (width * info.height) / info.width;
  if (!node.attrs.height && node.attrs.width === undefined) height = info.height * HWPUNIT_PER_PX;
  if (width > maxWidth) {
    height = (height * maxWidth) / width;
    width = maxWidth;
  }
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

const LINE_TYPES = {
  solid: 'SOLID',
  dashed: 'DASH',
  dotted: 'DOT',
  double: 'DOUBLE_SLIM',
  none: 'NONE',
} as const;

/** A cell border as a borderFill line, or undefined for the default thin solid black line. */
function borderLine(border: CellBorder | null | undefined): BorderLine | undefined {
  if (!border) return undefined;
  const type = LINE_TYPES[border.style ?? 'solid'];
  // A border's width becomes the nearest of 한글's line widths.
  const width = BORDER_WIDTHS_MM[borderWidthIndex(border.width ?? 0.12)] ?? 0.12;
  const color = (border.color ?? '#000000').toUpperCase();
  if (type === 'SOLID' && width === 0.12 && color === '#000000') return undefined;
  return { type, width: `${width === 1 || width >= 2 ? width.toFixed(1) : width} mm`, color };
}

function sum(values: number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

const LINE_HEIGHT_IN_CELL = 1300;

/**
 * Row heights estimated from the text, so viewers that do not lay out again still show every
 * line; 한글 grows a row that turns out too small, never shrinks one.
 */
function rowHeights(
  cells: PlacedCell[],
  rowCount: number,
  cellWidth: (placed: PlacedCell) => number,
): number[] {
  const heights = new Array<number>(rowCount).fill(
    CELL_MARGIN.top + CELL_MARGIN.bottom + LINE_HEIGHT_IN_CELL,
  );
  const needed = (placed: PlacedCell) =>
    CELL_MARGIN.top +
    CELL_MARGIN.bottom +
    estimateBlocksHeight(placed.cell.content, cellWidth(placed) - CELL_MARGIN.left - CELL_MARGIN.right);
  for (const placed of cells) {
    if (placed.rowSpan === 1) heights[placed.row] = Math.max(heights[placed.row] ?? 0, needed(placed));
  }
  for (const placed of cells) {
    if (placed.rowSpan === 1) continue;
    const spanned = sum(heights.slice(placed.row, placed.row + placed.rowSpan));
    const deficit = needed(placed) - spanned;
    const last = placed.row + placed.rowSpan - 1;
    if (deficit > 0) heights[last] = (heights[last] ?? 0) + deficit;
  }
  return heights;
}

function estimateBlocksHeight(nodes: BlockNode[], width: number): number {
  let height = 0;
  for (const node of nodes) {
    if (node.type === 'paragraph' || node.type === 'heading') {
      height += estimateLines(inlineText(node.content), width) * LINE_HEIGHT_IN_CELL;
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      for (const item of node.content) height += estimateBlocksHeight(item.content, width - paraPt(10) / 2);
    } else if (node.type === 'table') {
      height += node.content.length * (LINE_HEIGHT_IN_CELL + 282) + 2 * TABLE_OUT_MARGIN;
    } else if (node.type === 'image') {
      height += (node.attrs.height ?? 100) * HWPUNIT_PER_PX;
    } else {
      height += LINE_HEIGHT_IN_CELL;
    }
  }
  return Math.max(height, LINE_HEIGHT_IN_CELL);
}

function estimateLines(value: string, width: number): number {
  let lines = 0;
  for (const line of value.split('\n')) {
    let advance = 0;
    for (const char of line)
      advance += (char.codePointAt(0) ?? 0) >= 0x1100 ? BODY_HEIGHT : BODY_HEIGHT * 0.55;
    lines += Math.max(1, Math.ceil(advance / Math.max(width, 1000)));
  }
  return lines;
}

function cellText(cell: TableCellNode | TableHeaderNode): string {
  const parts: string[] = [];
  const visit = (nodes: BlockNode[]) => {
    for (const node of nodes) {
      if (node.type === 'paragraph' || node.type === 'heading') parts.push(inlineText(node.content));
      else if (node.type === 'bulletList' || node.type === 'orderedList') {
        for (const item of node.content) visit(item.content);
      }
    }
  };
  visit(cell.content);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
