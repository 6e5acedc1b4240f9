import type { TextCorrectionResult } from '@ssaem/contracts';
import type { Hunspell } from 'hunspell-asm';
import { withParticle } from '../korean-particles.ts';
import { commonMisspellings } from './common-misspellings.ts';

let instance: Promise<Hunspell> | undefined;

/**
 * The Korean Hunspell dictionary, loaded once (about a second) on first use; Hunspell's code and
 * the dictionary's files (14 MB) are read only then, not by every process at start.
 */
function speller(): Promise<Hunspell> {
  instance ??= Promise.all([
    import('hunspell-asm').then(({ loadModule }) => loadModule()),
    import('dictionary-ko'),
  ]).then(([factory, { default: dictionary }]) => {
    const aff = factory.mountBuffer(new Uint8Array(dictionary.aff), 'ko.aff');
    const dic = factory.mountBuffer(new Uint8Array(dictionary.dic), 'ko.dic');
    return factory.create(aff, dic);
  });
  return instance;
}

const HANGUL_WORD = /[가-힣]{2,}/g;

/**
 * Endings the dictionary does not always join to a word it knows: honorifics and particles
 * (학부모님께, 선생님께서, 학생들에게, 회신서를). A word is accepted when what is left is known.
 */
const ENDINGS = [
  '께서는',
  '께서',
  '에게서',
  '에서는',
  '에서도',
  '으로는',
  '으로도',
  '에게는',
  '이라는',
  '이라고',
  '입니다',
  '이에요',
  '이다',
  '에서',
  '에게',
  '으로',
  '까지',
  '부터',
  '처럼',
  '마다',
  '보다',
  '들이',
  '들은',
  '들을',
  '들의',
  '님께',
  '님이',
  '님은',
  '님의',
  '님',
  '께',
  '들',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '와',
  '과',
  '로',
  '도',
  '만',
  '서',
].sort((a, b) => b.length - a.length);

/** Words of school documents the general dictionary does not list. */
const SCHOOL_WORDS = new Set([
  '지필',
  '지필평가',
  '수행평가',
  '가정통신',
  '가정통신문',
  '회신서',
  '누리집',
  '방과후',
  '돌봄교실',
  '늘봄',
  '성취기준',
  '성취수준',
  '교육과정',
  '창체',
  '학교운영위원회',
  '운영위원회',
  '학업성적관리위원회',
  '학교폭력',
  '스쿨뱅킹',
  '현장체험학습',
  '체험학습',
  '교무부',
  '교무부장',
  '학년부장',
  '담임',
]);

/** Dependent nouns written apart from the word before them (한글 맞춤법 제42항). */
const DEPENDENT_NOUNS = ['만큼', '대로', '수', '것', '줄', '때', '뿐', '듯'];
/** One-syllable verb forms that modify a noun after them (할 일, 갈 곳). */
const SHORT_MODIFIERS = new Set([
  '할',
  '한',
  '될',
  '된',
  '갈',
  '간',
  '올',
  '온',
  '볼',
  '본',
  '줄',
  '준',
  '쓸',
  '쓴',
  '살',
  '알',
]);

function finalConsonant(syllable: string): number {
  const code = syllable.charCodeAt(0) - 0xac00;
  return code < 0 || code > 11171 ? -1 : code % 28;
}

/** A syllable ending in ㄴ or ㄹ: the modifier endings (-ㄴ, -는, -ㄹ, -을). */
function isModifierEnding(syllable: string): boolean {
  const final = finalConsonant(syllable);
  return final === 4 || final === 8;
}

function jamo(syllable: string): [number, number, number] | null {
  const code = syllable.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return null;
  return [Math.floor(code / 588), Math.floor((code % 588) / 28), code % 28];
}

/** Jamo that differ between two words of the same length (떡복이 → 떡볶이 is 1). */
export function jamoDistance(a: string, b: string): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let distance = 0;
  for (let i = 0; i < a.length; i++) {
    const x = jamo(a[i] ?? '');
    const y = jamo(b[i] ?? '');
    if (!x || !y) distance += a[i] === b[i] ? 0 : 3;
    else distance += x.filter((part, j) => part !== y[j]).length;
  }
  return distance;
}

interface SpacingRule {
  /** Whether the text may be split between `left` and `right` by this rule. */
  applies(left: string, right: string, isModifier: (word: string) => boolean): boolean;
  reason: (left: string, right: string) => string;
}

/**
 * When a word the dictionary does not know may be split: the rules of 한글 맞춤법 on spacing that
 * leave no choice. Spacing the rules allow either way (보조 용언: 도와주다 / 도와 주다) is never changed.
 */
const SPACING_RULES: SpacingRule[] = [
  {
    applies: (left, right, isModifier) =>
      isModifier(left) &&
      DEPENDENT_NOUNS.some((noun) => right.startsWith(noun)) &&
      // -ㄹ수록 is one ending: 갈수록.
      !right.startsWith('수록'),
    reason: (_left, right) => {
      const noun = DEPENDENT_NOUNS.find((n) => right.startsWith(n)) ?? right;
      return `의존 명사 ${withParticle(`'${noun}'`, '은/는')} 앞말과 띄어 씁니다.`;
    },
  },
  {
    applies: (left, right) => /(수|것|줄)$/.test(left) && /^(있|없)/.test(right),
    reason: () => "'있다', '없다'는 앞의 의존 명사와 띄어 씁니다.",
  },
  {
    applies: (left, right) => /(야|어야|아야)$/.test(left) && /^(하|할|한|했|해)/.test(right),
    reason: () => "'-어야' 뒤에 오는 '하다'는 띄어 씁니다.",
  },
  {
    applies: (left, _right, isModifier) =>
      isModifier(left) && (left.length >= 2 || SHORT_MODIFIERS.has(left)),
    reason: (left, right) =>
      `꾸며 주는 말 ${withParticle(`'${left}'`, '와/과')} 꾸밈을 받는 말 ${withParticle(`'${right}'`, '은/는')} 띄어 씁니다.`,
  },
];

/**
 * A Korean spell check without a model that never breaks a correct word: the listed misspellings
 * that are always wrong, spacing only where the dictionary and a rule of 한글 맞춤법 agree, and
 * other words the dictionary does not know only when it knows a spelling one letter (jamo) away.
 * A word the dictionary knows, or knows once an honorific or particle is taken off, or knows as
 * two words written together, is never corrected.
 */
export async function checkSpelling(text: string): Promise<TextCorrectionResult> {
  const hunspell = await speller();
  const accepted = acceptor(hunspell);
  const known = commonMisspellings(text);
  const corrections: TextCorrectionResult['corrections'] = [...known];
  const coveredByKnown = (start: number, end: number) =>
    known.some((k) => k.position < end && start < k.position + k.original.length);
  const isModifier = modifierTest(hunspell);
  for (const match of text.matchAll(HANGUL_WORD)) {
    const word = match[0];
    const start = match.index ?? 0;
    if (coveredByKnown(start, start + word.length) || accepted(word)) continue;
    // A counter after a number (1인당, 3학년, 15,000원이며) is read with the number.
    if (/[0-9]/.test(text[start - 1] ?? '')) continue;
    const spaced = respace(word, accepted, isModifier);
    if (spaced) {
      corrections.push({ original: word, suggestion: spaced.text, reason: spaced.reason, position: start });
      continue;
    }
    const suggestion = closeSuggestion(hunspell, accepted, word);
    if (!suggestion) continue;
    corrections.push({
      original: word,
      suggestion,
      reason: `${withParticle(`'${word}'`, '은/는')} 사전에 없는 표기입니다. ${withParticle(`'${suggestion}'`, '으로/로')} 적습니다.`,
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

/** Whether the dictionary knows a word, with its ending taken off, or as two words written together. */
function acceptor(hunspell: Hunspell) {
  const isModifier = modifierTest(hunspell);
  const memo = new Map<string, boolean>();
  const spelled = (word: string) => word.length > 0 && (SCHOOL_WORDS.has(word) || hunspell.spell(word));
  const withoutEnding = (word: string, depth: number): boolean => {
    if (spelled(word)) return true;
    if (depth === 0) return false;
    return ENDINGS.some(
      (ending) =>
        word.length > ending.length &&
        word.endsWith(ending) &&
        withoutEnding(word.slice(0, -ending.length), depth - 1),
    );
  };
  return (word: string): boolean => {
    const cached = memo.get(word);
    if (cached !== undefined) return cached;
    let ok = withoutEnding(word, 2);
    // A compound the dictionary lists as two words (다음주 = 다음 + 주, 학부모회 = 학부모 + 회); a
    // verb's modifier form and a noun (먹을것, 급한일) are two words, spaced by the rules.
    for (let i = 2; !ok && i < word.length; i++) {
      const left = word.slice(0, i);
      ok = spelled(left) && !isModifier(left) && withoutEnding(word.slice(i), 2);
    }
    memo.set(word, ok);
    return ok;
  };
}

/**
 * Whether a word is a verb or adjective in its modifier form (급한, 할, 공부하는, 먹을, 만들): the
 * dictionary knows the verb it comes from. 가정통신 or 학교운 end in ㄴ too, but are not verbs.
 */
function modifierTest(hunspell: Hunspell) {
  // A noun ending in a vowel takes 다 as a short 이다 (전무다): such a stem is a noun, not a verb.
  const verbStem = (stem: string) =>
    hunspell.spell(`${stem}다`) && (ONE_SYLLABLE_STEMS.has(stem) || !hunspell.spell(stem));
  // 지필, 개인 end like 지필(지피다), 개인(개이다) but take particles: they are nouns.
  const isNoun = (word: string) => hunspell.spell(`${word}을`) || hunspell.spell(`${word}은`);
  return (word: string): boolean => {
    const last = word.at(-1) ?? '';
    if (!isModifierEnding(last) || SCHOOL_WORDS.has(word) || (!SHORT_MODIFIERS.has(word) && isNoun(word)))
      return false;
    const head = word.slice(0, -1);
    const code = last.charCodeAt(0) - 0xac00;
    const stems = [`${head}${String.fromCharCode(0xac00 + code - (code % 28))}`, word];
    if (/[는은을]$/.test(word) && head) stems.push(head);
    return stems.some(verbStem);
  };
}

/** Verb stems of one syllable that are words of their own too (가다 and 가, 보다 and 보). */
const ONE_SYLLABLE_STEMS = new Set([
  '하',
  '가',
  '오',
  '보',
  '주',
  '되',
  '쓰',
  '사',
  '자',
  '서',
  '알',
  '살',
  '먹',
  '읽',
  '놀',
]);

/** The fewest spaces that make every part a known word, each space allowed by a spacing rule. */
function respace(
  word: string,
  accepted: (word: string) => boolean,
  isModifier: (word: string) => boolean,
): { text: string; reason: string } | null {
  const parts = (rest: string, depth: number): { parts: string[]; reasons: string[] } | null => {
    if (accepted(rest)) return { parts: [rest], reasons: [] };
    if (depth === 0) return null;
    for (let i = 1; i < rest.length; i++) {
      const left = rest.slice(0, i);
      const right = rest.slice(i);
      if (!accepted(left)) continue;
      const rule = SPACING_RULES.find((r) => r.applies(left, right, isModifier));
      if (!rule) continue;
      const tail = parts(right, depth - 1);
      if (tail) return { parts: [left, ...tail.parts], reasons: [rule.reason(left, right), ...tail.reasons] };
    }
    return null;
  };
  const found = parts(word, 2);
  if (!found || found.parts.length < 2) return null;
  return { text: found.parts.join(' '), reason: [...new Set(found.reasons)].join(' ') };
}

/** The dictionary's suggestion one jamo away from the word, itself a known word without a space. */
function closeSuggestion(
  hunspell: Hunspell,
  accepted: (word: string) => boolean,
  word: string,
): string | null {
  for (const suggestion of hunspell.suggest(word).slice(0, 5)) {
    if (suggestion === word || /\s/.test(suggestion)) continue;
    if (jamoDistance(word, suggestion) <= 1 && accepted(suggestion)) return suggestion;
  }
  return null;
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
