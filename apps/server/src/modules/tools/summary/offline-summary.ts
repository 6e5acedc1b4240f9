import { OFFLINE_DRAFT_NOTICE, type SummaryResult } from '@ssaem/contracts';
import { keywordsOf } from '../draft-text.ts';
import { stripParticle, withParticle } from '../korean-particles.ts';

const STOPWORDS = new Set([
  '그리고',
  '그러나',
  '하지만',
  '그래서',
  '또한',
  '때문',
  '있다',
  '없다',
  '이것',
  '그것',
  '우리',
  '여러',
  '모든',
  '같은',
  '위해',
  '대한',
  '통해',
  '이번',
  '다음',
  '경우',
  '정도',
]);

function termOf(word: string): string | null {
  // Keywords are nouns: "안다", "있습니다", "읽고" are not.
  if (!keywordsOf(word, 1).length) return null;
  const term = stripParticle(word);
  return term.length >= 2 && !STOPWORDS.has(term) ? term : null;
}

/** A sentence as a summary point (개조식): "…합니다." → "…함", "…있다." → "…있음". */
export function asPoint(sentence: string): string {
  const s = sentence.trim().replace(/[.!?。]+$/u, '');
  const rules: [RegExp, string][] = [
    [/합니다$|한다$/u, '함'],
    [/됩니다$|된다$/u, '됨'],
    [/입니다$|이다$/u, '임'],
    [/습니다$/u, '음'],
    [/있다$/u, '있음'],
    [/없다$/u, '없음'],
    [/었다$/u, '었음'],
    [/았다$/u, '았음'],
    [/였다$/u, '였음'],
    [/했다$/u, '했음'],
  ];
  for (const [pattern, ending] of rules) if (pattern.test(s)) return s.replace(pattern, ending);
  return nominalEnding(s);
}

const FINAL_M = 16;
const FINAL_N = 4;
const FINAL_P = 17;

/** The syllable with its final consonant set to `final` (0 for none). */
function withFinal(syllable: string, final: number): string {
  const code = syllable.charCodeAt(0) - 0xac00;
  return String.fromCharCode(0xac00 + code - (code % 28) + final);
}

function finalOf(syllable: string): number {
  const code = syllable.charCodeAt(0) - 0xac00;
  return code >= 0 && code < 11172 ? code % 28 : -1;
}

/**
 * Any other "-ㅂ니다" or "-ㄴ다" ending as a noun form: "일어납니다" and "일어난다" → "일어남",
 * "읽는다" → "읽음"; a sentence ending otherwise stays as written.
 */
function nominalEnding(sentence: string): string {
  const polite = /([가-힣])니다$/u.exec(sentence);
  if (polite && finalOf(polite[1]!) === FINAL_P)
    return `${sentence.slice(0, polite.index)}${withFinal(polite[1]!, FINAL_M)}`;
  if (/[가-힣]는다$/u.test(sentence)) return sentence.replace(/는다$/u, '음');
  const plain = /([가-힣])다$/u.exec(sentence);
  if (plain && finalOf(plain[1]!) === FINAL_N)
    return `${sentence.slice(0, plain.index)}${withFinal(plain[1]!, FINAL_M)}`;
  return sentence;
}

export function splitSentences(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split(/(?<=[.!?。])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 4);
}

function termsIn(sentence: string): string[] {
  return (sentence.match(/[가-힣A-Za-z]{2,}/g) ?? [])
    .map(termOf)
    .filter((term): term is string => term !== null);
}

/**
 * A summary without a model: the most frequent terms as keywords (each with the first sentence
 * that uses it) and the sentences that carry the most of them, in the text's order. Nothing is
 * invented; the notice says a model would write it more freely.
 */
export function summariseOffline(input: {
  title: string;
  text: string;
  format: string;
  maxSentences?: number;
}): SummaryResult {
  const sentences = splitSentences(input.text);
  const frequency = new Map<string, number>();
  const firstSentence = new Map<string, string>();
  for (const sentence of sentences) {
    for (const term of termsIn(sentence)) {
      frequency.set(term, (frequency.get(term) ?? 0) + 1);
      if (!firstSentence.has(term)) firstSentence.set(term, sentence);
    }
  }
  const ranked = [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)
    .slice(0, 6);
  const keywords = ranked.map(([keyword]) => ({
    keyword,
    explanation: asPoint(firstSentence.get(keyword) ?? '').slice(0, 120),
  }));
  const scored = sentences.map((sentence, index) => {
    const terms = termsIn(sentence);
    const score =
      terms.reduce((sum, term) => sum + (frequency.get(term) ?? 0), 0) / Math.sqrt(terms.length + 1);
    return { sentence, index, score };
  });
  const count = Math.min(input.maxSentences ?? 4, Math.max(1, Math.ceil(sentences.length / 3)));
  const summary = scored
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((s) => asPoint(s.sentence));
  const wantsKeywords = input.format !== 'EASY_SUMMARY';
  return {
    title: input.title,
    keywords: wantsKeywords ? keywords : [],
    summary,
    engine: 'offline',
    notice: OFFLINE_DRAFT_NOTICE,
  };
}

/** A topic needs knowledge only a model has: offline, the outline to fill, honestly labelled. */
export function topicOutlineOffline(title: string, topic: string): SummaryResult {
  return {
    title,
    keywords: [{ keyword: topic, explanation: '요약할 주제' }],
    summary: [
      `[개요] ${topic}의 뜻과 배경`,
      `[핵심 내용] ${topic}의 중요한 개념 3~5가지`,
      `[생활과 연결] ${withParticle(topic, '을/를')} 학생의 생활에서 찾아보기`,
      `[더 알아보기] ${withParticle(topic, '와/과')} 관련된 질문`,
    ],
    engine: 'offline',
    notice: OFFLINE_DRAFT_NOTICE,
  };
}
