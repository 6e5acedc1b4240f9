/**
 * Typography and page setup the editor, the viewer and every writer share: the font faces
 * Korean schools use, the size and spacing ranges the editor offers, and the page margins.
 * Pure data and small helpers with no imports, so the web app can load it without the writers.
 */

/** The faces the editor offers, by the name 한글 and Word know them by. */
export const FONT_FACES = [
  '함초롬바탕',
  '함초롬돋움',
  '맑은 고딕',
  '바탕',
  '돋움',
  '굴림',
  '나눔고딕',
  '나눔명조',
] as const;
export type FontFace = (typeof FONT_FACES)[number];

/** Serif (명조) faces; the rest are gothic. Writers that know only a family use this. */
export const SERIF_FONT_FACES: ReadonlySet<FontFace> = new Set<FontFace>(['함초롬바탕', '바탕', '나눔명조']);

/**
 * The CSS font stack for each face. Nothing is fetched: the face is used when the computer has
 * it (Windows has 맑은 고딕, 바탕, 돋움, 굴림; 한글 installs 함초롬), else a face of the same kind.
 */
export const FONT_FACE_CSS: Record<FontFace, string> = {
  함초롬바탕: "'함초롬바탕', 'HCR Batang', '바탕', Batang, 'AppleMyungjo', 'Noto Serif KR', serif",
  함초롬돋움: "'함초롬돋움', 'HCR Dotum', '돋움', Dotum, 'Apple SD Gothic Neo', 'Noto Sans KR', sans-serif",
  '맑은 고딕': "'맑은 고딕', 'Malgun Gothic', 'Apple SD Gothic Neo', 'Noto Sans KR', sans-serif",
  바탕: "'바탕', Batang, 'AppleMyungjo', 'Noto Serif KR', serif",
  돋움: "'돋움', Dotum, 'Apple SD Gothic Neo', 'Noto Sans KR', sans-serif",
  굴림: "'굴림', Gulim, 'Apple SD Gothic Neo', 'Noto Sans KR', sans-serif",
  나눔고딕: "'나눔고딕', NanumGothic, 'Nanum Gothic', 'Noto Sans KR', sans-serif",
  나눔명조: "'나눔명조', NanumMyeongjo, 'Nanum Myeongjo', 'Noto Serif KR', serif",
};

/** Other names the same faces go by in files (English names, 한글's HCR names). */
const FONT_FACE_ALIASES: Record<string, FontFace> = {
  'hcr batang': '함초롬바탕',
  'hcr dotum': '함초롬돋움',
  'malgun gothic': '맑은 고딕',
  batang: '바탕',
  batangche: '바탕',
  바탕체: '바탕',
  dotum: '돋움',
  dotumche: '돋움',
  돋움체: '돋움',
  gulim: '굴림',
  gulimche: '굴림',
  굴림체: '굴림',
  nanumgothic: '나눔고딕',
  'nanum gothic': '나눔고딕',
  nanummyeongjo: '나눔명조',
  'nanum myeongjo': '나눔명조',
};

/** The model's face for a font name found in a file, or undefined for a face the editor does not offer. */
export function toFontFace(name: string | null | undefined): FontFace | undefined {
  if (!name) return undefined;
  const trimmed = name.trim().replace(/^['"]|['"]$/g, '');
  if ((FONT_FACES as readonly string[]).includes(trimmed)) return trimmed as FontFace;
  return FONT_FACE_ALIASES[trimmed.toLowerCase()];
}

/** Font sizes in points: the editor's list, and the range the model accepts. */
export const FONT_SIZES_PT = [8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 28, 32, 36, 48, 72] as const;
export const FONT_SIZE_RANGE_PT = { min: 1, max: 200 } as const;
/** 한글's body size; text without a size is written at this size. */
export const DEFAULT_FONT_SIZE_PT = 10;

/** Line spacing in percent of the font size, as 한글 counts it (160 % is its default). */
export const LINE_HEIGHTS_PERCENT = [100, 130, 150, 160, 180, 200, 250, 300] as const;
export const LINE_HEIGHT_RANGE_PERCENT = { min: 50, max: 500 } as const;
export const DEFAULT_LINE_HEIGHT_PERCENT = 160;

/** Space before and after a paragraph, in points. */
export const PARAGRAPH_SPACINGS_PT = [0, 2, 4, 6, 8, 10, 12, 16, 20, 24] as const;
export const PARAGRAPH_SPACING_RANGE_PT = { min: 0, max: 200 } as const;

/** Page margins in millimetres: the page's edges and the running header/footer distance. */
export type PageMargins = {
  top: number;
  bottom: number;
  left: number;
  right: number;
  header: number;
  footer: number;
};
export const PAGE_MARGIN_SIDES = ['top', 'bottom', 'left', 'right', 'header', 'footer'] as const;
/** 한글's margins for a new A4 document. */
export const DEFAULT_PAGE_MARGINS_MM: PageMargins = {
  top: 20,
  bottom: 15,
  left: 30,
  right: 30,
  header: 15,
  footer: 15,
};
export const PAGE_MARGIN_RANGE_MM = { min: 0, max: 100 } as const;

/** A document's margins, each side falling back to 한글's default. */
export function resolvePageMargins(margins: Partial<PageMargins> | null | undefined): PageMargins {
  const out = { ...DEFAULT_PAGE_MARGINS_MM };
  for (const side of PAGE_MARGIN_SIDES) {
    const value = margins?.[side];
    if (typeof value === 'number' && Number.isFinite(value)) out[side] = value;
  }
  return out;
}

export const MM_PER_INCH = 25.4;
export const POINTS_PER_INCH = 72;
export function mmToPoints(mm: number): number {
  return (mm / MM_PER_INCH) * POINTS_PER_INCH;
}
