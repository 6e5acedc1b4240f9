import type { QuizCounts, QuizItem, QuizKind, QuizLevel, QuizStandard } from '@ssaem/contracts';
import { levelsOf } from '../grounding.ts';
import { particleFor, withParticle } from '../korean-particles.ts';
import { topicTermsOf, topicWeights } from '../topic-terms.ts';

/** A standard row of the reference data, as the drafter reads it. */
export interface QuizSourceStandard {
  curriculum: number;
  code: string;
  statement: string;
  area: string | null;
  subject: string;
  levels: string | null;
}

export interface QuizDraftInput {
  /** The standards the teacher chose (or, without a choice, the ones the material matches). */
  standards: QuizSourceStandard[];
  /** Every standard of the grade band and subject: distractors and links come from here. */
  pool: QuizSourceStandard[];
  /** The teacher's material, in sentences. */
  passages: string[];
  counts: QuizCounts;
  choiceOptions: 4 | 5;
  difficulty: 'MIXED' | QuizLevel;
  unit: string;
}

const CIRCLED = ['①', '②', '③', '④', '⑤'];
const MATCH_LABELS = ['㉠', '㉡', '㉢', '㉣', '㉤'];
const BLANK = '(          )';

export function asQuizStandard(row: QuizSourceStandard): QuizStandard {
  return { curriculum: row.curriculum as 2015 | 2022, code: row.code, statement: row.statement };
}

/** The level of the n-th item of a kind: the teacher's one level, or 하 → 중 → 상 spread by kind. */
export function levelFor(kind: QuizKind, index: number, difficulty: QuizDraftInput['difficulty']): QuizLevel {
  if (difficulty !== 'MIXED') return difficulty;
  if (kind === 'ox' || kind === 'matching') return '하';
  if (kind === 'essay') return '상';
  if (kind === 'short') return index % 2 === 0 ? '하' : '중';
  return (['중', '하', '상'] as const)[index % 3] ?? '중';
}

/** A sentence of the material that says what something is: its topic word and the rest. */
export interface Fact {
  sentence: string;
  term: string;
  particle: string;
  rest: string;
}

const TOPIC =
  /^(?<term>[가-힣A-Za-z0-9·]+(?:\s[가-힣A-Za-z0-9·]+){0,2}?)(?<particle>이란|란|은|는)\s+(?<rest>.{6,})$/u;

export function factsOf(passages: string[]): Fact[] {
  const facts: Fact[] = [];
  for (const sentence of passages) {
    const match = TOPIC.exec(sentence.trim());
    const term = match?.groups?.term?.trim();
    const rest = match?.groups?.rest?.trim();
    if (!term || !rest || !match?.groups?.particle || term.length < 2 || term.length > 20) continue;
    if (rest.includes(term) || facts.some((f) => f.term === term)) continue;
    // 같은 극끼리는, 교실에서는: the topic is not a noun that could be an answer.
    if (/(끼리|에서|에게|으로|부터|까지|마다|처럼|보다|에|도)$/u.test(term)) continue;
    facts.push({ sentence: sentence.trim(), term, particle: match.groups.particle, rest });
  }
  return facts;
}

const HANGUL_BASE = 0xac00;
const FINAL_N = 4;
const FINAL_B = 17;

/**
 * The opposite of a plain statement, for a false O/X item: 있다 ↔ 없다, and present-tense endings
 * (당긴다, 먹는다, 합니다) turned into their negative (당기지 않는다, 먹지 않는다, 하지 않습니다).
 * Null when the ending is not one of these; such a sentence only makes a true item.
 */
export function negate(sentence: string): string | null {
  const body = sentence.trim().replace(/[.。]$/, '');
  const swaps: [RegExp, string][] = [
    [/있다$/, '없다'],
    [/없다$/, '있다'],
    [/있습니다$/, '없습니다'],
    [/없습니다$/, '있습니다'],
  ];
  for (const [pattern, replacement] of swaps)
    if (pattern.test(body)) return `${body.replace(pattern, replacement)}.`;
  // A noun of two or more syllables before 이다 (도구이다); one syllable is a verb's stem (붙이다).
  const noun = /([가-힣A-Za-z0-9]+)(이다|입니다)$/u.exec(body);
  if (noun?.[1] && noun[1].length >= 2) {
    const ending = noun[2] === '이다' ? '아니다' : '아닙니다';
    return `${body.slice(0, noun.index)}${noun[1]}${particleFor(noun[1], '이/가')} ${ending}.`;
  }
  const neun = /([가-힣])는다$/u.exec(body);
  if (neun?.[1]) return `${body.slice(0, neun.index)}${neun[1]}지 않는다.`;
  const last = /([가-힣])(다|니다)$/u.exec(body);
  if (!last?.[1]) return null;
  const code = last[1].charCodeAt(0) - HANGUL_BASE;
  const final = code % 28;
  if (!((last[2] === '다' && final === FINAL_N) || (last[2] === '니다' && final === FINAL_B))) return null;
  const stem = withLiquid(`${body.slice(0, last.index)}${String.fromCharCode(HANGUL_BASE + code - final)}`);
  if (!stem) return null;
  return `${stem}지 ${last[2] === '다' ? '않는다' : '않습니다'}.`;
}

/** Stems that lose their ㄹ before ㄴ and ㅂ (만든다 ← 만들다, 언다 ← 얼다); the common ones. */
const LIQUID_STEMS = ['만드', '흔드', '아', '여', '어', '노', '도', '부', '우', '거', '미', '드', '푸'];
/** Two verbs share the form (산다: 사다 or 살다, 판다: 파다 or 팔다): no safe negative. */
const AMBIGUOUS_STEMS = ['사', '파', '끄', '주', '나', '다', '가'];

function withLiquid(stem: string): string | null {
  const word = /[가-힣]+$/u.exec(stem)?.[0] ?? '';
  if (AMBIGUOUS_STEMS.includes(word)) return null;
  const liquid = LIQUID_STEMS.find((s) => word === s || (s.length > 1 && word.endsWith(s)));
  if (!liquid) return stem;
  const code = stem.charCodeAt(stem.length - 1) - HANGUL_BASE;
  return `${stem.slice(0, -1)}${String.fromCharCode(HANGUL_BASE + code + 8)}`;
}

/** "…설명할 수 있다." → "…설명하시오." — a standard read as a task; null when it does not end so. */
export function asTask(statement: string): string | null {
  const body = statement.trim().replace(/[.。]$/, '');
  const can = /(.+?)([가-힣])\s?수 있다$/u.exec(body);
  if (!can?.[1] || !can[2]) return null;
  const code = can[2].charCodeAt(0) - HANGUL_BASE;
  const final = code % 28;
  // Only 하다 verbs with ㄹ (설명할, 말할): other stems would need their own conjugation.
  if (final !== 8) return null;
  const open = String.fromCharCode(HANGUL_BASE + code - final);
  return `${can[1]}${open}시오.`;
}

/** The word of a standard least shared with the other standards of its subject: the one to blank. */
function keyTermOf(row: QuizSourceStandard, pool: QuizSourceStandard[]): string | null {
  const texts = pool.map((p) => p.statement);
  const terms = topicTermsOf(row.statement).filter((term) => row.statement.includes(term));
  let best: { term: string; found: number } | null = null;
  for (const term of terms) {
    const found = texts.filter((text) => text.includes(term)).length;
    if (term.length < 2) continue;
    if (!best || found < best.found || (found === best.found && term.length > best.term.length))
      best = { term, found };
  }
  return best?.term ?? null;
}

/**
 * The standard an item about `text` assesses: the best match among the chosen (or, with none
 * chosen, all of the subject) by rare words of the statement and its level descriptions. With
 * standards chosen every item is linked to one of them (by shared words, else the first).
 */
export function linkOf(text: string, input: QuizDraftInput): QuizStandard | null {
  const candidates = input.standards.length ? input.standards : input.pool;
  if (candidates.length === 0) return null;
  const texts = candidates.map(
    (c) =>
      `${c.area ?? ''} ${c.statement} ${levelsOf(c.levels)
        .map((l) => l.description)
        .join(' ')}`,
  );
  const weigh = topicWeights(text, texts);
  const terms = topicTermsOf(text);
  const shared = (candidate: string) => terms.filter((term) => candidate.includes(term)).length;
  let best: { index: number; score: number } | null = null;
  texts.forEach((candidate, index) => {
    const score = weigh(candidate) * 10 + (input.standards.length ? shared(candidate) : 0);
    if (score > 0 && (!best || score > best.score)) best = { index, score };
  });
  const found = best as { index: number; score: number } | null;
  const row = found ? candidates[found.index] : input.standards[0];
  return row ? asQuizStandard(row) : null;
}

/** Options with the answer at a position that moves from item to item. */
function placeAnswer(answer: string, distractors: string[], count: number, index: number) {
  const options = distractors.slice(0, count - 1);
  const at = (index * 2 + 1) % count;
  options.splice(at, 0, answer);
  return { options, answer: `${CIRCLED[at]} ${answer}` };
}

function rubricOf(row: QuizSourceStandard, topic: string): QuizItem['rubric'] {
  const levels = levelsOf(row.levels);
  if (levels.length >= 3) {
    const first = levels[0];
    const middle = levels[Math.floor((levels.length - 1) / 2)];
    const last = levels.at(-1);
    if (first && middle && last)
      return [
        { level: `상 (${first.level})`, criterion: first.description },
        { level: `중 (${middle.level})`, criterion: middle.description },
        { level: `하 (${last.level})`, criterion: last.description },
      ];
  }
  return genericRubric(topic);
}

function genericRubric(topic: string): QuizItem['rubric'] {
  const subject = withParticle(topic, '을/를');
  return [
    { level: '상', criterion: `${subject} 정확한 낱말로 빠짐없이, 예를 들어 설명함.` },
    { level: '중', criterion: `${subject} 설명하였으나 일부 내용이 빠지거나 부정확함.` },
    { level: '하', criterion: `${subject} 설명하지 못하거나 관련 없는 내용을 씀.` },
  ];
}

type Built = Omit<QuizItem, 'level'>;

/** The items of each kind the sources allow, in order; fewer than asked when they run out. */
function buildersOf(input: QuizDraftInput): Record<QuizKind, (index: number) => Built | null> {
  const facts = factsOf(input.passages);
  const otherTerms = [
    ...facts.map((f) => f.term),
    ...topicTermsOf(input.passages.join(' ')).filter((t) => t.length >= 2),
  ].filter((t, i, all) => all.indexOf(t) === i);
  const chosen = input.standards;
  const others = (row: QuizSourceStandard) =>
    [
      ...input.pool.filter((p) => p.code !== row.code && p.area !== row.area),
      ...input.pool.filter((p) => p.code !== row.code && p.area === row.area),
    ].filter((p) => !chosen.some((c) => c.code === p.code));
  // Sentences the other kinds do not ask about come first, so no item gives another away.
  const factSentences = new Set(facts.map((f) => f.sentence));
  const oxSentences = [
    ...input.passages.filter((p) => !factSentences.has(p.trim())),
    ...[...factSentences].reverse(),
  ].filter((p) => p.length >= 8 && p.length <= 160);
  const area = input.unit.trim() || chosen[0]?.area || '';

  const choice = (index: number): Built | null => {
    const fact = facts[index];
    if (fact) {
      const distractors = otherTerms.filter((t) => t !== fact.term && !fact.sentence.includes(t));
      if (distractors.length >= input.choiceOptions - 1) {
        const placed = placeAnswer(fact.term, distractors.slice(index), input.choiceOptions, index);
        if (placed.options.length === input.choiceOptions)
          return {
            kind: 'choice',
            question: `다음 설명에 알맞은 말은 무엇입니까?\n“${BLANK}${fact.particle} ${fact.rest}”`,
            options: placed.options,
            prompts: [],
            answer: placed.answer,
            explanation: fact.sentence,
            rubric: [],
            standard: linkOf(fact.sentence, input),
          };
      }
    }
    const row = chosen[index - facts.length] ?? (facts.length === 0 ? chosen[index] : undefined);
    if (!row) return null;
    const distractors = others(row).map((p) => p.statement);
    if (distractors.length < input.choiceOptions - 1) return null;
    const placed = placeAnswer(row.statement, distractors.slice(index), input.choiceOptions, index);
    return {
      kind: 'choice',
      question: area
        ? `다음 중 ‘${area}’에서 배우는 내용으로 알맞은 것은 무엇입니까?`
        : '다음 중 이 단원에서 배우는 내용으로 알맞은 것은 무엇입니까?',
      options: placed.options,
      prompts: [],
      answer: placed.answer,
      explanation: `${row.code} ${row.statement}`,
      rubric: [],
      standard: asQuizStandard(row),
    };
  };

  const short = (index: number): Built | null => {
    // Facts used by the multiple-choice items come last, so the two kinds ask different things.
    const fact = facts[(index + input.counts.choice) % Math.max(facts.length, 1)];
    if (fact && index < facts.length)
      return {
        kind: 'short',
        question: `다음 빈칸에 들어갈 알맞은 말을 쓰시오.\n“${BLANK}${fact.particle} ${fact.rest}”`,
        options: [],
        prompts: [],
        answer: fact.term,
        explanation: fact.sentence,
        rubric: [],
        standard: linkOf(fact.sentence, input),
      };
    const row = chosen[index - facts.length];
    if (!row) return null;
    const term = keyTermOf(row, input.pool);
    if (!term) return null;
    return {
      kind: 'short',
      question: `다음은 이 단원에서 배우는 내용입니다. 빈칸에 들어갈 알맞은 말을 쓰시오.\n“${row.statement.split(term).join(BLANK)}”`,
      options: [],
      prompts: [],
      answer: term,
      explanation: `${row.code} ${row.statement}`,
      rubric: [],
      standard: asQuizStandard(row),
    };
  };

  // True and false by turns; a sentence with no safe negative stays true.
  const ox = (index: number): Built | null => {
    const sentence = oxSentences[index];
    if (!sentence) return null;
    const falseForm = index % 2 === 1 ? negate(sentence) : null;
    const statement = falseForm ?? (/[.!?]$/.test(sentence) ? sentence : `${sentence}.`);
    return {
      kind: 'ox',
      question: `다음 설명이 맞으면 O, 틀리면 X 하시오.\n“${statement}”`,
      options: [],
      prompts: [],
      answer: falseForm ? 'X' : 'O',
      explanation: falseForm ? `바른 설명: ${sentence}` : '자료의 설명과 같습니다.',
      rubric: [],
      standard: linkOf(sentence, input),
    };
  };

  const matching = (index: number): Built | null => {
    const size = Math.min(5, facts.length - index * 5);
    if (size < 3) return null;
    const pairs = facts.slice(index * 5, index * 5 + size);
    // The right-hand column moved by one, so no pair is printed side by side.
    const right = pairs.map((_, i) => pairs[(i + 1) % size]?.rest ?? '');
    const answer = pairs
      .map((pair, i) => `(${i + 1})-${MATCH_LABELS[right.indexOf(pair.rest)] ?? ''}`)
      .join(', ');
    return {
      kind: 'matching',
      question: '왼쪽의 낱말에 알맞은 설명을 오른쪽에서 찾아 선으로 이으시오.',
      options: right,
      prompts: pairs.map((pair) => pair.term),
      answer,
      explanation: pairs.map((pair) => pair.sentence).join(' '),
      rubric: [],
      standard: linkOf(pairs.map((p) => p.sentence).join(' '), input),
    };
  };

  const essay = (index: number): Built | null => {
    const row = chosen[index];
    if (row) {
      const task = asTask(row.statement);
      const levels = levelsOf(row.levels);
      return {
        kind: 'essay',
        question: task ? task : `다음 내용과 관련하여 배운 것을 예를 들어 설명하시오.\n“${row.statement}”`,
        options: [],
        prompts: [],
        answer: levels[0]
          ? `상 수준의 답안에 담길 내용: ${levels[0].description}`
          : `${row.statement} (이 성취기준에 비추어 채점합니다.)`,
        explanation: `${row.code} ${row.statement}`,
        rubric: rubricOf(row, keyTermOf(row, input.pool) ?? '배운 내용'),
        standard: asQuizStandard(row),
      };
    }
    const fact = facts[index - chosen.length];
    if (!fact) return null;
    const related = input.passages.filter((p) => p.includes(fact.term)).slice(0, 3);
    return {
      kind: 'essay',
      question: `${withParticle(fact.term, '이/가')} 무엇인지 예를 들어 설명하시오.`,
      options: [],
      prompts: [],
      answer: related.join(' '),
      explanation: fact.sentence,
      rubric: genericRubric(fact.term),
      standard: linkOf(related.join(' '), input),
    };
  };

  return { choice, short, ox, matching, essay };
}

const KIND_NAMES: Record<QuizKind, string> = {
  choice: '선다형',
  short: '단답형',
  ox: 'O/X',
  matching: '연결하기',
  essay: '서술형',
};

/**
 * The offline draft: real items from the standards' own wording and the teacher's sentences.
 * Kinds the sources cannot fill are made fewer, and the shortfall is named in a sentence.
 */
export function draftQuizOffline(input: QuizDraftInput): { items: QuizItem[]; shortfall: string | null } {
  const build = buildersOf(input);
  const items: QuizItem[] = [];
  const missing: string[] = [];
  for (const kind of ['ox', 'choice', 'short', 'matching', 'essay'] as const) {
    let made = 0;
    for (let index = 0; index < input.counts[kind]; index++) {
      const item = build[kind](index);
      if (!item) break;
      items.push({ ...item, level: levelFor(kind, index, input.difficulty) });
      made++;
    }
    if (made < input.counts[kind]) missing.push(`${KIND_NAMES[kind]} ${input.counts[kind] - made}개`);
  }
  const shortfall = missing.length
    ? `자료에서 만들 수 있는 문항이 모자라 ${missing.join(', ')}는 만들지 못했어요. 수업 자료나 성취기준을 더 넣으면 채울 수 있어요.`
    : null;
  return { items, shortfall };
}
