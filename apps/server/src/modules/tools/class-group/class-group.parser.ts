import {
  CLASS_GROUP_MAX_SIZE,
  CLASS_GROUP_MIN_SIZE,
  type ClassGroupConstraints,
  type ClassGroupParseResult,
} from '@ssaem/contracts';
import { josa } from 'es-hangul';

/**
 * The teacher's sentence read into constraints without a model: group size ("4명씩", "네 명씩",
 * "모둠당 5명", or "6모둠으로" with the list's length), boys and girls mixed, levels spread, and
 * pairs of the list's names to keep together or apart, clause by clause.
 */
const NATIVE_NUMBERS: Record<string, number> = {
  두: 2,
  세: 3,
  석: 3,
  네: 4,
  넉: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
};

const APART =
  /(떨어|따로|다른\s*모둠|떼어|떼\s|분리|갈라|멀리|같은\s*모둠(이|에|으로)?\s*(되지|하지|두지|넣지)\s*않|안\s*되|피해)/;
const TOGETHER = /(같은\s*모둠|함께|같이|묶어|묶|한\s*모둠|짝)/;

function clamp(size: number): number {
  return Math.min(CLASS_GROUP_MAX_SIZE, Math.max(CLASS_GROUP_MIN_SIZE, size));
}

function groupSizeOf(text: string, listLength: number): number | null {
  const digits =
    /(\d+)\s*명\s*(씩|짜리|단위|으로|한\s*모둠)/.exec(text) ??
    /(모둠|조)\s*(당|마다|별)\s*(\d+)\s*명/.exec(text);
  if (digits) return clamp(Number(digits[1] && /^\d+$/.test(digits[1]) ? digits[1] : digits[3]));
  const native = /(두|세|석|네|넉|다섯|여섯|일곱|여덟)\s*명\s*(씩|짜리|단위|으로)/.exec(text);
  if (native?.[1]) return clamp(NATIVE_NUMBERS[native[1]] ?? 4);
  const count = /(\d+)\s*(개\s*)?(모둠|조)(으로|로)/.exec(text);
  if (count?.[1] && listLength > 0) return clamp(Math.round(listLength / Math.max(1, Number(count[1]))));
  return null;
}

function mentioned(clause: string, names: string[]): string[] {
  // Longer names first, so 김민준 is not also read as 민준.
  const found: { name: string; at: number }[] = [];
  let rest = clause;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const at = rest.indexOf(name);
    if (at < 0) continue;
    found.push({ name, at });
    rest = rest.slice(0, at) + ' '.repeat(name.length) + rest.slice(at + name.length);
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

function pairsAmong(names: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) pairs.push([names[i] ?? '', names[j] ?? '']);
  return pairs;
}

export function parseConstraintsByRules(
  text: string,
  names: string[],
  base: ClassGroupConstraints,
): ClassGroupParseResult {
  const constraints: ClassGroupConstraints = {
    ...base,
    apart: [...base.apart],
    together: [...base.together],
  };
  const understood: string[] = [];
  const size = groupSizeOf(text, names.length);
  if (size) {
    constraints.groupSize = size;
    understood.push(`한 모둠에 ${size}명 안팎으로 나눕니다.`);
  }
  if (/(남녀|성별|남학생.*여학생|여학생.*남학생)/.test(text)) {
    const ignore = /(남녀|성별)[^.,\n]*(상관\s*없|구분\s*없|관계\s*없|섞지\s*않)/.test(text);
    constraints.mixGender = !ignore;
    understood.push(ignore ? '남녀 구성은 따지지 않습니다.' : '모둠마다 남녀를 고르게 섞습니다.');
  }
  if (/(수준|실력|성적|레벨|잘하는|어려워하는)/.test(text)) {
    constraints.spreadLevel = true;
    understood.push('수준이 모둠마다 고르게 퍼지도록 나눕니다.');
  }
  const sentences = text.split(/[.\n;!?]|그리고/);
  // "민준, 서연은 같은 모둠" lists names with commas; a sentence that both joins and separates is
  // two clauses, split at its commas.
  const clauses = sentences.flatMap((sentence) =>
    APART.test(sentence) && TOGETHER.test(sentence.replace(APART, ''))
      ? sentence.split(/,|고\s/)
      : [sentence],
  );
  for (const clause of clauses) {
    const who = mentioned(clause, names);
    if (who.length < 2) continue;
    const apart = APART.test(clause);
    const together = !apart && TOGETHER.test(clause);
    if (!apart && !together) continue;
    for (const pair of pairsAmong(who)) {
      const list = apart ? constraints.apart : constraints.together;
      if (!list.some(([a, b]) => (a === pair[0] && b === pair[1]) || (a === pair[1] && b === pair[0])))
        list.push(pair);
      understood.push(
        apart
          ? `${josa(pair[0], '와/과')} ${josa(pair[1], '은/는')} 다른 모둠에 둡니다.`
          : `${josa(pair[0], '와/과')} ${josa(pair[1], '은/는')} 같은 모둠에 둡니다.`,
      );
    }
  }
  return { constraints, understood, engine: 'rules' };
}

/** What the model is told; the names are placeholders by the time it reads this. */
export const PARSE_SYSTEM_PROMPT = `교사가 모둠 편성 조건을 한 문장으로 말합니다. 조건을 JSON으로 옮기세요.
- groupSize: 한 모둠의 인원(2~8). 모둠 수만 말하면 명단 인원을 모둠 수로 나눈 값.
- mixGender: 남녀를 섞으라는 말이 있으면 true, 상관없다고 하면 false.
- spreadLevel: 수준·실력·성적을 고르게 하라는 말이 있으면 true.
- apart: 다른 모둠에 두어야 하는 두 학생의 쌍 목록. together: 같은 모둠에 두어야 하는 쌍 목록.
- understood: 이해한 조건을 한국어 문장으로 하나씩.
학생은 [학생1] 같은 자리표시자로 주어지며, 쌍에도 자리표시자를 그대로 씁니다.`;
