import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { createLibraryRepository } from '../src/modules/library/library.repository.ts';
import { createLibraryService } from '../src/modules/library/library.service.ts';
import { createLibrarySearchIndex } from '../src/modules/library/library-search.ts';
import { createSuggestionsRepository } from '../src/modules/library/suggestions.repository.ts';
import type { Actor } from '../src/policies/actor.ts';
import { buildUser } from './factories.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * A keyword of three or more syllables is more than its grams: the grams say which syllable pairs
 * the text holds, not that they stand together. PostgreSQL confirms the order by the title alone
 * where the title holds the keyword and by the full text otherwise; the pages, their order and
 * the totals must be what SQLite's phrase search gives — and an item holding every gram apart
 * must not be found. On PostgreSQL the library is analyzed first, so a school's search asks the
 * index for the term's rarest gram only ("가계" of 평가계획, not "평가", which most items hold).
 */
interface Seeded {
  key: string;
  school: 'ours' | 'theirs';
  visibility: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  title: string;
  body: string;
  likes?: number;
}

const ITEMS: Seeded[] = [
  { key: 'ourTitle', school: 'ours', visibility: 'PUBLIC', title: '국어 평가계획', body: '읽기 영역' },
  { key: 'ourBody', school: 'ours', visibility: 'SCHOOL', title: '2학기 안내', body: '학년 평가계획을 붙임' },
  {
    key: 'ourApart',
    school: 'ours',
    visibility: 'PUBLIC',
    title: '평가 안내',
    body: '가계부 쓰기 계획과 평가',
  },
  { key: 'ourPrivate', school: 'ours', visibility: 'PRIVATE', title: '내 평가계획', body: '나만 본다' },
  {
    key: 'theirTitle',
    school: 'theirs',
    visibility: 'PUBLIC',
    title: '수학 평가계획서',
    body: '분수',
    likes: 2,
  },
  {
    key: 'theirBoth',
    school: 'theirs',
    visibility: 'PUBLIC',
    title: '과학평가계획',
    body: '평가계획 세부 내용',
    likes: 5,
  },
  {
    key: 'theirBody',
    school: 'theirs',
    visibility: 'PUBLIC',
    title: '학기 말 정리',
    body: '평가계획표 첨부',
  },
  { key: 'theirSchool', school: 'theirs', visibility: 'SCHOOL', title: '평가계획 초안', body: '' },
  {
    key: 'theirApart',
    school: 'theirs',
    visibility: 'PUBLIC',
    title: '가계 경제',
    body: '평가 기준과 수업 계획',
  },
  { key: 'ourOther', school: 'ours', visibility: 'PUBLIC', title: '수행평가 안내', body: '평가 기준' },
  { key: 'theirOther', school: 'theirs', visibility: 'PUBLIC', title: '평가 결과', body: '점수 안내' },
];

describe('library search for a keyword longer than one gram', () => {
  let handle: DatabaseHandle;
  let service: ReturnType<typeof createLibraryService>;
  let ours: Actor;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    handle = await createTestDatabase();
    const { db } = handle;
    await seedReferenceData(db, '/nonexistent-reference-dir');
    const schools = await db
      .insertInto('school')
      .values(
        ['우리', '다른'].map((name, i) => ({
          schoolCode: `L${i}`,
          name: `${name}중학교`,
          engName: null,
          level: '중학교',
          levelCodeSeq: null,
          officeName: '서울특별시교육청',
          address: null,
          phone: null,
          homepage: null,
          latitude: null,
          longitude: null,
        })),
      )
      .returning('id')
      .execute();
    const at = new Date().toISOString();
    // Two teachers of our school (an author, and the one who searches) and one of the other.
    const users = [];
    for (const school of [schools[0]!, schools[1]!, schools[0]!]) {
      users.push(await buildUser(db, { schoolId: school.id }));
    }
    const search = createLibrarySearchIndex(db, handle.dialect);
    const library = createLibraryRepository(db, search);
    for (const item of ITEMS) {
      const author = users[item.school === 'ours' ? 0 : 1]!;
      const id = await library.insert({
        creatorId: author.id,
        schoolId: author.schoolId,
        libraryType: 'SUMMARY',
        materialType: 'summary',
        title: item.title,
        status: 3,
        error: null,
        visibility: item.visibility,
        editable: 1,
        gradeSeq: null,
        subjectSeq: null,
        promptSeq: null,
        input: '{}',
        content: JSON.stringify({ summary: item.body }),
        idempotencyKey: null,
        createdAt: at,
        updatedAt: at,
        completedAt: at,
        copiedFromId: null,
      });
      ids.set(item.key, id);
      if (item.likes)
        await db.updateTable('libraryItem').set({ likeCount: item.likes }).where('id', '=', id).execute();
    }
    if (handle.dialect === 'postgres') {
      await sql`ANALYZE library_item`.execute(db);
      const { rows } = await sql<{ elem: string; freq: number }>`
        SELECT u.elem, u.freq FROM pg_stats s,
          unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(elem, freq)
        WHERE s.schemaname = current_schema() AND s.tablename = 'library_item_search_keys_idx'`.execute(db);
      const share = new Map(rows.map((row) => [row.elem, Number(row.freq)]));
      // The statistics the search reads: "평가" more common than "가계" (absent means rarer still).
      expect(share.get('평가')).toBeGreaterThan(share.get('가계') ?? 0);
    }
    service = createLibraryService({
      library,
      search,
      suggestions: createSuggestionsRepository(db),
      publicUrl: 'http://localhost',
    });
    const me = users[2]!;
    ours = {
      userId: me.id,
      subject: me.subject,
      username: me.username,
      name: me.name,
      roles: ['ROLE_TEACHER'],
      primaryRole: 'ROLE_TEACHER',
      schoolId: me.schoolId,
      sid: null,
    } as Actor;
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const idsOf = (...keys: string[]) => keys.map((key) => ids.get(key)!);

  /** Every page of a search, following the cursor, as ids; and the first page's total. */
  async function allPages(
    tab: 'OUR_SCHOOL' | 'OTHER_SCHOOLS',
    keyword: string,
    pageSize: number,
    filter: 'ALL' | 'NEW' | 'LIKED' = 'ALL',
  ) {
    const found: number[] = [];
    let cursor: string | undefined;
    let total = -1;
    for (let n = 0; n < 20; n++) {
      const page = await service.search(ours, {
        tab,
        keyword,
        filter,
        pageSize,
        ...(cursor ? { cursor } : {}),
      });
      if (total < 0) total = page.total;
      found.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    return { ids: found, total };
  }

  it('finds in our school the title match before the text match, never the grams apart', async () => {
    for (const pageSize of [1, 2, 20]) {
      expect(await allPages('OUR_SCHOOL', '평가계획', pageSize)).toEqual({
        ids: idsOf('ourTitle', 'ourBody'),
        total: 2,
      });
    }
  });

  it('finds in other schools titles newest first, then text-only matches, public items only', async () => {
    for (const pageSize of [1, 3, 20]) {
      expect(await allPages('OTHER_SCHOOLS', '평가계획', pageSize)).toEqual({
        ids: idsOf('theirBoth', 'theirTitle', 'theirBody'),
        total: 3,
      });
    }
  });

  it('counts and sorts the same matches by likes and by date', async () => {
    expect(await allPages('OTHER_SCHOOLS', '평가계획', 2, 'LIKED')).toEqual({
      ids: idsOf('theirBoth', 'theirTitle', 'theirBody'),
      total: 3,
    });
    expect(await allPages('OUR_SCHOOL', '평가계획', 1, 'NEW')).toEqual({
      ids: idsOf('ourBody', 'ourTitle'),
      total: 2,
    });
  });

  it('matches a three-syllable keyword and two long words together', async () => {
    expect(await allPages('OTHER_SCHOOLS', '계획서', 20)).toEqual({ ids: idsOf('theirTitle'), total: 1 });
    expect(await allPages('OTHER_SCHOOLS', '평가계획 세부', 20)).toEqual({
      ids: idsOf('theirBoth'),
      total: 1,
    });
  });
});
