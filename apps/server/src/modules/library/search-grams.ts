/**
 * Korean-aware search terms. Korean is written without spaces between a noun and its particle
 * ("평가계획을"), so whole-word tokens miss most searches. Every run of Hangul syllables is
 * indexed as its overlapping syllable bigrams followed by its last syllable:
 *
 *   평가계획서 → 평가 가계 계획 획서 서
 *
 * A keyword of two or more syllables is then the phrase of its bigrams (consecutive positions),
 * and a one-syllable keyword is a prefix of some token (every syllable starts a bigram, or is
 * the last one). Other letters and digits are indexed as lower-cased words and searched as
 * prefixes.
 */

const HANGUL_RUN = /[\uAC00-\uD7A3]+|[\p{L}\p{N}]+/gu;
const HANGUL = /^[\uAC00-\uD7A3]/;
/** The text indexed per item: long documents are searched by their beginning. */
export const MAX_INDEXED_CHARS = 4000;

function runsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(HANGUL_RUN) ?? [];
}

function hangulTokens(run: string): string[] {
  const syllables = [...run];
  if (syllables.length === 1) return syllables;
  const tokens: string[] = [];
  for (let i = 0; i < syllables.length - 1; i++) tokens.push(syllables[i]! + syllables[i + 1]!);
  tokens.push(syllables[syllables.length - 1]!);
  return tokens;
}

/** The index tokens of a text, in order (for the FTS5 columns). */
export function indexTokens(text: string): string[] {
  return runsOf(text.slice(0, MAX_INDEXED_CHARS)).flatMap((run) =>
    HANGUL.test(run) ? hangulTokens(run) : [run],
  );
}

/** The distinct grams of a text for PostgreSQL's array index: bigrams, every syllable, words. */
export function indexGrams(text: string): string[] {
  const grams = new Set<string>();
  for (const run of runsOf(text.slice(0, MAX_INDEXED_CHARS))) {
    if (!HANGUL.test(run)) {
      grams.add(run);
      continue;
    }
    const syllables = [...run];
    for (let i = 0; i < syllables.length; i++) {
      grams.add(syllables[i]!);
      if (i + 1 < syllables.length) grams.add(syllables[i]! + syllables[i + 1]!);
    }
  }
  return [...grams];
}

/** One keyword part: a Korean run or a word. */
export interface KeywordTerm {
  text: string;
  hangul: boolean;
}

/**
 * The parts of a keyword and how they combine: every part (the search as typed) or any part (the
 * forgiving retry when no item holds them all). Marked on the list itself, so the same terms pass
 * through every query of the library unchanged.
 */
export type KeywordTerms = KeywordTerm[] & { matchAny?: true };

/** The same terms, of which any one is enough. */
export function anyOf(terms: readonly KeywordTerm[]): KeywordTerms {
  return Object.assign([...terms], { matchAny: true as const });
}

export function matchesAny(terms: readonly KeywordTerm[]): boolean {
  return (terms as KeywordTerms).matchAny === true;
}

/** The parts of a typed keyword; every part must match (AND). At most eight are used. */
export function keywordTerms(keyword: string): KeywordTerm[] {
  const seen = new Set<string>();
  const terms: KeywordTerm[] = [];
  for (const run of runsOf(keyword)) {
    if (seen.has(run)) continue;
    seen.add(run);
    terms.push({ text: run, hangul: HANGUL.test(run) });
  }
  return terms.slice(0, 8);
}

/** An FTS5 query expression for one term (tokens are quoted, so nothing typed is syntax). */
export function ftsPhrase(term: KeywordTerm): string {
  const syllables = [...term.text];
  if (term.hangul && syllables.length > 1) {
    const bigrams = syllables.slice(0, -1).map((s, i) => s + syllables[i + 1]);
    return `"${bigrams.join(' ')}"`;
  }
  return `"${term.text}"*`;
}

/** The grams a PostgreSQL row must contain for a term (the LIKE check then confirms the order). */
export function termGrams(term: KeywordTerm): string[] {
  if (!term.hangul) return [];
  const syllables = [...term.text];
  if (syllables.length === 1) return syllables;
  return syllables.slice(0, -1).map((s, i) => s + syllables[i + 1]);
}

/**
 * True when holding the term's grams already means the text holds the term: a term of one or two
 * syllables is a single gram, and grams are made only inside Hangul runs of the indexed text, the
 * same runs the LIKE text is made of. Longer terms need LIKE to confirm the grams' order.
 */
export function gramsProveTerm(term: KeywordTerm): boolean {
  return term.hangul && termGrams(term).length === 1;
}

/** Escapes LIKE wildcards in a term (the pattern uses `\` as its escape character). */
export function likePattern(term: KeywordTerm): string {
  return `%${term.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The text a search row holds for LIKE checks: normalized the way keywords are. */
export function searchableText(text: string): string {
  return runsOf(text.slice(0, MAX_INDEXED_CHARS)).join(' ');
}
