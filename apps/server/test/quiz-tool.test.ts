import { readDocument } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

interface QuizStandard {
  curriculum: number;
  code: string;
  statement: string;
}
interface QuizItem {
  kind: string;
  level: string;
  question: string;
  options: string[];
  prompts: string[];
  answer: string;
  explanation: string;
  rubric: { level: string; criterion: string }[];
  standard: QuizStandard | null;
}
interface Item {
  id: number;
  status: number;
  title: string;
  error: string | null;
  result: {
    standards: QuizStandard[];
    items: QuizItem[];
    engine: string;
    notice: string | null;
    unit: string;
  } | null;
  input: Record<string, unknown> | null;
}

const BASE = '/api/v1/quiz';

/** A teacher's notes for 3학년 과학 자석의 이용. */
const MATERIAL = `자석은 철로 된 물체를 끌어당긴다.
나침반은 자석의 성질을 이용하여 방향을 알려 주는 도구이다.
자석의 극은 자석에서 철을 끌어당기는 힘이 가장 센 부분이다.
N극은 나침반에서 북쪽을 가리키는 자석의 극이다.
S극은 나침반에서 남쪽을 가리키는 자석의 극이다.
같은 극끼리는 서로 밀어 낸다.
다른 극끼리는 서로 끌어당긴다.`;

async function setup(env: Record<string, string>) {
  const ctx = await buildToolTestContext<Item>(BASE, env);
  const db = ctx.t.database.db;
  await seedReferenceData(db, loadConfig({}).REFERENCE_DATA_DIR);
  const science = await db
    .selectFrom('code')
    .select('codeSeq')
    .where('parentSeq', '=', 13)
    .where('name', '=', '과학')
    .executeTakeFirstOrThrow();
  const magnets = await db
    .selectFrom('standard')
    .select(['code', 'statement'])
    .where('curriculum', '=', 2022)
    .where('gradeBand', '=', '초3-4')
    .where('subject', '=', '과학')
    .where('area', '=', '자석의 이용')
    .orderBy('code')
    .execute();
  /** The 0-invented check: every code in a result is in the reference data, with its exact wording. */
  const assertAllFromData = async (item: Item) => {
    const standards = [
      ...(item.result?.standards ?? []),
      ...(item.result?.items.flatMap((i) => (i.standard ? [i.standard] : [])) ?? []),
    ];
    for (const standard of standards) {
      const row = await db
        .selectFrom('standard')
        .select('statement')
        .where('curriculum', '=', standard.curriculum)
        .where('code', '=', standard.code)
        .executeTakeFirst();
      expect(row, `${standard.curriculum} ${standard.code}`).toBeDefined();
      expect(standard.statement).toBe(row?.statement);
    }
    // Codes in any text of the result (questions, explanations) are from the data too.
    const written = JSON.stringify(item.result).match(/\[\d[가-힣]+\d{2}-\d{2}\]/g) ?? [];
    for (const code of written) {
      const row = await db.selectFrom('standard').select('id').where('code', '=', code).executeTakeFirst();
      expect(row, code).toBeDefined();
    }
  };
  const form = (overrides: Record<string, unknown> = {}) => ({
    title: '자석의 이용 형성평가',
    gradeSeq: 13,
    subjectSeq: science.codeSeq,
    unit: '자석의 이용',
    standardCodes: magnets.map((m) => m.code),
    material: MATERIAL,
    counts: { choice: 2, short: 2, ox: 2, matching: 1, essay: 1 },
    ...overrides,
  });
  return { ...ctx, magnets, form, assertAllFromData, scienceSeq: science.codeSeq };
}

describe('the quiz tool without a model', () => {
  let ctx: ToolTestContext<Item> & Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
  }, 120_000);
  afterAll(() => ctx.t.close());

  it('builds items of every kind from the material and the standards, linked only to codes of the data', async () => {
    const item = await ctx.createAndWait(ctx.form());
    expect(item.status).toBe(3);
    const result = item.result;
    expect(result?.engine).toBe('offline');
    expect(result?.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
    const kinds = result?.items.map((i) => i.kind);
    expect(kinds).toEqual(['ox', 'ox', 'choice', 'choice', 'short', 'short', 'matching', 'essay']);
    const [trueItem, falseItem] = result?.items ?? [];
    expect(trueItem?.answer).toBe('O');
    expect(trueItem?.question).toContain('“같은 극끼리는 서로 밀어 낸다.”');
    expect(falseItem?.answer).toBe('X');
    expect(falseItem?.question).toContain('“다른 극끼리는 서로 끌어당기지 않는다.”');
    expect(falseItem?.explanation).toBe('바른 설명: 다른 극끼리는 서로 끌어당긴다.');
    const choice = result?.items.find((i) => i.kind === 'choice');
    expect(choice?.options).toHaveLength(4);
    expect(choice?.answer).toMatch(/^[①②③④] /);
    expect(choice?.options).toContain(choice?.answer.slice(2));
    const short = result?.items.find((i) => i.kind === 'short');
    expect(short?.question).toContain('(          )');
    expect(short?.answer.length).toBeGreaterThan(1);
    const matching = result?.items.find((i) => i.kind === 'matching');
    expect(matching?.prompts.length).toBeGreaterThanOrEqual(3);
    expect(matching?.answer).toMatch(/^\(1\)-[㉠-㉤]/);
    const essay = result?.items.find((i) => i.kind === 'essay');
    expect(essay?.question).toMatch(/하시오\.$/);
    expect(essay?.rubric.map((r) => r.level[0])).toEqual(['상', '중', '하']);
    expect(essay?.standard?.code).toBe(ctx.magnets[0]?.code);
    expect(result?.items.every((i) => ['상', '중', '하'].includes(i.level))).toBe(true);
    // Standards were chosen: every item assesses one of them.
    expect(result?.items.every((i) => ctx.magnets.some((m) => m.code === i.standard?.code))).toBe(true);
    await ctx.assertAllFromData(item);
    // Recreate reopens the whole form as it was sent.
    expect(item.input).toMatchObject({
      title: '자석의 이용 형성평가',
      unit: '자석의 이용',
      material: MATERIAL,
      standardCodes: ctx.magnets.map((m) => m.code),
      counts: { choice: 2, short: 2, ox: 2, matching: 1, essay: 1 },
      choiceOptions: 4,
      difficulty: 'MIXED',
      purpose: 'QUIZ',
    });
  });

  it('makes items from the standards alone, says what it could not make, and reads a file', async () => {
    const item = await ctx.createAndWait(
      ctx.form({
        material: '',
        counts: { choice: 1, short: 1, ox: 1, matching: 0, essay: 2 },
        difficulty: '중',
      }),
    );
    const result = item.result;
    expect(result?.items.map((i) => i.kind)).toEqual(['choice', 'short', 'essay', 'essay']);
    expect(result?.items.every((i) => i.level === '중')).toBe(true);
    expect(result?.notice).toContain('O/X 1개는 만들지 못했어요.');
    expect(result?.items[0]?.options).toContain(ctx.magnets[0]?.statement);
    await ctx.assertAllFromData(item);

    const form = new FormData();
    form.append('inputDto', JSON.stringify(ctx.form({ material: '', standardCodes: [], title: '파일로' })));
    form.append('files', new Blob([Buffer.from(MATERIAL)]), '자석.txt');
    const created = await ctx.request('teacher', 'POST', BASE, form);
    expect(created.status).toBe(201);
    const fromFile = await ctx.waitDone(((await created.json()) as { id: number }).id);
    expect(fromFile.result?.items.some((i) => i.question.includes('나침반'))).toBe(true);
    expect(fromFile.input).toMatchObject({ fileNames: ['자석.txt'], title: '파일로' });
    await ctx.assertAllFromData(fromFile);
  }, 120_000);

  it('refuses invented codes, empty sources and bad counts; students and teachers without a licence', async () => {
    const details = async (body: unknown) =>
      JSON.stringify(await (await ctx.request('teacher', 'POST', BASE, body)).json());
    expect(await details(ctx.form({ standardCodes: ['[4과99-99]'] }))).toContain(
      '이 학년·과목의 성취기준에 없는 코드예요: [4과99-99]',
    );
    expect(await details(ctx.form({ standardCodes: [], material: ' ' }))).toContain(
      '성취기준을 고르거나 수업 자료를 넣어주세요.',
    );
    expect(
      await details(ctx.form({ counts: { choice: 0, short: 0, ox: 0, matching: 0, essay: 0 } })),
    ).toContain('문항을 한 개 이상 골라주세요.');
    expect(await details(ctx.form({ title: '' }))).toContain('제목을 입력해주세요.');
    expect(await details(ctx.form({ subjectSeq: 21001 }))).toContain('과목을 선택해주세요.');
    expect((await ctx.request('student', 'POST', BASE, ctx.form())).status).toBe(403);
    const refused = await ctx.request('unlicensed', 'POST', BASE, ctx.form());
    expect(((await refused.json()) as { code: string }).code).toBe('E_LICENSE_001');
  });

  it('prints the 시험지 without answers and the answer sheet, read back as HWPX and PDF', async () => {
    const item = await ctx.createAndWait(ctx.form({ title: '자석 시험지' }));
    const read = async (query: string, name: string) => {
      const response = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export?${query}`);
      expect(response.status).toBe(200);
      return (await readDocument(new Uint8Array(await response.arrayBuffer()), name)).text;
    };
    const paper = await read('format=hwpx&sheet=paper', 'a.hwpx');
    expect(paper).toContain('자석 시험지');
    expect(paper).toContain('이름');
    expect(paper).toContain('1.');
    expect(paper).toContain(item.result?.items[2]?.options[0] ?? '?');
    expect(paper).not.toContain('정답');
    const answers = await read('format=pdf&sheet=answers', 'a.pdf');
    expect(answers.replace(/\s+/g, '')).toContain('정답과해설');
    expect(answers).toContain(ctx.magnets[0]?.code ?? '?');
    const forbidden = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export?format=exe`);
    expect(forbidden.status).toBe(400);
  });

  it('recreates with a changed form, saves edits and refuses an invented code in them', async () => {
    const item = await ctx.createAndWait(ctx.form({ title: '처음' }));
    const changed = await ctx.request('teacher', 'POST', `${BASE}/${item.id}/re-create`, {
      input: {
        ...item.input,
        title: '학습지로',
        purpose: 'WORKSHEET',
        counts: { ...ctx.form().counts, ox: 0 },
      },
    });
    expect(changed.status).toBe(200);
    const again = await ctx.waitDone(item.id);
    expect(again.title).toBe('학습지로');
    expect(again.input).toMatchObject({ purpose: 'WORKSHEET', material: MATERIAL });
    expect(again.result?.items.some((i) => i.kind === 'ox')).toBe(false);

    const result = again.result;
    if (!result) throw new Error('no result');
    const edited = structuredClone(result);
    if (edited.items[0]) edited.items[0].question = '고친 문항입니다.';
    const saved = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, { result: edited });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Item).result?.items[0]?.question).toBe('고친 문항입니다.');
    const invented = structuredClone(edited);
    if (invented.items[0])
      invented.items[0].standard = { curriculum: 2022, code: '[4과99-99]', statement: '없음' };
    const refused = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, { result: invented });
    expect(refused.status).toBe(400);
    const other = (await (
      await ctx.request('otherSchoolTeacher', 'GET', `${BASE}/${item.id}`)
    ).json()) as Item;
    expect(other.input).toBeNull();
  });
});

describe('the quiz tool with a model', () => {
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

  it('keeps only codes the data has among the offered standards — 0 invented', async () => {
    const real = ctx.magnets[1];
    const item = (kind: string, code: string) => ({
      kind,
      level: '중',
      question: `${kind} 문항`,
      options: kind === 'choice' ? ['가', '나', '다', '라'] : [],
      prompts: [],
      answer: '가',
      explanation: '해설',
      rubric: [],
      standardCode: code,
    });
    fake.enqueue({
      content: JSON.stringify({
        items: [
          item('choice', (real?.code ?? '').replace(/[[\]]/g, '')),
          item('short', '[4과99-99]'),
          item('ox', '[4국01-01]'),
          item('choice', real?.code ?? ''),
        ],
      }),
    });
    const made = await ctx.createAndWait(ctx.form({ standardCodes: [real?.code] }));
    expect(made.result?.engine).toBe('model');
    expect(made.result?.items.map((i) => i.standard?.code ?? null)).toEqual([
      real?.code,
      null,
      null,
      real?.code,
    ]);
    expect(made.result?.notice).toContain('2개 문항은 성취기준 연결을 뺐어요.');
    await ctx.assertAllFromData(made);
    const prompt = JSON.stringify(fake.requests.at(-1)?.body);
    expect(prompt).toContain(real?.code);
    expect(prompt).toContain('나침반');
  });
});
