import { doc, heading, readDocument, table, writeHwpx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationElementOf } from '../src/modules/tools/studio/evaluation-plan.ts';
import type { TestApp } from './build-test-app.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  error: string | null;
  result: { engine: string; notice: string | null } | null;
}

const LEVELS = JSON.stringify([
  { level: 'A', description: '분수의 뜻을 알고 여러 상황에서 분수로 나타내어 읽고 쓸 수 있다.' },
  { level: 'B', description: '똑같이 나눈 것을 분수로 나타내어 읽고 쓸 수 있다.' },
  { level: 'C', description: '도움을 받아 분수를 읽을 수 있다.' },
]);

async function seedStandards(t: TestApp) {
  const row = (
    curriculum: number,
    code: string,
    statement: string,
    gradeBand: string,
    subject: string,
    levels: string | null = null,
  ) => ({
    curriculum,
    code,
    schoolLevel: gradeBand.slice(0, 1),
    gradeBand,
    subjectGroup: subject,
    subject,
    area: '수와 연산',
    statement,
    levels,
    needsReview: 0,
  });
  await t.database.db
    .insertInto('standard')
    .values([
      row(
        2022,
        '[4수01-10]',
        '양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.',
        '초3-4',
        '수학',
        LEVELS,
      ),
      row(
        2022,
        '[4수01-11]',
        '단위분수, 진분수, 가분수, 대분수를 알고, 그 관계를 이해한다.',
        '초3-4',
        '수학',
      ),
      row(2022, '[4수01-12]', '분모가 같은 분수끼리, 단위분수끼리 크기를 비교할 수 있다.', '초3-4', '수학'),
      row(
        2015,
        '[9수01-01]',
        '소인수분해의 뜻을 알고, 자연수를 소인수의 곱으로 나타낼 수 있다.',
        '중1-3',
        '수학',
      ),
    ])
    .execute();
}

const FORM = {
  title: '3학년 2학기 수학 평가계획',
  gradeSeq: 13,
  subjectSeq: 13004,
  semester: 2,
  curriculum: 2022,
  query: '분수 단원',
};

const setup = (env: Record<string, string>) =>
  buildToolTestContext<Item>('/api/v1/document/studio/evaluation-plan', env);

async function create(
  ctx: Awaited<ReturnType<typeof setup>>,
  body: object | FormData,
  path = '/api/v1/document/evaluation-plans',
) {
  const response = await ctx.request('teacher', 'POST', path, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ctx.waitDone(((await response.json()) as { id: number }).id);
}

async function textOf(ctx: Awaited<ReturnType<typeof setup>>, id: number) {
  const file = await ctx.request('teacher', 'GET', `/api/v1/document/library/${id}/export?format=hwpx`);
  return (await readDocument(Buffer.from(await file.arrayBuffer()), 'plan.hwpx')).text;
}

describe('evaluation elements', () => {
  it('turn a standard into a noun phrase ending in 하기', () => {
    expect(evaluationElementOf('양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.')).toBe(
      '양의 등분할을 통하여 분수를 이해하고 읽고 쓰기',
    );
    expect(evaluationElementOf('관계를 이해한다.')).toBe('관계를 이해하기');
    expect(evaluationElementOf('크기를 비교할 수 있다.')).toBe('크기를 비교하기');
    expect(evaluationElementOf('대화를 나눈다.')).toBe('대화를 나누기');
    expect(evaluationElementOf('글을 읽을 수 있다.')).toBe('글을 읽기');
    expect(evaluationElementOf('작품을 만들 수 있다.')).toBe('작품을 만들기');
  });
});

describe('evaluation plan without a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
    await seedStandards(ctx.t);
  });
  afterAll(() => ctx.t.close());

  it('requires grade, subject, semester, title, and a template file when the teacher uses their own', async () => {
    const message = async (body: object | FormData) =>
      JSON.stringify(
        await (await ctx.request('teacher', 'POST', '/api/v1/document/evaluation-plans', body)).json(),
      );
    expect(await message({ ...FORM, gradeSeq: undefined })).toContain('학년을 선택해주세요.');
    expect(await message({ ...FORM, subjectSeq: undefined })).toContain('과목을 선택해주세요.');
    expect(await message({ ...FORM, semester: undefined })).toContain('학기를 선택해주세요.');
    expect(await message({ ...FORM, title: '' })).toContain('제목을 입력해주세요.');
    expect(await message({ ...FORM, subjectSeq: 21005 })).toContain('과목을 선택해주세요.');
    expect(await message({ ...FORM, isUserTemplate: true })).toContain('평가계획 양식 파일을 첨부해주세요.');
    const exe = new FormData();
    exe.append('generateDto', JSON.stringify({ ...FORM, isUserTemplate: true }));
    exe.append(
      'userTemplate',
      new Blob([Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 1)])]),
      '양식.hwp',
    );
    expect(await message(exe)).toContain('HWP, HWPX, WORD(DOCX), PDF');
  });

  it('drafts the plan table with real standards, 하기 elements and the reference levels as the rubric', async () => {
    const item = await create(ctx, FORM);
    expect(item.result?.engine).toBe('offline');
    const text = await textOf(ctx, item.id);
    for (const part of [
      '3학년 2학기 수학 평가계획',
      '2학기',
      '평가의 방향',
      '수업에서 가르친 내용만 평가합니다.',
      '시기',
      '평가 요소',
      '[4수01-10] 양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.',
      '양의 등분할을 통하여 분수를 이해하고 읽고 쓰기',
      '채점 기준',
      '잘함',
      '노력 요함',
      '분수의 뜻을 알고 여러 상황에서 분수로 나타내어 읽고 쓸 수 있다.',
    ]) {
      expect(text, part).toContain(part);
    }
    expect(text).toMatch(/(8|9|10|11|12)월/);
    expect(text).not.toContain('반영 비율');
  });

  it('adds the ratio and the appeals procedure for a secondary school', async () => {
    // Through the hwp path of §7, which makes the same plan.
    const item = await create(
      ctx,
      { ...FORM, title: '중1 수학 평가계획', gradeSeq: 21, subjectSeq: 21005, curriculum: 2015, semester: 1 },
      '/api/v1/hwp/generate/evaluation-plans',
    );
    const text = await textOf(ctx, item.id);
    expect(text).toContain('[9수01-01] 소인수분해의 뜻을 알고');
    expect(text).toContain('반영 비율');
    expect(text).toContain('이의 신청');
    expect(text).toMatch(/[3-7]월/);
  });

  it("follows the columns of the teacher's own template", async () => {
    const template = await writeHwpx(
      doc([
        heading(1, '우리 학교 평가계획 양식'),
        table(
          [
            ['시기', '성취기준', '평가 요소', '평가 방법'],
            ['', '', '', ''],
          ],
          { headerRows: 1 },
        ),
      ]),
    );
    const form = new FormData();
    form.append('generateDto', JSON.stringify({ ...FORM, isUserTemplate: true }));
    form.append('userTemplate', new Blob([template]), '평가계획 양식.hwpx');
    const item = await create(ctx, form);
    const detail = (await (
      await ctx.request('teacher', 'GET', `/api/v1/document/library/${item.id}`)
    ).json()) as {
      document: {
        content: {
          type: string;
          content?: { content: { content: { content?: { text: string }[] }[] }[] }[];
        }[];
      };
    };
    const planTable = detail.document.content.filter((block) => block.type === 'table')[0];
    const headerCells = planTable?.content?.[0]?.content.map((cell) => cell.content[0]?.content?.[0]?.text);
    expect(headerCells).toEqual(['시기', '성취기준', '평가 요소', '평가 방법']);
  });
});

describe('evaluation plan with a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
    await seedStandards(ctx.t);
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  it('keeps only rows whose standard is in the reference data, with the reference wording', async () => {
    fake.enqueue({
      content: JSON.stringify({
        direction: ['과정 중심으로 평가합니다.'],
        rows: [
          {
            timing: '9월',
            unit: '분수',
            area: '수와 연산',
            standardCode: '4수01-10',
            element: '분수 읽고 쓰기',
            methods: '서술형',
          },
          {
            timing: '10월',
            unit: '가짜',
            area: '가짜',
            standardCode: '[4수99-99]',
            element: '지어낸 요소',
            methods: '관찰',
          },
        ],
      }),
    });
    const item = await create(ctx, FORM);
    expect(item.result?.engine).toBe('model');
    const text = await textOf(ctx, item.id);
    expect(text).toContain('[4수01-10] 양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.');
    expect(text).toContain('분수 읽고 쓰기');
    expect(text).not.toContain('지어낸 요소');
    expect(text).not.toContain('4수99-99');
    const prompt = JSON.stringify(fake.requests.at(-1)?.body);
    expect(prompt).toContain('[4수01-11]');
  });
});
