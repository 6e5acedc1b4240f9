import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryRepository } from '../src/modules/library/library.repository.ts';
import { createLibrarySearchIndex } from '../src/modules/library/library-search.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';

let t: TestApp;
let world: DemoWorld;

/** Finished materials of `teacher`, public or private, before the first search reads the titles. */
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
  const library = createLibraryRepository(
    t.database.db,
    createLibrarySearchIndex(t.database.db, t.database.dialect),
  );
  const teacher = world.users.teacher!;
  const at = new Date().toISOString();
  const subject = async (grade: string, name: string) => {
    const row = await t.database.db
      .selectFrom('code as s')
      .innerJoin('code as g', 'g.codeSeq', 's.parentSeq')
      .select(['s.codeSeq', 'g.codeSeq as gradeSeq'])
      .where('s.groupCode', '=', 'SUBJECT')
      .where('s.name', '=', name)
      .where('g.name', '=', grade)
      .executeTakeFirstOrThrow();
    return { subjectSeq: row.codeSeq, gradeSeq: row.gradeSeq };
  };
  for (const [title, visibility, codes] of [
    ['분수의 덧셈과 뺄셈', 'PUBLIC', await subject('초3', '수학')],
    ['과학 실험 안전 수칙', 'PUBLIC', await subject('초4', '과학')],
    ['김민준 상담 기록', 'PRIVATE', {}],
    ['일차방정식 풀이', 'SCHOOL', await subject('중1', '수학')],
  ] as const) {
    await library.insert({
      ...codes,
      creatorId: teacher.id,
      schoolId: teacher.schoolId,
      libraryType: 'LESSON',
      materialType: 'lesson',
      title,
      status: 3,
      visibility,
      editable: 0,
      input: '{}',
      content: JSON.stringify({ sections: [{ paragraphs: [title] }] }),
      createdAt: at,
      updatedAt: at,
      completedAt: at,
    });
  }
});
afterAll(() => t.close());

async function search(keyword: string, extra = '') {
  const response = await t.app.inject({
    url: `/api/v1/library/search?tab=OUR_SCHOOL&keyword=${encodeURIComponent(keyword)}${extra}`,
    headers: await world.headersFor('sameSchoolTeacher'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: { title: string }[];
    suggestion?: string;
    matchedAnyWord?: boolean;
  };
}

describe('library search: did you mean', () => {
  it('offers the corrected keyword when a mistyped or 초성 search finds nothing', async () => {
    expect(await search('붐수')).toMatchObject({ items: [], suggestion: '분수' });
    // Found by one word only ("과학"): the corrected keyword holds both.
    expect(await search('과학 실허')).toMatchObject({ matchedAnyWord: true, suggestion: '과학 실험' });
    expect(await search('ㅂㅅ')).toMatchObject({ items: [], suggestion: '분수' });
    // The suggestion finds what the teacher meant.
    expect((await search('분수')).items).toHaveLength(1);
  });

  it('offers nothing when the search finds something, or when only a private title is close', async () => {
    expect((await search('분수')).suggestion).toBeUndefined();
    // "김민준" is in a private record's title only: never suggested, never leaked.
    expect((await search('김민쥰')).suggestion).toBeUndefined();
  });
});

describe('library search: a subject without a grade', () => {
  it('finds the subject in every grade, or in the chosen grade only', async () => {
    const titles = async (extra: string) => (await search('', extra)).items.map((item) => item.title).sort();
    expect(await titles('&subject=수학')).toEqual(['분수의 덧셈과 뺄셈', '일차방정식 풀이']);
    const grade = await t.database.db
      .selectFrom('code')
      .select('codeSeq')
      .where('groupCode', '=', 'GRADE')
      .where('name', '=', '중1')
      .executeTakeFirstOrThrow();
    expect(await titles(`&subject=수학&gradeSeq=${grade.codeSeq}`)).toEqual(['일차방정식 풀이']);
    // With a keyword too, and a subject no grade has finds nothing.
    expect((await search('분수', '&subject=수학')).items.map((item) => item.title)).toEqual([
      '분수의 덧셈과 뺄셈',
    ]);
    expect(await titles('&subject=없는과목')).toEqual([]);
  });
});
