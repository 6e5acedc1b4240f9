import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { createLibraryRepository } from '../src/modules/library/library.repository.ts';
import { createLibraryService } from '../src/modules/library/library.service.ts';
import { createLibrarySearchIndex } from '../src/modules/library/library-search.ts';
import { createSuggestionsRepository } from '../src/modules/library/suggestions.repository.ts';
import type { Actor } from '../src/policies/actor.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * Keyword search over ids far apart: PostgreSQL reads the newest blocks of 65,536 ids first and
 * the older ones only when the page is not full, so pages, their order and counts must be the same
 * as reading everything — on SQLite and on PostgreSQL alike.
 */
interface Seeded {
  id: number;
  school: 'ours' | 'theirs';
  visibility: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  title: string;
  body: string;
}

const BLOCK = 65_536;
const ITEMS: Seeded[] = [
  { id: 3, school: 'theirs', visibility: 'PUBLIC', title: '분수의 덧셈', body: '분모가 같은 분수' },
  { id: 9, school: 'theirs', visibility: 'PUBLIC', title: '비와 비율', body: '분수로 나타낸 비율' },
  { id: 12, school: 'ours', visibility: 'PUBLIC', title: '분수 놀이', body: '피자 나누기' },
  { id: BLOCK - 2, school: 'theirs', visibility: 'SCHOOL', title: '분수 평가', body: '학교 안에서만' },
  { id: BLOCK + 5, school: 'theirs', visibility: 'PUBLIC', title: '수학 일기', body: '오늘 분수를 배웠다' },
  { id: 2 * BLOCK + 7, school: 'theirs', visibility: 'PRIVATE', title: '분수 비공개', body: '나만 본다' },
  { id: 3 * BLOCK + 1, school: 'theirs', visibility: 'PUBLIC', title: '분수와 소수', body: '소수로 바꾸기' },
  { id: 3 * BLOCK + 2, school: 'ours', visibility: 'SCHOOL', title: '우리 반 분수', body: '분수 게임' },
  { id: 4 * BLOCK + 9, school: 'theirs', visibility: 'PUBLIC', title: '도형의 넓이', body: '넓이와 분수' },
  { id: 6 * BLOCK + 4, school: 'theirs', visibility: 'PUBLIC', title: '확률', body: '경우의 수' },
  {
    id: 6 * BLOCK + 8,
    school: 'theirs',
    visibility: 'PUBLIC',
    title: 'abc분수 퀴즈',
    body: '영어 섞인 낱말',
  },
];

describe('library keyword search across id blocks', () => {
  let handle: DatabaseHandle;
  let service: ReturnType<typeof createLibraryService>;
  let ours: Actor;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const { db } = handle;
    await seedReferenceData(db, '/nonexistent-reference-dir');
    const schools = await db
      .insertInto('school')
      .values(
        ['우리', '다른'].map((name, i) => ({
          schoolCode: `T${i}`,
          name: `${name}초등학교`,
          engName: null,
          level: '초등학교',
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
    const users = await db
      .insertInto('users')
      .values(
        schools.map((school, i) => ({
          username: `blocks${i}`,
          subject: `blocks-${i}`,
          passwordHash: null,
          name: `교사${i}`,
          nickName: null,
          email: null,
          mobile: null,
          profile: null,
          code: null,
          schoolId: school.id,
          roles: '["ROLE_TEACHER"]',
          assignedGrade: null,
          title: null,
          enabled: 1,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning(['id', 'schoolId'])
      .execute();
    const search = createLibrarySearchIndex(db, handle.dialect);
    const library = createLibraryRepository(db, search);
    for (const item of ITEMS) {
      const author = users[item.school === 'ours' ? 0 : 1]!;
      await library.insert({
        id: item.id,
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
    }
    service = createLibraryService({
      library,
      search,
      suggestions: createSuggestionsRepository(db),
      publicUrl: 'http://localhost',
    });
    const me = users[0]!;
    ours = {
      userId: me.id,
      subject: 'blocks-0',
      username: 'blocks0',
      name: '교사0',
      roles: ['ROLE_TEACHER'],
      primaryRole: 'ROLE_TEACHER',
      schoolId: me.schoolId,
      sid: null,
    } as Actor;
  });
  afterAll(async () => {
    await handle.destroy();
  });

  /** Every page of a search, following the cursor, as ids; and the first page's total. */
  async function allPages(tab: 'OUR_SCHOOL' | 'OTHER_SCHOOLS', keyword: string, pageSize: number) {
    const ids: number[] = [];
    let cursor: string | undefined;
    let total = -1;
    for (let n = 0; n < 20; n++) {
      const page = await service.search(ours, {
        tab,
        keyword,
        filter: 'ALL',
        pageSize,
        ...(cursor ? { cursor } : {}),
      });
      if (total < 0) total = page.total;
      ids.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    return { ids, total };
  }

  it('finds in other schools title matches newest first, then text matches, across blocks and pages', async () => {
    const titles = [3 * BLOCK + 1, 3];
    const texts = [4 * BLOCK + 9, BLOCK + 5, 9];
    for (const pageSize of [1, 2, 20]) {
      expect(await allPages('OTHER_SCHOOLS', '분수', pageSize)).toEqual({
        ids: [...titles, ...texts],
        total: 5,
      });
    }
  });

  it('finds in our school shared items of the school only, whatever their block', async () => {
    expect(await allPages('OUR_SCHOOL', '분수', 1)).toEqual({ ids: [3 * BLOCK + 2, 12], total: 2 });
  });

  it('finds a two-word keyword and a one-syllable keyword the same way', async () => {
    expect(await allPages('OTHER_SCHOOLS', '분수 소수', 2)).toEqual({ ids: [3 * BLOCK + 1], total: 1 });
    expect((await allPages('OTHER_SCHOOLS', '수', 3)).ids).toEqual([
      3 * BLOCK + 1,
      BLOCK + 5,
      3,
      6 * BLOCK + 4,
      4 * BLOCK + 9,
      9,
    ]);
  });
});
