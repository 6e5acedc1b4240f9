import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { FORMS } from './authorization/matrix-world.ts';
import type { AnyPersona } from './demo-world.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  visibility: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
  input?: Record<string, unknown> | null;
}

/** The studio tools whose panel offers the sharing beside recreate (evaluation plan, parent letter). */
const STUDIO = [
  { slug: 'evaluation-plan', create: '/api/v1/document/evaluation-plans', form: FORMS['evaluation-plan'] },
  { slug: 'parent-letter', create: '/api/v1/document/letter', form: FORMS['parent-letter'] },
];

describe('recreate applies the sharing the form chose', () => {
  let ctx: ToolTestContext<Item>;
  beforeAll(async () => {
    ctx = await buildToolTestContext<Item>('/api/v1/summary', {});
    await seedReferenceData(ctx.t.database.db, loadConfig({}).REFERENCE_DATA_DIR);
  }, 120_000);
  afterAll(() => ctx.t.close());

  const itemPath = (slug: string, id: number) => `/api/v1/document/studio/${slug}/${id}`;
  const read = (slug: string, id: number, persona: AnyPersona = 'teacher') =>
    ctx.request(persona, 'GET', itemPath(slug, id));
  async function create(tool: (typeof STUDIO)[number], sharing: { accessLevel: string; editable: boolean }) {
    const created = await ctx.request('teacher', 'POST', tool.create, { ...tool.form, ...sharing });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await ctx.waitDone(id);
    return id;
  }

  for (const tool of STUDIO) {
    it(`${tool.slug}: a public item made private by recreate is private, and its kept form says so`, async () => {
      const id = await create(tool, { accessLevel: 'PUBLIC', editable: true });
      expect((await read(tool.slug, id, 'otherSchoolTeacher')).status).toBe(200);

      const again = await ctx.request('teacher', 'PUT', itemPath(tool.slug, id), {
        ...tool.form,
        accessLevel: 'PRIVATE',
        editable: false,
      });
      expect(again.status, await again.clone().text()).toBe(202);

      const item = (await (await read(tool.slug, id)).json()) as Item;
      expect(item).toMatchObject({ visibility: 'PRIVATE', editable: false });
      expect(item.input).toMatchObject({ accessLevel: 'PRIVATE', editable: false });
      // Nobody else finds it any more, in the tool or in the library.
      expect((await read(tool.slug, id, 'otherSchoolTeacher')).status).toBe(404);
      expect((await read(tool.slug, id, 'sameSchoolTeacher')).status).toBe(404);
      expect((await ctx.request('otherSchoolTeacher', 'GET', `/api/v1/library/${id}`)).status).toBe(404);
    }, 60_000);

    it(`${tool.slug}: a private item shared with the school by recreate is seen by the school only`, async () => {
      const id = await create(tool, { accessLevel: 'PRIVATE', editable: false });
      expect((await read(tool.slug, id, 'sameSchoolTeacher')).status).toBe(404);

      const again = await ctx.request('teacher', 'PUT', itemPath(tool.slug, id), {
        ...tool.form,
        accessLevel: 'SCHOOL',
        editable: true,
      });
      expect(again.status, await again.clone().text()).toBe(202);

      expect((await (await read(tool.slug, id)).json()) as Item).toMatchObject({
        visibility: 'SCHOOL',
        editable: true,
      });
      expect((await read(tool.slug, id, 'sameSchoolTeacher')).status).toBe(200);
      expect((await read(tool.slug, id, 'otherSchoolTeacher')).status).toBe(404);
    }, 60_000);

    it(`${tool.slug}: a sharing the create form would refuse is refused, and nothing changes`, async () => {
      const id = await create(tool, { accessLevel: 'SCHOOL', editable: true });
      const refused = await ctx.request('teacher', 'PUT', itemPath(tool.slug, id), {
        ...tool.form,
        title: '바뀌면 안 되는 제목',
        accessLevel: 'EVERYONE',
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { code: string }).code).toBe('E_VALIDATION');
      const item = (await (await read(tool.slug, id)).json()) as Item & { title: string };
      expect(item).toMatchObject({ visibility: 'SCHOOL', editable: true, title: tool.form?.title });
    }, 60_000);

    it(`${tool.slug}: a colleague who may see the item cannot recreate it into another sharing`, async () => {
      const id = await create(tool, { accessLevel: 'SCHOOL', editable: true });
      const forbidden = await ctx.request('sameSchoolTeacher', 'PUT', itemPath(tool.slug, id), {
        ...tool.form,
        accessLevel: 'PUBLIC',
      });
      expect(forbidden.status).toBe(403);
      expect((await (await read(tool.slug, id)).json()) as Item).toMatchObject({ visibility: 'SCHOOL' });
      expect((await read(tool.slug, id, 'otherSchoolTeacher')).status).toBe(404);
    }, 60_000);
  }

  it('summary: the JSON re-create with a changed form applies its sharing too', async () => {
    const created = await ctx.request('teacher', 'POST', '/api/v1/summary', {
      title: '광합성 요약',
      summaryType: 'TEXT_SUMMARY',
      summaryFormat: 'EASY_SUMMARY',
      inputText: '식물은 빛을 받아 물과 이산화탄소로 양분을 만든다. 이 과정을 광합성이라고 한다.',
      accessLevel: 'PUBLIC',
      editable: true,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await ctx.waitDone(id);
    const kept = ((await (await ctx.request('teacher', 'GET', `/api/v1/summary/${id}`)).json()) as Item)
      .input;

    const again = await ctx.request('teacher', 'POST', `/api/v1/summary/${id}/re-create`, {
      input: { ...kept, accessLevel: 'PRIVATE', editable: false },
    });
    expect(again.status, await again.clone().text()).toBe(200);
    const item = await ctx.waitDone(id);
    expect(item).toMatchObject({ visibility: 'PRIVATE', editable: false });
    expect((await ctx.request('otherSchoolTeacher', 'GET', `/api/v1/summary/${id}`)).status).toBe(404);
  }, 60_000);
});
