import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

interface Mapping {
  curriculum: number;
  code: string;
  statement: string;
  passages: string[];
}
interface Item {
  id: number;
  status: number;
  title: string;
  error: string | null;
  result: {
    mappings: Mapping[];
    plan: { code: string; statement: string; activities: string[]; assessment: string }[];
    unmatched: string[];
    missingCurricula: number[];
    engine: string;
    notice: string | null;
  } | null;
  input: { title: string; text: string; curricula: number[]; gradeSeq: number; subjectSeq: number } | null;
}

const BASE = '/api/v1/standard';

/** A 3학년 science unit plan as a teacher writes it. */
const PLAN = `1. 단원 도입: 물체를 밀거나 당기는 놀이를 하며 힘과 관련된 현상에 흥미 갖기
2. 자석에 붙는 물체와 붙지 않는 물체를 분류하기
3. 자석의 두 극을 찾고 나침반의 바늘이 가리키는 방향 관찰하기
4. 자석을 이용한 생활 속 물건을 조사하여 발표하기
5. 모둠별 정리 퀴즈와 소감 나누기`;

async function setup(env: Record<string, string>) {
  const ctx = await buildToolTestContext<Item>(BASE, env);
  await seedReferenceData(ctx.t.database.db, loadConfig({}).REFERENCE_DATA_DIR);
  const codes = await ctx.t.database.db.selectFrom('code').select(['codeSeq', 'parentSeq', 'name']).execute();
  const subjectOf = (gradeSeq: number, name: string) => {
    const found = codes.find((c) => c.parentSeq === gradeSeq && c.name === name);
    if (!found) throw new Error(`no subject ${name} for grade ${gradeSeq}`);
    return found.codeSeq;
  };
  /** The 0-invented check: every code in a result is in the reference data, with its exact wording. */
  const assertAllFromData = async (mappings: Mapping[]) => {
    for (const mapping of mappings) {
      const row = await ctx.t.database.db
        .selectFrom('standard')
        .select('statement')
        .where('curriculum', '=', mapping.curriculum)
        .where('code', '=', mapping.code)
        .executeTakeFirst();
      expect(row, `${mapping.curriculum} ${mapping.code}`).toBeDefined();
      expect(mapping.statement).toBe(row?.statement);
    }
  };
  return { ...ctx, subjectOf, assertAllFromData };
}

describe('the standards tool without a model', () => {
  let ctx: ToolTestContext<Item> & Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
  }, 120_000);
  afterAll(() => ctx.t.close());

  it('maps a plan onto 2022 standards from the data, with the matched passages and a plan by standard', async () => {
    const item = await ctx.createAndWait({
      title: '자석의 이용 단원 재구성',
      gradeSeq: 13,
      subjectSeq: ctx.subjectOf(13, '과학'),
      text: PLAN,
    });
    expect(item.status).toBe(3);
    const result = item.result;
    expect(result?.engine).toBe('rules');
    expect(result?.notice).toContain('AI 연결 없이');
    // 2015 has only middle-school standards in the data: said plainly, nothing made up.
    expect(result?.missingCurricula).toEqual([2015]);
    expect(result?.notice).toContain(
      '2015 개정 교육과정의 초3 과학은 참고 자료에 성취기준이 없어 연결하지 않았어요.',
    );
    const magnet = result?.mappings.find((m) => m.statement.includes('자석'));
    expect(magnet?.code).toMatch(/^\[4과\d\d-\d\d\]$/);
    expect(magnet?.passages.some((p) => p.includes('자석'))).toBe(true);
    expect(result?.plan.length).toBeGreaterThan(0);
    expect(result?.plan[0]?.activities.length).toBeGreaterThan(0);
    expect(result?.unmatched).toContain('모둠별 정리 퀴즈와 소감 나누기');
    await ctx.assertAllFromData(result?.mappings ?? []);
    // Recreate reopens the whole form.
    expect(item.input).toMatchObject({
      title: '자석의 이용 단원 재구성',
      gradeSeq: 13,
      curricula: [2022, 2015],
    });
    expect(item.input?.text).toContain('나침반');
  });

  it('reads the plan from an uploaded file and maps middle-school plans onto both curricula', async () => {
    const form = new FormData();
    form.append(
      'inputDto',
      JSON.stringify({ title: '중1 과학 계획', gradeSeq: 21, subjectSeq: ctx.subjectOf(21, '과학') }),
    );
    form.append(
      'files',
      new Blob([
        Buffer.from('힘의 표현과 평형 실험\n마찰력과 탄성력을 비교하는 실험을 설계한다\n중력의 크기 측정'),
      ]),
      '계획.txt',
    );
    const created = await ctx.request('teacher', 'POST', `${BASE}/create`, form);
    expect(created.status).toBe(201);
    const item = await ctx.waitDone(((await created.json()) as { id: number }).id);
    expect(item.result?.missingCurricula).toEqual([]);
    const curricula = new Set(item.result?.mappings.map((m) => m.curriculum));
    expect(curricula).toEqual(new Set([2022, 2015]));
    await ctx.assertAllFromData(item.result?.mappings ?? []);
  });

  it('refuses the form with Korean messages, students and teachers without a licence', async () => {
    const details = async (body: unknown) =>
      JSON.stringify(await (await ctx.request('teacher', 'POST', BASE, body)).json());
    expect(await details({ title: '', gradeSeq: 13, subjectSeq: 13001, text: '글' })).toContain(
      '제목을 입력해주세요.',
    );
    expect(
      await details({ title: '계획', gradeSeq: 13, subjectSeq: ctx.subjectOf(13, '과학'), text: ' ' }),
    ).toContain('수업 계획을 입력하거나 파일을 올려주세요.');
    expect(await details({ title: '계획', gradeSeq: 13, subjectSeq: 21001, text: '자석' })).toContain(
      '과목을 선택해주세요.',
    );
    const body = { title: '계획', gradeSeq: 13, subjectSeq: ctx.subjectOf(13, '과학'), text: '자석' };
    expect((await ctx.request('student', 'POST', BASE, body)).status).toBe(403);
    const refused = await ctx.request('unlicensed', 'POST', BASE, body);
    expect(((await refused.json()) as { code: string }).code).toBe('E_LICENSE_001');
  });

  it('recreates with a changed form', async () => {
    const item = await ctx.createAndWait({
      title: '첫 계획',
      gradeSeq: 13,
      subjectSeq: ctx.subjectOf(13, '과학'),
      text: PLAN,
    });
    const changed = await ctx.request('teacher', 'POST', `${BASE}/${item.id}/re-create`, {
      input: { ...item.input, title: '2022만', curricula: [2022] },
    });
    expect(changed.status).toBe(200);
    const again = await ctx.waitDone(item.id);
    expect(again.title).toBe('2022만');
    expect(again.result?.missingCurricula).toEqual([]);
    expect(again.input?.curricula).toEqual([2022]);
    // Another teacher reads the item (PUBLIC) but not its form.
    const other = (await (
      await ctx.request('otherSchoolTeacher', 'GET', `${BASE}/${item.id}`)
    ).json()) as Item;
    expect(other.input).toBeNull();
  });
});

describe('the standards tool with a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  }, 120_000);
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  it('keeps only codes the data has for the grade and subject, with the data wording — 0 invented', async () => {
    const real = await ctx.t.database.db
      .selectFrom('standard')
      .select(['code', 'statement'])
      .where('curriculum', '=', 2022)
      .where('gradeBand', '=', '초3-4')
      .where('subject', '=', '과학')
      .where('statement', 'like', '%자석%')
      .executeTakeFirstOrThrow();
    fake.enqueue({
      content: JSON.stringify({
        mappings: [
          { curriculum: 2022, code: real.code.replace(/[[\]]/g, ''), passages: [2, 3, 99] },
          { curriculum: 2022, code: '[4과99-99]', passages: [1] },
          { curriculum: 2022, code: '[4국01-01]', passages: [1] },
          { curriculum: 2015, code: real.code, passages: [2] },
        ],
      }),
    });
    const item = await ctx.createAndWait({
      title: '모델 매핑',
      gradeSeq: 13,
      subjectSeq: ctx.subjectOf(13, '과학'),
      text: PLAN,
    });
    expect(item.result?.engine).toBe('model');
    expect(item.result?.mappings).toEqual([
      {
        curriculum: 2022,
        code: real.code,
        statement: real.statement,
        area: expect.anything(),
        passages: [
          '자석에 붙는 물체와 붙지 않는 물체를 분류하기',
          '자석의 두 극을 찾고 나침반의 바늘이 가리키는 방향 관찰하기',
        ],
        score: 2,
      },
    ]);
    await ctx.assertAllFromData(item.result?.mappings ?? []);
    const prompt = JSON.stringify(fake.requests.at(-1)?.body);
    expect(prompt).toContain(real.code);
  });
});
