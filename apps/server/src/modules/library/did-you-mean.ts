import { disassemble, getChoseong } from 'es-hangul';

/**
 * "혹시 이것을 찾으셨나요?" for a library search that found nothing: each word of the keyword that
 * no title uses is replaced by the closest title word — by 초성 when the word is typed in initial
 * consonants only (ㅂㅅ → 분수), otherwise by edit distance over jamo, so one mistyped consonant or
 * vowel (붐수, 과학 실허) is one step away. Words come from the titles of public materials only:
 * a private title never leaks through a suggestion.
 */

const VOCABULARY_SIZE = 5000;
// Particles that end a title word ("분수의", "실험을"): the word a teacher searches is the stem.
const PARTICLE = /(으로|에서|에게|까지|부터|의|을|를|이|가|은|는|와|과|에|로|도)$/;
const CHOSEONG_ONLY = /^[ㄱ-ㅎ]+$/;

export type Vocabulary = Map<string, number>;

function wordsOf(title: string): string[] {
  return title
    .split(/[^0-9A-Za-z가-힣]+/)
    .map((word) => (/^[가-힣]{3,}$/.test(word) ? word.replace(PARTICLE, '') : word))
    .filter((word) => /^[가-힣]{2,}$/.test(word) || /^[A-Za-z]{3,}$/.test(word))
    .map((word) => word.toLowerCase());
}

/** The most used title words, with how many titles use them. */
export function buildVocabulary(titles: Iterable<string>): Vocabulary {
  const counts = new Map<string, number>();
  for (const title of titles) {
    for (const word of new Set(wordsOf(title))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return new Map([...counts].sort((a, b) => b[1] - a[1]).slice(0, VOCABULARY_SIZE));
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

function closestWord(word: string, vocabulary: Vocabulary): string | null {
  if (CHOSEONG_ONLY.test(word)) {
    // The vocabulary is ordered by use: the first match is the most used.
    for (const candidate of vocabulary.keys()) if (getChoseong(candidate) === word) return candidate;
    return null;
  }
  const jamo = disassemble(word);
  // One slip per four jamo (about two syllables), at least one.
  const max = Math.max(1, Math.floor(jamo.length / 4));
  let best: { word: string; distance: number; uses: number } | null = null;
  for (const [candidate, uses] of vocabulary) {
    const d = distance(jamo, disassemble(candidate), max);
    if (d > max || d === 0) continue;
    if (!best || d < best.distance || (d === best.distance && uses > best.uses))
      best = { word: candidate, distance: d, uses };
  }
  return best?.word ?? null;
}

/** The keyword with its unknown words corrected, or null when nothing would change. */
export function suggestKeyword(keyword: string, vocabulary: Vocabulary): string | null {
  const words = keyword.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || vocabulary.size === 0) return null;
  let changed = false;
  const corrected = words.map((word) => {
    if (vocabulary.has(word) || vocabulary.has(word.replace(PARTICLE, ''))) return word;
    const closest = closestWord(word, vocabulary);
    if (!closest) return word;
    changed = true;
    return closest;
  });
  return changed ? corrected.join(' ') : null;
}

/** A vocabulary read from the titles at most every `ttlMs`, shared by every search of this process. */
export function createDidYouMean(loadTitles: () => Promise<string[]>, ttlMs = 10 * 60_000) {
  let cached: { vocabulary: Vocabulary; at: number } | null = null;
  let loading: Promise<Vocabulary> | null = null;

  async function vocabulary(): Promise<Vocabulary> {
    if (cached && Date.now() - cached.at < ttlMs) return cached.vocabulary;
    loading ??= loadTitles()
      .then((titles) => {
        const built = buildVocabulary(titles);
        cached = { vocabulary: built, at: Date.now() };
        return built;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    async suggest(keyword: string): Promise<string | null> {
      return suggestKeyword(keyword, await vocabulary());
    },
  };
}

export type DidYouMean = ReturnType<typeof createDidYouMean>;
