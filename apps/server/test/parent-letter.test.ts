import { readDocument } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  title: string;
  result: {
    kind: 'document';
    title: string;
    document: { type: 'doc' };
    engine: string;
    notice: string | null;
  } | null;
}

const setup = (env: Record<string, string>) =>
  buildToolTestContext<Item>('/api/v1/document/studio/parent-letter', env);

async function textOf(ctx: Awaited<ReturnType<typeof setup>>, id: number): Promise<string> {
  const file = await ctx.request('teacher', 'GET', `/api/v1/document/library/${id}/export?format=hwpx`);
  expect(file.status).toBe(200);
  const read = await readDocument(Buffer.from(await file.arrayBuffer()), 'letter.hwpx');
  return read.text;
}

describe('parent letter without a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
  });
  afterAll(() => ctx.t.close());

  const create = async (body: object) => {
    const response = await ctx.request('teacher', 'POST', '/api/v1/document/letter', body);
    expect(response.status, await response.clone().text()).toBe(201);
    return ctx.waitDone(((await response.json()) as { id: number }).id);
  };

  it('refuses a letter without a title or topic, and a studio request without a type', async () => {
    const message = async (path: string, body: object) =>
      JSON.stringify(await (await ctx.request('teacher', 'POST', path, body)).json());
    expect(await message('/api/v1/document/letter', { title: '', topic: '현장 체험 학습' })).toContain(
      '제목을 입력해주세요.',
    );
    expect(await message('/api/v1/document/letter', { title: '안내', topic: ' ' })).toContain(
      '주제를 입력해주세요.',
    );
    expect(await message('/api/v1/document/studio', { title: '안내', topic: '현장 체험 학습' })).toContain(
      '문서 종류를 선택해주세요.',
    );
  });

  it('an application letter has the DOMAIN.md structure and a reply slip below a cut line', async () => {
    const item = await create({
      title: '현장 체험 학습 참가 신청',
      topic: '3학년 현장 체험 학습',
      additionalInfo: '국립과천과학관 견학, 도시락 지참',
      documentType: 'APPLY',
    });
    expect(item.result?.engine).toBe('offline');
    expect(item.result?.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
    const text = await textOf(ctx, item.id);
    for (const part of [
      '가정통신',
      '현장 체험 학습 참가 신청',
      '학부모님께',
      '아래와 같이 안내드립니다',
      '국립과천과학관 견학, 도시락 지참',
      '서울가락초등학교장',
      '절 취 선',
      '보호자 이름',
      '(서명)',
      '동의함',
    ]) {
      expect(text, part).toContain(part);
    }
  });

  it('a guide letter has no reply slip, and the studio path makes the same tool', async () => {
    // The AI host's studio path of §7 answers like POST /api/v1/document/studio.
    const response = await ctx.request('teacher', 'POST', '/openai/generate/hwp', {
      type: 'PARENT_LETTER',
      title: '학부모 상담 주간 안내',
      topic: '1학기 학부모 상담 주간',
      documentType: 'GUIDE',
    });
    expect(response.status).toBe(201);
    const item = await ctx.waitDone(((await response.json()) as { id: number }).id);
    const text = await textOf(ctx, item.id);
    expect(text).toContain('1학기 학부모 상담 주간을 아래와 같이 안내드립니다.');
    expect(text).not.toContain('절 취 선');
    // The library reads the letter's words, not the document model's node names.
    const card = (await (await ctx.request('teacher', 'GET', `/api/v1/library/${item.id}`)).json()) as {
      excerpt: string;
    };
    expect(card.excerpt).toContain('학부모님께');
    expect(card.excerpt).not.toContain('paragraph');
  });

  it('re-makes a letter from a changed form for its teacher only', async () => {
    const item = await create({ title: '방과 후 안내', topic: '방과 후 학교', documentType: 'GUIDE' });
    const changed = { title: '방과 후 학교 신청', topic: '2학기 방과 후 학교', documentType: 'APPLY' };
    expect(
      (await ctx.request('sameSchoolTeacher', 'PUT', `/api/v1/document/library/${item.id}/letter`, changed))
        .status,
    ).toBe(403);
    // A PUBLIC letter: colleagues elsewhere see it but may not change it.
    expect(
      (await ctx.request('otherSchoolTeacher', 'PUT', `/api/v1/document/library/${item.id}/letter`, changed))
        .status,
    ).toBe(403);
    const again = await ctx.request('teacher', 'PUT', `/api/v1/document/library/${item.id}/letter`, changed);
    expect(again.status).toBe(202);
    const remade = await ctx.waitDone(item.id);
    expect(remade.title).toBe('방과 후 학교 신청');
    expect(await textOf(ctx, item.id)).toContain('절 취 선');
    expect((await ctx.request('student', 'POST', '/api/v1/document/letter', changed)).status).toBe(403);
    expect((await ctx.request('student', 'POST', '/generate/hwp/letter_document', changed)).status).toBe(403);
    const viaAlias = await ctx.request('teacher', 'POST', '/generate/hwp/letter_document', changed);
    expect(viaAlias.status).toBe(201);
    expect((await ctx.waitDone(((await viaAlias.json()) as { id: number }).id)).title).toBe(
      '방과 후 학교 신청',
    );
    expect((await ctx.request('anonymous', 'POST', '/api/v1/document/letter', changed)).status).toBe(401);
  });
});

describe('parent letter with a model', () => {
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

  it("lays the model's words out in the letter structure, with the slip for an application", async () => {
    fake.enqueue({
      content: JSON.stringify({
        greeting: '단풍이 곱게 물든 가을입니다.',
        purpose: '학예회 참가 신청을 아래와 같이 안내드립니다.',
        details: [
          { label: '일시', content: '11월 20일(금) 10:00' },
          { label: '장소', content: '본교 강당' },
        ],
        closing: '많은 관심 부탁드립니다.',
        attachments: ['학예회 순서지'],
      }),
    });
    const response = await ctx.request('teacher', 'POST', '/api/v1/document/letter', {
      title: '학예회 참가 신청',
      topic: '학예회',
      documentType: 'APPLY',
    });
    const item = await ctx.waitDone(((await response.json()) as { id: number }).id);
    expect(item.result).toMatchObject({ engine: 'model', notice: null });
    const text = await textOf(ctx, item.id);
    expect(text).toContain('단풍이 곱게 물든 가을입니다.');
    expect(text).toContain('일시: 11월 20일(금) 10:00');
    expect(text).toContain('붙임');
    expect(text).toContain('절 취 선');
    const prompt = JSON.stringify(fake.requests.at(-1)?.body);
    expect(prompt).toContain('신청(회신서 있음)');
    expect(prompt).toContain('[가정통신문]');
  });
});
