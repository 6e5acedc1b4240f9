import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, LibraryItemTable } from '../../db/schema.ts';
import type { Actor } from '../../policies/actor.ts';
import { FINISHED } from './library-item.ts';

/** One suggested item with the one line that explains it. */
export interface Suggestion {
  id: number;
  gradeSeq: number | null;
  subjectSeq: number | null;
  materialType: string;
  reason: string;
  score: number;
}

/** How many candidates each signal contributes; suggestions are a short, ranked list. */
const GRADE_CANDIDATES = 80;
const MY_RECENT_LIKES = 30;
const CO_READERS = 200;
const CO_READER_PICKS = 400;
export const MAX_SUGGESTIONS = 60;

interface Signal {
  gradePeerSaves: number;
  gradePeerLikes: number;
  coReaderPicks: number;
  gradeMatch: boolean;
}

/**
 * Assistant suggestions (core.md §2): shared materials for the teacher's grade that teachers of
 * the same grade saved and liked, and materials that teachers who liked what this teacher liked
 * went on to save. Bounded queries on indexed columns (never a scan of all reactions), so the tab
 * stays fast on a large library.
 */
export function createSuggestionsRepository(db: Kysely<Database>) {
  /** What the actor may see in the library, as a condition on `li` (PUBLIC, or SCHOOL of theirs). */
  function sharedWith(actor: Actor) {
    return (eb: ExpressionBuilder<Database & { li: LibraryItemTable }, 'li'>) =>
      eb.and([
        eb('li.status', '=', FINISHED),
        eb('li.creatorId', '!=', actor.userId),
        actor.schoolId === null
          ? eb('li.visibility', '=', 'PUBLIC')
          : eb.or([
              eb('li.visibility', '=', 'PUBLIC'),
              eb.and([eb('li.visibility', '=', 'SCHOOL'), eb('li.schoolId', '=', actor.schoolId)]),
            ]),
      ]);
  }
  async function teacherGrade(userId: number) {
    const row = await db
      .selectFrom('users as u')
      .leftJoin('code as g', 'g.codeSeq', 'u.assignedGrade')
      .select(['u.assignedGrade', 'g.name as gradeName'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return { gradeSeq: row?.assignedGrade ?? null, gradeName: row?.gradeName ?? null };
  }

  /** What a suggestion is scored and filtered by. */
  const ITEM_COLUMNS = [
    'li.id',
    'li.gradeSeq',
    'li.subjectSeq',
    'li.materialType',
    'li.bookmarkCount',
    'li.likeCount',
  ] as const;

  /** Not already saved by the actor: a saved item is no suggestion. */
  function notSavedBy(actor: Actor) {
    return (eb: ExpressionBuilder<Database & { li: LibraryItemTable }, 'li'>) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('libraryBookmark as mine')
            .select('mine.libraryId')
            .where('mine.userId', '=', actor.userId)
            .whereRef('mine.libraryId', '=', 'li.id'),
        ),
      );
  }

  /**
   * The most saved shared items of the grade (or of everyone), with how many of the grade's other
   * teachers liked and saved each — one statement: the top items from the grade's index, then two
   * index lookups per item. Items the actor saved are left out after the top is taken, as before.
   */
  async function gradeCandidates(actor: Actor, gradeSeq: number | null) {
    const rows = await db
      .with('top', (qb) =>
        qb
          .selectFrom('libraryItem as li')
          .select(ITEM_COLUMNS)
          .where(sharedWith(actor))
          .$if(gradeSeq !== null, (q) => q.where('li.gradeSeq', '=', gradeSeq))
          .orderBy('li.bookmarkCount', 'desc')
          .orderBy('li.id', 'desc')
          .limit(GRADE_CANDIDATES),
      )
      .selectFrom('top as li')
      .selectAll('li')
      .$if(gradeSeq !== null, (qb) =>
        qb.select((eb) => {
          const peers = (table: 'libraryLike' | 'libraryBookmark') =>
            eb
              .selectFrom(`${table} as r`)
              .innerJoin('users as u', 'u.id', 'r.userId')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .whereRef('r.libraryId', '=', 'li.id')
              .where('u.assignedGrade', '=', gradeSeq)
              .where('r.userId', '!=', actor.userId);
          return [peers('libraryLike').as('peerLikes'), peers('libraryBookmark').as('peerSaves')];
        }),
      )
      .where(notSavedBy(actor))
      .execute();
    return rows.map((row) => ({
      ...row,
      peerLikes: Number(row.peerLikes ?? 0),
      peerSaves: Number(row.peerSaves ?? 0),
    }));
  }

  /**
   * Items saved by teachers who liked what the actor recently liked: the actor's latest likes, the
   * teachers who liked those too, their latest saves — counted per item, then kept only where the
   * actor may see the item and has not saved it. One statement, one round trip.
   */
  async function coReaderPicks(actor: Actor) {
    return db
      .with('mine', (qb) =>
        qb
          .selectFrom('libraryLike')
          .select('libraryId')
          .where('userId', '=', actor.userId)
          .orderBy('createdAt', 'desc')
          .limit(MY_RECENT_LIKES),
      )
      .with('readers', (qb) =>
        qb
          .selectFrom('libraryLike')
          .select('userId')
          .distinct()
          .where('libraryId', 'in', (sub) => sub.selectFrom('mine').select('libraryId'))
          .where('userId', '!=', actor.userId)
          .limit(CO_READERS),
      )
      .with('picks', (qb) =>
        qb
          .selectFrom('libraryBookmark')
          .select('libraryId')
          .where('userId', 'in', (sub) => sub.selectFrom('readers').select('userId'))
          .orderBy('createdAt', 'desc')
          .limit(CO_READER_PICKS),
      )
      .with('counted', (qb) =>
        qb
          .selectFrom('picks')
          .select(['libraryId', (eb) => eb.fn.countAll<number>().as('picks')])
          .groupBy('libraryId'),
      )
      .selectFrom('counted')
      .innerJoin('libraryItem as li', 'li.id', 'counted.libraryId')
      .select(ITEM_COLUMNS)
      .select('counted.picks')
      .where(sharedWith(actor))
      .where(notSavedBy(actor))
      .execute();
  }

  function reasonFor(signal: Signal, gradeName: string | null): string {
    const who = gradeName ? `${gradeName} 선생님` : '선생님';
    if (signal.gradePeerSaves > 0) return `${who} ${signal.gradePeerSaves}명이 저장한 자료예요.`;
    if (signal.coReaderPicks > 0) return '내가 좋아한 자료를 좋아한 선생님들이 저장한 자료예요.';
    if (signal.gradePeerLikes > 0) return `${who} ${signal.gradePeerLikes}명이 좋아한 자료예요.`;
    if (signal.gradeMatch && gradeName) return `${gradeName} 자료 중 많이 저장된 자료예요.`;
    return '선생님들이 많이 저장한 자료예요.';
  }

  return {
    async forTeacher(actor: Actor): Promise<Suggestion[]> {
      // The co-reader picks do not need the teacher's grade: they run beside the grade's own.
      const [{ gradeSeq, gradeName, grade }, coReaders] = await Promise.all([
        teacherGrade(actor.userId).then(async (teacher) => ({
          ...teacher,
          grade: await gradeCandidates(actor, teacher.gradeSeq),
        })),
        coReaderPicks(actor),
      ]);
      const items = new Map<
        number,
        { row: (typeof grade)[number] | (typeof coReaders)[number]; signal: Signal }
      >();
      const entryOf = (row: (typeof grade)[number] | (typeof coReaders)[number]) => {
        let entry = items.get(row.id);
        if (!entry) {
          entry = {
            row,
            signal: { gradePeerSaves: 0, gradePeerLikes: 0, coReaderPicks: 0, gradeMatch: false },
          };
          items.set(row.id, entry);
        }
        return entry.signal;
      };
      for (const row of grade) {
        const signal = entryOf(row);
        signal.gradeMatch = gradeSeq !== null && row.gradeSeq === gradeSeq;
        signal.gradePeerSaves = row.peerSaves;
        signal.gradePeerLikes = row.peerLikes;
      }
      for (const row of coReaders) entryOf(row).coReaderPicks = Number(row.picks);
      return [...items.values()]
        .map(({ row, signal }) => {
          const score =
            3 * signal.gradePeerSaves +
            2 * signal.coReaderPicks +
            signal.gradePeerLikes +
            (signal.gradeMatch ? 1 : 0) +
            Math.log1p(Number(row.bookmarkCount) + Number(row.likeCount) / 2);
          return {
            id: row.id,
            gradeSeq: row.gradeSeq,
            subjectSeq: row.subjectSeq,
            materialType: row.materialType,
            reason: reasonFor(signal, gradeName),
            score,
          };
        })
        .sort((a, b) => b.score - a.score || b.id - a.id)
        .slice(0, MAX_SUGGESTIONS);
    },
  };
}

export type SuggestionsRepository = ReturnType<typeof createSuggestionsRepository>;
