import {
  type ClassGroupConstraints,
  type ClassGroupStudent,
  classGroupConstraintsSchema,
} from '@ssaem/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConstraintsByRules } from './class-group.parser.ts';
import { describeGroups, groupSizes, solveGroups } from './class-group.solver.ts';

const NAMES =
  '민준 서연 도윤 지우 하준 서윤 시우 하은 주원 지유 예준 수아 지호 채원 건우 지민 우진 소율 선우 다은 연우 예린 유준 윤서 정우 은서 승현 가은 준서 시은 현우 수빈'.split(
    ' ',
  );

const rosterArb = fc
  .record({
    size: fc.integer({ min: 4, max: NAMES.length }),
    genders: fc.array(fc.constantFrom<'M' | 'F' | null>('M', 'F', null), {
      minLength: NAMES.length,
      maxLength: NAMES.length,
    }),
    levels: fc.array(fc.constantFrom<string | null>('상', '중', '하', null), {
      minLength: NAMES.length,
      maxLength: NAMES.length,
    }),
  })
  .map(({ size, genders, levels }) =>
    NAMES.slice(0, size).map(
      (name, i): ClassGroupStudent => ({ name, gender: genders[i] ?? null, level: levels[i] ?? null }),
    ),
  );

const constraintsOf = (overrides: Partial<ClassGroupConstraints>) =>
  classGroupConstraintsSchema.parse({ mixGender: false, ...overrides });

/** Disjoint pairs drawn from the roster (a matching), by positions. */
const matchingArb = (size: number) =>
  fc
    .shuffledSubarray(
      Array.from({ length: size }, (_, i) => i),
      { minLength: 0, maxLength: size - (size % 2) },
    )
    .map((picked) => {
      const pairs: [number, number][] = [];
      for (let i = 0; i + 1 < picked.length; i += 2) pairs.push([picked[i] ?? 0, picked[i + 1] ?? 0]);
      return pairs;
    });

function placed(groups: number[][], n: number) {
  return (
    groups
      .flat()
      .sort((a, b) => a - b)
      .join(',') === Array.from({ length: n }, (_, i) => i).join(',')
  );
}

const runs = { numRuns: 60 };

describe('the grouping solver', () => {
  it('places every pupil exactly once, in groups whose sizes differ by at most one and sit near the asked size', () => {
    fc.assert(
      fc.property(rosterArb, fc.integer({ min: 2, max: 8 }), fc.nat(), (roster, size, seed) => {
        const groups = solveGroups(roster, constraintsOf({ groupSize: size, spreadLevel: true }), seed);
        expect(placed(groups, roster.length)).toBe(true);
        const sizes = groups.map((g) => g.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(groups).toHaveLength(groupSizes(roster.length, size).length);
        if (groups.length > 1)
          expect(Math.abs(roster.length / groups.length - size)).toBeLessThan(size / 2 + 1);
      }),
      runs,
    );
  });

  it('is deterministic: the same roster, constraints and seed give the same groups', () => {
    fc.assert(
      fc.property(rosterArb, fc.nat(), (roster, seed) => {
        const constraints = constraintsOf({ groupSize: 4, mixGender: true, spreadLevel: true });
        expect(solveGroups(roster, constraints, seed)).toEqual(solveGroups(roster, constraints, seed));
      }),
      runs,
    );
  });

  it('keeps every "together" pair in one group', () => {
    fc.assert(
      fc.property(
        rosterArb.chain((roster) => fc.tuple(fc.constant(roster), matchingArb(roster.length), fc.nat())),
        ([roster, pairs, seed]) => {
          const together = pairs.map(
            ([a, b]) => [roster[a]?.name ?? '', roster[b]?.name ?? ''] as [string, string],
          );
          const groups = solveGroups(roster, constraintsOf({ groupSize: 4, together }), seed);
          // Only when the pairs fit at all: disjoint pairs need a free two seats each, and groups
          // of three hold one pair (six pupils in three pairs cannot sit in two groups of three).
          fc.pre(groups.reduce((seats, group) => seats + Math.floor(group.length / 2), 0) >= pairs.length);
          const groupOf = new Map(groups.flatMap((g, gi) => g.map((i) => [i, gi] as const)));
          for (const [a, b] of pairs) expect(groupOf.get(a)).toBe(groupOf.get(b));
        },
      ),
      runs,
    );
  });

  it('separates every "apart" pair when there are at least two groups', () => {
    fc.assert(
      fc.property(
        rosterArb.chain((roster) => fc.tuple(fc.constant(roster), matchingArb(roster.length), fc.nat())),
        ([roster, pairs, seed]) => {
          const apart = pairs.map(
            ([a, b]) => [roster[a]?.name ?? '', roster[b]?.name ?? ''] as [string, string],
          );
          const groups = solveGroups(roster, constraintsOf({ groupSize: 3, apart }), seed);
          fc.pre(groups.length >= 2);
          const groupOf = new Map(groups.flatMap((g, gi) => g.map((i) => [i, gi] as const)));
          for (const [a, b] of pairs) expect(groupOf.get(a)).not.toBe(groupOf.get(b));
        },
      ),
      runs,
    );
  });

  it('mixes boys and girls in every group when each gender has at least one pupil per group', () => {
    fc.assert(
      fc.property(rosterArb, fc.integer({ min: 2, max: 6 }), fc.nat(), (roster, size, seed) => {
        const groups = solveGroups(roster, constraintsOf({ groupSize: size, mixGender: true }), seed);
        const boys = roster.filter((s) => s.gender === 'M').length;
        const girls = roster.filter((s) => s.gender === 'F').length;
        fc.pre(boys >= groups.length && girls >= groups.length);
        for (const group of groups) {
          expect(group.some((i) => roster[i]?.gender === 'M')).toBe(true);
          expect(group.some((i) => roster[i]?.gender === 'F')).toBe(true);
        }
      }),
      runs,
    );
  });

  it('spreads a level: no group holds two more of a level than another of the same size', () => {
    fc.assert(
      fc.property(rosterArb, fc.nat(), (roster, seed) => {
        const groups = solveGroups(roster, constraintsOf({ groupSize: 4, spreadLevel: true }), seed);
        for (const level of ['상', '중', '하']) {
          const counts = groups.map((g) => g.filter((i) => roster[i]?.level === level).length);
          expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
        }
      }),
      runs,
    );
  });
});

describe('explanations', () => {
  it('says in Korean, with particles by the last syllable, who is together and how each group is made', () => {
    const a: ClassGroupStudent = { name: '민준', gender: 'M', level: '상' };
    const b: ClassGroupStudent = { name: '지우', gender: 'F', level: '하' };
    const c: ClassGroupStudent = { name: '서연', gender: 'F', level: '중' };
    const d: ClassGroupStudent = { name: '하준', gender: 'M', level: '중' };
    const described = describeGroups(
      [
        [a, b],
        [c, d],
      ],
      constraintsOf({
        groupSize: 2,
        mixGender: true,
        together: [['민준', '지우']],
        apart: [['지우', '서연']],
      }),
    );
    expect(described.groups[0]?.explanation).toContain('남학생 1명과 여학생 1명이 함께해요.');
    expect(described.groups[0]?.explanation).toContain('민준과 지우를 함께 두었어요.');
    expect(described.groups[0]?.explanation).toContain('수준은 상 1명, 하 1명이에요.');
    expect(described.violations).toEqual([]);
    expect(described.summary).toBe(
      '학생 4명을 2모둠(2명 모둠 2개)으로 나누었어요. 남녀를 고르게 섞고 함께 둘 1쌍을 묶고 떨어뜨릴 1쌍을 나누었어요.',
    );
    const broken = describeGroups(
      [
        [a, c],
        [b, d],
      ],
      constraintsOf({ together: [['민준', '지우']] }),
    );
    expect(broken.violations).toEqual(['민준과 지우를 같은 모둠에 두지 못했어요.']);
  });
});

describe('reading the teacher sentence without a model', () => {
  const names = ['김민준', '민준', '서연', '지우', '하준'];
  const base = classGroupConstraintsSchema.parse({});
  it('reads size, gender, level and pairs, longer names first', () => {
    const parsed = parseConstraintsByRules(
      '네 명씩 남녀 섞어서 읽기 수준 고르게. 김민준과 서연은 떨어뜨리고 지우와 하준은 같은 모둠으로 해 주세요',
      names,
      base,
    );
    expect(parsed.constraints.groupSize).toBe(4);
    expect(parsed.constraints.mixGender).toBe(true);
    expect(parsed.constraints.spreadLevel).toBe(true);
    expect(parsed.constraints.apart).toEqual([['김민준', '서연']]);
    expect(parsed.constraints.together).toEqual([['지우', '하준']]);
    expect(parsed.understood).toContain('김민준과 서연은 다른 모둠에 둡니다.');
    expect(parsed.understood).toContain('지우와 하준은 같은 모둠에 둡니다.');
  });
  it('reads a number of groups against the list and "남녀 상관없이"', () => {
    const parsed = parseConstraintsByRules('2모둠으로 나누고 남녀 상관없이', names, base);
    expect(parsed.constraints.groupSize).toBe(3);
    expect(parsed.constraints.mixGender).toBe(false);
  });
});
