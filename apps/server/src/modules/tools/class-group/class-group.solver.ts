import type { ClassGroupConstraints, ClassGroupResult, ClassGroupStudent } from '@ssaem/contracts';
import { josa } from 'es-hangul';

/**
 * 모둠 편성 as local search: groups of balanced sizes (as close to the asked size as the roster
 * allows, never more than one apart), then simulated annealing over swaps of two pupils with a
 * seeded generator, then a steepest-descent pass, so the same roster, constraints and seed always
 * give the same groups. The cost counts broken "together" and "apart" pairs heavily, a group with
 * only boys or only girls when both could be in every group, and the distance of each group's
 * gender and level make-up from the class's own proportions.
 */

const PAIR_WEIGHT = 1000;
const MISSING_GENDER_WEIGHT = 200;
const GENDER_WEIGHT = 10;
const LEVEL_WEIGHT = 6;

/** mulberry32: a small, well-known seeded generator. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Group sizes for n pupils near `size`: round(n / size) groups, sizes differing by at most one. */
export function groupSizes(n: number, size: number): number[] {
  if (n === 0) return [];
  const count = Math.max(1, Math.round(n / size));
  const base = Math.floor(n / count);
  return Array.from({ length: count }, (_, g) => base + (g < n % count ? 1 : 0));
}

interface Problem {
  students: ClassGroupStudent[];
  sizes: number[];
  together: [number, number][];
  apart: [number, number][];
  mixGender: boolean;
  spreadLevel: boolean;
  boys: number;
  girls: number;
  levels: Map<string, number>;
}

function pairsOf(students: ClassGroupStudent[], pairs: [string, string][]): [number, number][] {
  const index = new Map(students.map((s, i) => [s.name, i]));
  return pairs.flatMap(([a, b]) => {
    const i = index.get(a);
    const j = index.get(b);
    return i === undefined || j === undefined || i === j ? [] : [[i, j] as [number, number]];
  });
}

function cost(problem: Problem, assignment: number[]): number {
  const groups = problem.sizes.length;
  let total = 0;
  for (const [a, b] of problem.together) if (assignment[a] !== assignment[b]) total += PAIR_WEIGHT;
  for (const [a, b] of problem.apart) if (assignment[a] === assignment[b]) total += PAIR_WEIGHT;
  const n = problem.students.length;
  if (problem.mixGender && problem.boys + problem.girls > 0) {
    const boys = new Array<number>(groups).fill(0);
    const girls = new Array<number>(groups).fill(0);
    problem.students.forEach((s, i) => {
      const g = assignment[i] ?? 0;
      if (s.gender === 'M') boys[g] = (boys[g] ?? 0) + 1;
      if (s.gender === 'F') girls[g] = (girls[g] ?? 0) + 1;
    });
    for (let g = 0; g < groups; g++) {
      const size = problem.sizes[g] ?? 0;
      const expectedBoys = (size * problem.boys) / n;
      const expectedGirls = (size * problem.girls) / n;
      total += GENDER_WEIGHT * ((boys[g] ?? 0) - expectedBoys) ** 2;
      total += GENDER_WEIGHT * ((girls[g] ?? 0) - expectedGirls) ** 2;
      if (problem.boys >= groups && problem.girls >= groups && (boys[g] === 0 || girls[g] === 0))
        total += MISSING_GENDER_WEIGHT;
    }
  }
  if (problem.spreadLevel && problem.levels.size > 0) {
    const counts = new Map<string, number[]>();
    for (const level of problem.levels.keys()) counts.set(level, new Array<number>(groups).fill(0));
    problem.students.forEach((s, i) => {
      if (!s.level) return;
      const row = counts.get(s.level);
      const g = assignment[i] ?? 0;
      if (row) row[g] = (row[g] ?? 0) + 1;
    });
    for (const [level, row] of counts) {
      const all = problem.levels.get(level) ?? 0;
      for (let g = 0; g < groups; g++) {
        const expected = ((problem.sizes[g] ?? 0) * all) / n;
        total += LEVEL_WEIGHT * ((row[g] ?? 0) - expected) ** 2;
      }
    }
  }
  return total;
}

/** Pupils bound together first (largest bundle first), then the rest in seeded random order. */
function initialAssignment(problem: Problem, random: () => number): number[] {
  const n = problem.students.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      const up = parent[i] ?? i;
      parent[i] = parent[up] ?? up;
      i = up;
    }
    return i;
  };
  for (const [a, b] of problem.together) parent[find(a)] = find(b);
  const bundles = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    bundles.set(root, [...(bundles.get(root) ?? []), i]);
  }
  const order = [...bundles.values()].map((members) => ({ members, key: random() }));
  order.sort((a, b) => b.members.length - a.members.length || a.key - b.key);
  const room = [...problem.sizes];
  const assignment = new Array<number>(n).fill(-1);
  for (const { members } of order) {
    // The group with the most room takes the bundle; a bundle larger than any group spills over.
    for (const member of members) {
      let best = 0;
      for (let g = 1; g < room.length; g++) if ((room[g] ?? 0) > (room[best] ?? 0)) best = g;
      const preferred = assignment[members[0] ?? member];
      const target =
        preferred !== undefined && preferred >= 0 && (room[preferred] ?? 0) > 0 ? preferred : best;
      assignment[member] = target;
      room[target] = (room[target] ?? 0) - 1;
    }
  }
  return assignment;
}

export function solveGroups(
  students: ClassGroupStudent[],
  constraints: ClassGroupConstraints,
  seed: number,
): number[][] {
  const n = students.length;
  const sizes = groupSizes(n, constraints.groupSize);
  if (sizes.length <= 1) return sizes.length === 1 ? [students.map((_, i) => i)] : [];
  const levels = new Map<string, number>();
  for (const s of students) if (s.level) levels.set(s.level, (levels.get(s.level) ?? 0) + 1);
  const problem: Problem = {
    students,
    sizes,
    together: pairsOf(students, constraints.together),
    apart: pairsOf(students, constraints.apart),
    mixGender: constraints.mixGender,
    spreadLevel: constraints.spreadLevel,
    boys: students.filter((s) => s.gender === 'M').length,
    girls: students.filter((s) => s.gender === 'F').length,
    levels,
  };
  const random = seededRandom(seed);
  let current = initialAssignment(problem, random);
  let currentCost = cost(problem, current);
  let best = [...current];
  let bestCost = currentCost;
  const steps = Math.min(40_000, 400 * n);
  let temperature = 50;
  const cooling = (0.01 / temperature) ** (1 / steps);
  for (let step = 0; step < steps && bestCost > 0; step++) {
    const a = Math.floor(random() * n);
    const b = Math.floor(random() * n);
    if (current[a] === current[b]) continue;
    const next = [...current];
    next[a] = current[b] ?? 0;
    next[b] = current[a] ?? 0;
    const nextCost = cost(problem, next);
    const delta = nextCost - currentCost;
    if (delta <= 0 || random() < Math.exp(-delta / temperature)) {
      current = next;
      currentCost = nextCost;
      if (currentCost < bestCost) {
        best = [...current];
        bestCost = currentCost;
      }
    }
    temperature *= cooling;
  }
  // Steepest descent from the best found: no single swap can improve what is returned.
  let improved = bestCost > 0;
  while (improved) {
    improved = false;
    let move: [number, number] | null = null;
    let moveCost = bestCost;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        if (best[a] === best[b]) continue;
        const next = [...best];
        next[a] = best[b] ?? 0;
        next[b] = best[a] ?? 0;
        const nextCost = cost(problem, next);
        if (nextCost < moveCost - 1e-9) {
          move = [a, b];
          moveCost = nextCost;
        }
      }
    }
    if (move) {
      const [a, b] = move;
      const swapped = best[a] ?? 0;
      best[a] = best[b] ?? 0;
      best[b] = swapped;
      bestCost = moveCost;
      improved = true;
    }
  }
  const groups: number[][] = sizes.map(() => []);
  for (const [i, g] of best.entries()) groups[g]?.push(i);
  return groups;
}

const and = (a: string, b: string) => `${josa(a, '와/과')} ${b}`;
/** "민준과 지우, 서연과 하준을": pairs as the object of a sentence. */
const pairsObject = (pairs: [string, string][]) => {
  const text = pairs.map(([a, b]) => and(a, b)).join(', ');
  return josa(text, '을/를');
};

/** Each group explained, the constraints that did not hold named, and one summary line. */
export function describeGroups(
  groups: ClassGroupStudent[][],
  constraints: ClassGroupConstraints,
): Pick<ClassGroupResult, 'groups' | 'violations' | 'summary'> {
  const groupOf = new Map<string, number>();
  groups.forEach((members, g) => {
    for (const m of members) groupOf.set(m.name, g);
  });
  const violations: string[] = [];
  for (const [a, b] of constraints.together) {
    if (!groupOf.has(a) || !groupOf.has(b)) continue;
    if (groupOf.get(a) !== groupOf.get(b))
      violations.push(`${pairsObject([[a, b]])} 같은 모둠에 두지 못했어요.`);
  }
  for (const [a, b] of constraints.apart) {
    if (!groupOf.has(a) || !groupOf.has(b)) continue;
    if (groupOf.get(a) === groupOf.get(b))
      violations.push(`${pairsObject([[a, b]])} 다른 모둠으로 떨어뜨리지 못했어요.`);
  }
  const allBoys = groups.flat().filter((s) => s.gender === 'M').length;
  const allGirls = groups.flat().filter((s) => s.gender === 'F').length;
  const described = groups.map((members, g) => {
    const parts: string[] = [];
    const boys = members.filter((s) => s.gender === 'M').length;
    const girls = members.filter((s) => s.gender === 'F').length;
    if (boys + girls > 0) {
      parts.push(
        boys && girls
          ? `남학생 ${boys}명과 여학생 ${girls}명이 함께해요.`
          : `${boys ? '남학생' : '여학생'}만 ${boys + girls}명이에요.`,
      );
      if (
        constraints.mixGender &&
        (!boys || !girls) &&
        allBoys >= groups.length &&
        allGirls >= groups.length
      ) {
        violations.push(`${g + 1}모둠에 남녀가 섞여 있지 않아요.`);
      }
    }
    const levels = new Map<string, number>();
    for (const m of members) if (m.level) levels.set(m.level, (levels.get(m.level) ?? 0) + 1);
    if (levels.size > 0) {
      const list = [...levels.entries()]
        .sort(([a], [b]) => a.localeCompare(b, 'ko'))
        .map(([level, count]) => `${level} ${count}명`)
        .join(', ');
      parts.push(`수준은 ${list}이에요.`);
    }
    const names = new Set(members.map((m) => m.name));
    const kept = constraints.together.filter(([a, b]) => names.has(a) && names.has(b));
    if (kept.length > 0) parts.push(`${pairsObject(kept)} 함께 두었어요.`);
    const separated = constraints.apart.filter(
      ([a, b]) => (names.has(a) && groupOf.has(b) && !names.has(b)) || false,
    );
    if (separated.length > 0) parts.push(`${pairsObject(separated)} 다른 모둠으로 나누었어요.`);
    return { name: `${g + 1}모둠`, members, explanation: parts.join(' ') || `${members.length}명이에요.` };
  });
  const sizes = new Map<number, number>();
  for (const members of groups) sizes.set(members.length, (sizes.get(members.length) ?? 0) + 1);
  const sizeText = [...sizes.entries()]
    .sort(([a], [b]) => b - a)
    .map(([size, count]) => `${size}명 모둠 ${count}개`)
    .join(', ');
  // Each clause as [joined with what follows, said last].
  const clauses: [string, string][] = [];
  if (constraints.mixGender && allBoys && allGirls)
    clauses.push(['남녀를 고르게 섞고', '남녀를 고르게 섞었어요']);
  if (constraints.spreadLevel)
    clauses.push(['수준을 모둠마다 고르게 나누고', '수준을 모둠마다 고르게 나누었어요']);
  if (constraints.together.length)
    clauses.push([
      `함께 둘 ${constraints.together.length}쌍을 묶고`,
      `함께 둘 ${constraints.together.length}쌍을 묶었어요`,
    ]);
  if (constraints.apart.length)
    clauses.push([
      `떨어뜨릴 ${constraints.apart.length}쌍을 나누고`,
      `떨어뜨릴 ${constraints.apart.length}쌍을 나누었어요`,
    ]);
  const total = groups.reduce((sum, members) => sum + members.length, 0);
  const how = clauses.length
    ? ` ${[...clauses.slice(0, -1).map(([joined]) => joined), clauses.at(-1)?.[1]].join(' ')}.`
    : '';
  const summary = `학생 ${total}명을 ${groups.length}모둠(${sizeText})으로 나누었어요.${how}`;
  return { groups: described, violations, summary };
}
