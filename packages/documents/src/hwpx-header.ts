import { FONT_FACES, type FontFace, SERIF_FONT_FACES } from './document-style.ts';
import { escapeXml, HWPML_NAMESPACES, XML_DECLARATION } from './hwpx-xml.ts';

/**
 * The reference tables of Contents/header.xml. Section XML points at them by id, so the writer
 * registers every character and paragraph look it needs and this class hands out stable ids.
 * The first entries repeat the standard set 한글 puts in every new document (바탕글, 본문, 개요 1–7,
 * 쪽 번호, 머리말, 각주, 미주, 메모) so our files show the usual style list.
 */

const LANGS = ['HANGUL', 'LATIN', 'HANJA', 'JAPANESE', 'OTHER', 'SYMBOL', 'USER'] as const;
/**
 * 한글's default faces first (body and headings use them, and files written before the editor
 * offered faces point at these ids), then the rest of the faces the editor offers.
 */
const FONTS: readonly FontFace[] = [
  '함초롬돋움',
  '함초롬바탕',
  '맑은 고딕',
  '나눔고딕',
  ...FONT_FACES.filter((face) => !['함초롬돋움', '함초롬바탕', '맑은 고딕', '나눔고딕'].includes(face)),
];
export const FONT_GOTHIC = 0;
export const FONT_SERIF = 1;

/** The fontRef id of a face in the header's font list. */
export function fontId(face: FontFace): number {
  return Math.max(0, FONTS.indexOf(face));
}

export type CharStyle = {
  height: number;
  font: number;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: string;
  spacing?: number;
};

export type HwpxAlign = 'JUSTIFY' | 'LEFT' | 'CENTER' | 'RIGHT';

export type ParaStyle = {
  align: HwpxAlign;
  lineSpacing: number;
  /** Margins in the header's paragraph unit (twice HWPUNIT, as 한글 stores them). */
  left?: number;
  indent?: number;
  prev?: number;
  next?: number;
  heading?: { type: 'OUTLINE' | 'BULLET' | 'NUMBER'; idRef: number; level: number };
  keepWithNext?: boolean;
  borderFill?: number;
  condense?: number;
};

/** Paragraph margins are stored at twice HWPUNIT: 한글 shows 2000 as 10 pt. */
export function paraPt(points: number): number {
  return Math.round(points * 200);
}

const seven = (value: number | string) => LANGS.map((lang) => `${lang.toLowerCase()}="${value}"`).join(' ');

// Standard character shapes: 0 바탕글, 1 쪽 번호, 2 머리말, 3 각주/미주, 4 메모.
const STANDARD_CHARS: CharStyle[] = [
  { height: 1000, font: FONT_SERIF },
  { height: 1000, font: FONT_GOTHIC },
  { height: 900, font: FONT_GOTHIC },
  { height: 900, font: FONT_SERIF },
  { height: 900, font: FONT_GOTHIC, spacing: -5 },
];

// Standard paragraph shapes: 0 바탕글, 1 본문, 2–8 개요 1–7, 9 머리말, 10 각주/미주, 11 메모.
const STANDARD_PARAS: ParaStyle[] = [
  { align: 'JUSTIFY', lineSpacing: 160 },
  { align: 'JUSTIFY', lineSpacing: 160, left: 3000 },
  ...[0, 1, 2, 3, 4, 5, 6].map(
    (level): ParaStyle => ({
      align: 'JUSTIFY',
      lineSpacing: 160,
      left: (level + 1) * 2000,
      heading: { type: 'OUTLINE', idRef: 0, level },
      condense: 20,
    }),
  ),
  { align: 'JUSTIFY', lineSpacing: 150 },
  { align: 'JUSTIFY', lineSpacing: 130, indent: -2620 },
  { align: 'LEFT', lineSpacing: 130 },
];

type StyleEntry = {
  type: 'PARA' | 'CHAR';
  name: string;
  engName: string;
  para: number;
  char: number;
  next?: number;
};

const STANDARD_STYLES: StyleEntry[] = [
  { type: 'PARA', name: '바탕글', engName: 'Normal', para: 0, char: 0 },
  { type: 'PARA', name: '본문', engName: 'Body', para: 1, char: 0 },
  ...[1, 2, 3, 4, 5, 6, 7].map(
    (n): StyleEntry => ({ type: 'PARA', name: `개요 ${n}`, engName: `Outline ${n}`, para: n + 1, char: 0 }),
  ),
  { type: 'CHAR', name: '쪽 번호', engName: 'Page Number', para: 0, char: 1 },
  { type: 'PARA', name: '머리말', engName: 'Header', para: 9, char: 2 },
  { type: 'PARA', name: '각주', engName: 'Footnote', para: 10, char: 3 },
  { type: 'PARA', name: '미주', engName: 'Endnote', para: 10, char: 3 },
  { type: 'PARA', name: '메모', engName: 'Memo', para: 11, char: 4 },
];

export const STYLE_NORMAL = 0;
export const STYLE_HEADER = 10;
export const STYLE_FOOTNOTE = 11;
export const STYLE_ENDNOTE = 12;
export const PARA_HEADER = 9;
export const PARA_NOTE = 10;
export const CHAR_HEADER = 2;
export const CHAR_NOTE = 3;
export const CHAR_MEMO = 4;
export const PARA_MEMO = 11;
export const STYLE_MEMO = 13;
/** The memo shape (hh:memoPr) every memo of ours uses: 한글's yellow-green memo box. */
export const MEMO_SHAPE = 1;

/** Bullet characters by nesting depth. */
const BULLET_CHARS = ['●', '○', '■', '□', '◆', '◇', '-'];

// 1. 가. 1) 가) (1) (가) ① — the numbering Korean official documents use, level by level.
const NUMBER_LEVELS: [string, string][] = [
  ['DIGIT', '^1.'],
  ['HANGUL_SYLLABLE', '^2.'],
  ['DIGIT', '^3)'],
  ['HANGUL_SYLLABLE', '^4)'],
  ['DIGIT', '(^5)'],
  ['HANGUL_SYLLABLE', '(^6)'],
  ['CIRCLED_DIGIT', '^7'],
];

/** A border line other than the default thin solid black: 한글's type, width ("0.4 mm") and colour. */
export type BorderLine = { type: string; width: string; color: string };
type BorderFill = { borders: 'none' | 'all' | 'bottom'; fill?: string; line?: BorderLine };

export class HwpxHeader {
  private readonly chars: CharStyle[] = [...STANDARD_CHARS];
  private readonly charIds = new Map<string, number>();
  private readonly paras: ParaStyle[] = [...STANDARD_PARAS];
  private readonly paraIds = new Map<string, number>();
  private readonly styles: StyleEntry[] = [...STANDARD_STYLES];
  private readonly borderFills: BorderFill[] = [
    { borders: 'none' },
    { borders: 'none', fill: 'none' },
    { borders: 'all' },
  ];
  private readonly borderFillIds = new Map<string, number>();
  private readonly headingStyles = new Map<number, number>();
  private numberingStarts: number[] = [];
  private bulletCount = 0;

  constructor() {
    for (const [index, style] of this.chars.entries()) this.charIds.set(charKey(style), index);
    for (const [index, style] of this.paras.entries()) this.paraIds.set(paraKey(style), index);
    for (const [index, fill] of this.borderFills.entries())
      this.borderFillIds.set(borderKey(fill), index + 1);
  }

  charPr(style: CharStyle): number {
    const key = charKey(style);
    let id = this.charIds.get(key);
    if (id === undefined) {
      id = this.chars.length;
      this.chars.push(style);
      this.charIds.set(key, id);
    }
    return id;
  }

  paraPr(style: ParaStyle): number {
    const key = paraKey(style);
    let id = this.paraIds.get(key);
    if (id === undefined) {
      id = this.paras.length;
      this.paras.push(style);
      this.paraIds.set(key, id);
    }
    return id;
  }

  /** Border fill ids start at 1, as in 한글. 1: none, 2: paragraph default, 3: solid cell lines. */
  borderFill(fill: BorderFill): number {
    const key = borderKey(fill);
    let id = this.borderFillIds.get(key);
    if (id === undefined) {
      this.borderFills.push(fill);
      id = this.borderFills.length;
      this.borderFillIds.set(key, id);
    }
    return id;
  }

  /** A paragraph style "제목 N" for heading level N, registered on first use. */
  headingStyle(level: number, para: number, char: number): number {
    let id = this.headingStyles.get(level);
    if (id === undefined) {
      id = this.styles.length;
      // Enter after a heading continues in 바탕글, as in a word processor's heading styles.
      this.styles.push({
        type: 'PARA',
        name: `제목 ${level}`,
        engName: `Heading ${level}`,
        para,
        char,
        next: 0,
      });
      this.headingStyles.set(level, id);
    }
    return id;
  }

  /** Bullet definitions by depth; returns the bullet id for a nesting depth. */
  bullet(depth: number): number {
    const id = Math.min(depth, BULLET_CHARS.length - 1) + 1;
    this.bulletCount = Math.max(this.bulletCount, id);
    return id;
  }

  /** A fresh numbering, so each ordered list starts again from its own first number. */
  numbering(start: number): number {
    this.numberingStarts.push(start);
    // Id 1 is the outline numbering every 한글 document carries.
    return this.numberingStarts.length + 1;
  }

  /** header.xml; `sections` is the number of section files, `memos` whether any memo is written. */
  toXml(sections = 1, memos = false): string {
    return (
      `${XML_DECLARATION}<hh:head ${HWPML_NAMESPACES} version="1.2" secCnt="${sections}">` +
      '<hh:beginNum page="1" footnote="1" endnote="1" pic="1" tbl="1" equation="1"/><hh:refList>' +
      this.fontfacesXml() +
      `<hh:borderFills itemCnt="${this.borderFills.length}">${this.borderFills.map(borderFillXml).join('')}</hh:borderFills>` +
      `<hh:charProperties itemCnt="${this.chars.length}">${this.chars.map(charPrXml).join('')}</hh:charProperties>` +
      '<hh:tabProperties itemCnt="3"><hh:tabPr id="0" autoTabLeft="0" autoTabRight="0"/>' +
      '<hh:tabPr id="1" autoTabLeft="1" autoTabRight="0"/><hh:tabPr id="2" autoTabLeft="0" autoTabRight="1"/></hh:tabProperties>' +
      this.numberingsXml() +
      this.bulletsXml() +
      `<hh:paraProperties itemCnt="${this.paras.length}">${this.paras.map(paraPrXml).join('')}</hh:paraProperties>` +
      `<hh:styles itemCnt="${this.styles.length}">${this.styles.map(styleXml).join('')}</hh:styles>` +
      (memos
        ? `<hh:memoProperties itemCnt="1"><hh:memoPr id="${MEMO_SHAPE}" width="15591" lineWidth="1" lineType="SOLID" lineColor="#000000" fillColor="#CCFF99" activeColor="#FFFF99" memoType="NOMAL"/></hh:memoProperties>`
        : '') +
      '</hh:refList><hh:compatibleDocument targetProgram="HWP201X"><hh:layoutCompatibility/></hh:compatibleDocument>' +
      '<hh:docOption><hh:linkinfo path="" pageInherit="0" footnoteInherit="0"/></hh:docOption>' +
      // sic: 한글 spells the element "trackchageConfig".
      '<hh:trackchageConfig flags="56"/></hh:head>'
    );
  }

  private fontfacesXml(): string {
    const fonts = FONTS.map(
      (face, id) =>
        `<hh:font id="${id}" face="${face}" type="TTF" isEmbedded="0"><hh:typeInfo familyType="${SERIF_FONT_FACES.has(face) ? 'FCAT_OLDSTYLE' : 'FCAT_GOTHIC'}" weight="${SERIF_FONT_FACES.has(face) ? 6 : 8}" proportion="4" contrast="0" strokeVariation="1" armStyle="1" letterform="1" midline="1" xHeight="1"/></hh:font>`,
    ).join('');
    const faces = LANGS.map(
      (lang) => `<hh:fontface lang="${lang}" fontCnt="${FONTS.length}">${fonts}</hh:fontface>`,
    );
    return `<hh:fontfaces itemCnt="${LANGS.length}">${faces.join('')}</hh:fontfaces>`;
  }

  private numberingsXml(): string {
    const outline = numberingXml(1, 0, [
      ['DIGIT', '^1.'],
      ['HANGUL_SYLLABLE', '^2.'],
      ['DIGIT', '^3)'],
      ['HANGUL_SYLLABLE', '^4)'],
      ['DIGIT', '(^5)'],
      ['HANGUL_SYLLABLE', '(^6)'],
      ['CIRCLED_DIGIT', '^7'],
    ]);
    const lists = this.numberingStarts.map((start, index) => numberingXml(index + 2, start, NUMBER_LEVELS));
    return `<hh:numberings itemCnt="${lists.length + 1}">${outline}${lists.join('')}</hh:numberings>`;
  }

  private bulletsXml(): string {
    if (this.bulletCount === 0) return '';
    const items = BULLET_CHARS.slice(0, this.bulletCount).map(
      (char, index) =>
        `<hh:bullet id="${index + 1}" char="${escapeXml(char)}" useImage="0"><hh:paraHead level="0" align="LEFT" useInstWidth="0" autoIndent="1" widthAdjust="0" textOffsetType="PERCENT" textOffset="50" numFormat="DIGIT" charPrIDRef="4294967295" checkable="0"/></hh:bullet>`,
    );
    return `<hh:bullets itemCnt="${items.length}">${items.join('')}</hh:bullets>`;
  }
}

function charKey(style: CharStyle): string {
  return [
    style.height,
    style.font,
    style.bold ? 1 : 0,
    style.italic ? 1 : 0,
    style.underline ? 1 : 0,
    style.strike ? 1 : 0,
    style.color ?? '#000000',
    style.spacing ?? 0,
  ].join('|');
}

function paraKey(style: ParaStyle): string {
  return [
    style.align,
    style.lineSpacing,
    style.left ?? 0,
    style.indent ?? 0,
    style.prev ?? 0,
    style.next ?? 0,
    style.heading ? `${style.heading.type}:${style.heading.idRef}:${style.heading.level}` : '',
    style.keepWithNext ? 1 : 0,
    style.borderFill ?? 2,
    style.condense ?? 0,
  ].join('|');
}

function borderKey(fill: BorderFill): string {
  const line = fill.line ? `${fill.line.type}|${fill.line.width}|${fill.line.color}` : '';
  return `${fill.borders}|${fill.fill ?? ''}|${line}`;
}

function borderFillXml(fill: BorderFill, index: number): string {
  const look = fill.line ?? { type: 'SOLID', width: '0.12 mm', color: '#000000' };
  const line = (name: string, drawn: boolean) =>
    drawn
      ? `<hh:${name} type="${look.type}" width="${look.width}" color="${look.color}"/>`
      : `<hh:${name} type="NONE" width="0.1 mm" color="#000000"/>`;
  const all = fill.borders === 'all';
  const brush =
    fill.fill === undefined
      ? ''
      : `<hc:fillBrush><hc:winBrush faceColor="${fill.fill}" hatchColor="#999999" alpha="0"/></hc:fillBrush>`;
  return (
    `<hh:borderFill id="${index + 1}" threeD="0" shadow="0" centerLine="NONE" breakCellSeparateLine="0">` +
    '<hh:slash type="NONE" Crooked="0" isCounter="0"/><hh:backSlash type="NONE" Crooked="0" isCounter="0"/>' +
    line('leftBorder', all) +
    line('rightBorder', all) +
    line('topBorder', all) +
    line('bottomBorder', all || fill.borders === 'bottom') +
    '<hh:diagonal type="SOLID" width="0.1 mm" color="#000000"/>' +
    brush +
    '</hh:borderFill>'
  );
}

function charPrXml(style: CharStyle, id: number): string {
  // 한글 2018 leaves out underline and strikeout when they are off; one renderer draws a
  // strikeout for <hh:strikeout shape="NONE">, so we do the same.
  return (
    `<hh:charPr id="${id}" height="${style.height}" textColor="${style.color ?? '#000000'}" shadeColor="none" useFontSpace="0" useKerning="0" symMark="NONE" borderFillIDRef="2">` +
    `<hh:fontRef ${seven(style.font)}/><hh:ratio ${seven(100)}/><hh:spacing ${seven(style.spacing ?? 0)}/>` +
    `<hh:relSz ${seven(100)}/><hh:offset ${seven(0)}/>` +
    (style.italic ? '<hh:italic/>' : '') +
    (style.bold ? '<hh:bold/>' : '') +
    (style.underline ? '<hh:underline type="BOTTOM" shape="SOLID" color="#000000"/>' : '') +
    (style.strike ? '<hh:strikeout shape="SOLID" color="#000000"/>' : '') +
    '</hh:charPr>'
  );
}

function paraPrXml(style: ParaStyle, id: number): string {
  const heading = style.heading ?? { type: 'NONE', idRef: 0, level: 0 };
  const margin = (name: string, value = 0) => `<hc:${name} value="${value}" unit="HWPUNIT"/>`;
  return (
    `<hh:paraPr id="${id}" tabPrIDRef="0" condense="${style.condense ?? 0}" fontLineHeight="0" snapToGrid="1" suppressLineNumbers="0" checked="0">` +
    `<hh:align horizontal="${style.align}" vertical="BASELINE"/>` +
    `<hh:heading type="${heading.type}" idRef="${heading.idRef}" level="${heading.level}"/>` +
    `<hh:breakSetting breakLatinWord="KEEP_WORD" breakNonLatinWord="KEEP_WORD" widowOrphan="0" keepWithNext="${style.keepWithNext ? 1 : 0}" keepLines="0" pageBreakBefore="0" lineWrap="BREAK"/>` +
    '<hh:autoSpacing eAsianEng="0" eAsianNum="0"/>' +
    `<hh:margin>${margin('intent', style.indent)}${margin('left', style.left)}${margin('right')}${margin('prev', style.prev)}${margin('next', style.next)}</hh:margin>` +
    `<hh:lineSpacing type="PERCENT" value="${style.lineSpacing}" unit="HWPUNIT"/>` +
    `<hh:border borderFillIDRef="${style.borderFill ?? 2}" offsetLeft="0" offsetRight="0" offsetTop="0" offsetBottom="0" connect="0" ignoreMargin="0"/>` +
    '</hh:paraPr>'
  );
}

function numberingXml(id: number, start: number, levels: [string, string][]): string {
  const heads: string[] = [];
  for (let level = 1; level <= 10; level++) {
    const definition = levels[level - 1];
    const levelStart = level === 1 && start > 0 ? start : 1;
    heads.push(
      definition
        ? `<hh:paraHead start="${levelStart}" level="${level}" align="LEFT" useInstWidth="1" autoIndent="1" widthAdjust="0" textOffsetType="PERCENT" textOffset="50" numFormat="${definition[0]}" charPrIDRef="4294967295" checkable="${level === 7 ? 1 : 0}">${escapeXml(definition[1])}</hh:paraHead>`
        : `<hh:paraHead start="1" level="${level}" align="LEFT" useInstWidth="0" autoIndent="0" widthAdjust="0" textOffsetType="PERCENT" textOffset="0" numFormat="DIGIT" charPrIDRef="0" checkable="0"/>`,
    );
  }
  return `<hh:numbering id="${id}" start="${id === 1 ? 0 : 1}">${heads.join('')}</hh:numbering>`;
}

function styleXml(style: StyleEntry, id: number): string {
  return `<hh:style id="${id}" type="${style.type}" name="${escapeXml(style.name)}" engName="${escapeXml(style.engName)}" paraPrIDRef="${style.para}" charPrIDRef="${style.char}" nextStyleIDRef="${style.next ?? (style.type === 'CHAR' ? 0 : id)}" langID="1042" lockForm="0"/>`;
}
