import { doc, heading, paragraph, writeHwpx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  title: string;
  result: {
    title: string;
    keywords: { keyword: string; explanation: string }[];
    summary: string[];
    engine: string;
    notice: string | null;
  } | null;
}

const SOURCE = [
  '광합성은 식물이 빛 에너지를 이용해 양분을 만드는 과정이다.',
  '식물의 잎에 있는 엽록체에서 광합성이 일어난다.',
  '광합성에는 물과 이산화 탄소가 필요하고, 그 결과 포도당과 산소가 만들어진다.',
  '오늘 점심에는 급식으로 비빔밥이 나왔다.',
  '광합성으로 만들어진 양분은 식물이 자라는 데 쓰인다.',
].join(' ');

const setup = (env: Record<string, string>) => buildToolTestContext<Item>('/api/v1/summary', env);

describe('summary without a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
  });
  afterAll(() => ctx.t.close());

  it('summarises a text with its keywords and central sentences, saying no model wrote it', async () => {
    const item = await ctx.createAndWait({
      title: '광합성',
      summaryType: 'TEXT_SUMMARY',
      summaryFormat: 'KEYWORD_SUMMARY',
      inputText: SOURCE,
    });
    expect(item.status).toBe(3);
    expect(item.result?.engine).toBe('offline');
    expect(item.result?.keywords[0]?.keyword).toBe('광합성');
    expect(item.result?.summary.join(' ')).toContain('광합성');
    expect(item.result?.summary.join(' ')).not.toContain('비빔밥');
    expect(item.result?.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
  });

  it('reads uploaded documents and gives a topic an honest outline', async () => {
    const hwpx = await writeHwpx(doc([heading(1, '광합성'), paragraph(SOURCE)]));
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({ title: '문서 요약', summaryType: 'DOCUMENT_SUMMARY', summaryFormat: 'EASY_SUMMARY' }),
    );
    form.append('files', new Blob([hwpx]), '자료.hwpx');
    const fromFile = await ctx.createAndWait(form);
    // The sentences can only have come from the HWPX file's text.
    expect(fromFile.result?.summary.join(' ')).toContain('빛 에너지를 이용해 양분을 만드는 과정');
    expect(fromFile.result?.keywords).toEqual([]);
    const topic = await ctx.createAndWait({
      title: '주제',
      summaryType: 'TOPIC_SUMMARY',
      summaryTopic: '물의 순환',
    });
    expect(topic.result?.summary[0]).toContain('물의 순환');
    expect(topic.result?.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
  });

  it('refuses the form with the messages of document-tools.md §5', async () => {
    const messages = async (body: unknown) =>
      (
        (await (await ctx.request('teacher', 'POST', '/api/v1/summary', body)).json()) as {
          details?: { message: string }[];
        }
      ).details?.map((d) => d.message) ?? [];
    expect(await messages({ title: '제목' })).toContain('요약 유형을 선택해주세요.');
    expect(await messages({ title: '', summaryType: 'TEXT_SUMMARY', inputText: '글' })).toContain(
      '제목을 입력해주세요.',
    );
    expect(await messages({ title: '제목', summaryType: 'TEXT_SUMMARY', inputText: ' ' })).toContain(
      '요약할 글을 입력해주세요.',
    );
    expect(await messages({ title: '제목', summaryType: 'TOPIC_SUMMARY' })).toContain(
      '요약할 주제를 입력해주세요.',
    );
    expect(await messages({ title: '제목', summaryType: 'DOCUMENT_SUMMARY' })).toContain(
      '파일을 업로드해주세요.',
    );
    const wrong = new FormData();
    wrong.append('data', JSON.stringify({ title: '제목', summaryType: 'DOCUMENT_SUMMARY' }));
    wrong.append('files', new Blob([Buffer.from('그냥 글자')]), 'note.txt');
    expect(await messages(wrong)).toContain('지원하지 않는 파일 형식입니다.');
  });

  it('lets the creator edit and save the summary, and nobody else', async () => {
    const item = await ctx.createAndWait({ title: '저장', summaryType: 'TEXT_SUMMARY', inputText: SOURCE });
    const edited = { ...item.result, summary: ['고친 요약 문장입니다.'] };
    const saved = await ctx.request('teacher', 'PUT', `/api/v1/summary/library/${item.id}`, {
      title: '고친 제목',
      result: edited,
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Item).result?.summary).toEqual(['고친 요약 문장입니다.']);
    expect(
      (
        await ctx.request('otherSchoolTeacher', 'PUT', `/api/v1/summary/library/${item.id}`, {
          title: '남의 것',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        (await (
          await ctx.request('otherSchoolTeacher', 'GET', `/api/v1/summary/library/${item.id}`)
        ).json()) as Item
      ).title,
    ).toBe('고친 제목');
    expect((await ctx.request('student', 'GET', `/api/v1/summary/${item.id}`)).status).toBe(403);
  });
});

describe('summary with a model', () => {
  let fake: FakeLlm;
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  it("sends the source, format and the tool's prompt, and stores the structured result", async () => {
    fake.enqueue({
      content: JSON.stringify({
        title: '광합성 요약',
        keywords: [{ keyword: '엽록체', explanation: '광합성이 일어나는 곳' }],
        summary: ['식물은 빛으로 양분을 만든다.'],
      }),
    });
    const item = await ctx.createAndWait({
      title: '광합성',
      summaryType: 'TEXT_SUMMARY',
      summaryFormat: 'EASY_KEYWORD_SUMMARY',
      inputText: SOURCE,
      grade: '초5',
    });
    expect(item.result).toMatchObject({
      engine: 'model',
      notice: null,
      summary: ['식물은 빛으로 양분을 만든다.'],
    });
    const body = JSON.stringify(fake.requests.at(-1)?.body);
    expect(body).toContain('엽록체에서 광합성이 일어난다');
    expect(body).toContain('쉬운 핵심어 요약');
    expect(body).toContain('[요약]');
  });
});
