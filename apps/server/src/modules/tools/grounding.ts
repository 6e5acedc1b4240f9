import { gradeBandOf } from '@ssaem/contracts/reference';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { topicWeights } from './topic-terms.ts';

export interface GroundedStandard {
  code: string;
  statement: string;
}

/** Re-exported for the tools: the band lives in the contracts, the web picks standards by it too. */
export { gradeBandOf };

/** The achievement levels stored with a 2022 standard (A–C or A–E), when the data has them. */
export function levelsOf(json: string | null): { level: string; description: string }[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as { level?: unknown; description?: unknown }[];
    return parsed.flatMap((entry) =>
      typeof entry.level === 'string' && typeof entry.description === 'string'
        ? [{ level: entry.level, description: entry.description }]
        : [],
    );
  } catch {
    return [];
  }
}

/** `4국01-01`, `[4국01-01]` and ` [4국01-01] ` are one code. */
export function normalizeCode(code: string): string {
  const bare = code.trim().replace(/^\[|\]$/g, '');
  return `[${bare}]`;
}

/**
 * Achievement standards come from the reference data, never from the model (DOMAIN.md): the model
 * is offered the codes of the grade and subject, what it cites is checked against the data, codes
 * that are not there are dropped, and the statement shown is always the reference wording of
 * (curriculum, code).
 */
export function createGrounding(db: Kysely<Database>) {
  return {
    /**
     * The standards of a grade and subject, those on the lesson's topic first. `overlap` is above 0
     * only for a standard that shares a distinctive word with the goal: "물질" or "현상" are in half
     * the 과학 standards and match nothing on their own, "용해" is in two and picks them.
     */
    async candidates(curriculum: number, gradeSeq: number, subject: string, goal: string, limit = 30) {
      const band = gradeBandOf(gradeSeq);
      if (!band) return [];
      const rows = await db
        .selectFrom('standard')
        .select(['code', 'statement', 'area', 'levels'])
        .where('curriculum', '=', curriculum)
        .where('gradeBand', '=', band)
        .where((eb) => eb.or([eb('subject', '=', subject), eb('subjectGroup', '=', subject)]))
        .orderBy('code')
        .execute();
      const weigh = topicWeights(
        goal,
        rows.map((row) => `${row.area ?? ''} ${row.statement}`),
      );
      const scored = rows.map((row, index) => ({
        code: row.code,
        statement: row.statement,
        area: row.area,
        levels: levelsOf(row.levels),
        overlap: weigh(`${row.area ?? ''} ${row.statement}`),
        index,
      }));
      scored.sort((a, b) => b.overlap - a.overlap || a.index - b.index);
      return scored.slice(0, limit).map(({ index: _index, ...candidate }) => candidate);
    },

    /** The cited codes that exist for the curriculum, with their reference wording, in order. */
    async ground(curriculum: number, codes: string[]): Promise<GroundedStandard[]> {
      const wanted = [...new Set(codes.map(normalizeCode))];
      if (wanted.length === 0) return [];
      const rows = await db
        .selectFrom('standard')
        .select(['code', 'statement'])
        .where('curriculum', '=', curriculum)
        .where('code', 'in', wanted)
        .execute();
      const byCode = new Map(rows.map((row) => [row.code, row.statement]));
      return wanted.flatMap((code) => {
        const statement = byCode.get(code);
        return statement ? [{ code, statement }] : [];
      });
    },
  };
}

export type Grounding = ReturnType<typeof createGrounding>;
