import { stripParticle } from './korean-particles.ts';

/** Words every plan and lesson request uses: they say what is asked, not what it is about. */
const GENERIC = new Set([
  '학년',
  '학기',
  '평가',
  '평가계획',
  '계획',
  '수업',
  '단원',
  '차시',
  '활동',
  '학습',
  '학생',
  '이해',
  '설명',
  '알기',
  '공부',
  '지도',
  '지도안',
  '만들',
  '만들기',
  '작성',
  '내용',
  '관련',
  '대한',
  '위한',
  '있다',
  '한다',
  '우리',
  '생활',
  '교과',
  '지필',
  '수행',
  '비율',
  '중심',
  '위주',
  '중점',
  '통해',
  '통하여',
]);

/** Final consonants of a syllable before 다 that make a verb's ending: 안다, 한다, 읽는다, 있다, 알다. */
const VERB_FINALS = new Set([4, 8, 20]);

/**
 * A word that is a predicate, not a topic: "안다", "이해한다", "있다", "설명할" — but "바다" is a noun. Only
 * words no particle was stripped from reach here.
 */
function isPredicate(word: string): boolean {
  // "설명할", "관찰하는", "측정하여": a verb before 수, a noun or the next clause.
  if (/(?:할|하는|하여|하고|하며|해서|되는|있는|없는)$/u.test(word)) return true;
  if (!word.endsWith('다') || word.length < 2) return false;
  const before = word.charCodeAt(word.length - 2) - 0xac00;
  if (before < 0 || before > 11171) return false;
  return VERB_FINALS.has(before % 28) || /(?:[하되이지않없같많좋]|니)다$/u.test(word);
}

/** The topic words of a request: Korean words of two or more syllables without their endings. */
export function topicTermsOf(text: string): string[] {
  const words = text.match(/[가-힣]{2,}/g) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const term = stripParticle(word);
    if (term.length < 2 || GENERIC.has(term) || GENERIC.has(word) || terms.includes(term)) continue;
    if (term === word && isPredicate(word)) continue;
    terms.push(term);
  }
  return terms;
}

/**
 * Scores texts (standards) against a goal by its distinctive words: a goal word found in at most a
 * fifth of the texts (or in two) counts, weighted by how rare it is; words found everywhere count
 * for nothing. A text without any distinctive goal word scores 0.
 */
export function topicWeights(goal: string, texts: string[]): (text: string) => number {
  const terms = topicTermsOf(goal);
  const count = Math.max(texts.length, 1);
  const weights = new Map<string, number>();
  for (const term of terms) {
    const found = texts.filter((text) => text.includes(term)).length;
    if (found === 0) continue;
    if (found > 2 && found / count > 0.2) continue;
    weights.set(term, Math.log(1 + count / found));
  }
  return (text: string) => {
    let score = 0;
    for (const [term, weight] of weights) if (text.includes(term)) score += weight;
    return score;
  };
}
