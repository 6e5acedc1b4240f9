import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, LibraryItemTable } from '../../db/schema.ts';
import type { Actor } from '../../policies/actor.ts';

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
        eb('li.status', '=', 3),
        eb('li.creatorId', '!=', actor.userId),
        actor.schoolId === null
          ? eb('li.visibility', '=', 'PUBLIC')
          : eb.or([
              eb('li.visibility', '=', 'PUBLIC'),
              eb.and([eb('li.visibility', '=', 'SCHOOL'), eb('li.schoolId', '=', actor.schoolId)]),
            ]),
      ]);
  }
  function base() {
    return db.selectFrom('libraryItem as li');
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

  /** The most saved shared items of the grade (or of everyone), with the grade's teachers' reactions. */
  async function gradeCandidates(actor: Actor, gradeSeq: number | null) {
    const items = await base()
      .select([
        'li.id',
        'li.gradeSeq',
        'li.subjectSeq',
        'li.materialType',
        'li.bookmarkCount',
        'li.likeCount',
      ])
      .where(sharedWith(actor))
      .$if(gradeSeq !== null, (qb) => qb.where('li.gradeSeq', '=', gradeSeq))
      .orderBy('li.bookmarkCount', 'desc')
      .orderBy('li.id', 'desc')
      .limit(GRADE_CANDIDATES)
      .execute();
    if (items.length === 0 || gradeSeq === null)
      return { items, peers: new Map<number, { saves: number; likes: number }>() };
    const ids = items.map((item) => item.id);
    const peerCount = async (table: 'libraryLike' | 'libraryBookmark') =>
      db
        .selectFrom(`${table} as r`)
        .innerJoin('users as u', 'u.id', 'r.userId')
        .select(['r.libraryId', (eb) => eb.fn.countAll<number>().as('n')])
        .where('r.libraryId', 'in', ids)
        .where('u.assignedGrade', '=', gradeSeq)
        .where('r.userId', '!=', actor.userId)
        .groupBy('r.libraryId')
        .execute();
    const [likes, saves] = await Promise.all([peerCount('libraryLike'), peerCount('libraryBookmark')]);
    const peers = new Map<number, { saves: number; likes: number }>();
    for (const row of likes) peers.set(row.libraryId, { saves: 0, likes: Number(row.n) });
    for (const row of saves) {
      const entry = peers.get(row.libraryId) ?? { saves: 0, likes: 0 };
      entry.saves = Number(row.n);
      peers.set(row.libraryId, entry);
    }
    return { items, peers };
  }

  /**
   * Items saved by teachers who liked what the actor recently liked: the actor's latest likes, the
   * teachers who liked those too, their latest saves — one statement, one round trip.
   */
  async function coReaderPicks(actor: Actor) {
    const picks = await db
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
      .selectFrom('libraryBookmark')
      .select('libraryId')
      .where('userId', 'in', (sub) => sub.selectFrom('readers').select('userId'))
      .orderBy('createdAt', 'desc')
      .limit(CO_READER_PICKS)
      .execute();
    const counts = new Map<number, number>();
    for (const row of picks) counts.set(row.libraryId, (counts.get(row.libraryId) ?? 0) + 1);
    return counts;
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
      // The signals that do not need the teacher's grade start at once, beside the grade's own.
      const [{ gradeSeq, gradeName, grade }, coReaders, saved] = await Promise.all([
        teacherGrade(actor.userId).then(async (teacher) => ({
          ...teacher,
          grade: await gradeCandidates(actor, teacher.gradeSeq),
        })),
        coReaderPicks(actor),
        db.selectFrom('libraryBookmark').select('libraryId').where('userId', '=', actor.userId).execute(),
      ]);
      const alreadySaved = new Set(saved.map((row) => row.libraryId));
      const signals = new Map<number, Signal>();
      const signalOf = (id: number) => {
        let signal = signals.get(id);
        if (!signal) {
          signal = { gradePeerSaves: 0, gradePeerLikes: 0, coReaderPicks: 0, gradeMatch: false };
          signals.set(id, signal);
        }
        return signal;
      };
      for (const item of grade.items) {
        const signal = signalOf(item.id);
        signal.gradeMatch = gradeSeq !== null && item.gradeSeq === gradeSeq;
        const peer = grade.peers.get(item.id);
        if (peer) {
          signal.gradePeerSaves = peer.saves;
          signal.gradePeerLikes = peer.likes;
        }
      }
      for (const [id, picks] of coReaders) signalOf(id).coReaderPicks = picks;

      // Co-reader picks must still be visible to the actor and not their own.
      const ids = [...signals.keys()].filter((id) => !alreadySaved.has(id));
      if (ids.length === 0) return [];
      const rows = await base()
        .select([
          'li.id',
          'li.gradeSeq',
          'li.subjectSeq',
          'li.materialType',
          'li.bookmarkCount',
          'li.likeCount',
        ])
        .where(sharedWith(actor))
        .where('li.id', 'in', ids)
        .execute();
      return rows
        .map((row) => {
          const signal = signals.get(row.id)!;
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
