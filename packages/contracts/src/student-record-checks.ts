import { BANNED_ITEM_RULES } from './student-record-banned-items.ts';

/**
 * The NEIS rules for student-record text as pure functions, shared by the browser (the meters and
 * checks shown while typing) and the server (checks before a draft is offered, bench).
 */

const graphemes = new Intl.Segmenter('ko', { granularity: 'grapheme' });
const utf8 = new TextEncoder();
const LINE_BREAK = /^(\r\n|\n|\r)$/;

/**
 * NEIS counts bytes as it stores them: UTF-8 of the composed text, so a Hangul syllable is 3 bytes
 * and an ASCII character 1, and a line break is CR LF, 2 bytes. Text is taken grapheme by grapheme
 * and each one composed (NFC) first, so Hangul pasted in decomposed jamo (macOS) or a letter with a
 * combining accent counts as what it shows, and CR LF is one line break, not two.
 */
export function countNeisBytes(text: string): number {
  const simple = countSimpleBytes(text);
  if (simple >= 0) return simple;
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (LINE_BREAK.test(segment)) bytes += 2;
    else if (segment.length === 1 && segment.charCodeAt(0) < 0x80) bytes += 1;
    else bytes += utf8.encode(segment.normalize('NFC')).length;
  }
  return bytes;
}

/**
 * The common case without grapheme segmentation: text of single-unit characters that combine with
 * nothing (ASCII, composed Hangul, CJK, punctuation). -1 when a combining mark, a jamo, a joiner,
 * a variation selector or a surrogate pair (emoji) asks for the full count.
 */
function countSimpleBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0d) {
      bytes += 2;
      if (text.charCodeAt(i + 1) === 0x0a) i++;
    } else if (code === 0x0a) bytes += 2;
    else if (code < 0x80) bytes += 1;
    else if (
      (code >= 0x0300 && code <= 0x036f) ||
      (code >= 0x1100 && code <= 0x11ff) ||
      (code >= 0x1ab0 && code <= 0x1aff) ||
      (code >= 0x1dc0 && code <= 0x1dff) ||
      (code >= 0x200b && code <= 0x200f) ||
      (code >= 0x20d0 && code <= 0x20ff) ||
      (code >= 0xa960 && code <= 0xa97f) ||
      (code >= 0xd7b0 && code <= 0xdfff) ||
      (code >= 0xfe00 && code <= 0xfe0f) ||
      (code >= 0xfe20 && code <= 0xfe2f) ||
      (code >= 0x3099 && code <= 0x309a)
    ) {
      return -1;
    } else bytes += code < 0x800 ? 2 : 3;
  }
  return bytes;
}

export interface TextSpan {
  /** UTF-16 offset in the text. */
  start: number;
  end: number;
  text: string;
}

export interface BannedItemFinding extends TextSpan {
  ruleId: string;
  label: string;
  reason: string;
}

/** Every place the text names an item that must not be recorded, in text order, overlaps merged per rule. */
export function findBannedItems(text: string): BannedItemFinding[] {
  const found: BannedItemFinding[] = [];
  for (const rule of BANNED_ITEM_RULES) {
    const spans: TextSpan[] = [];
    for (const pattern of rule.patterns) {
      pattern.lastIndex = 0;
      for (const match of text.matchAll(pattern)) {
        if (!match[0]) continue;
        const start = match.index ?? 0;
        spans.push({ start, end: start + match[0].length, text: match[0] });
      }
    }
    spans.sort((a, b) => a.start - b.start);
    let last: BannedItemFinding | undefined;
    for (const span of spans) {
      if (last && span.start < last.end) {
        if (span.end > last.end) {
          last.end = span.end;
          last.text = text.slice(last.start, last.end);
        }
        continue;
      }
      last = { ...span, ruleId: rule.id, label: rule.label, reason: rule.reason };
      found.push(last);
    }
  }
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}

export interface EndingFinding extends TextSpan {
  /** The sentence's last word. */
  ending: string;
  /** A noun-form replacement for the last word, when one is obvious. */
  suggestion: string | null;
  reason: string;
}

const ENDING_REASON = '학교생활기록부 문장은 "…함", "…임", "…음"처럼 명사형으로 끝냄.';

/** Predicate endings ("…다", "…요", "…니다", "…까") that 학교생활기록부 sentences avoid. */
// Only endings no noun a record would end on has (nouns like 영어, 과자 end in other syllables).
const PREDICATE_END = /(다|요|까|죠)$/;

/** The common verb endings and their noun forms, longest first. */
const NOUN_FORMS: [RegExp, string][] = [
  [/하였습니다$|했습니다$|합니다$|하였다$|했다$|한다$|하다$|해요$|했어요$/, '함'],
  [/되었습니다$|됐습니다$|됩니다$|되었다$|됐다$|된다$|되다$|돼요$/, '됨'],
  [/입니다$|이다$|이에요$|예요$/, '임'],
  [/있었습니다$|있습니다$|있었다$|있다$|있어요$/, '있음'],
  [/없었습니다$|없습니다$|없었다$|없다$|없어요$/, '없음'],
];

const SYLLABLE_BASE = 0xac00;
const FINAL_NONE = 0;
const FINAL_N = 4;
const FINAL_L = 8;
const FINAL_LM = 10;
const FINAL_M = 16;
const FINAL_B = 17;

function finalOf(syllable: string): number | null {
  const code = syllable.charCodeAt(0) - SYLLABLE_BASE;
  return code >= 0 && code < 11172 ? code % 28 : null;
}

function withFinal(syllable: string, final: number): string {
  const code = syllable.charCodeAt(0) - SYLLABLE_BASE;
  return String.fromCharCode(SYLLABLE_BASE + code - (code % 28) + final);
}

/** The stem's noun form (-(으)ㅁ): 크 → 큼, 만들 → 만듦, 좋 → 좋음. */
function nominalise(stem: string): string | null {
  const last = stem.at(-1);
  if (!last) return null;
  const final = finalOf(last);
  if (final === null) return null;
  const head = stem.slice(0, -1);
  if (final === FINAL_NONE) return head + withFinal(last, FINAL_M);
  if (final === FINAL_L) return head + withFinal(last, FINAL_LM);
  return `${stem}음`;
}

/**
 * A predicate word in its noun form, as 학교생활기록부 sentences end: 노력한다 → 노력함, 도와주었다 →
 * 도와주었음, 들어준다 → 들어줌, 읽는다 → 읽음, 크다 → 큼, 만든다 → 만듦. Null when the word is not a
 * predicate this knows.
 */
export function toNounForm(word: string): string | null {
  for (const [pattern, replacement] of NOUN_FORMS) {
    if (pattern.test(word)) return word.replace(pattern, replacement);
  }
  if (/[었았였]다$/.test(word)) return `${word.slice(0, -1)}음`;
  if (/습니다$/.test(word)) return nominalise(word.slice(0, -3));
  if (/니다$/.test(word)) {
    const stemEnd = word.at(-3);
    if (stemEnd && finalOf(stemEnd) === FINAL_B)
      return nominalise(word.slice(0, -3) + withFinal(stemEnd, FINAL_NONE));
    return null;
  }
  if (/는다$/.test(word)) return nominalise(word.slice(0, -2));
  if (!word.endsWith('다') || word.length < 2) return null;
  const before = word.at(-2) ?? '';
  if (finalOf(before) === FINAL_N) {
    // 만든다 → 만듦 (the common ㄹ-stem 만들다, 들다); other ㄴ다 forms drop the ㄴ: 간다 → 감.
    if (before === '든') return `${word.slice(0, -2)}듦`;
    return nominalise(word.slice(0, -2) + withFinal(before, FINAL_NONE));
  }
  return nominalise(word.slice(0, -1));
}

/**
 * Sentences that end in a predicate ("노력한다.", "좋아요") instead of a noun form ("노력함.") or
 * a noun ("…학생."). A sentence ends at . ! ? or a line break.
 */
export function findNonNounEndings(text: string): EndingFinding[] {
  const found: EndingFinding[] = [];
  const sentence = /[^.!?\r\n]+[.!?]?/g;
  for (const match of text.matchAll(sentence)) {
    const body = match[0].replace(/[.!?]$/, '').replace(/[\s"'”’)\]]+$/, '');
    const lastWord = /([가-힣]+)$/.exec(body);
    if (!lastWord?.[1] || !PREDICATE_END.test(lastWord[1])) continue;
    const start = (match.index ?? 0) + (lastWord.index ?? 0);
    found.push({
      start,
      end: start + lastWord[1].length,
      text: lastWord[1],
      ending: lastWord[1],
      suggestion: toNounForm(lastWord[1]),
      reason: ENDING_REASON,
    });
  }
  return found;
}

export interface UnsupportedCharFinding extends TextSpan {
  reason: string;
}

// Emoji and pictographs: NEIS stores them badly or not at all, and they have no place in a record.
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

export function findUnsupportedCharacters(text: string): UnsupportedCharFinding[] {
  const found: UnsupportedCharFinding[] = [];
  if (!PICTOGRAPH.test(text)) return found;
  let offset = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (PICTOGRAPH.test(segment)) {
      found.push({
        start: offset,
        end: offset + segment.length,
        text: segment,
        reason: '이모지·그림 문자는 NEIS에 입력되지 않거나 깨질 수 있음.',
      });
    }
    offset += segment.length;
  }
  return found;
}

export interface StudentRecordTextCheck {
  bytes: number;
  byteLimit: number;
  overLimit: boolean;
  banned: BannedItemFinding[];
  endings: EndingFinding[];
  unsupported: UnsupportedCharFinding[];
  /** No problem found by these rules (spelling is checked separately). */
  ok: boolean;
}

/** All offline checks of one area's text against its byte limit. */
export function checkStudentRecordText(text: string, byteLimit: number): StudentRecordTextCheck {
  const bytes = countNeisBytes(text);
  const banned = findBannedItems(text);
  const endings = findNonNounEndings(text);
  const unsupported = findUnsupportedCharacters(text);
  const overLimit = bytes > byteLimit;
  return {
    bytes,
    byteLimit,
    overLimit,
    banned,
    endings,
    unsupported,
    ok: !overLimit && banned.length === 0 && endings.length === 0 && unsupported.length === 0,
  };
}
