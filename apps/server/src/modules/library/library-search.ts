import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { SEARCH_KEYS_SQL } from '../../db/migrations/0047-library-search-keys.ts';
import type { Database } from '../../db/schema.ts';
import { FINISHED, type LibraryItemRow } from './library-item.ts';
import {
  ftsPhrase,
  gramsProveTerm,
  indexGrams,
  indexTokens,
  type KeywordTerm,
  likePattern,
  matchesAny,
  searchableText,
  termGrams,
} from './search-grams.ts';

/** Which shared items a search looks at (the tab, the filter chips and the selects). */
export interface SearchScope {
  /** Shared within this school (PUBLIC or SCHOOL items of it). */
  schoolId?: number;
  /** Not made at this school. */
  notSchoolId?: number;
  visibility?: 'PUBLIC' | 'SCHOOL';
  gradeSeq?: number;
  subjectSeq?: number;
  /** Any of these subjects (one subject name across grades). */
  subjectSeqs?: number[];
  materialType?: string;
}

/** Relevance runs in two phases: items whose title matches, then items where only the text does. */
export type MatchPhase = 'any' | 'title' | 'body';

type LibraryExpressions = ExpressionBuilder<Database, 'libraryItem'>;

/** A library item is in the shared library once it is complete and not private. */
export function isShared(item: Pick<LibraryItemRow, 'status' | 'visibility'>): boolean {
  return item.status === 3 && item.visibility !== 'PRIVATE';
}

/** The scope as conditions on library_item (the listing queries without a keyword use these). */
export function scopeCondition(eb: LibraryExpressions, scope: SearchScope) {
  const conditions = [
    eb('libraryItem.status', '=', FINISHED),
    scope.visibility
      ? eb('libraryItem.visibility', '=', scope.visibility)
      : eb('libraryItem.visibility', 'in', ['PUBLIC', 'SCHOOL']),
  ];
  if (scope.schoolId !== undefined) conditions.push(eb('libraryItem.schoolId', '=', scope.schoolId));
  if (scope.notSchoolId !== undefined) {
    conditions.push(
      eb.or([eb('libraryItem.schoolId', 'is', null), eb('libraryItem.schoolId', '!=', scope.notSchoolId)]),
    );
  }
  if (scope.gradeSeq !== undefined) conditions.push(eb('libraryItem.gradeSeq', '=', scope.gradeSeq));
  if (scope.subjectSeq !== undefined) conditions.push(eb('libraryItem.subjectSeq', '=', scope.subjectSeq));
  if (scope.subjectSeqs?.length) conditions.push(eb('libraryItem.subjectSeq', 'in', scope.subjectSeqs));
  if (scope.materialType !== undefined)
    conditions.push(eb('libraryItem.materialType', '=', scope.materialType));
  return eb.and(conditions);
}

export interface IndexedText {
  title: string;
  body: string;
}

export interface LibrarySearchIndex {
  /** Brings the index in line with the item (adds, replaces or drops it). */
  sync(item: LibraryItemRow, text: IndexedText): Promise<void>;
  drop(id: number): Promise<void>;
  /** Matching ids, newest first: below `beforeId`, at or above `minId`. */
  newestIds(
    terms: KeywordTerm[],
    scope: SearchScope,
    phase: MatchPhase,
    page: { beforeId?: number | undefined; minId?: number | undefined; limit: number },
  ): Promise<number[]>;
  /** Matches counted up to `cap` + 1 (so the caller can tell "more than cap"). */
  count(terms: KeywordTerm[], scope: SearchScope, cap: number, minId?: number): Promise<number>;
  /** A condition on library_item restricting it to matches within the scope, for the other sort orders. */
  matchCondition(eb: LibraryExpressions, terms: KeywordTerm[], scope?: SearchScope): Expression<SqlBool>;
  /** The same index written through `executor` (a transaction the item's change is part of). */
  on(executor: Kysely<Database>): LibrarySearchIndex;
}

export function createLibrarySearchIndex(db: Kysely<Database>, dialect: DialectName): LibrarySearchIndex {
  return dialect === 'postgres' ? postgresIndex(db, gramFrequencies(db)) : sqliteIndex(db);
}

// --- SQLite: a contentless FTS5 table of gram tokens, with the scope as tokens too -------------

function scopeTokens(item: LibraryItemRow): string {
  const tokens = ['all', `v${item.visibility.toLowerCase()}`, `m${item.materialType}`];
  if (item.schoolId !== null) tokens.push(`school${item.schoolId}`);
  if (item.gradeSeq !== null) tokens.push(`g${item.gradeSeq}`);
  if (item.subjectSeq !== null) tokens.push(`j${item.subjectSeq}`);
  return tokens.join(' ');
}

function scopeQuery(scope: SearchScope): { must: string[]; mustNot: string[] } {
  const must = ['all'];
  if (scope.visibility) must.push(`v${scope.visibility.toLowerCase()}`);
  if (scope.schoolId !== undefined) must.push(`school${scope.schoolId}`);
  if (scope.gradeSeq !== undefined) must.push(`g${scope.gradeSeq}`);
  if (scope.subjectSeq !== undefined) must.push(`j${scope.subjectSeq}`);
  if (scope.subjectSeqs?.length) must.push(`(${scope.subjectSeqs.map((seq) => `j${seq}`).join(' OR ')})`);
  if (scope.materialType !== undefined) must.push(`m${scope.materialType}`);
  const mustNot = scope.notSchoolId !== undefined ? [`school${scope.notSchoolId}`] : [];
  return { must, mustNot };
}

function termsQuery(terms: KeywordTerm[]): string {
  return `(${terms.map(ftsPhrase).join(matchesAny(terms) ? ' OR ' : ' AND ')})`;
}

/** The FTS5 expression: the keyword in the phase's columns, within the scope. */
export function ftsQuery(terms: KeywordTerm[], scope: SearchScope, phase: MatchPhase): string {
  const { must, mustNot } = scopeQuery(scope);
  const keyword = termsQuery(terms);
  const columns = phase === 'title' ? 'title' : '{title body}';
  let query = `(${columns} : ${keyword}) AND (scope : (${must.join(' AND ')}))`;
  const excluded = [...mustNot.map((token) => `(scope : ${token})`)];
  if (phase === 'body') excluded.push(`(title : ${keyword})`);
  for (const clause of excluded) query = `(${query}) NOT ${clause}`;
  return query;
}

/** The FTS5 row of a shared item (also used to bulk-load the index). */
export function sqliteSearchRow(item: LibraryItemRow, text: IndexedText) {
  return {
    rowid: item.id,
    title: indexTokens(text.title).join(' '),
    body: indexTokens(text.body).join(' '),
    scope: scopeTokens(item),
  };
}

/** The search columns of a library_item row on PostgreSQL (null when it is not shared). */
export function postgresSearchColumns(item: LibraryItemRow, text: IndexedText) {
  const shared = isShared(item);
  return {
    searchGrams: shared ? indexGrams(`${text.title}\n${text.body}`) : null,
    searchTitle: shared ? searchableText(text.title) : null,
    searchText: shared ? searchableText(`${text.title}\n${text.body}`) : null,
  };
}

function sqliteIndex(db: Kysely<Database>): LibrarySearchIndex {
  return {
    on: (executor) => sqliteIndex(executor),
    async sync(item, text) {
      await db.deleteFrom('librarySearch').where('rowid', '=', item.id).execute();
      if (!isShared(item)) return;
      await db.insertInto('librarySearch').values(sqliteSearchRow(item, text)).execute();
    },
    async drop(id) {
      await db.deleteFrom('librarySearch').where('rowid', '=', id).execute();
    },
    async newestIds(terms, scope, phase, page) {
      const rows = await db
        .selectFrom('librarySearch')
        .select('rowid')
        .where(sql<SqlBool>`library_search MATCH ${ftsQuery(terms, scope, phase)}`)
        .$if(page.beforeId !== undefined, (qb) => qb.where('rowid', '<', page.beforeId!))
        .$if(page.minId !== undefined, (qb) => qb.where('rowid', '>=', page.minId!))
        .orderBy('rowid', 'desc')
        .limit(page.limit)
        .execute();
      return rows.map((row) => row.rowid);
    },
    async count(terms, scope, cap, minId) {
      const row = await db
        .selectFrom((qb) =>
          qb
            .selectFrom('librarySearch')
            .select('rowid')
            .where(sql<SqlBool>`library_search MATCH ${ftsQuery(terms, scope, 'any')}`)
            .$if(minId !== undefined, (q) => q.where('rowid', '>=', minId!))
            .limit(cap + 1)
            .as('matches'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    matchCondition(eb, terms) {
      const query = `{title body} : ${termsQuery(terms)}`;
      return eb.and([
        eb(
          'libraryItem.id',
          'in',
          eb.selectFrom('librarySearch').select('rowid').where(sql<SqlBool>`library_search MATCH ${query}`),
        ),
      ]);
    },
  };
}

// --- PostgreSQL: a GIN-indexed array of grams narrows, LIKE on the normalized text confirms --------

/** Ids per block key (`@b<id >> 16>`): newest-first pages read the newest two blocks first. */
const BLOCK_BITS = 16;

/** How long the grams' frequencies are trusted before they are read again (ANALYZE refreshes them). */
const FREQUENCIES_TTL_MS = 10 * 60_000;

interface GramFrequencies {
  /** The share of indexed items holding each common gram; empty until known (or without statistics). */
  current(): ReadonlyMap<string, number>;
  /** Reads them again when they are older than the TTL (never fails a search: a failed read keeps the old). */
  refresh(): Promise<void>;
}

/**
 * The common grams of the search keys index and the share of items holding each, from the
 * statistics ANALYZE (or autovacuum) keeps on the index expression. A gram not listed is rarer
 * than every listed one.
 */
function gramFrequencies(db: Kysely<Database>): GramFrequencies {
  let known: ReadonlyMap<string, number> = new Map();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;
  async function read() {
    try {
      const { rows } = await sql<{ elem: string; freq: number }>`
        SELECT u.elem, u.freq FROM pg_stats s,
          unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(elem, freq)
        WHERE s.schemaname = current_schema() AND s.tablename = 'library_item_search_keys_idx'`.execute(db);
      known = new Map(rows.map((row) => [row.elem, Number(row.freq)]));
    } catch {
      // Statistics are an optimisation: without them every gram is asked of the index.
    }
    readAt = Date.now();
    reading = null;
  }
  return {
    current: () => known,
    refresh() {
      if (Date.now() - readAt < FREQUENCIES_TTL_MS) return Promise.resolve();
      reading ??= read();
      return reading;
    },
  };
}

function postgresIndex(db: Kysely<Database>, frequencies: GramFrequencies): LibrarySearchIndex {
  // The GIN index's expression (migration 0047): grams plus the item's school, visibility and block.
  const keys = sql.raw(SEARCH_KEYS_SQL);
  const containsKeys = (list: string[]) => sql<SqlBool>`${keys} @> ${list}::text[]`;

  /**
   * What the index answers of the scope: the school, a few hundred items among a million. Not the
   * visibility: three items in four are public, and walking that key's long posting list beside
   * the keyword's cost more (16 ms at 1M) than checking the rows it would have ruled out.
   */
  function scopeKeys(scope: SearchScope | undefined): string[] {
    return scope?.schoolId !== undefined ? [`@s${scope.schoolId}`] : [];
  }

  /**
   * The term in the item's text. Each containment appears once: the GIN index answers it without
   * reading the row, while a repeated one is re-checked on every candidate and decompresses the
   * gram array each time. LIKE confirms the order only where the grams do not already prove it,
   * and not at all in the title phase, whose title LIKE already proves it (the searchable text
   * begins with the searchable title). Elsewhere the short title, stored in the row, is tried
   * before the text, which is kilobytes kept compressed out of line: a common keyword is mostly in
   * titles, and OR stops at the first true.
   */
  function termInText(term: KeywordTerm, inScope: string[] | null, phase: MatchPhase): Expression<SqlBool>[] {
    const required = inScope ? [...indexedGrams(term, inScope), ...inScope] : [];
    const conditions = required.length > 0 ? [containsKeys(required)] : [];
    if (gramsProveTerm(term) || phase === 'title') return conditions;
    const inText = sql<SqlBool>`library_item.search_text LIKE ${likePattern(term)}`;
    conditions.push(
      phase === 'body'
        ? inText
        : sql<SqlBool>`(library_item.search_title LIKE ${likePattern(term)} OR ${inText})`,
    );
    return conditions;
  }

  /**
   * The grams of a term the index is asked for. Within one school, a term of several grams asks
   * only for its rarest: the school's key already narrows to a few hundred items, and intersecting
   * it with a gram six items in ten hold ("평가") reads that gram's whole posting tree — three
   * times the cost of the school's search for "가계" alone (bench at 1M). LIKE confirms such a term
   * in any case, so the matches are the same. A single gram, or no statistics, asks as before.
   */
  function indexedGrams(term: KeywordTerm, inScope: string[]): string[] {
    const grams = termGrams(term);
    const known = frequencies.current();
    if (inScope.length === 0 || grams.length < 2 || known.size === 0) return grams;
    const share = (gram: string) => known.get(gram) ?? 0;
    return [grams.reduce((rarest, gram) => (share(gram) < share(rarest) ? gram : rarest))];
  }

  /** The term in the title: the short, uncompressed title is read before the gram array. */
  function termInTitle(term: KeywordTerm, withGrams: boolean): Expression<SqlBool>[] {
    const grams = termGrams(term);
    const title = sql<SqlBool>`library_item.search_title LIKE ${likePattern(term)}`;
    return withGrams && grams.length > 0 ? [title, containsKeys(grams)] : [title];
  }

  function keywordCondition(
    eb: LibraryExpressions,
    terms: KeywordTerm[],
    phase: MatchPhase,
    scope: SearchScope | undefined,
  ) {
    // The index's own predicate: only shared items are in it.
    const conditions: Expression<SqlBool>[] = [eb('libraryItem.searchGrams', 'is not', null)];
    const inScope = scopeKeys(scope);
    if (matchesAny(terms)) {
      conditions.push(eb.or(terms.map((term) => eb.and(termInText(term, inScope, phase)))));
      const inTitle = eb.or(terms.map((term) => eb.and(termInTitle(term, true))));
      if (phase === 'title') conditions.push(inTitle);
      if (phase === 'body') conditions.push(eb.not(inTitle));
      return eb.and(conditions);
    }
    // Every term: one containment of all their grams and the scope, then what the grams leave open.
    const required = [...new Set(terms.flatMap((term) => indexedGrams(term, inScope))), ...inScope];
    if (required.length > 0) conditions.push(containsKeys(required));
    conditions.push(...terms.flatMap((term) => termInText(term, null, phase)));
    // The grams are already required, so the title's own check is the LIKE alone.
    const inTitle = terms.flatMap((term) => termInTitle(term, false));
    if (phase === 'title') conditions.push(...inTitle);
    if (phase === 'body') conditions.push(eb.not(eb.and(inTitle)));
    return eb.and(conditions);
  }

  function matchingIds(
    terms: KeywordTerm[],
    scope: SearchScope,
    phase: MatchPhase,
    page: { beforeId?: number | undefined; minId?: number | undefined; limit: number; blocks?: number[] },
  ) {
    return db
      .selectFrom('libraryItem')
      .select('id')
      .where((eb) => eb.and([scopeCondition(eb, scope), keywordCondition(eb, terms, phase, scope)]))
      .$if(page.blocks !== undefined, (qb) =>
        qb.where(sql<SqlBool>`${keys} && ${page.blocks!.map((block) => `@b${block}`)}::text[]`),
      )
      .$if(page.beforeId !== undefined, (qb) => qb.where('id', '<', page.beforeId!))
      .$if(page.minId !== undefined, (qb) => qb.where('id', '>=', page.minId!))
      .orderBy('id', 'desc')
      .limit(page.limit)
      .execute()
      .then((rows) => rows.map((row) => row.id));
  }

  return {
    on: (executor) => postgresIndex(executor, frequencies),
    async sync(item, text) {
      await db
        .updateTable('libraryItem')
        .set(postgresSearchColumns(item, text))
        .where('id', '=', item.id)
        .execute();
    },
    async drop() {
      // The search columns live on the row itself and go with it.
    },
    async newestIds(terms, scope, phase, page) {
      await frequencies.refresh();
      // One school's items are few: the index intersects the keyword with the school directly.
      if (scope.schoolId !== undefined) return matchingIds(terms, scope, phase, page);
      // Across schools a common keyword matches thousands of items, and sorting them all for the
      // newest twenty means reading every one. The newest two blocks of ids usually hold the page;
      // only when they do not are the older blocks read (then the matches are few anyway).
      const top =
        page.beforeId ??
        Number(
          (
            await db
              .selectFrom('libraryItem')
              .select((eb) => eb.fn.max('id').as('id'))
              .executeTakeFirst()
          )?.id ?? 0,
        ) + 1;
      const newest = Math.max(0, top - 1) >> BLOCK_BITS;
      const blocks = newest > 0 ? [newest, newest - 1] : [0];
      const first = await matchingIds(terms, scope, phase, { ...page, beforeId: top, blocks });
      const covered = blocks.at(-1)! << BLOCK_BITS;
      if (first.length >= page.limit || covered <= 0 || (page.minId !== undefined && page.minId >= covered))
        return first;
      const rest = await matchingIds(terms, scope, phase, {
        ...page,
        beforeId: covered,
        limit: page.limit - first.length,
      });
      return [...first, ...rest];
    },
    async count(terms, scope, cap, minId) {
      await frequencies.refresh();
      const row = await db
        .selectFrom((qb) =>
          qb
            .selectFrom('libraryItem')
            .select('id')
            .where((eb) => eb.and([scopeCondition(eb, scope), keywordCondition(eb, terms, 'any', scope)]))
            .$if(minId !== undefined, (q) => q.where('id', '>=', minId!))
            .limit(cap + 1)
            .as('matches'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    matchCondition(eb, terms, scope) {
      return keywordCondition(eb, terms, 'any', scope);
    },
  };
}
