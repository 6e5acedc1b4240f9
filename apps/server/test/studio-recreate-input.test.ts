import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { FORMS } from './authorization/matrix-world.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  title: string;
  input?: Record<string, unknown> | null;
}

/** Every studio tool: its item path and a form it takes (the matrix's valid forms). */
const TOOLS = [
  { slug: 'evaluation-plan', create: '/api/v1/document/evaluation-plans', form: FORMS['evaluation-plan'] },
  { slug: 'parent-letter', create: '/api/v1/document/letter', form: FORMS['parent-letter'] },
  { slug: 'meeting-minutes', create: '/api/v1/document/meeting-minutes', form: FORMS['meeting-minutes'] },
  { slug: 'general', create: '/api/v1/document/generate', form: { title: '운동회 계획', ...FORMS.general } },
  { slug: 'group-play-plan', create: '/api/v1/document/studio', form: FORMS['group-play-plan'] },
  {
    slug: 'group-play-lesson-plan',
    create: '/api/v1/document/studio',
    form: FORMS['group-play-lesson-plan'],
  },
  { slug: 'counsel-student', create: '/api/v1/document/studio', form: FORMS['counsel-student'] },
  { slug: 'counsel-parent', create: '/api/v1/document/studio', form: FORMS['counsel-parent'] },
  { slug: 'counsel-parent-script', create: '/api/v1/document/studio', form: FORMS['counsel-parent-script'] },
];

describe('recreate keeps the inputs of every studio tool', () => {
  let ctx: ToolTestContext<Item>;
  beforeAll(async () => {
    ctx = await buildToolTestContext<Item>('/api/v1/document/studio', {});
    await seedReferenceData(ctx.t.database.db, loadConfig({}).REFERENCE_DATA_DIR);
  }, 120_000);
  afterAll(() => ctx.t.close());

  const read = async (slug: string, id: number, persona: 'teacher' | 'otherSchoolTeacher' = 'teacher') =>
    (await (await ctx.request(persona, 'GET', `/api/v1/document/studio/${slug}/${id}`)).json()) as Item;

  for (const tool of TOOLS) {
    it(`${tool.slug}: the item gives its creator the whole form back, changed by recreate`, async () => {
      const form = { ...tool.form, accessLevel: 'PUBLIC' };
      const created = await ctx.request('teacher', 'POST', tool.create, form);
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const { type, ...sent } = form as Record<string, unknown>;
      const kept = (await read(tool.slug, id)).input;
      // Every field the teacher sent comes back (in the form's own shape: lists as lists).
      expect(Object.keys(kept ?? {})).toEqual(expect.arrayContaining(Object.keys(sent)));
      expect(kept).toMatchObject({ title: sent.title ?? '', accessLevel: 'PUBLIC' });
      // A reader who did not make it sees the document, not the form (it may hold names).
      expect((await read(tool.slug, id, 'otherSchoolTeacher')).input).toBeNull();

      // The kept form, changed, is taken as it is: recreate needs nothing typed again.
      const changed = { ...kept, type, title: `${String(sent.title ?? '문서')} 고침` };
      const again = await ctx.request(
        'teacher',
        'PUT',
        `/api/v1/document/studio/${tool.slug}/${id}`,
        changed,
      );
      expect(again.status, await again.clone().text()).toBe(202);
      expect((await read(tool.slug, id)).input).toEqual({ ...kept, title: changed.title });
    }, 60_000);
  }
});
