import {
  type AccessSettingInput,
  LIBRARY_COUNT_CAP,
  LIBRARY_NEW_DAYS,
  type LibraryCard,
  type LibraryDetail,
  type LibraryPage,
  type LibrarySearchQuery,
  type PublicLibraryItem,
} from '@ssaem/contracts';
import QRCode from 'qrcode';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Actor } from '../../policies/actor.ts';
import { canOnMaterial, type MaterialAction, materialAbilities } from '../../policies/material.policy.ts';
import { stripParticle } from '../tools/korean-particles.ts';
import { asMaterial } from '../tools/tool-items.ts';
import type { DidYouMean } from './did-you-mean.ts';
import type { CardRow, LibraryCounter, LibraryItemRow, LibraryRepository } from './library.repository.ts';
import type { LibrarySearchIndex, SearchScope } from './library-search.ts';
import { plainTextOf } from './material-text.ts';
import { anyOf, keywordTerms } from './search-grams.ts';
import type { SuggestionsRepository } from './suggestions.repository.ts';

const COUNTER_OF_FILTER: Partial<Record<LibrarySearchQuery['filter'], LibraryCounter>> = {
  POPULAR: 'viewCount',
  LIKED: 'likeCount',
  SAVED: 'bookmarkCount',
};

export interface RelatedMaterial {
  id: number;
  title: string;
  libraryType: string;
  author: string;
  school: string | null;
  url: string;
}

/** Words of a chat question worth searching: Korean runs of two or more syllables, endings and fillers left out. */
const FILLERS = new Set([
  '자료',
  '관련',
  '있어',
  '있나요',
  '있을까',
  '알려',
  '알려줘',
  '찾아',
  '찾아줘',
  '주세요',
  '좀',
  '어떤',
  '무엇',
  '뭐',
  '추천',
  '해줘',
  '만들어',
  '싶어',
  '싶어요',
  '수업',
  '선생님',
]);
/**
 * Words that say too little on their own to find a material by ("활동" in "모둠 활동 규칙" would
 * bring every "경제 활동" lesson): kept in the question's words together, not searched alone.
 */
const BROAD_ALONE = new Set([
  '활동',
  '학생',
  '학년',
  '학급',
  '교사',
  '아이디어',
  '방법',
  '내용',
  '준비',
  '정리',
  '만들기',
  '초안',
]);

export function questionKeywords(question: string): string[] {
  const runs = question.match(/[\uAC00-\uD7A3]{2,}/g) ?? [];
  const words: string[] = [];
  for (const run of runs) {
    const stem = stripParticle(run);
    if (stem.length < 2 || FILLERS.has(stem) || FILLERS.has(run) || words.includes(stem)) continue;
    words.push(stem);
  }
  return words.slice(0, 4);
}

export function toCard(row: CardRow, reason: string | null = null): LibraryCard {
  return {
    id: row.id,
    title: row.title,
    libraryType: row.libraryType,
    materialType: row.materialType,
    status: row.status,
    visibility: row.visibility,
    editable: row.editable === 1,
    gradeSeq: row.gradeSeq,
    gradeName: row.gradeName,
    subjectSeq: row.subjectSeq,
    subjectName: row.subjectName,
    author: { id: row.creatorId, name: row.authorName },
    school: row.schoolId !== null && row.schoolName ? { id: row.schoolId, name: row.schoolName } : null,
    excerpt: row.excerpt,
    likeCount: Number(row.likeCount),
    bookmarkCount: Number(row.bookmarkCount),
    viewCount: Number(row.viewCount),
    liked: row.liked,
    bookmarked: row.bookmarked,
    createdAt: row.createdAt,
    reason,
  };
}

function parseContent(content: string | null): unknown {
  if (!content) return null;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

/** Cursors are opaque to clients: `<kind>.<numbers>`; anything else is a validation error. */
const CURSOR = /^([ntbco])\.(\d{1,15})(?:\.(\d{1,15}))?$/;
interface Cursor {
  kind: 'n' | 't' | 'b' | 'c' | 'o';
  a: number;
  b: number | undefined;
}
function parseCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const match = CURSOR.exec(cursor);
  if (!match)
    throw new AppError('E_VALIDATION', { details: [{ path: 'cursor', message: 'Invalid cursor' }] });
  return {
    kind: match[1] as Cursor['kind'],
    a: Number(match[2]),
    b: match[3] ? Number(match[3]) : undefined,
  };
}

export function createLibraryService(deps: {
  library: LibraryRepository;
  search: LibrarySearchIndex;
  suggestions: SuggestionsRepository;
  publicUrl: string;
  now?: () => Date;
  /** "혹시 이것을 찾으셨나요?" for a keyword that finds nothing. */
  didYouMean?: DidYouMean;
}) {
  const { library, search } = deps;
  const now = deps.now ?? (() => new Date());

  /** The item if the actor may see it; otherwise "not found", never "forbidden" (core.md §6). */
  async function visible(actor: Actor, id: number): Promise<LibraryItemRow> {
    const item = await library.find(id);
    if (!item || !canOnMaterial(actor, 'view', asMaterial(item))) throw new AppError('E_NOT_FOUND');
    return item;
  }

  /** Visible, and the actor may do this to it (seeing but not allowed → forbidden). */
  async function allowed(actor: Actor, id: number, action: MaterialAction): Promise<LibraryItemRow> {
    const item = await visible(actor, id);
    if (!canOnMaterial(actor, action, asMaterial(item))) throw new AppError('E_FORBIDDEN');
    return item;
  }

  async function cardsOf(actor: Actor, ids: number[]) {
    return (await library.cards(ids, actor.userId)).map((row) => toCard(row));
  }

  async function detail(actor: Actor, item: LibraryItemRow): Promise<LibraryDetail> {
    const [row] = await library.cards([item.id], actor.userId);
    if (!row) throw new AppError('E_NOT_FOUND');
    return {
      ...toCard(row),
      content: parseContent(item.content),
      text: plainTextOf(item.content),
      abilities: materialAbilities(actor, asMaterial(row)),
      folderId: await library.folderOf(actor.userId, item.id),
    };
  }

  function scopeOf(actor: Actor, query: ResolvedQuery): SearchScope | null {
    const scope: SearchScope = {};
    if (query.tab === 'OUR_SCHOOL') {
      if (actor.schoolId === null) return null;
      scope.schoolId = actor.schoolId;
    } else {
      scope.visibility = 'PUBLIC';
      if (actor.schoolId !== null) scope.notSchoolId = actor.schoolId;
    }
    if (query.filter === 'SCHOOL') {
      // School-only sharing is never visible outside the school.
      if (scope.visibility === 'PUBLIC') return null;
      scope.visibility = 'SCHOOL';
    }
    if (query.gradeSeq !== undefined) scope.gradeSeq = query.gradeSeq;
    if (query.subjectSeq !== undefined) scope.subjectSeq = query.subjectSeq;
    if (query.subjectSeqs?.length) scope.subjectSeqs = query.subjectSeqs;
    if (query.materialType !== undefined) scope.materialType = query.materialType;
    return scope;
  }

  /** A subject chosen by name stands for its code in every grade (or in the chosen grade). */
  async function withSubjectCodes(query: LibrarySearchQuery): Promise<ResolvedQuery> {
    if (!query.subject || query.subjectSeq !== undefined) return query;
    return { ...query, subjectSeqs: await library.subjectSeqsNamed(query.subject, query.gradeSeq) };
  }

  function page(
    items: LibraryCard[],
    nextCursor: string | null,
    counted: number,
    matchedAnyWord = false,
    suggestion: string | null = null,
  ): LibraryPage {
    return {
      items,
      nextCursor,
      total: Math.min(counted, LIBRARY_COUNT_CAP),
      totalCapped: counted > LIBRARY_COUNT_CAP,
      matchedAnyWord,
      ...(suggestion ? { suggestion } : {}),
    };
  }

  /** Title matches first, then text-only matches; each newest first. */
  async function relevanceIds(
    terms: ReturnType<typeof keywordTerms>,
    scope: SearchScope,
    cursor: Cursor | undefined,
    limit: number,
  ): Promise<{ ids: number[]; next: string | null }> {
    const ids: number[] = [];
    const phases = ['title', 'body'] as const;
    let startPhase = cursor?.kind === 'b' ? 1 : 0;
    let beforeId = cursor && (cursor.kind === 't' || cursor.kind === 'b') ? cursor.a : undefined;
    let last: { phase: 't' | 'b'; id: number } | null = null;
    for (; startPhase < phases.length && ids.length <= limit; startPhase++) {
      const phase = phases[startPhase]!;
      const found = await search.newestIds(terms, scope, phase, { beforeId, limit: limit + 1 - ids.length });
      for (const id of found) {
        ids.push(id);
        if (ids.length <= limit) last = { phase: phase === 'title' ? 't' : 'b', id };
      }
      beforeId = undefined;
    }
    const hasMore = ids.length > limit;
    return { ids: ids.slice(0, limit), next: hasMore && last ? `${last.phase}.${last.id}` : null };
  }

  type ResolvedQuery = LibrarySearchQuery & { subjectSeqs?: number[] };

  async function searchShared(
    actor: Actor,
    query: ResolvedQuery,
    options: { allWords?: boolean } = {},
  ): Promise<LibraryPage> {
    const scope = scopeOf(actor, query);
    if (!scope) return page([], null, 0);
    const cursor = parseCursor(query.cursor);
    const typed = keywordTerms(query.keyword ?? '');
    // Several words that no item holds together: any of them will do, the most telling first
    // (title matches before text matches). Every page of the search decides the same way. Chat's
    // related materials ask for all the words (`allWords`) and choose the single words themselves.
    const matchedAnyWord =
      !options.allWords && typed.length > 1 && (await search.count(typed, scope, 0)) === 0;
    const terms = matchedAnyWord ? anyOf(typed) : typed;
    const minCreatedAt =
      query.filter === 'NEW'
        ? new Date(now().getTime() - LIBRARY_NEW_DAYS * 86_400_000).toISOString()
        : undefined;
    const counter = COUNTER_OF_FILTER[query.filter];
    const limit = query.pageSize;

    let ids: number[];
    let next: string | null;
    let counted: number;
    if (counter) {
      const after =
        cursor?.kind === 'c' && cursor.b !== undefined ? { value: cursor.a, id: cursor.b } : undefined;
      const rows = await library.counterIds(scope, counter, { after, terms, minCreatedAt, limit: limit + 1 });
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      ids = shown.map((row) => row.id);
      next = rows.length > limit && last ? `c.${last.value}.${last.id}` : null;
      counted = await library.countScope(scope, LIBRARY_COUNT_CAP, { minCreatedAt, terms });
    } else if (terms.length && query.filter === 'ALL') {
      ({ ids, next } = await relevanceIds(terms, scope, cursor, limit));
      counted = await search.count(terms, scope, LIBRARY_COUNT_CAP);
    } else {
      // Newest first ("newly created", or no keyword): by id, limited to the last 30 days by date.
      const beforeId = cursor?.kind === 'n' ? cursor.a : undefined;
      const found = await library.newestIds(scope, { beforeId, minCreatedAt, terms, limit: limit + 1 });
      ids = found.slice(0, limit);
      next = found.length > limit ? `n.${ids.at(-1)}` : null;
      counted = await library.countScope(scope, LIBRARY_COUNT_CAP, { minCreatedAt, terms });
    }
    // Nothing found, or only some of the words: a corrected keyword may find them all.
    const suggestion =
      (counted === 0 || matchedAnyWord) && query.keyword && !cursor
        ? await suggestionFor(query.keyword, scope)
        : null;
    return page(await cardsOf(actor, ids), next, counted, matchedAnyWord, suggestion);
  }

  /** A corrected keyword, offered only when every word of it finds something where the teacher searched. */
  async function suggestionFor(keyword: string, scope: NonNullable<ReturnType<typeof scopeOf>>) {
    const suggestion = await deps.didYouMean?.suggest(keyword);
    if (!suggestion) return null;
    return (await search.count(keywordTerms(suggestion), scope, 1)) > 0 ? suggestion : null;
  }

  async function suggested(actor: Actor, query: ResolvedQuery): Promise<LibraryPage> {
    const cursor = parseCursor(query.cursor);
    const offset = cursor?.kind === 'o' ? cursor.a : 0;
    const ranked = await deps.suggestions.forTeacher(actor);
    const filtered = ranked.filter(
      (s) =>
        (query.gradeSeq === undefined || s.gradeSeq === query.gradeSeq) &&
        (query.subjectSeq === undefined || s.subjectSeq === query.subjectSeq) &&
        (!query.subjectSeqs?.length || (s.subjectSeq !== null && query.subjectSeqs.includes(s.subjectSeq))) &&
        (query.materialType === undefined || s.materialType === query.materialType),
    );
    const slice = filtered.slice(offset, offset + query.pageSize);
    const rows = await library.cards(
      slice.map((s) => s.id),
      actor.userId,
    );
    const reasons = new Map(slice.map((s) => [s.id, s.reason]));
    const items = rows.map((row) => toCard(row, reasons.get(row.id) ?? null));
    const nextOffset = offset + query.pageSize;
    return page(items, nextOffset < filtered.length ? `o.${nextOffset}` : null, filtered.length);
  }

  async function shareUrl(actor: Actor, item: LibraryItemRow) {
    if (item.visibility === 'PUBLIC' && item.status === 3) {
      const token = await library.shareToken(item.id, actor.userId);
      return { url: `${deps.publicUrl}/shared/library/${token}`, public: true };
    }
    return { url: `${deps.publicUrl}/v2/library/${item.id}`, public: false };
  }

  return {
    visible,

    /**
     * Shared materials that answer a question in chat, in the library search's own order: the
     * question's words together (as typed into the search box, title matches first, the teacher's
     * school before others), then the most specific single words for what is still missing. One
     * line per title: copies of the same material are one answer.
     */
    async related(actor: Actor, question: string, limit = 5): Promise<RelatedMaterial[]> {
      const words = questionKeywords(question);
      if (words.length === 0) return [];
      const tabs = ['OUR_SCHOOL', 'OTHER_SCHOOLS'] as const;
      const found: LibraryCard[] = [];
      const titles = new Set<string>();
      const take = async (keyword: string) => {
        for (const tab of tabs) {
          if (found.length >= limit) return;
          const page = await searchShared(
            actor,
            { tab, keyword, filter: 'ALL', pageSize: limit * 2 },
            { allWords: true },
          );
          for (const card of page.items) {
            const title = card.title.replace(/\s+/g, ' ').trim();
            if (found.length >= limit || titles.has(title)) continue;
            titles.add(title);
            found.push(card);
          }
        }
      };
      await take(words.join(' '));
      if (found.length < limit && words.length > 1) {
        // A word found in fewer materials says more about the question ("분수" before "학년").
        const counted = await Promise.all(
          words.map(async (word) => {
            const scope = scopeOf(actor, { tab: 'OTHER_SCHOOLS', filter: 'ALL', pageSize: 1 });
            const count = scope ? await search.count(keywordTerms(word), scope, LIBRARY_COUNT_CAP) : 0;
            return { word, count };
          }),
        );
        for (const { word } of counted.sort((a, b) => a.count - b.count)) {
          if (!BROAD_ALONE.has(word)) await take(word);
        }
      }
      return found.map((card) => ({
        id: card.id,
        title: card.title,
        libraryType: card.libraryType,
        author: card.author.name,
        school: card.school?.name ?? null,
        url: `/v2/library/${card.id}`,
      }));
    },

    /** Views before yesterday (UTC) are forgotten: they only dedupe a day's counting. */
    purgeOldViews() {
      return library.purgeViewsBefore(new Date(now().getTime() - 86_400_000).toISOString().slice(0, 10));
    },

    async search(actor: Actor, query: LibrarySearchQuery) {
      const resolved = await withSubjectCodes(query);
      // A subject name no grade has: nothing can match it.
      if (resolved.subjectSeqs?.length === 0) return page([], null, 0);
      return query.tab === 'SUGGESTIONS' ? suggested(actor, resolved) : searchShared(actor, resolved);
    },

    async get(actor: Actor, id: number) {
      const item = await visible(actor, id);
      if (item.creatorId !== actor.userId) await library.countView(item.id, actor.userId);
      return detail(actor, (await library.find(id)) ?? item);
    },

    async recentOwn(actor: Actor, count: number) {
      return cardsOf(actor, await library.recentOwnIds(actor.userId, count));
    },

    /** Recently shared by others: the actor's school first is implied by "newest" over both scopes. */
    async recentShared(actor: Actor, count: number) {
      const fromSchool =
        actor.schoolId === null
          ? []
          : await library.newestIds({ schoolId: actor.schoolId }, { limit: count + 20 });
      const publicIds = await library.newestIds(
        { visibility: 'PUBLIC', ...(actor.schoolId !== null ? { notSchoolId: actor.schoolId } : {}) },
        { limit: count + 20 },
      );
      const ids = [...new Set([...fromSchool, ...publicIds])].sort((a, b) => b - a);
      const cards = await cardsOf(actor, ids);
      return cards.filter((card) => card.author.id !== actor.userId).slice(0, count);
    },

    async setStatus(actor: Actor, id: number, status: 1 | 2 | 3) {
      const item = await allowed(actor, id, 'edit');
      await library.setStatus(item.id, status, status === 3 ? { completedAt: now().toISOString() } : {});
      return detail(actor, item);
    },

    async complete(actor: Actor, id: number) {
      const item = await allowed(actor, id, 'edit');
      if (item.status !== 3) await library.setStatus(item.id, 3, { completedAt: now().toISOString() });
      return detail(actor, item);
    },

    async like(actor: Actor, id: number, on: boolean) {
      const item = await allowed(actor, id, 'use');
      return { liked: on, likeCount: await library.like(actor.userId, item.id, on) };
    },

    async bookmark(actor: Actor, id: number, on: boolean) {
      const item = await allowed(actor, id, 'use');
      return { bookmarked: on, bookmarkCount: await library.bookmark(actor.userId, item.id, on) };
    },

    async bookmarks(
      actor: Actor,
      query: { cursor?: string | undefined; pageSize: number },
    ): Promise<LibraryPage> {
      const cursor = parseCursor(query.cursor);
      const after =
        cursor?.kind === 'c' && cursor.b !== undefined
          ? { at: new Date(cursor.a).toISOString(), id: cursor.b }
          : undefined;
      const rows = await library.bookmarkedIds(actor.userId, { after, limit: query.pageSize + 1 });
      const shown = rows.slice(0, query.pageSize);
      // A bookmark stays when the item is later made private; such items are left out.
      const cards = (
        await cardsOf(
          actor,
          shown.map((row) => row.id),
        )
      ).filter((card) =>
        canOnMaterial(actor, 'view', {
          creatorId: card.author.id,
          schoolId: card.school?.id ?? null,
          visibility: card.visibility,
          editable: card.editable,
        }),
      );
      const last = shown.at(-1);
      const next = rows.length > query.pageSize && last ? `c.${Date.parse(last.at)}.${last.id}` : null;
      return page(cards, next, cards.length + (next ? 1 : 0));
    },

    async shareLink(actor: Actor, id: number) {
      return shareUrl(actor, await visible(actor, id));
    },

    async qrCode(actor: Actor, id: number): Promise<Buffer> {
      const { url } = await shareUrl(actor, await visible(actor, id));
      return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
    },

    /** The actor's own editable copy, private until they share it. */
    async copy(actor: Actor, id: number) {
      const item = await allowed(actor, id, 'copy');
      if (item.status !== 3) throw new AppError('E_NOT_READY');
      const copyId = await library.copyAsOwn(item, actor);
      const copy = await library.find(copyId);
      if (!copy) throw new AppError('E_NOT_FOUND');
      return detail(actor, copy);
    },

    async setAccess(actor: Actor, id: number, settings: AccessSettingInput) {
      const item = await allowed(actor, id, 'changeSettings');
      await library.updateSettings(item.id, settings);
      return detail(actor, item);
    },

    /** Anyone holding the share link of a PUBLIC, complete item; nothing else answers. */
    async publicItem(token: string): Promise<PublicLibraryItem> {
      const found = await library.findByShareToken(token);
      const item = found ? await library.find(found.id) : undefined;
      if (item?.visibility !== 'PUBLIC' || item.status !== 3) throw new AppError('E_NOT_FOUND');
      const [row] = await library.cards([item.id], 0);
      return {
        title: item.title,
        libraryType: item.libraryType,
        materialType: item.materialType,
        school: row?.schoolName ?? null,
        gradeName: row?.gradeName ?? null,
        subjectName: row?.subjectName ?? null,
        createdAt: item.createdAt,
        content: parseContent(item.content),
        text: plainTextOf(item.content),
      };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
