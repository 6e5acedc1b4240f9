import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { FORMS } from './authorization/matrix-world.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  title: string;
  edited: boolean;
  result: Record<string, unknown> | null;
}

const PLAN = '/api/v1/document/studio/evaluation-plan';

describe('an item tells whether the teacher changed it since it was made', () => {
  let ctx: ToolTestContext<Item>;
  beforeAll(async () => {
    ctx = await buildToolTestContext<Item>('/api/v1/summary', {});
    await seedReferenceData(ctx.t.database.db, loadConfig({}).REFERENCE_DATA_DIR);
  }, 120_000);
  afterAll(() => ctx.t.close());

  const read = async (path: string) => (await (await ctx.request('teacher', 'GET', path)).json()) as Item;

  it('evaluation plan: edited once saved from the editor, not after recreate makes it again', async () => {
    const created = await ctx.request('teacher', 'POST', '/api/v1/document/evaluation-plans', {
      ...FORMS['evaluation-plan'],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await ctx.waitDone(id);
    expect(await read(`${PLAN}/${id}`)).toMatchObject({ status: 3, edited: false });

    const saved = await ctx.request('teacher', 'PUT', `/api/v1/document/library/${id}`, {
      document: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: '직접 고친 평가계획' }] }],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await read(`${PLAN}/${id}`)).toMatchObject({ edited: true });
    // Changing who sees it is not an edit of the document.
    const shared = await ctx.request('teacher', 'PUT', `/api/v1/library/${id}/access-setting`, {
      visibility: 'PRIVATE',
      editable: false,
    });
    expect(shared.status, await shared.clone().text()).toBe(200);
    expect(await read(`${PLAN}/${id}`)).toMatchObject({ edited: true });

    const again = await ctx.request('teacher', 'POST', `${PLAN}/${id}/re-create`);
    expect(again.status, await again.clone().text()).toBe(200);
    await ctx.waitDone(id);
    expect(await read(`${PLAN}/${id}`)).toMatchObject({ status: 3, edited: false });
  }, 60_000);

  it('summary: edited once the teacher saves a changed result, not after recreate', async () => {
    const item = await ctx.createAndWait({
      title: '광합성 요약',
      summaryType: 'TEXT_SUMMARY',
      summaryFormat: 'EASY_SUMMARY',
      inputText: '식물은 빛을 받아 물과 이산화탄소로 양분을 만든다. 이 과정을 광합성이라고 한다.',
    });
    expect(item).toMatchObject({ status: 3, edited: false });

    const saved = await ctx.request('teacher', 'PUT', `/api/v1/summary/library/${item.id}`, {
      result: { ...item.result },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as Item).edited).toBe(true);
    // Another teacher who may read it learns the same (it is about the document, not the reader).
    const seen = (await (
      await ctx.request('sameSchoolTeacher', 'GET', `/api/v1/summary/${item.id}`)
    ).json()) as Item;
    expect(seen.edited).toBe(true);
    // The mark is not part of the result a client reads.
    expect(seen.result).not.toHaveProperty('edited');

    const again = await ctx.request('teacher', 'POST', `/api/v1/summary/${item.id}/re-create`);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await ctx.waitDone(item.id)).toMatchObject({ status: 3, edited: false });
  }, 60_000);
});
