import type { TextCorrectionResult } from '@ssaem/contracts/text-correction';

type Correction = TextCorrectionResult['corrections'][number];

export type CorrectionSegment =
  | { kind: 'text'; text: string }
  | { kind: 'correction'; correction: Correction; number: number };

/**
 * Splits the checked text into plain runs and corrections, in reading order. A correction whose
 * original does not stand at its position, or that overlaps an earlier one, is left out, as the
 * server does when it applies them; `number` is the correction's place in the list (1-based).
 */
export function correctionSegments(
  checkedText: string,
  corrections: readonly Correction[],
): CorrectionSegment[] {
  const ordered = corrections
    .map((correction, index) => ({ correction, number: index + 1 }))
    .filter(
      ({ correction }) =>
        correction.original.length > 0 &&
        checkedText.slice(correction.position, correction.position + correction.original.length) ===
          correction.original,
    )
    .sort((a, b) => a.correction.position - b.correction.position);

  const segments: CorrectionSegment[] = [];
  let cursor = 0;
  for (const entry of ordered) {
    if (entry.correction.position < cursor) continue;
    if (entry.correction.position > cursor) {
      segments.push({ kind: 'text', text: checkedText.slice(cursor, entry.correction.position) });
    }
    segments.push({ kind: 'correction', ...entry });
    cursor = entry.correction.position + entry.correction.original.length;
  }
  if (cursor < checkedText.length) segments.push({ kind: 'text', text: checkedText.slice(cursor) });
  return segments;
}
