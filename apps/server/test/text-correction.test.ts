import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  title: string;
  visibility: string;
  result: {
    corrections: { original: string; suggestion: string; position: number }[];
    correctedText: string;
    engine: string;
  } | null;
  abilities: { edit: boolean; changeSettings: boolean };
}

const setup = (env: Record<string, string>) => buildToolTestContext<Item>('/api/v1/text-correction', env);

describe('text correction without a model (Korean dictionary)', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
  });
  afterAll(() => ctx.t.close());

  it('checks a text through the pipeline and lists corrections with positions and the corrected text', async () => {
    const text = '우리 학교애서 맞춤뻡 공부를 했습니다.';
    const created = await ctx.request('teacher', 'POST', '/api/v1/text-correction', {
      title: '받아쓰기',
      userText: text,
    });
    expect(created.status).toBe(201);
    const item = await ctx.waitDone(((await created.json()) as { id: number }).id);
    expect(item.status).toBe(3);
    expect(item.result?.engine).toBe('dictionary');
    const fixed = item.result?.corrections.find((c) => c.original === '맞춤뻡');
    expect(fixed).toMatchObject({ suggestion: '맞춤법', position: text.indexOf('맞춤뻡') });
    expect(item.result?.correctedText).toContain('맞춤법 공부를');
    expect(item.result?.corrections.some((c) => c.original === '공부를')).toBe(false);
  });

  it('reads the text of an uploaded file', async () => {
    const form = new FormData();
    form.append('inputDto', JSON.stringify({ title: '파일 검사', useManualType: 'FILE' }));
    form.append('files', new Blob([Buffer.from('왠일로 일찍 왔니?')]), '숙제.txt');
    const created = await ctx.request('teacher', 'POST', '/api/v1/text-correction', form);
    expect(created.status).toBe(201);
    const item = await ctx.waitDone(((await created.json()) as { id: number }).id);
    expect(item.result?.corrections.map((c) => c.original)).toContain('왠일');
  });

  it('refuses the form with the messages of document-tools.md §5', async () => {
    const message = async (body: unknown) =>
      (
        (await (await ctx.request('teacher', 'POST', '/api/v1/text-correction', body)).json()) as {
          details: { message: string }[];
        }
      ).details.map((d) => d.message);
    expect(await message({ title: '', userText: '글' })).toContain('제목을 입력해주세요.');
    expect(await message({ title: '제목', userText: '  ' })).toContain('내용을 입력해주세요.');
    const noFile = new FormData();
    noFile.append('inputDto', JSON.stringify({ title: '제목', useManualType: 'FILE' }));
    expect(await message(noFile)).toContain('파일을 첨부해주세요.');
    const exe = new FormData();
    exe.append('inputDto', JSON.stringify({ title: '제목', useManualType: 'FILE' }));
    exe.append('files', new Blob([Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 1)])]), 'a.pdf');
    expect(await message(exe)).toContain('지원하지 않는 파일 형식입니다.');
  });

  it('follows the visibility rules: PRIVATE only for its creator, PUBLIC for others read-only, students refused', async () => {
    const privateId = (
      (await (
        await ctx.request('teacher', 'POST', '/api/v1/text-correction', {
          title: '비공개',
          userText: '학생 글',
          accessLevel: 'PRIVATE',
        })
      ).json()) as { id: number }
    ).id;
    const publicId = (
      (await (
        await ctx.request('teacher', 'POST', '/api/v1/text-correction', {
          title: '공개',
          userText: '학생 글',
        })
      ).json()) as { id: number }
    ).id;
    await ctx.waitDone(privateId);
    await ctx.waitDone(publicId);
    expect((await ctx.request('admin', 'GET', `/api/v1/text-correction/${privateId}`)).status).toBe(404);
    expect(
      (await ctx.request('otherSchoolTeacher', 'GET', `/api/v1/text-correction/${privateId}`)).status,
    ).toBe(404);
    const seen = (await (
      await ctx.request('otherSchoolTeacher', 'GET', `/api/v1/text-correction/${publicId}`)
    ).json()) as Item;
    expect(seen.abilities).toMatchObject({ edit: false, changeSettings: false });
    expect(
      (await ctx.request('otherSchoolTeacher', 'POST', `/api/v1/text-correction/${publicId}/re-create`))
        .status,
    ).toBe(403);
    expect(
      (await ctx.request('otherSchoolTeacher', 'DELETE', `/api/v1/text-correction/${publicId}`)).status,
    ).toBe(403);
    expect((await ctx.request('student', 'GET', `/api/v1/text-correction/${publicId}`)).status).toBe(403);
    expect((await ctx.request('anonymous', 'GET', `/api/v1/text-correction/${publicId}`)).status).toBe(401);
    const mine = (await (
      await ctx.request('teacher', 'GET', '/api/v1/text-correction/list')
    ).json()) as Item[];
    expect(mine.map((i) => i.id)).toEqual(expect.arrayContaining([privateId, publicId]));
    // A colleague copies a shared correction into their own materials; only the creator saves edits.
    const copied = await ctx.request('otherSchoolTeacher', 'POST', '/api/v1/text-correction/copy', {
      id: publicId,
    });
    expect(copied.status).toBe(201);
    const copyId = ((await copied.json()) as { id: number }).id;
    const copy = (await (
      await ctx.request('otherSchoolTeacher', 'GET', `/api/v1/text-correction/library/${copyId}`)
    ).json()) as Item;
    expect(copy).toMatchObject({ title: '공개', visibility: 'PRIVATE', abilities: { edit: true } });
    expect(
      (await ctx.request('otherSchoolTeacher', 'POST', '/api/v1/text-correction/copy', { id: privateId }))
        .status,
    ).toBe(404);
    expect(
      (
        await ctx.request('otherSchoolTeacher', 'PUT', `/api/v1/text-correction/${publicId}`, {
          title: '바꿈',
        })
      ).status,
    ).toBe(403);
    const renamed = await ctx.request('teacher', 'PUT', `/api/v1/text-correction/${publicId}`, {
      title: '고친 제목',
    });
    expect(((await renamed.json()) as Item).title).toBe('고친 제목');
    expect((await ctx.request('teacher', 'DELETE', `/api/v1/text-correction/${privateId}`)).status).toBe(200);
    expect((await ctx.request('teacher', 'GET', `/api/v1/text-correction/${privateId}`)).status).toBe(404);
  });
});

describe('text correction with a model', () => {
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

  it("uses the tool's prompt and structured output, and repairs positions the model got wrong", async () => {
    const text = '어제는 비가 왔는대 오늘은 맑다.';
    fake.enqueue({
      content: JSON.stringify({
        corrections: [{ original: '왔는대', suggestion: '왔는데', reason: '연결 어미 ‘-는데’', position: 0 }],
      }),
    });
    const created = await ctx.request('teacher', 'POST', '/api/v1/text-correction', {
      title: '일기',
      userText: text,
    });
    const item = await ctx.waitDone(((await created.json()) as { id: number }).id);
    expect(item.result).toMatchObject({ engine: 'model', correctedText: '어제는 비가 왔는데 오늘은 맑다.' });
    expect(item.result?.corrections[0]?.position).toBe(text.indexOf('왔는대'));
    const sent = fake.requests.at(-1)?.body as {
      messages: { role: string; content: string }[];
      response_format?: { type: string };
    };
    expect(sent.messages[0]?.content).toContain('맞춤법·문법 검사');
    expect(sent.response_format?.type).toBe('json_schema');
  });
});
