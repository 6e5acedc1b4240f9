import { doc, heading, paragraph, readDocument, writeHwpx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleFromRequest } from '../src/modules/tools/studio/general-document.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  title: string;
  result: { engine: string; notice: string | null } | null;
}

const setup = (env: Record<string, string>) =>
  buildToolTestContext<Item>('/api/v1/document/studio/general', env);

async function textOf(ctx: Awaited<ReturnType<typeof setup>>, id: number) {
  const file = await ctx.request('teacher', 'GET', `/api/v1/document/library/${id}/export?format=docx`);
  return (await readDocument(Buffer.from(await file.arrayBuffer()), 'doc.docx')).text;
}

async function create(ctx: Awaited<ReturnType<typeof setup>>, body: object | FormData) {
  const response = await ctx.request('teacher', 'POST', '/api/v1/document/generate', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ctx.waitDone(((await response.json()) as { id: number }).id);
}

describe('general documents', () => {
  it('name themselves from the request when the name is left empty', () => {
    expect(titleFromRequest('가을 운동회 안내문을 만들어 줘')).toBe('가을 운동회 안내문');
    expect(titleFromRequest('학급 규칙 정리\n1. 존중')).toBe('학급 규칙 정리');
  });

  describe('without a model', () => {
    let ctx: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      ctx = await setup({});
    });
    afterAll(() => ctx.t.close());

    it('needs a request, drafts the document it names rather than echoing it, and adds the template', async () => {
      const refused = await ctx.request('teacher', 'POST', '/api/v1/document/generate', { query: ' ' });
      expect(JSON.stringify(await refused.json())).toContain('만들 문서의 내용을 입력해주세요.');
      const template = await writeHwpx(doc([heading(1, '학교 행사 계획서'), paragraph('행사명: ')]));
      const form = new FormData();
      form.append('data', JSON.stringify({ query: '가을 운동회 계획서를 만들어 줘' }));
      form.append('files', new Blob([template]), '행사 계획 양식.hwpx');
      const item = await create(ctx, form);
      expect(item.title).toBe('가을 운동회 계획서');
      expect(item.result?.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
      const text = await textOf(ctx, item.id);
      expect(text).not.toContain('만들어 줘');
      expect(text).toContain('1. 목적');
      expect(text).toContain('가을 운동회를 체계적으로 운영하여');
      expect(text).toContain('학교 행사 계획서');
      expect(text).toContain('행사명:');
    });
  });

  describe('with a model', () => {
    let ctx: Awaited<ReturnType<typeof setup>>;
    let fake: FakeLlm;
    beforeAll(async () => {
      fake = await startFakeLlm();
      ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
    });
    afterAll(async () => {
      await ctx.t.close();
      await fake.close();
    });

    it("lays out the model's headings, paragraphs, lists and tables", async () => {
      fake.enqueue({
        content: JSON.stringify({
          blocks: [
            { kind: 'heading', level: 2, text: '1. 행사 개요', items: null, rows: null },
            {
              kind: 'bullets',
              level: null,
              text: null,
              items: ['일시: 10월 15일', '장소: 운동장'],
              rows: null,
            },
            {
              kind: 'table',
              level: null,
              text: null,
              items: null,
              rows: [
                ['시간', '종목'],
                ['09:00', '개회식'],
              ],
            },
          ],
        }),
      });
      const item = await create(ctx, { title: '운동회 계획', query: '운동회 계획서' });
      expect(item.result).toMatchObject({ engine: 'model', notice: null });
      const text = await textOf(ctx, item.id);
      for (const part of ['운동회 계획', '1. 행사 개요', '일시: 10월 15일', '시간', '개회식'])
        expect(text).toContain(part);
    });
  });
});
