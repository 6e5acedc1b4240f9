import type { TextCorrectionResult } from '@ssaem/contracts';
import dictionary from 'dictionary-ko';
import { type Hunspell, loadModule } from 'hunspell-asm';
import { commonMisspellings } from './common-misspellings.ts';

let instance: Promise<Hunspell> | undefined;

/** The Korean Hunspell dictionary, loaded once (about a second) on first use. */
function speller(): Promise<Hunspell> {
  instance ??= loadModule().then((factory) => {
    const aff = factory.mountBuffer(new Uint8Array(dictionary.aff), 'ko.aff');
    const dic = factory.mountBuffer(new Uint8Array(dictionary.dic), 'ko.dic');
    return factory.create(aff, dic);
  });
  return instance;
}

const HANGUL_WORD = /[가-힣]{2,}/g;

/**
 * A real Korean spell check without a model: the common misspellings the dictionary lets through,
 * then every Hangul word the dictionary does not know, with its best suggestion. It finds
 * misspellings, not grammar; the model path does both.
 */
export async function checkSpelling(text: string): Promise<TextCorrectionResult> {
  const hunspell = await speller();
  const known = commonMisspellings(text);
  const corrections: TextCorrectionResult['corrections'] = [...known];
  const coveredByKnown = (start: number, end: number) =>
    known.some((k) => k.position < end && start < k.position + k.original.length);
  for (const match of text.matchAll(HANGUL_WORD)) {
    const word = match[0];
    const start = match.index ?? 0;
    if (coveredByKnown(start, start + word.length)) continue;
    if (hunspell.spell(word)) continue;
    const suggestion = hunspell.suggest(word)[0];
    if (!suggestion || suggestion === word) continue;
    corrections.push({
      original: word,
      suggestion,
      reason: `맞춤법 사전에 없는 표기입니다. '${suggestion}'(으)로 고치는 것이 맞는지 확인하세요.`,
      position: start,
    });
  }
  corrections.sort((a, b) => a.position - b.position);
  return {
    corrections,
    correctedText: applyCorrections(text, corrections),
    checkedText: text,
    engine: 'dictionary',
  };
}

/** Applies corrections from the end, so earlier positions stay valid. */
export function applyCorrections(text: string, corrections: TextCorrectionResult['corrections']): string {
  let result = text;
  for (const correction of [...corrections].sort((a, b) => b.position - a.position)) {
    if (
      result.slice(correction.position, correction.position + correction.original.length) !==
      correction.original
    )
      continue;
    result =
      result.slice(0, correction.position) +
      correction.suggestion +
      result.slice(correction.position + correction.original.length);
  }
  return result;
}

/** A model's corrections are kept only where the original really stands in the text (position repaired). */
export function anchorCorrections(
  text: string,
  corrections: TextCorrectionResult['corrections'],
): TextCorrectionResult['corrections'] {
  const anchored: TextCorrectionResult['corrections'] = [];
  for (const correction of corrections) {
    if (!correction.original || correction.original === correction.suggestion) continue;
    const exact =
      text.slice(correction.position, correction.position + correction.original.length) ===
      correction.original;
    const position = exact ? correction.position : text.indexOf(correction.original);
    if (position >= 0) anchored.push({ ...correction, position });
  }
  return anchored;
}
