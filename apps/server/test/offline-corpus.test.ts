import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Case, cases, requestBodies, toolOf } from './offline-corpus-cases.ts';
import { readFrames } from './sse-client.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

/**
 * Every tool's offline draft, from realistic teacher inputs, read as a 교무부장 would: each fact
 * the input gives is in the output, no "을(를)"-style pair, no sentence ending in ".에", no blank
 * (○월 ○일, ○○:○○, …) where the input gave the fact, and the request is not pasted back.
 */

type Item = { id: number; status: number; title: string; visibility: string; result: unknown };

let bodyOf: (c: Case) => Record<string, unknown>;

/** Every string in a result, one a line: what a reader of the draft sees. */
function textsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const entry of value) textsOf(entry, out);
  else if (value && typeof value === 'object') for (const entry of Object.values(value)) textsOf(entry, out);
  return out;
}

/** A table row's cells read together, as the document shows them ("일시 | 2026. 10. 15.(목)"). */
function readable(result: unknown): string {
  return textsOf(result).join('\n');
}

describe('offline drafts of every tool on realistic teacher inputs', () => {
  let ctx: ToolTestContext<Item>;
  beforeAll(async () => {
    ctx = await buildToolTestContext<Item>('/api/v1/library', {});
    bodyOf = await requestBodies(ctx.t.database.db);
  }, 120_000);
  afterAll(() => ctx?.t.close());

  it('has at least 30 inputs over every tool', () => {
    const list = cases();
    expect(list.length).toBeGreaterThanOrEqual(30);
    const tools = new Set(list.map(toolOf));
    expect(tools.size).toBeGreaterThanOrEqual(13);
  });

  for (const c of cases()) {
    it(c.name, async () => {
      const created = await ctx.request('teacher', 'POST', c.path, bodyOf(c));
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      await readFrames(
        await ctx.request('teacher', 'GET', `/api/subscribe/${ctx.world.users.teacher?.id}/${id}`),
        () => false,
      );
      const row = await ctx.t.database.db
        .selectFrom('libraryItem')
        .select(['status', 'content', 'title', 'visibility', 'editable'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status, c.name).toBe(3);
      const result = JSON.parse(row.content ?? 'null') as unknown;
      const text = `${row.title}\n${readable(result)}\n${row.content}`;
      for (const part of c.has) expect(text, `${c.name}: ${part}`).toContain(part);
      for (const part of c.hasNot ?? []) expect(text, `${c.name}: not ${part}`).not.toContain(part);
      // Grammar every draft keeps.
      expect(text, 'no 을(를)-style pair').not.toMatch(/[가-힣'"]\((?:을|를|은|는|이|가|와|과|으)\)/u);
      expect(text, 'no sentence ending in ".에"').not.toMatch(/\.에\s/u);
      for (const setting of ['OPENAI_API_KEY', 'AI_BASE_URL', 'vLLM', 'Ollama'])
        expect(text).not.toContain(setting);
      // Pupils' work and data are private and uneditable unless the teacher chooses otherwise.
      if (c.path === '/api/v1/feedback' || String(c.body.type ?? '').match(/^COUNSEL_(STUDENT|PARENT)$/))
        expect(row, 'private by default').toMatchObject({ visibility: 'PRIVATE', editable: 0 });
      if (c.path === '/api/v1/lesson') expect((result as { curriculum: number }).curriculum).toBe(2022);
    });
  }
});
