/**
 * Character-bigram recall: the share of the reference's bigrams (multiset, taken within lines with
 * whitespace removed) found in the candidate. Order-insensitive on purpose: readers may place a
 * caption, a header or a note on another line without losing any text. List markers that a reader
 * generates ("- ", "3. ") are not text of the document and are left out on both sides.
 */
export function bigramRecall(reference: string, candidate: string): number {
  const ref = grams(reference);
  const cand = grams(candidate);
  const candidateChars = new Set(Array.from(candidate.normalize('NFC')));
  let total = 0;
  let found = 0;
  for (const [gram, count] of ref) {
    total += count;
    // A one-character line has no bigram; it counts as found when the character occurs at all.
    found +=
      Array.from(gram).length === 1
        ? candidateChars.has(gram)
          ? count
          : 0
        : Math.min(count, cand.get(gram) ?? 0);
  }
  return total === 0 ? 1 : found / total;
}

const LIST_MARKER = /^\s*(?:[-•]|\d+\.)\s+/;

function grams(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.normalize('NFC').split(/[\n|]/)) {
    const chars = Array.from(line.replace(LIST_MARKER, '').replace(/\s+/g, ''));
    if (chars.length === 1) out.set(chars[0] ?? '', (out.get(chars[0] ?? '') ?? 0) + 1);
    for (let i = 0; i + 1 < chars.length; i++) {
      const gram = `${chars[i]}${chars[i + 1]}`;
      out.set(gram, (out.get(gram) ?? 0) + 1);
    }
  }
  return out;
}
