import jsQRModule from 'jsqr';
import type { Insertable } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItemTable } from '../src/db/schema.ts';
import {
  createLibraryRepository,
  type LibraryRepository,
} from '../src/modules/library/library.repository.ts';
import { createLibrarySearchIndex } from '../src/modules/library/library-search.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';

// The package is CommonJS with a default export; under Node's ESM loader it arrives wrapped.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;

let t: TestApp;
let world: DemoWorld;
let library: LibraryRepository;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
  library = createLibraryRepository(
    t.database.db,
    createLibrarySearchIndex(t.database.db, t.database.dialect),
  );
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (persona: AnyPersona, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await world.headersFor(persona), ...(payload ? { payload } : {}) });

const userId = (username: string) => world.users[username]!.id;
const schoolOf = (username: string) => world.users[username]!.schoolId;

let clock = Date.now() - 10 * 86_400_000;
/** A finished material written by a demo user; later calls are newer. */
async function material(
  username: string,
  fields: Partial<Insertable<LibraryItemTable>> & { text?: string } = {},
): Promise<number> {
  clock += 60_000;
  const at = new Date(clock).toISOString();
  const { text, ...rest } = fields;
  return library.insert({
    creatorId: userId(username),
    schoolId: schoolOf(username),
    libraryType: 'LESSON',
    materialType: 'lesson',
    title: '제목 없음',
    status: 3,
    visibility: 'PUBLIC',
    editable: 1,
    input: '{}',
    content: JSON.stringify({ sections: [{ paragraphs: [text ?? ''] }] }),
    createdAt: at,
    updatedAt: at,
    completedAt: at,
    ...rest,
  });
}

interface Card {
  id: number;
  title: string;
  likeCount: number;
  bookmarkCount: number;
  liked: boolean;
  bookmarked: boolean;
  reason: string | null;
  author: { name: string };
  school: { name: string } | null;
}
interface Page {
  items: Card[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
  matchedAnyWord?: boolean;
}

async function search(persona: AnyPersona, params: Record<string, string | number>): Promise<Page> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await call(persona, 'GET', `/api/v1/library/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const titles = (page: Page) => page.items.map((item) => item.title);

describe('Korean search', () => {
  beforeAll(async () => {
    // Two schools' materials with every visibility; the keywords below hit each in one place.
    const fixtures = {
      plan: await material('teacher3', {
        title: '2학기 수학 평가계획서',
        text: '서술형 평가 문항과 채점 기준',
      }),
      counsel: await material('teacher3', {
        title: '학부모 상담 주간 안내',
        text: '상담 신청은 담임 선생님께 해 주세요.',
      }),
      student: await material('admin', {
        title: '과학 실험 안전 수칙',
        text: '모든 학생은 보안경을 씁니다.',
      }),
      english: await material('admin', { title: 'Phonics 기초', text: 'alphabet song과 함께 배우는 파닉스' }),
      privateOne: await material('teacher3', { title: '수학 비공개 메모', visibility: 'PRIVATE' }),
      otherSchool: await material('teacher2', { title: '중학교 수학 평가계획', visibility: 'PUBLIC' }),
      otherSchoolOnly: await material('teacher2', { title: '수학 학교 공유 자료', visibility: 'SCHOOL' }),
    };
    expect(Object.values(fixtures).every((id) => id > 0)).toBe(true);
  });

  it('finds one-, two-, three- and four-syllable keywords inside titles and text', async () => {
    expect(titles(await search('teacher', { keyword: '수학' }))).toEqual(['2학기 수학 평가계획서']);
    expect(titles(await search('teacher', { keyword: '학생' }))).toEqual(['과학 실험 안전 수칙']);
    expect(titles(await search('teacher', { keyword: '상담' }))).toEqual(['학부모 상담 주간 안내']);
    expect(titles(await search('teacher', { keyword: '평가계획' }))).toEqual(['2학기 수학 평가계획서']);
    // Inside a word, with the particle attached, and a syllable at the end of a word.
    expect(titles(await search('teacher', { keyword: '가계획' }))).toEqual(['2학기 수학 평가계획서']);
    expect(titles(await search('teacher', { keyword: '칙' }))).toEqual(['과학 실험 안전 수칙']);
    expect(titles(await search('teacher', { keyword: '보안경' }))).toEqual(['과학 실험 안전 수칙']);
    expect(titles(await search('teacher', { keyword: 'phon' }))).toEqual(['Phonics 기초']);
    expect(titles(await search('teacher', { keyword: '파닉스' }))).toEqual(['Phonics 기초']);
    // Every word must match; order inside a word matters.
    expect(titles(await search('teacher', { keyword: '수학 채점' }))).toEqual(['2학기 수학 평가계획서']);
    expect(titles(await search('teacher', { keyword: '계획평가' }))).toEqual([]);
    // Nothing typed is query syntax.
    expect(titles(await search('teacher', { keyword: '"수학" * (' }))).toEqual(['2학기 수학 평가계획서']);
    // "OR" is a word like any other: no item holds it, so the search falls back to any word.
    const withOr = await search('teacher', { keyword: '수학 OR' });
    expect(titles(withOr)).toEqual(['2학기 수학 평가계획서']);
    expect(withOr.matchedAnyWord).toBe(true);
  });

  it('forgives several words no item holds together: any of them, title matches first', async () => {
    // Every word together still wins when some item holds them all.
    const together = await search('teacher', { keyword: '수학 채점' });
    expect(together.matchedAnyWord).toBe(false);
    // "수학" and "실험" are never in one item: each item with either is found.
    const either = await search('teacher', { keyword: '수학 실험' });
    expect(either.matchedAnyWord).toBe(true);
    expect(titles(either).sort()).toEqual(['2학기 수학 평가계획서', '과학 실험 안전 수칙']);
    expect(either.total).toBe(2);
    // A title match ranks before a match in the text only.
    expect(titles(await search('teacher', { keyword: '채점 안전' }))).toEqual([
      '과학 실험 안전 수칙',
      '2학기 수학 평가계획서',
    ]);
    expect(titles(await search('teacher', { keyword: '보안경 상담' }))).toEqual(
      expect.arrayContaining(['과학 실험 안전 수칙', '학부모 상담 주간 안내']),
    );
    // Words that match nothing at all still find nothing.
    expect(titles(await search('teacher', { keyword: '우주 로켓' }))).toEqual([]);
  });

  it("never shows private items or another school's school-only items", async () => {
    const ours = titles(await search('teacher', { keyword: '수학' }));
    expect(ours).not.toContain('수학 비공개 메모');
    const others = titles(await search('teacher', { tab: 'OTHER_SCHOOLS', keyword: '수학' }));
    expect(others).toEqual(['중학교 수학 평가계획']);
    expect(titles(await search('otherSchoolTeacher', { tab: 'OTHER_SCHOOLS', keyword: '수학' }))).toEqual([
      '2학기 수학 평가계획서',
    ]);
    expect(titles(await search('otherSchoolTeacher', { keyword: '수학' }))).toEqual([
      '수학 학교 공유 자료',
      '중학교 수학 평가계획',
    ]);
  });

  it('follows an item when it is unshared, renamed or deleted', async () => {
    const id = await material('teacher3', { title: '음악 리듬 놀이' });
    expect(titles(await search('teacher', { keyword: '리듬' }))).toEqual(['음악 리듬 놀이']);
    await library.updateSettings(id, { visibility: 'PRIVATE', editable: true });
    expect(titles(await search('teacher', { keyword: '리듬' }))).toEqual([]);
    await library.updateSettings(id, { visibility: 'SCHOOL', editable: true });
    await library.setStatus(id, 3, { title: '음악 장단 놀이' });
    expect(titles(await search('teacher', { keyword: '리듬' }))).toEqual([]);
    expect(titles(await search('teacher', { keyword: '장단' }))).toEqual(['음악 장단 놀이']);
    await library.remove(id);
    expect(titles(await search('teacher', { keyword: '장단' }))).toEqual([]);
  });

  it('ranks title matches before text matches, and pages by keyset without repeats', async () => {
    const inText = await material('teacher3', {
      title: '모둠 활동 안내',
      text: '별자리 관찰 기록지를 나눠 줍니다.',
    });
    const inTitle: number[] = [];
    for (let i = 0; i < 5; i++)
      inTitle.push(await material('teacher3', { title: `별자리 관찰 ${i + 1}차시` }));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await search('teacher', {
        keyword: '별자리',
        pageSize: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.total).toBe(6);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...inTitle.reverse(), inText]);
  });

  it('refuses a malformed cursor with a validation error', async () => {
    const response = await call('teacher', 'GET', '/api/v1/library/search?cursor=zz');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('E_VALIDATION');
  });
});

describe('tabs, selects, filters and counts', () => {
  it('filters by grade, subject and material type, and the school-only chip', async () => {
    await material('teacher3', {
      title: '곱셈 놀이',
      gradeSeq: 13,
      subjectSeq: 13004,
      materialType: 'lesson',
    });
    await material('teacher3', {
      title: '곱셈 요약',
      gradeSeq: 13,
      subjectSeq: 13004,
      materialType: 'summary',
    });
    await material('teacher3', { title: '곱셈 공유', gradeSeq: 14, subjectSeq: 14004, visibility: 'SCHOOL' });
    expect(titles(await search('teacher', { keyword: '곱셈', gradeSeq: 13 })).sort()).toEqual([
      '곱셈 놀이',
      '곱셈 요약',
    ]);
    expect(titles(await search('teacher', { keyword: '곱셈', materialType: 'summary' }))).toEqual([
      '곱셈 요약',
    ]);
    expect(titles(await search('teacher', { keyword: '곱셈', subjectSeq: 14004 }))).toEqual(['곱셈 공유']);
    expect(titles(await search('teacher', { keyword: '곱셈', filter: 'SCHOOL' }))).toEqual(['곱셈 공유']);
    expect(titles(await search('teacher', { filter: 'SCHOOL', gradeSeq: 14 }))).toEqual(['곱셈 공유']);
    expect((await search('teacher', { tab: 'OTHER_SCHOOLS', filter: 'SCHOOL' })).items).toEqual([]);
  });

  it('orders by likes, saves and views, and "newly created" keeps only the last 30 days', async () => {
    const a = await material('teacher3', { title: '나눗셈 하나' });
    const b = await material('teacher3', { title: '나눗셈 둘' });
    const old = await material('teacher3', { title: '나눗셈 옛날', createdAt: '2024-01-01T00:00:00.000Z' });
    await call('teacher', 'POST', `/api/v1/library/like/${a}`);
    await call('admin', 'POST', `/api/v1/library/like/${a}`);
    await call('teacher', 'POST', `/api/v1/library/like/${old}`);
    await call('teacher', 'POST', `/api/v1/library/bookmark/${b}`);
    await call('teacher', 'GET', `/api/v1/library/${old}`);
    expect(titles(await search('teacher', { keyword: '나눗셈', filter: 'LIKED' }))).toEqual([
      '나눗셈 하나',
      '나눗셈 옛날',
      '나눗셈 둘',
    ]);
    expect(titles(await search('teacher', { keyword: '나눗셈', filter: 'SAVED' }))[0]).toBe('나눗셈 둘');
    expect(titles(await search('teacher', { keyword: '나눗셈', filter: 'POPULAR' }))[0]).toBe('나눗셈 옛날');
    const fresh = await search('teacher', { keyword: '나눗셈', filter: 'NEW' });
    expect(titles(fresh)).not.toContain('나눗셈 옛날');
  });

  it('pages a counter order by keyset and caps the count at 1,000+', async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      creatorId: userId('teacher2'),
      schoolId: schoolOf('teacher2'),
      libraryType: 'SUMMARY',
      materialType: 'summary',
      title: `대량 자료 ${i}`,
      status: 3 as const,
      visibility: 'SCHOOL' as const,
      editable: 1,
      input: '{}',
      createdAt: now,
      updatedAt: now,
    }));
    await t.database.db.insertInto('libraryItem').values(rows).execute();
    const first = await search('otherSchoolTeacher', { filter: 'SCHOOL', pageSize: 50 });
    expect(first.total).toBe(1000);
    expect(first.totalCapped).toBe(true);
    const liked = await search('otherSchoolTeacher', { filter: 'LIKED', pageSize: 50 });
    const second = await search('otherSchoolTeacher', {
      filter: 'LIKED',
      pageSize: 50,
      cursor: liked.nextCursor!,
    });
    const overlap = second.items.filter((item) => liked.items.some((x) => x.id === item.id));
    expect(overlap).toEqual([]);
    expect(second.items).toHaveLength(50);
  });
});

describe('an item: detail, reactions, sharing and copies', () => {
  let shared: number;
  let schoolOnly: number;
  let locked: number;
  beforeAll(async () => {
    shared = await material('teacher', { title: '분수 놀이 수업', text: '색종이로 분수를 만들어요.' });
    schoolOnly = await material('teacher', { title: '학교 안 공유 자료', visibility: 'SCHOOL' });
    locked = await material('teacher', { title: '고정된 자료', editable: 0 });
  });

  it('likes and bookmarks move the counts once per teacher and show in the bookmark list', async () => {
    for (let i = 0; i < 2; i++) {
      const like = await call('sameSchoolTeacher', 'POST', `/api/v1/library/like/${shared}`);
      expect(like.json()).toEqual({ liked: true, likeCount: 1 });
    }
    expect(
      (await call('otherSchoolTeacher', 'POST', `/api/v1/library/like/${shared}`)).json().likeCount,
    ).toBe(2);
    expect((await call('sameSchoolTeacher', 'DELETE', `/api/v1/library/like/${shared}`)).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect((await call('sameSchoolTeacher', 'POST', `/api/v1/library/bookmark/${shared}`)).json()).toEqual({
      bookmarked: true,
      bookmarkCount: 1,
    });
    const list = (await call('sameSchoolTeacher', 'GET', '/api/v1/library/bookmark/list')).json();
    expect(list.items.map((item: Card) => item.id)).toEqual([shared]);
    expect(list.items[0].bookmarked).toBe(true);
    const detail = (await call('sameSchoolTeacher', 'GET', `/api/v1/library/${shared}`)).json();
    expect(detail).toMatchObject({ likeCount: 1, bookmarkCount: 1, liked: false, bookmarked: true });
    expect(detail.text).toContain('색종이로 분수를 만들어요.');
    expect(detail.author.name).toBe('김하늘');
    expect(detail.abilities).toMatchObject({ view: true, edit: false, copy: true, changeSettings: false });
  });

  it('counts a view once per teacher and day, never the author’s own', async () => {
    const viewed = await material('teacher', { title: '조회수 확인 자료' });
    const open = async (persona: AnyPersona) =>
      (await call(persona, 'GET', `/api/v1/library/${viewed}`)).json().viewCount as number;
    for (let i = 0; i < 3; i++) expect(await open('sameSchoolTeacher')).toBe(1);
    expect(await open('otherSchoolTeacher')).toBe(2);
    expect(await open('teacher')).toBe(2);
    // Yesterday's views are kept to dedupe the day; older ones are forgotten.
    const db = t.database.db;
    await db
      .insertInto('libraryView')
      .values({ libraryId: viewed, userId: userId('teacher2'), viewedOn: '2020-01-01' })
      .execute();
    await library.purgeViewsBefore(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    const left = await db
      .selectFrom('libraryView')
      .select('viewedOn')
      .where('libraryId', '=', viewed)
      .execute();
    expect(left.map((row) => row.viewedOn)).not.toContain('2020-01-01');
    expect(left).toHaveLength(2);
  });

  it('a share link of a PUBLIC item opens the public page; its QR code holds that link', async () => {
    const link = (await call('sameSchoolTeacher', 'POST', `/api/v1/library/${shared}/share-link`)).json();
    expect(link.public).toBe(true);
    const token = link.url.split('/shared/library/')[1];
    expect(token.length).toBeGreaterThanOrEqual(20);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/public/library/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title: '분수 놀이 수업', school: '서울가락초등학교' });
    expect(page.json()).not.toHaveProperty('author');

    const qr = await call('sameSchoolTeacher', 'POST', `/api/v1/library/${shared}/qr-code`);
    expect(qr.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(qr.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(link.url);

    // Unshared: the same link no longer opens anything.
    await call('teacher', 'PUT', `/api/v1/library/${shared}/access-setting`, {
      visibility: 'SCHOOL',
      editable: true,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/public/library/${token}` })).statusCode).toBe(
      404,
    );
    const inApp = (await call('sameSchoolTeacher', 'POST', `/api/v1/library/${shared}/share-link`)).json();
    expect(inApp).toEqual({ url: `${t.config.PUBLIC_URL}/v2/library/${shared}`, public: false });
    await call('teacher', 'PUT', `/api/v1/library/${shared}/access-setting`, {
      visibility: 'PUBLIC',
      editable: true,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/public/library/${token}` })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/public/library/not-a-real-token-123' })).statusCode,
    ).toBe(404);
  });

  it("copies an editable item into the caller's own private, editable material", async () => {
    const response = await call('sameSchoolTeacher', 'POST', `/api/v1/library/${shared}/copy`);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({ title: '분수 놀이 수업', visibility: 'PRIVATE', editable: true });
    expect(copy.author.name).toBe('정다은');
    expect(copy.abilities).toMatchObject({ edit: true, changeSettings: true });
    expect(copy.id).not.toBe(shared);
    expect((await call('sameSchoolTeacher', 'POST', `/api/v1/library/${locked}/copy`)).statusCode).toBe(403);
    expect((await call('teacher', 'POST', `/api/v1/library/${locked}/copy`)).statusCode).toBe(201);
  });

  it('only the creator changes access settings, status and completion', async () => {
    const body = { visibility: 'PRIVATE', editable: false };
    expect(
      (await call('sameSchoolTeacher', 'PUT', `/api/v1/library/${schoolOnly}/access-setting`, body))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('otherSchoolTeacher', 'PUT', `/api/v1/library/${schoolOnly}/access-setting`, body))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('sameSchoolTeacher', 'PUT', `/api/v1/library/status/${schoolOnly}`, { status: 1 }))
        .statusCode,
    ).toBe(403);
    const changed = await call('teacher', 'PUT', `/api/v1/library/${schoolOnly}/access-setting`, body);
    expect(changed.json()).toMatchObject({ visibility: 'PRIVATE', editable: false });
    expect((await call('sameSchoolTeacher', 'GET', `/api/v1/library/${schoolOnly}`)).statusCode).toBe(404);
    const waiting = await call('teacher', 'PUT', `/api/v1/library/status/${schoolOnly}`, { status: 2 });
    expect(waiting.json().status).toBe(2);
    expect((await call('teacher', 'PUT', `/api/v1/library/${schoolOnly}/complete`)).json().status).toBe(3);
    expect(
      (await call('teacher', 'PUT', `/api/v1/library/status/${schoolOnly}`, { status: 7 })).statusCode,
    ).toBe(400);
  });
});

describe('authorization across roles and schools', () => {
  it('answers every endpoint by the material policy', async () => {
    const item = await material('teacher', { title: '권한 점검 자료', visibility: 'SCHOOL' });
    const token = (await call('teacher', 'POST', `/api/v1/library/${item}/share-link`)).json();
    expect(token.public).toBe(false);
    const personas: AnyPersona[] = [
      'teacher',
      'sameSchoolTeacher',
      'otherSchoolTeacher',
      'student',
      'admin',
      'anonymous',
    ];
    const endpoints: { method: Method; url: string; body?: object; expect: number[] }[] = [
      // owner, same school, other school, student, admin (same school), anonymous
      { method: 'GET', url: `/api/v1/library/${item}`, expect: [200, 200, 404, 403, 200, 401] },
      { method: 'POST', url: `/api/v1/library/like/${item}`, expect: [200, 200, 404, 403, 200, 401] },
      { method: 'DELETE', url: `/api/v1/library/like/${item}`, expect: [200, 200, 404, 403, 200, 401] },
      { method: 'POST', url: `/api/v1/library/bookmark/${item}`, expect: [200, 200, 404, 403, 200, 401] },
      { method: 'DELETE', url: `/api/v1/library/bookmark/${item}`, expect: [200, 200, 404, 403, 200, 401] },
      { method: 'POST', url: `/api/v1/library/${item}/share-link`, expect: [200, 200, 404, 403, 200, 401] },
      { method: 'POST', url: `/api/v1/library/${item}/qr-code`, expect: [200, 200, 404, 403, 200, 401] },
      { method: 'POST', url: `/api/v1/library/${item}/copy`, expect: [201, 201, 404, 403, 201, 401] },
      {
        method: 'PUT',
        url: `/api/v1/library/${item}/access-setting`,
        body: { visibility: 'SCHOOL', editable: true },
        expect: [200, 403, 404, 403, 403, 401],
      },
      {
        method: 'PUT',
        url: `/api/v1/library/status/${item}`,
        body: { status: 3 },
        expect: [200, 403, 404, 403, 403, 401],
      },
      { method: 'PUT', url: `/api/v1/library/${item}/complete`, expect: [200, 403, 404, 403, 403, 401] },
      { method: 'GET', url: '/api/v1/library/search', expect: [200, 200, 200, 403, 200, 401] },
      { method: 'GET', url: '/api/v1/library/recent/5', expect: [200, 200, 200, 403, 200, 401] },
      { method: 'GET', url: '/api/v1/library/shared/recent/5', expect: [200, 200, 200, 403, 200, 401] },
      { method: 'GET', url: '/api/v1/library/bookmark/list', expect: [200, 200, 200, 403, 200, 401] },
      { method: 'GET', url: '/api/v1/my-materials', expect: [200, 200, 200, 403, 200, 401] },
      { method: 'GET', url: '/api/v1/my-materials/library', expect: [200, 200, 200, 403, 200, 401] },
      { method: 'GET', url: '/api/v1/my-materials/folder', expect: [200, 200, 200, 403, 200, 401] },
      {
        method: 'POST',
        url: '/api/v1/my-materials/folder',
        body: { name: '권한' },
        expect: [201, 201, 201, 403, 201, 401],
      },
    ];
    for (const endpoint of endpoints) {
      const got: number[] = [];
      for (const persona of personas) {
        got.push((await call(persona, endpoint.method, endpoint.url, endpoint.body)).statusCode);
      }
      expect({ endpoint: `${endpoint.method} ${endpoint.url}`, got }).toEqual({
        endpoint: `${endpoint.method} ${endpoint.url}`,
        got: endpoint.expect,
      });
    }
  });

  it("a colleague's folder and a private item are not found", async () => {
    const folder = (
      await call('teacher', 'POST', '/api/v1/my-materials/folder', { name: '비밀 폴더' })
    ).json();
    const privateItem = await material('teacher', { title: '혼자 보는 자료', visibility: 'PRIVATE' });
    expect(
      (await call('sameSchoolTeacher', 'PUT', `/api/v1/my-materials/folder/${folder.id}`, { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('sameSchoolTeacher', 'DELETE', `/api/v1/my-materials/folder/${folder.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('sameSchoolTeacher', 'GET', `/api/v1/my-materials?folderId=${folder.id}`)).statusCode,
    ).toBe(404);
    const own = (
      await call('sameSchoolTeacher', 'POST', '/api/v1/my-materials/folder', { name: '내 폴더' })
    ).json();
    const placed = await call('sameSchoolTeacher', 'POST', '/api/v1/my-materials/folder-library', {
      folderId: own.id,
      libraryIds: [privateItem],
    });
    expect(placed.statusCode).toBe(404);
    for (const persona of ['sameSchoolTeacher', 'otherSchoolTeacher', 'admin'] as const) {
      expect((await call(persona, 'GET', `/api/v1/library/${privateItem}`)).statusCode).toBe(404);
    }
    expect((await call('teacher', 'GET', `/api/v1/library/${privateItem}`)).statusCode).toBe(200);
  });
});

describe('assistant suggestions', () => {
  it('suggests what teachers of the same grade saved, each with a one-line reason', async () => {
    const favourite = await material('teacher2', {
      title: '3학년 시계 보기 활동',
      gradeSeq: 13,
      subjectSeq: 13004,
    });
    await material('teacher2', { title: '3학년 길이 재기', gradeSeq: 13, subjectSeq: 13004 });
    await call('sameSchoolTeacher', 'POST', `/api/v1/library/bookmark/${favourite}`);
    const page = await search('teacher', { tab: 'SUGGESTIONS', pageSize: 50 });
    const top = page.items.find((item) => item.id === favourite);
    expect(top?.reason).toBe('초3 선생님 1명이 저장한 자료예요.');
    expect(page.items[0]?.id).toBe(favourite);
    expect(page.items.every((item) => item.reason)).toBe(true);
    expect(page.items.map((item) => item.author.name)).not.toContain('김하늘');
  });

  it("suggests what colleagues who liked the same material saved, unless it is hidden or already the teacher's", async () => {
    // Another grade than the teacher's (초3), so only the co-reader signal can bring these in.
    const shared = await material('teacher3', { title: '함께 좋아한 분수 자료', gradeSeq: 21 });
    const picked = await material('teacher3', { title: '동료가 저장한 도형 자료', gradeSeq: 21 });
    const alreadySaved = await material('teacher3', { title: '이미 저장한 시계 자료', gradeSeq: 21 });
    const hidden = await material('teacher3', {
      title: '나중에 비공개로 바뀐 자료',
      gradeSeq: 21,
      visibility: 'PRIVATE',
    });
    await call('teacher', 'POST', `/api/v1/library/like/${shared}`);
    await call('otherSchoolTeacher', 'POST', `/api/v1/library/like/${shared}`);
    for (const id of [picked, alreadySaved])
      await call('otherSchoolTeacher', 'POST', `/api/v1/library/bookmark/${id}`);
    await call('teacher', 'POST', `/api/v1/library/bookmark/${alreadySaved}`);
    // Saved while it was shared, made private since.
    await t.database.db
      .insertInto('libraryBookmark')
      .values({ userId: userId('teacher2'), libraryId: hidden, createdAt: new Date().toISOString() })
      .execute();

    const page = await search('teacher', { tab: 'SUGGESTIONS', pageSize: 50 });
    const ids = page.items.map((item) => item.id);
    expect(page.items.find((item) => item.id === picked)?.reason).toBe(
      '내가 좋아한 자료를 좋아한 선생님들이 저장한 자료예요.',
    );
    expect(ids).not.toContain(alreadySaved);
    expect(ids).not.toContain(hidden);
  });
});

describe('My Materials', () => {
  it("lists the school year's own items by type, favorites and likes", async () => {
    const now = new Date();
    const lesson = await material('admin', { title: '올해 수업', createdAt: now.toISOString() });
    const summary = await material('admin', {
      title: '올해 요약',
      materialType: 'summary',
      createdAt: new Date(now.getTime() + 1000).toISOString(),
    });
    await material('admin', {
      title: '지난해 자료',
      createdAt: new Date(now.getTime() - 400 * 86_400_000).toISOString(),
    });
    const mine = (await call('admin', 'GET', '/api/v1/my-materials')).json();
    expect(mine.items.map((item: Card) => item.id).slice(0, 2)).toEqual([summary, lesson]);
    expect(mine.items.map((item: Card) => item.title)).not.toContain('지난해 자료');
    const summaries = (await call('admin', 'GET', '/api/v1/my-materials?materialType=summary')).json();
    expect(summaries.items.map((item: Card) => item.id)).toContain(summary);
    expect(summaries.items.map((item: Card) => item.id)).not.toContain(lesson);
    const lastYear = (await call('admin', 'GET', `/api/v1/my-materials?year=${mine.year - 1}`)).json();
    expect(lastYear.items.map((item: Card) => item.title)).toContain('지난해 자료');

    await call('teacher', 'POST', `/api/v1/library/bookmark/${lesson}`);
    await call('sameSchoolTeacher', 'POST', `/api/v1/library/bookmark/${lesson}`);
    await call('sameSchoolTeacher', 'POST', `/api/v1/library/like/${summary}`);
    const favourites = (await call('sameSchoolTeacher', 'GET', '/api/v1/my-materials?tab=FAVORITES')).json();
    expect(favourites.items.map((item: Card) => item.id)).toContain(lesson);
    const likes = (await call('sameSchoolTeacher', 'GET', '/api/v1/my-materials?tab=LIKES')).json();
    expect(likes.items.map((item: Card) => item.id)).toContain(summary);
    expect(likes.items.map((item: Card) => item.id)).not.toContain(lesson);
  });

  it('keeps folders: create, nest, rename, place items, delete keeping or removing contents', async () => {
    const empty = await call('admin', 'POST', '/api/v1/my-materials/folder', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('폴더 이름을 입력해주세요.');
    const unit = (await call('admin', 'POST', '/api/v1/my-materials/folder', { name: '1단원' })).json();
    const sub = (
      await call('admin', 'POST', '/api/v1/my-materials/folder', { name: '활동지', parentId: unit.id })
    ).json();
    expect(sub.parentId).toBe(unit.id);
    expect(
      (await call('admin', 'PUT', `/api/v1/my-materials/folder/${unit.id}`, { name: '2단원' })).json().name,
    ).toBe('2단원');
    const a = await material('admin', { title: '폴더 자료 A' });
    const b = await material('admin', { title: '폴더 자료 B' });
    const bookmarked = await material('teacher3', { title: '동료 자료' });
    await call('admin', 'POST', `/api/v1/library/bookmark/${bookmarked}`);
    await call('admin', 'POST', '/api/v1/my-materials/folder-library', {
      folderId: unit.id,
      libraryIds: [a],
    });
    await call('admin', 'POST', '/api/v1/my-materials/folder-library', {
      folderId: sub.id,
      libraryIds: [b, bookmarked],
    });
    const inUnit = (await call('admin', 'GET', `/api/v1/my-materials?folderId=${unit.id}`)).json();
    expect(inUnit.items.map((item: Card) => item.id)).toEqual([a]);
    const folders = (await call('admin', 'GET', '/api/v1/my-materials/folder')).json();
    expect(folders.find((f: { id: number }) => f.id === sub.id).itemCount).toBe(2);
    expect((await call('admin', 'GET', `/api/v1/library/${b}`)).json().folderId).toBe(sub.id);

    // Keeping contents: the subfolder moves to the root, the item stays.
    await call('admin', 'DELETE', `/api/v1/my-materials/folder/${unit.id}?deleteType=MOVE_TO_ROOT`);
    const after = (await call('admin', 'GET', '/api/v1/my-materials/folder')).json();
    expect(after.find((f: { id: number }) => f.id === sub.id).parentId).toBeNull();
    expect((await call('admin', 'GET', `/api/v1/library/${a}`)).json().folderId).toBeNull();

    // Removing contents: own items go, a colleague's bookmarked item only leaves the folder.
    await call('admin', 'DELETE', `/api/v1/my-materials/folder/${sub.id}?deleteType=DELETE_CONTENTS`);
    expect((await call('admin', 'GET', `/api/v1/library/${b}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/v1/library/${bookmarked}`)).statusCode).toBe(200);
    expect(
      (await call('admin', 'GET', '/api/v1/my-materials/folder')).json().map((f: { id: number }) => f.id),
    ).not.toContain(sub.id);
  });

  it('recent and recently shared lists carry an author line', async () => {
    const recent = (await call('teacher', 'GET', '/api/v1/library/recent/3')).json();
    expect(recent).toHaveLength(3);
    expect(recent.every((card: Card) => card.author.name === '김하늘')).toBe(true);
    const shared = (await call('teacher', 'GET', '/api/v1/library/shared/recent/5')).json();
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((card: Card) => card.author.name && card.author.name !== '김하늘')).toBe(true);
  });
});
