import {
  FEEDBACK_AREA_LABELS,
  FEEDBACK_AREAS,
  type FeedbackArea,
  type FeedbackAreaResult,
  type FeedbackResult,
  type FeedbackScores,
  OFFLINE_DRAFT_NOTICE,
} from '@ssaem/contracts';
import { particleFor, withParticle } from '../korean-particles.ts';
import { measureText, type TextSignals } from './text-signals.ts';

export interface SpellingFinding {
  original: string;
  suggestion: string;
}

/** Sentences longer than this many eojeol are hard to follow in school writing. */
const LONG_SENTENCE = 20;
const SHORT_SENTENCE = 3;

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
const percent = (value: number) => `${Math.round(value * 100)}%`;
const quote = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** 을/를 after a word, by its last sound (es-hangul). */
function objectParticle(word: string): string {
  return particleFor(word, '을/를');
}

type Assessment = Omit<FeedbackAreaResult, 'area'>;

const DEPENDENT_NOUNS = ['수', '것', '거', '줄', '데', '뿐', '때', '만큼', '대로', '듯'];

function jamo(syllable: string): [number, number, number] | null {
  const code = syllable.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return null;
  return [Math.floor(code / 588), Math.floor((code % 588) / 28), code % 28];
}

/** Jamo that differ between two words of the same length (떡복이 → 떡볶이 is 1). */
function jamoDistance(a: string, b: string): number {
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

/**
 * The dictionary flags every word it does not know, names and compounds included, and its first
 * suggestion is often far off (급식실에 → 급식일세). Counted as misspellings are only the findings
 * with a believable fix: a missing space before a dependent noun (할수 → 할 수), a spacing-only
 * suggestion, or a suggestion one jamo away. The rest are reported as words to check.
 */
export function probableMisspellings(findings: SpellingFinding[]): {
  misspellings: SpellingFinding[];
  unknown: string[];
} {
  const misspellings: SpellingFinding[] = [];
  const unknown: string[] = [];
  for (const finding of findings) {
    const { original } = finding;
    const split = DEPENDENT_NOUNS.map((noun) => original.indexOf(noun, 1)).find((index) => {
      if (index < 1) return false;
      const before = jamo(original[index - 1] ?? '');
      // An adnominal ending (…ㄴ, …ㄹ) comes before a dependent noun.
      return before !== null && (before[2] === 4 || before[2] === 8);
    });
    if (split !== undefined) {
      misspellings.push({ original, suggestion: `${original.slice(0, split)} ${original.slice(split)}` });
    } else if (
      finding.suggestion.replace(/\s/g, '') === original ||
      jamoDistance(original, finding.suggestion) <= 1
    ) {
      misspellings.push(finding);
    } else unknown.push(original);
  }
  return { misspellings, unknown };
}

function grammar(signals: TextSignals, findings: SpellingFinding[]): Assessment {
  const { misspellings, unknown } = probableMisspellings(findings);
  const per100 = (misspellings.length / Math.max(signals.words, 1)) * 100;
  const unterminatedShare = signals.unterminated / Math.max(signals.sentences.length, 1);
  const score = clamp(
    100 - Math.min(50, per100 * 7) - Math.min(20, unterminatedShare * 25) - signals.informalMarks.length * 4,
  );
  const strengths: string[] = [];
  const improvements: string[] = [];
  if (misspellings.length === 0) strengths.push('맞춤법 사전으로 확인했을 때 틀린 표기가 보이지 않습니다.');
  else
    improvements.push(
      `맞춤법이나 띄어쓰기가 틀린 것으로 보이는 곳이 ${misspellings.length}곳(어절 100개당 ${per100.toFixed(1)}곳) 있습니다. 아래 예를 보고 고쳐 보세요.`,
    );
  if (unknown.length > 0)
    improvements.push(
      `사전에 없는 낱말(${unknown.slice(0, 5).join(', ')})이 있습니다. 사람 이름이나 합성어일 수 있으니 표기가 맞는지 확인해 보세요.`,
    );
  if (signals.sentences.length > 0 && signals.unterminated === 0)
    strengths.push('모든 문장을 마침표나 물음표, 느낌표로 알맞게 끝맺었습니다.');
  else if (signals.unterminated > 0)
    improvements.push(
      `문장 부호 없이 끝난 문장이 ${signals.unterminated}개 있습니다. 문장 끝에 마침표를 찍어 문장의 경계를 분명히 해 주세요.`,
    );
  if (signals.informalMarks.length > 0)
    improvements.push(
      `글말에 어울리지 않는 표기(${signals.informalMarks.join(', ')})가 있습니다. 글에서는 빼거나 알맞은 문장 부호로 바꾸어 주세요.`,
    );
  return {
    score,
    strengths,
    improvements,
    examples: misspellings.slice(0, 5).map((finding) => ({ ...finding })),
  };
}

function vocabulary(signals: TextSignals): Assessment {
  // Stem variety runs from about 0.55 (the same few words over and over) to 0.9 (rich) in pupils' prose.
  const base = 40 + ((signals.variety - 0.55) / 0.35) * 55;
  const score = clamp(base - signals.repeatedWords.length * 4);
  const strengths: string[] = [];
  const improvements: string[] = [];
  if (signals.variety >= 0.8)
    strengths.push(
      `같은 말을 되풀이하지 않고 여러 낱말을 고루 썼습니다(어휘 다양도 ${percent(signals.variety)}).`,
    );
  else
    improvements.push(
      `어휘 다양도가 ${percent(signals.variety)}입니다. 같은 뜻을 나타내는 다른 낱말을 찾아 바꾸어 써 보세요.`,
    );
  for (const { word, count } of signals.repeatedWords.slice(0, 3))
    improvements.push(
      `'${word}'${objectParticle(word)} ${count}번 썼습니다. 몇 곳은 비슷한 뜻의 다른 말이나 가리키는 말로 바꾸어 보세요.`,
    );
  if (signals.repeatedWords.length === 0 && signals.words >= 30)
    strengths.push('특정 낱말에 지나치게 기대지 않았습니다.');
  return { score, strengths, improvements };
}

function expression(signals: TextSignals): Assessment {
  const many = signals.sentences.length >= 4;
  const endingPenalty = many ? Math.min(30, Math.max(0, 0.5 - signals.endingVariety) * 60) : 0;
  const openingPenalty = signals.commonOpening
    ? Math.min(20, (signals.commonOpening.count / signals.sentences.length - 0.25) * 60)
    : 0;
  const score = clamp(
    80 +
      Math.min(15, signals.connectives.length * 5) -
      endingPenalty -
      Math.max(0, openingPenalty) -
      signals.informalMarks.length * 8,
  );
  const strengths: string[] = [];
  const improvements: string[] = [];
  if (signals.connectives.length >= 2)
    strengths.push(
      `'${signals.connectives.slice(0, 3).join("', '")}' 같은 이어 주는 말로 생각을 자연스럽게 이었습니다.`,
    );
  else
    improvements.push(
      "'그래서', '하지만', '예를 들어' 같은 이어 주는 말을 써서 문장 사이의 관계를 드러내 보세요.",
    );
  if (many && signals.endingVariety < 0.5 && signals.mostCommonEnding)
    improvements.push(
      `문장이 '…${signals.mostCommonEnding.ending}'로 끝나는 경우가 ${signals.mostCommonEnding.count}번으로 많습니다. 문장의 끝맺음을 다양하게 바꾸어 보세요.`,
    );
  else if (many) strengths.push('문장의 끝맺음이 단조롭지 않습니다.');
  if (signals.commonOpening && openingPenalty > 0)
    improvements.push(
      `${withParticle(`'${signals.commonOpening.word}'`, '으로/로')} 시작하는 문장이 ${signals.commonOpening.count}개입니다. 문장의 시작을 바꾸어 보세요.`,
    );
  if (signals.informalMarks.length > 0)
    improvements.push('인터넷 대화체 표현은 글의 분위기에 맞는 말로 바꾸어 주세요.');
  return { score, strengths, improvements };
}

function sentence(signals: TextSignals): Assessment {
  const count = Math.max(signals.sentences.length, 1);
  const long = signals.sentences
    .map((text, index) => ({ text, length: signals.sentenceLengths[index] ?? 0 }))
    .filter((s) => s.length > LONG_SENTENCE)
    .sort((a, b) => b.length - a.length);
  const short = signals.sentenceLengths.filter((length) => length < SHORT_SENTENCE).length;
  const score = clamp(
    95 -
      (long.length / count) * 60 -
      (short / count) * 30 -
      Math.min(25, Math.max(0, signals.meanSentenceLength - 15) * 2),
  );
  const strengths: string[] = [];
  const improvements: string[] = [];
  const mean = signals.meanSentenceLength.toFixed(1);
  if (long.length === 0 && short / count < 0.3)
    strengths.push(`문장의 길이가 알맞습니다(한 문장에 평균 어절 ${mean}개).`);
  if (long.length > 0)
    improvements.push(
      `어절이 ${LONG_SENTENCE}개가 넘는 긴 문장이 ${long.length}개 있습니다. 뜻이 나뉘는 곳에서 두 문장으로 나누면 읽기 쉬워집니다.`,
    );
  if (short / count >= 0.3)
    improvements.push(
      `어절 ${SHORT_SENTENCE}개보다 짧은 문장이 ${short}개입니다. 짧은 문장을 이어 주는 말로 묶거나 내용을 보태어 보세요.`,
    );
  return {
    score,
    strengths,
    improvements,
    examples: long.slice(0, 2).map((s) => ({
      original: quote(s.text, 120),
      suggestion: `어절 ${s.length}개의 긴 문장입니다. 뜻이 나뉘는 곳에서 두 문장으로 나누어 써 보세요.`,
    })),
  };
}

function composition(signals: TextSignals): Assessment {
  const sentences = signals.sentences.length;
  const paragraphs = signals.paragraphs;
  let score = 70 + Math.min(15, signals.structureMarks.length * 5);
  if (paragraphs >= 3) score += 10;
  else if (paragraphs === 2) score += 5;
  if (sentences >= 6 && paragraphs <= 1) score -= 25;
  if (paragraphs >= 3 && signals.largestParagraphShare > 0.7) score -= 10;
  if (sentences < 3) score -= 20;
  const strengths: string[] = [];
  const improvements: string[] = [];
  if (paragraphs >= 2 && sentences >= 4) strengths.push(`글을 ${paragraphs}개의 문단으로 나누어 썼습니다.`);
  if (sentences >= 6 && paragraphs <= 1)
    improvements.push(
      `문장 ${sentences}개가 한 문단에 모여 있습니다. 처음–가운데–끝으로 문단을 나누어 생각의 흐름을 드러내 보세요.`,
    );
  if (paragraphs >= 3 && signals.largestParagraphShare > 0.7)
    improvements.push('한 문단에 내용이 몰려 있습니다. 문단의 길이를 고르게 나누어 보세요.');
  if (signals.structureMarks.length > 0)
    strengths.push(
      `'${signals.structureMarks.slice(0, 3).join("', '")}' 같은 말로 글의 흐름을 이끌었습니다.`,
    );
  else improvements.push("'먼저', '다음으로', '마지막으로'처럼 글의 짜임을 알려 주는 말을 써 보세요.");
  if (sentences < 3)
    improvements.push('글이 짧아 짜임을 판단하기 어렵습니다. 처음과 끝을 갖추어 더 써 보세요.');
  return { score: clamp(score), strengths, improvements };
}

function ideas(signals: TextSignals): Assessment {
  const sentences = signals.sentences.length;
  const score = clamp(
    45 +
      Math.min(25, sentences * 2.5) +
      Math.min(10, signals.reasonMarks.length * 5) +
      Math.min(10, signals.exampleMarks.length * 5) +
      Math.min(5, signals.opinionMarks.length * 5),
  );
  const strengths: string[] = [];
  const improvements: string[] = [];
  if (signals.reasonMarks.length > 0)
    strengths.push(`'${signals.reasonMarks[0]}' 같은 말로 까닭을 밝혀 생각을 뒷받침했습니다.`);
  else improvements.push("'왜냐하면', '때문에'처럼 까닭을 밝혀 생각을 뒷받침해 보세요.");
  if (signals.exampleMarks.length > 0) strengths.push('예나 경험을 들어 내용을 구체적으로 썼습니다.');
  else improvements.push('자신의 경험이나 예를 하나 들어 내용을 구체적으로 만들어 보세요.');
  if (signals.opinionMarks.length > 0) strengths.push('자기 생각이나 느낌을 분명히 드러냈습니다.');
  if (sentences < 5) improvements.push(`문장이 ${sentences}개로 내용이 짧습니다. 생각을 더 펼쳐 써 보세요.`);
  return { score, strengths, improvements };
}

/**
 * Feedback without a model: each chosen area scored from what the text itself shows (spelling
 * findings of the Korean dictionary, sentence lengths, vocabulary variety, paragraphs, markers of
 * reasons and examples), with comments that cite those measurements. The notice says so.
 */
export function draftFeedbackOffline(input: {
  title: string;
  text: string;
  areas: readonly FeedbackArea[];
  spelling: SpellingFinding[];
  query?: string | null | undefined;
}): FeedbackResult {
  const signals = measureText(input.text);
  const assess: Record<FeedbackArea, () => Assessment> = {
    grammar: () => grammar(signals, input.spelling),
    vocabulary: () => vocabulary(signals),
    expression: () => expression(signals),
    sentence: () => sentence(signals),
    composition: () => composition(signals),
    ideas: () => ideas(signals),
  };
  const chosen = FEEDBACK_AREAS.filter((area) => input.areas.includes(area));
  const areas: FeedbackAreaResult[] = chosen.map((area) => ({ area, ...assess[area]() }));
  const scores = Object.fromEntries(
    FEEDBACK_AREAS.map((area) => [area, areas.find((a) => a.area === area)?.score ?? null]),
  ) as FeedbackScores;
  const totalScore = clamp(areas.reduce((sum, a) => sum + a.score, 0) / Math.max(areas.length, 1));
  const ranked = [...areas].sort((a, b) => b.score - a.score);
  const best = ranked[0];
  const weakest = ranked.at(-1);
  const firstStep = [...ranked].reverse().find((a) => a.improvements.length > 0)?.improvements[0];
  const overall = [
    `이 글은 ${signals.paragraphs}개 문단, ${signals.sentences.length}개 문장, 어절 ${signals.words}개로 이루어져 있습니다.`,
    best && weakest && ranked.length > 1
      ? `측정한 특징으로 보면 ${FEEDBACK_AREA_LABELS[best.area]} 영역(${best.score}점)이 가장 좋고, ${FEEDBACK_AREA_LABELS[weakest.area]} 영역(${weakest.score}점)을 더 다듬으면 좋겠습니다.`
      : best
        ? `${FEEDBACK_AREA_LABELS[best.area]} 영역은 ${best.score}점으로 추정됩니다.`
        : '',
    firstStep ? `먼저 이것부터 해 보세요: ${firstStep}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    title: input.title,
    totalScore,
    scores,
    areas,
    overall,
    teacherFeedback: '',
    engine: 'offline',
    notice: OFFLINE_DRAFT_NOTICE,
  };
}
