import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

/** The summary tool's prompt (summary.service.ts reads seq 3). */
const SUMMARY_PROMPT = 3;
const SAMPLE = '광합성은 식물이 빛 에너지로 양분을 만드는 과정이다. 엽록체에서 일어난다.';

interface Result {
  engine: string;
  model: string;
  notice: string | null;
  draft: { version: number | null; systemPrompt: string; output: string; tokens: number };
  live: { version: number | null; systemPrompt: string; output: string; tokens: number };
}
interface SummaryItem {
  status: number;
  result: { summary: string[] } | null;
}

type Ctx = ToolTestContext<SummaryItem>;

const systemOf = (body: Record<string, unknown>) =>
  (body.messages as { role: string; content: unknown }[]).find((m) => m.role === 'system')?.content;

const today = () => new Date().toISOString().slice(0, 10);

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Licence counters and reservations: what a playground run must leave untouched. */
async function licenceLedger(ctx: Ctx) {
  const db = ctx.t.database.db;
  const licences = await db
    .selectFrom('userLicense')
    .select(['id', 'tokenUsed', 'tokenReserved'])
    .orderBy('id')
    .execute();
  const reservations = await db
    .selectFrom('tokenReservation')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    licences: licences.map((l) => [l.id, Number(l.tokenUsed), Number(l.tokenReserved)]),
    reservations: Number(reservations.n),
  };
}

describe('prompt playground without a model', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildToolTestContext<SummaryItem>('/api/v1/summary', {});
  });
  afterAll(() => ctx.t.close());

  it('runs the draft and the live prompt through the offline drafter, says so in one sentence, and charges no licence', async () => {
    const before = await licenceLedger(ctx);
    const draft = '학생 눈높이에 맞추어 세 문장으로 요약합니다. 어려운 낱말은 풀어 씁니다.';
    const response = await ctx.request('superAdmin', 'POST', '/api/v1/playground/generate', {
      promptSeq: SUMMARY_PROMPT,
      systemPrompt: draft,
      input: SAMPLE,
    });
    expect(response.status).toBe(200);
    const result = await json<Result>(response);
    expect(result.engine).toBe('offline');
    expect(result.notice).toBe(
      'AI 모델이 연결되어 있지 않아, 두 결과 모두 시스템 프롬프트를 따르지 않는 오프라인 초안 작성기가 만들었어요.',
    );
    expect(result.draft).toMatchObject({ version: null, systemPrompt: draft, tokens: 0 });
    expect(result.live.version).toBe(1);
    expect(result.draft.output.length).toBeGreaterThan(0);
    expect(result.live.output.length).toBeGreaterThan(0);
    // Nothing was published.
    const live = await json<{ systemPrompt: string }>(
      await ctx.request('superAdmin', 'GET', `/api/v1/ai/prompt/${SUMMARY_PROMPT}`),
    );
    expect(live.systemPrompt).toBe(result.live.systemPrompt);
    expect(live.systemPrompt).not.toBe(draft);

    expect(await licenceLedger(ctx)).toEqual(before);
    const runs = await ctx.t.database.db
      .selectFrom('playgroundRun')
      .select(['userId', 'side', 'purpose', 'model', 'tokens'])
      .orderBy('side')
      .execute();
    const superAdminId = ctx.world.users.superadmin?.id;
    expect(runs.map((r) => ({ ...r, tokens: Number(r.tokens) }))).toEqual([
      { userId: superAdminId, side: 'draft', purpose: 'playground', model: 'offline', tokens: 0 },
      { userId: superAdminId, side: 'live', purpose: 'playground', model: 'offline', tokens: 0 },
    ]);
    // The usage dashboard counts them as the super administrator's playground calls.
    const usage = await json<{
      byTool: { purpose: string; calls: number }[];
      byTeacher: { userId: number; calls: number }[];
    }>(await ctx.request('superAdmin', 'GET', `/api/v1/token-tracker?from=${today()}&to=${today()}`));
    expect(usage.byTool.find((row) => row.purpose === 'playground')?.calls).toBe(2);
    expect(usage.byTeacher.find((row) => row.userId === superAdminId)?.calls).toBe(2);
  });

  it('runs a stored version as the draft', async () => {
    const response = await ctx.request('superAdmin', 'POST', '/api/v1/playground/generate', {
      promptSeq: SUMMARY_PROMPT,
      version: 1,
      input: SAMPLE,
    });
    expect(response.status).toBe(200);
    const result = await json<Result>(response);
    expect(result.draft.version).toBe(1);
    expect(result.draft.systemPrompt).toBe(result.live.systemPrompt);
  });

  it('validates the request and answers no one but the super administrator', async () => {
    const base = { promptSeq: SUMMARY_PROMPT, input: SAMPLE };
    const draft = '학생 눈높이에 맞추어 세 문장으로 요약합니다. 어려운 낱말은 풀어 씁니다.';
    const post = (persona: Parameters<Ctx['request']>[0], body: unknown) =>
      ctx.request(persona, 'POST', '/api/v1/playground/generate', body);
    // Exactly one of a draft and a version.
    expect((await post('superAdmin', base)).status).toBe(400);
    expect((await post('superAdmin', { ...base, systemPrompt: draft, version: 1 })).status).toBe(400);
    expect((await post('superAdmin', { ...base, systemPrompt: '짧음' })).status).toBe(400);
    expect((await post('superAdmin', { ...base, systemPrompt: draft, input: '   ' })).status).toBe(400);
    expect((await post('superAdmin', { ...base, systemPrompt: draft, input: 'x'.repeat(8001) })).status).toBe(
      400,
    );
    expect((await post('superAdmin', { ...base, systemPrompt: draft, extra: 1 })).status).toBe(400);
    expect((await post('superAdmin', { ...base, promptSeq: 99_999, systemPrompt: draft })).status).toBe(404);
    expect((await post('superAdmin', { ...base, version: 99 })).status).toBe(404);
    expect((await post('admin', { ...base, systemPrompt: draft })).status).toBe(403);
    expect((await post('teacher', { ...base, systemPrompt: draft })).status).toBe(403);
    expect((await post('anonymous', { ...base, systemPrompt: draft })).status).toBe(401);
  });
});

describe('prompts with a model', () => {
  let fake: FakeLlm;
  let ctx: Ctx;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await buildToolTestContext<SummaryItem>('/api/v1/summary', {
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
    });
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  const summaryScript = () => ({
    content: JSON.stringify({
      title: '광합성',
      keywords: [{ keyword: '엽록체', explanation: '광합성이 일어나는 곳' }],
      summary: ['식물은 빛으로 양분을 만든다.'],
    }),
  });
  const summarise = () =>
    ctx.createAndWait({
      title: '광합성',
      summaryType: 'TEXT_SUMMARY',
      summaryFormat: 'KEYWORD_SUMMARY',
      inputText: SAMPLE,
    });

  it('sends the draft for the draft run and the live prompt for the live run, and records the tokens as playground usage', async () => {
    const live = await json<{ systemPrompt: string }>(
      await ctx.request('superAdmin', 'GET', `/api/v1/ai/prompt/${SUMMARY_PROMPT}`),
    );
    const draft = `${live.systemPrompt}\n요약은 세 문장을 넘지 않습니다.`;
    const before = await licenceLedger(ctx);
    const sent = fake.requests.length;
    // Requests take the scripts in the order they arrive; which side came first is read back below.
    fake.enqueue(
      { text: ['첫 번째 ', '답변'], usage: { prompt: 120, completion: 30 } },
      { text: ['두 번째 ', '답변'], usage: { prompt: 110, completion: 45 } },
    );
    const response = await ctx.request('superAdmin', 'POST', '/api/v1/playground/generate', {
      promptSeq: SUMMARY_PROMPT,
      systemPrompt: draft,
      input: SAMPLE,
    });
    expect(response.status).toBe(200);
    const result = await json<Result>(response);
    expect(result).toMatchObject({ engine: 'model', model: 'fake-model', notice: null });

    const calls = fake.requests.slice(sent);
    expect(calls).toHaveLength(2);
    const answers = [
      { output: '첫 번째 답변', tokens: 150 },
      { output: '두 번째 답변', tokens: 155 },
    ];
    const draftCall = calls.findIndex((c) => systemOf(c.body) === draft);
    const liveCall = calls.findIndex((c) => systemOf(c.body) === live.systemPrompt);
    expect(draftCall).not.toBe(-1);
    expect(liveCall).not.toBe(-1);
    expect(draftCall).not.toBe(liveCall);
    for (const call of calls) expect(JSON.stringify(call.body.messages)).toContain(SAMPLE);
    expect(result.draft).toMatchObject({ systemPrompt: draft, ...answers[draftCall] });
    expect(result.live).toMatchObject({ systemPrompt: live.systemPrompt, ...answers[liveCall] });

    // No licence paid for it; the super administrator's playground ledger holds 305 tokens.
    expect(await licenceLedger(ctx)).toEqual(before);
    const usage = await json<{ byTool: { purpose: string; tokens: number; calls: number }[] }>(
      await ctx.request('superAdmin', 'GET', `/api/v1/token-tracker?from=${today()}&to=${today()}`),
    );
    expect(usage.byTool.find((row) => row.purpose === 'playground')).toEqual({
      purpose: 'playground',
      tokens: 305,
      calls: 2,
    });
  });

  it("the tool's next generation sends the newly published prompt to the model", async () => {
    const live = await json<{ systemPrompt: string }>(
      await ctx.request('superAdmin', 'GET', `/api/v1/ai/prompt/${SUMMARY_PROMPT}`),
    );
    fake.enqueue(summaryScript());
    expect((await summarise()).status).toBe(3);
    expect(systemOf(fake.requests.at(-1)?.body ?? {})).toBe(live.systemPrompt);

    const published = `${live.systemPrompt}\n핵심어는 다섯 개를 넘기지 않습니다.`;
    const saved = await ctx.request('superAdmin', 'PUT', `/api/v1/ai/prompt/${SUMMARY_PROMPT}`, {
      systemPrompt: published,
    });
    expect(saved.status).toBe(200);
    const versions = await json<{ version: number; live: boolean }[]>(
      await ctx.request('superAdmin', 'GET', `/api/v1/ai/prompt/${SUMMARY_PROMPT}/versions`),
    );
    expect(versions[0]).toMatchObject({ version: 2, live: true });

    fake.enqueue(summaryScript());
    const item = await summarise();
    expect(item.status).toBe(3);
    expect(item.result?.summary).toEqual(['식물은 빛으로 양분을 만든다.']);
    expect(systemOf(fake.requests.at(-1)?.body ?? {})).toBe(published);
  });
});
