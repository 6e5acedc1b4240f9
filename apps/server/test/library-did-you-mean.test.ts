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
  for (const [title, visibility] of [
    ['분수의 덧셈과 뺄셈', 'PUBLIC'],
    ['과학 실험 안전 수칙', 'PUBLIC'],
    ['김민준 상담 기록', 'PRIVATE'],
  ] as const) {
    await library.insert({
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

async function search(keyword: string) {
  const response = await t.app.inject({
    url: `/api/v1/library/search?tab=OUR_SCHOOL&keyword=${encodeURIComponent(keyword)}`,
    headers: await world.headersFor('sameSchoolTeacher'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: unknown[]; suggestion?: string; matchedAnyWord?: boolean };
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
