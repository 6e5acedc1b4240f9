import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

// These tests read the reference data the repository ships (reference-data/, the default of
// REFERENCE_DATA_DIR); a missing file fails them.
const referenceDir = loadConfig({}).REFERENCE_DATA_DIR;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(t.database.db, referenceDir);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, language = 'ko') => t.app.inject({ url, headers: { 'accept-language': language } });

describe('reference import', () => {
  it('loads over twelve thousand schools and every standard, and skips unchanged files', async () => {
    const schools = await t.database.db
      .selectFrom('school')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(schools.n)).toBeGreaterThan(12000);
    const again = await seedReferenceData(t.database.db, t.config.REFERENCE_DATA_DIR);
    expect(again.every((report) => report.skipped === 'unchanged')).toBe(true);
  });

  it('starts without the reference files', async () => {
    const reports = await seedReferenceData(t.database.db, '/nonexistent/reference');
    expect(reports.find((r) => r.name === 'schools')?.skipped).toBe('missing');
    expect((await get('/api/v1/public/schools?searchText=가락')).json().total).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/code', () => {
  it('lists levels, grades under their level, semesters and curricula', async () => {
    const levels = (await get('/api/v1/code?groupCode=LEVEL')).json();
    expect(levels.map((c: { name: string }) => c.name)).toEqual(['초등학교', '중학교', '고등학교']);
    const grades = (await get('/api/v1/code?parentSeq=1')).json();
    expect(grades.map((c: { name: string }) => c.name)).toEqual(['초1', '초2', '초3', '초4', '초5', '초6']);
    expect(
      grades.every(
        (c: { parentSeq: number; groupCode: string }) => c.parentSeq === 1 && c.groupCode === 'GRADE',
      ),
    ).toBe(true);
    const semesters = (await get('/api/v1/code?groupCode=SEMESTER')).json();
    expect(semesters.map((c: { name: string }) => c.name)).toEqual(['1학기', '2학기']);
    const curricula = (await get('/api/v1/code?groupCode=CURRICULUM')).json();
    expect(curricula.map((c: { translation: string }) => c.translation)).toEqual([
      '2015 revised curriculum',
      '2022 revised curriculum',
    ]);
  });

  it('gives each grade the subjects of its level', async () => {
    const names = async (grade: number) =>
      (await get(`/api/v1/code?parentSeq=${grade}`)).json().map((c: { name: string }) => c.name);
    expect(await names(11)).toEqual(
      expect.arrayContaining(['국어', '수학', '바른 생활', '슬기로운 생활', '즐거운 생활']),
    );
    expect(await names(11)).not.toContain('과학');
    expect(await names(13)).toEqual(expect.arrayContaining(['과학', '사회', '영어']));
    expect(await names(13)).not.toContain('실과');
    expect(await names(15)).toContain('실과');
    expect(await names(21)).toEqual(expect.arrayContaining(['역사', '기술·가정', '정보', '한문']));
    expect(await names(31)).toEqual(
      expect.arrayContaining(['공통국어1', '공통수학2', '한국사1', '통합과학1']),
    );
    expect(await names(32)).toEqual(expect.arrayContaining(['물리학', '창의적 체험활동']));
  });

  it('returns one code and 404 or 400 for unknown or malformed ids', async () => {
    expect((await get('/api/v1/code/13')).json()).toMatchObject({ codeSeq: 13, parentSeq: 1, name: '초3' });
    const missing = await get('/api/v1/code/999999', 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'E_NOT_FOUND', message: 'The requested item was not found.' });
    expect((await get('/api/v1/code/-1')).statusCode).toBe(400);
    expect((await get('/api/v1/code?groupCode=NOPE')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/public/schools', () => {
  it('finds schools by name with the page and the total', async () => {
    const res = await get('/api/v1/public/schools?searchType=name&searchText=가락&pageIndex=0&pageSize=10');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.pageSize).toBe(10);
    expect(page.items.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['서울가락초등학교', '가락중학교', '가락고등학교']),
    );
    expect(page.items.every((s: { name: string }) => s.name.includes('가락'))).toBe(true);
    const garak = page.items.find((s: { schoolCode: string }) => s.schoolCode === '7130165');
    expect(garak).toMatchObject({ engName: 'Karak Middle School', level: '중학교', levelCodeSeq: 2 });
  });

  it('ranks an exact name first and ignores spaces typed between words', async () => {
    const exact = (await get('/api/v1/public/schools?searchText=가락중학교')).json();
    expect(exact.items[0].name).toBe('가락중학교');
    const spaced = (await get('/api/v1/public/schools?searchText=서울 가락')).json();
    expect(spaced.items.map((s: { name: string }) => s.name)).toContain('서울가락초등학교');
  });

  it('pages through results without overlap', async () => {
    const first = (await get('/api/v1/public/schools?searchText=초등학교&pageIndex=0&pageSize=10')).json();
    const second = (await get('/api/v1/public/schools?searchText=초등학교&pageIndex=1&pageSize=10')).json();
    expect(first.total).toBeGreaterThan(5000);
    const ids = new Set(first.items.map((s: { id: number }) => s.id));
    expect(second.items.some((s: { id: number }) => ids.has(s.id))).toBe(false);
  });

  it('searches by address and treats wildcards literally', async () => {
    const byAddress = (await get('/api/v1/public/schools?searchType=address&searchText=송이로 45')).json();
    expect(byAddress.items.map((s: { name: string }) => s.name)).toContain('가락중학교');
    const wildcard = (await get('/api/v1/public/schools?searchText=%25')).json();
    expect(wildcard.total).toBe(0);
  });

  it('rejects an empty search, a page size over 100 and a negative page', async () => {
    for (const query of ['searchText=', 'searchText=가락&pageSize=500', 'searchText=가락&pageIndex=-1']) {
      const res = await get(`/api/v1/public/schools?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('E_VALIDATION');
    }
  });
});

describe('GET /api/v1/standards', () => {
  it('returns the reference wording of a code per curriculum', async () => {
    const res = (await get('/api/v1/standards?curriculum=2022&code=4국01-01')).json();
    expect(res.total).toBe(1);
    expect(res.items[0]).toMatchObject({
      code: '[4국01-01]',
      curriculum: 2022,
      statement: expect.stringContaining('중요한 내용과 주제를 파악하며 듣고'),
      gradeBand: '초3-4',
    });
    const middle2015 = (await get('/api/v1/standards?curriculum=2015&subject=역사&pageSize=5')).json();
    expect(middle2015.total).toBeGreaterThan(10);
    expect(middle2015.items[0]).toMatchObject({ curriculum: 2015, schoolLevel: '중', subject: '역사' });
    expect(middle2015.items[0].area).toBeTruthy();
  });

  it('filters by grade band, subject and keyword, with achievement levels where known', async () => {
    const res = (
      await get('/api/v1/standards?curriculum=2022&gradeBand=초3-4&subject=과학&keyword=힘')
    ).json();
    expect(res.total).toBeGreaterThan(0);
    for (const item of res.items) {
      expect(item.gradeBand).toBe('초3-4');
      expect(item.subjectGroup).toBe('과학');
      expect(`${item.statement}${item.area}`).toContain('힘');
    }
    const withLevels = res.items.find((item: { levels: unknown[] }) => item.levels.length > 0);
    expect(withLevels.levels[0]).toMatchObject({ level: 'A', description: expect.any(String) });
  });

  it('rejects an unknown curriculum', async () => {
    expect((await get('/api/v1/standards?curriculum=2009')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/publishers/grade/{grade}', () => {
  it('lists the publishers for the level of the grade and the subject', async () => {
    const bySubjectName = (await get('/api/v1/publishers/grade/21?subject=국어&semester=1')).json();
    expect(bySubjectName.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['천재교육', '창비']),
    );
    expect(bySubjectName[0]).toEqual({ seq: expect.any(Number), name: expect.any(String), author: '' });
    const bySubjectCode = (await get('/api/v1/publishers/grade/31?subject=31003')).json();
    expect(bySubjectCode.map((p: { name: string }) => p.name)).toContain('좋은책신사고');
  });

  it('refuses unknown grades, subjects of another grade and bad semesters', async () => {
    expect((await get('/api/v1/publishers/grade/99')).statusCode).toBe(404);
    expect((await get('/api/v1/publishers/grade/21?subject=13001')).statusCode).toBe(404);
    expect((await get('/api/v1/publishers/grade/21?semester=3')).statusCode).toBe(400);
    expect((await get('/api/v1/publishers/grade/abc')).statusCode).toBe(400);
  });
});
