import { stripParticle } from '../korean-particles.ts';

/**
 * What can honestly be measured in a student's Korean text without a model: sentences and their
 * length, paragraphs, vocabulary variety, repeated words, sentence endings and openings, linking
 * words and a few markers of reasons, examples and structure. The offline feedback scores these.
 */

export interface TextSignals {
  characters: number;
  words: number;
  sentences: string[];
  /** Eojeol (space-separated words) per sentence. */
  sentenceLengths: number[];
  meanSentenceLength: number;
  paragraphs: number;
  /** Sentences in the largest paragraph, as a share of all sentences. */
  largestParagraphShare: number;
  /** Moving-average type-token ratio of word stems (window 40): variety independent of length. */
  variety: number;
  repeatedWords: { word: string; count: number }[];
  /** Sentences that end without . ! ? or a closing mark. */
  unterminated: number;
  /** Distinct sentence endings (last two syllables) per sentence. */
  endingVariety: number;
  mostCommonEnding: { ending: string; count: number } | null;
  /** The word most sentences open with, when one does. */
  commonOpening: { word: string; count: number } | null;
  connectives: string[];
  informalMarks: string[];
  reasonMarks: string[];
  exampleMarks: string[];
  opinionMarks: string[];
  structureMarks: string[];
}

// Words that carry no content; repeating them says nothing about vocabulary.
const FUNCTION_WORDS = new Set([
  '그리고',
  '그래서',
  '그러나',
  '하지만',
  '그런데',
  '또한',
  '정말',
  '너무',
  '아주',
  '매우',
  '우리',
  '나는',
  '내가',
  '저는',
  '제가',
  '그것',
  '이것',
  '있다',
  '있었다',
  '없다',
  '했다',
  '한다',
  '것이',
  '것을',
  '것은',
  '때문',
  '같다',
  '생각',
]);

const CONNECTIVES = [
  '그리고',
  '그래서',
  '그러나',
  '하지만',
  '그런데',
  '또한',
  '게다가',
  '따라서',
  '그러므로',
  '왜냐하면',
  '예를 들어',
  '반면에',
  '결국',
  '그러자',
  '한편',
];
const INFORMAL = ['ㅋㅋ', 'ㅎㅎ', 'ㅠㅠ', 'ㅜㅜ', 'ㄹㅇ', 'ㅇㅇ', '!!', '??', '~~', '^^', ';;'];
const REASONS = ['왜냐하면', '때문에', '때문이다', '이유는', '그래서', '따라서', '그러므로'];
const EXAMPLES = ['예를 들어', '예를 들면', '예컨대', '실제로', '경험', '처럼'];
const OPINIONS = [
  '생각한다',
  '생각했다',
  '생각합니다',
  '느꼈다',
  '느낀다',
  '깨달았다',
  '주장',
  '바란다',
  '해야 한다',
];
const STRUCTURE = [
  '처음',
  '먼저',
  '첫째',
  '둘째',
  '셋째',
  '다음으로',
  '마지막으로',
  '끝으로',
  '결론',
  '이처럼',
  '요약하면',
  '정리하면',
  '결국',
];

const TERMINAL = /[.!?。…"'”’」』)]$/;
// A line that ends like a Korean sentence (…다, …요) closes it even without a full stop.
const SENTENCE_END = /[.!?。…"'”’」』)]$|[다요까죠네]$/;
const WORD = /[가-힣A-Za-z0-9]/;

function stem(word: string): string {
  return stripParticle(word.replace(/[^가-힣A-Za-z0-9]/g, ''));
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((word) => WORD.test(word));
}

/**
 * Paragraphs: blocks between blank lines when the text has them; otherwise each line, with a line
 * that stops mid-sentence (a wrapped line, an OCR line) joined to the next.
 */
export function splitParagraphs(text: string): string[] {
  const normalised = text.replace(/\r\n?/g, '\n').trim();
  if (!normalised) return [];
  const blocks = /\n[ \t]*\n/.test(normalised) ? normalised.split(/\n[ \t]*\n+/) : [normalised];
  const paragraphs: string[] = [];
  for (const block of blocks) {
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (blocks.length > 1) {
      paragraphs.push(lines.join(' '));
      continue;
    }
    let current = '';
    for (const line of lines) {
      current = current ? `${current} ${line}` : line;
      if (SENTENCE_END.test(line)) {
        paragraphs.push(current);
        current = '';
      }
    }
    if (current) paragraphs.push(current);
  }
  return paragraphs.filter((paragraph) => WORD.test(paragraph));
}

/** A word that closes a Korean sentence by its ending (갔다, 먹었다, 합니다, 좋아요). */
function endsSentence(word: string): boolean {
  if (word.length < 2) return false;
  if (word.endsWith('요')) return true;
  if (!word.endsWith('다')) return false;
  const before = word.charCodeAt(word.length - 2) - 0xac00;
  if (before < 0 || before > 11171) return false;
  const final = before % 28;
  // …ㅆ다 (past), …ㄴ다 (present), …니다, …이다.
  return final === 20 || final === 4 || word.endsWith('니다') || word.endsWith('이다');
}

/**
 * Sentences: split after . ! ? (and closing quotes), and — for pupils who leave out the full
 * stop — after a word whose ending closes a sentence.
 */
export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  for (const piece of paragraph.split(/(?<=[.!?。…]["'”’」』)]*)\s+/)) {
    let current: string[] = [];
    for (const word of piece.trim().split(/\s+/)) {
      current.push(word);
      if (endsSentence(word)) {
        sentences.push(current.join(' '));
        current = [];
      }
    }
    if (current.length) sentences.push(current.join(' '));
  }
  return sentences.map((sentence) => sentence.trim()).filter((sentence) => WORD.test(sentence));
}

function movingTypeTokenRatio(stems: string[], window = 40): number {
  if (stems.length === 0) return 0;
  if (stems.length <= window) return new Set(stems).size / stems.length;
  let total = 0;
  const steps = stems.length - window + 1;
  for (let start = 0; start < steps; start++)
    total += new Set(stems.slice(start, start + window)).size / window;
  return total / steps;
}

function found(text: string, marks: string[]): string[] {
  return marks.filter((mark) => text.includes(mark));
}

function mostCommon(values: string[]): { value: string; count: number } | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: { value: string; count: number } | null = null;
  for (const [value, count] of counts) if (!best || count > best.count) best = { value, count };
  return best;
}

export function measureText(text: string): TextSignals {
  const paragraphs = splitParagraphs(text);
  const perParagraph = paragraphs.map(splitSentences);
  const sentences = perParagraph.flat();
  const words = wordsOf(text);
  const sentenceLengths = sentences.map((sentence) => wordsOf(sentence).length);
  const stems = words.map(stem).filter(Boolean);
  const counts = new Map<string, number>();
  for (const word of stems) {
    if (word.length >= 2 && /[가-힣]/.test(word) && !FUNCTION_WORDS.has(word))
      counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const repeatedWords = [...counts.entries()]
    .filter(([, count]) => count >= 3 && count / Math.max(words.length, 1) >= 0.03)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([word, count]) => ({ word, count }));
  const endings = sentences.map((sentence) => sentence.replace(/[^가-힣]/g, '').slice(-2)).filter(Boolean);
  const ending = mostCommon(endings);
  const opening = mostCommon(sentences.map((sentence) => wordsOf(sentence)[0] ?? ''));
  return {
    characters: text.replace(/\s/g, '').length,
    words: words.length,
    sentences,
    sentenceLengths,
    meanSentenceLength: sentenceLengths.length
      ? sentenceLengths.reduce((sum, length) => sum + length, 0) / sentenceLengths.length
      : 0,
    paragraphs: paragraphs.length,
    largestParagraphShare: sentences.length
      ? Math.max(...perParagraph.map((list) => list.length)) / sentences.length
      : 0,
    variety: movingTypeTokenRatio(stems),
    repeatedWords,
    unterminated: sentences.filter((sentence) => !TERMINAL.test(sentence)).length,
    endingVariety: endings.length ? new Set(endings).size / endings.length : 0,
    mostCommonEnding: ending && ending.count >= 2 ? { ending: ending.value, count: ending.count } : null,
    commonOpening:
      opening?.value && opening.count >= 3 ? { word: opening.value, count: opening.count } : null,
    connectives: found(text, CONNECTIVES),
    informalMarks: found(text, INFORMAL),
    reasonMarks: found(text, REASONS),
    exampleMarks: found(text, EXAMPLES),
    opinionMarks: found(text, OPINIONS),
    structureMarks: found(text, STRUCTURE),
  };
}
