import { doc, paragraph, writeDocx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  title: string;
  result: unknown;
}

/** The AI host's calls of document-tools.md §7 that are the tools' own create routes under another name. */
describe('AI host aliases', () => {
  let ctx: ToolTestContext<Item>;
  beforeAll(async () => {
    ctx = await buildToolTestContext<Item>('/api/v1/feedback', {});
  });
  afterAll(() => ctx.t.close());

  const done = async (base: string, response: Response) => {
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await ctx.waitDone(id);
    return (await (await ctx.request('teacher', 'GET', `${base}/${id}`)).json()) as Item;
  };

  it('makes feedback, summaries and spelling checks through the same jobs as the tools', {
    timeout: 180_000,
  }, async () => {
    for (const path of ['/generate/feedback', '/openai/generate/feedback']) {
      const item = await done(
        '/api/v1/feedback',
        await ctx.request('teacher', 'POST', path, {
          title: '독서 감상문',
          targetContent: '나는 책을 좋아한다.',
        }),
      );
      expect(item).toMatchObject({ status: 3, title: '독서 감상문' });
    }
    const summary = await done(
      '/api/v1/summary',
      await ctx.request('teacher', 'POST', '/generate/summary', {
        title: '광합성',
        summaryType: 'TEXT_SUMMARY',
        inputText: '식물은 빛을 받아 양분을 만든다. 이것을 광합성이라고 한다.',
      }),
    );
    expect(summary.status).toBe(3);
    for (const path of ['/generate/TextCorrection', '/generate/spelling-check']) {
      const checked = await done(
        '/api/v1/text-correction',
        await ctx.request('teacher', 'POST', path, { title: '받아쓰기', userText: '맞춤뻡 공부' }),
      );
      expect(JSON.stringify(checked.result)).toContain('맞춤법');
    }
  });

  it('drafts a text from an instruction and a file (/generate/text)', { timeout: 120_000 }, async () => {
    const form = new FormData();
    form.append(
      'inputDto',
      JSON.stringify({ title: '체험학습 안내', query: '10월 24일 과학관 체험학습 안내문을 써 줘' }),
    );
    const template = await writeDocx(doc([paragraph('일시'), paragraph('장소'), paragraph('준비물')]));
    form.append('file', new Blob([template]), '양식.docx');
    const item = await done(
      '/api/v1/document/studio/general',
      await ctx.request('teacher', 'POST', '/generate/text', form),
    );
    expect(item.status).toBe(3);
    expect(JSON.stringify(item.result ?? item)).toContain('10월 24일');
  });

  it('validates and authorizes as the tools do', async () => {
    const invalid = await ctx.request('teacher', 'POST', '/generate/feedback', { title: '' });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await invalid.json())).toContain('자료명을 입력해주세요.');
    expect((await ctx.request('student', 'POST', '/generate/summary', { title: 'x' })).status).toBe(403);
    const unlicensed = await ctx.request('unlicensed', 'POST', '/generate/spelling-check', {
      title: '검사',
      userText: '글',
    });
    expect(((await unlicensed.json()) as { code: string }).code).toBe('E_LICENSE_001');
  });
});
