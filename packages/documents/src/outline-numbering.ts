/**
 * 한글's outline numbering (개요 번호): each level has a format such as `^1.` or `^1.^2.` where
 * `^N` is the current number of level N drawn in that level's number shape. HWP and HWPX store
 * the formats, never the numbers, so both readers count with this.
 */

export type OutlineNumbering = { formats: string[]; starts: number[]; numberFormats: number[] };

/** HWPX `numFormat` names in HWP's number-shape order. */
export const NUMBER_FORMATS = [
  'DIGIT',
  'CIRCLED_DIGIT',
  'ROMAN_CAPITAL',
  'ROMAN_SMALL',
  'LATIN_CAPITAL',
  'LATIN_SMALL',
  'CIRCLED_LATIN_CAPITAL',
  'CIRCLED_LATIN_SMALL',
  'HANGUL_SYLLABLE',
  'CIRCLED_HANGUL_SYLLABLE',
  'HANGUL_JAMO',
  'CIRCLED_HANGUL_JAMO',
  'HANGUL_PHONETIC',
  'IDEOGRAPH',
  'CIRCLED_IDEOGRAPH',
];

const HANGUL = '가나다라마바사아자차카타파하';
const JAMO = 'ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ';
const PHONETIC = ['일', '이', '삼', '사', '오', '육', '칠', '팔', '구', '십'];
const IDEOGRAPH = '一二三四五六七八九十';

function roman(value: number): string {
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  let rest = value;
  for (const [amount, letters] of table) {
    while (rest >= amount) {
      out += letters;
      rest -= amount;
    }
  }
  return out;
}

function cycle(alphabet: string, value: number): string {
  return alphabet[(value - 1) % alphabet.length] ?? String(value);
}

function circled(value: number, base: number, count: number): string | undefined {
  return value >= 1 && value <= count ? String.fromCodePoint(base + value - 1) : undefined;
}

/** A number drawn in one of 한글's number shapes. */
export function formatNumber(value: number, shape: number): string {
  switch (shape) {
    case 1:
      return circled(value, 0x2460, 20) ?? String(value);
    case 2:
      return roman(value);
    case 3:
      return roman(value).toLowerCase();
    case 4:
      return cycle('ABCDEFGHIJKLMNOPQRSTUVWXYZ', value);
    case 5:
      return cycle('abcdefghijklmnopqrstuvwxyz', value);
    case 6:
      return circled(value, 0x24b6, 26) ?? String(value);
    case 7:
      return circled(value, 0x24d0, 26) ?? String(value);
    case 8:
      return cycle(HANGUL, value);
    case 9:
      return circled(value, 0x326e, 14) ?? cycle(HANGUL, value);
    case 10:
      return cycle(JAMO, value);
    case 11:
      return circled(value, 0x3260, 14) ?? cycle(JAMO, value);
    case 12:
      return PHONETIC[value - 1] ?? String(value);
    case 13:
      return IDEOGRAPH[value - 1] ?? String(value);
    case 14:
      return circled(value, 0x3280, 10) ?? String(value);
    default:
      return String(value);
  }
}

/**
 * Counts one outline paragraph at `level` (0-based) and returns its number as 한글 draws it;
 * `counters` carries the count between calls. Empty when the numbering draws nothing there.
 */
export function outlineNumber(
  numbering: OutlineNumbering | undefined,
  counters: number[],
  level: number,
): string {
  // Levels 8 to 10 of the newer ten-level outline are not numbered here.
  if (level < 0 || level > 6) return '';
  const at = level;
  const formats = numbering?.formats ?? [];
  for (let deeper = at + 1; deeper < 7; deeper++) counters[deeper] = 0;
  counters[at] = (counters[at] || (numbering?.starts[at] ?? 1) - 1) + 1;
  const format = formats[at] ?? '';
  return format
    .replace(/\^(\d)/g, (_, digit: string) => {
      const index = Number(digit) - 1;
      const value = counters[index] || (numbering?.starts[index] ?? 1);
      return formatNumber(value, numbering?.numberFormats[index] ?? 0);
    })
    .trim();
}
