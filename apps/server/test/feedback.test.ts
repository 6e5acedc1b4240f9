import { doc, findTessdata, heading, paragraph, writeDocx, writeHwpx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTextPng } from '../../../packages/documents/test/text-image.ts';
import {
  draftFeedbackOffline,
  probableMisspellings,
} from '../src/modules/tools/feedback/offline-feedback.ts';
import { measureText } from '../src/modules/tools/feedback/text-signals.ts';
import type { AnyPersona } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

type Area = 'grammar' | 'vocabulary' | 'expression' | 'sentence' | 'composition' | 'ideas';
const ALL_AREAS: Area[] = ['grammar', 'vocabulary', 'expression', 'sentence', 'composition', 'ideas'];

interface Result {
  title: string;
  totalScore: number;
  scores: Record<Area, number | null>;
  areas: {
    area: Area;
    score: number;
    strengths: string[];
    improvements: string[];
    examples?: { original: string; suggestion: string }[];
  }[];
  overall: string;
  teacherFeedback: string;
  engine: 'model' | 'offline';
  notice: string | null;
}

interface Item {
  id: number;
  status: number;
  error: string | null;
  title: string;
  visibility: string;
  editable: boolean;
  creatorId: number;
  result: Result | null;
  abilities: { view: boolean; edit: boolean; copy: boolean; changeSettings: boolean; delete: boolean };
}

const BASE = '/api/v1/feedback';

/** A pupil's essay with paragraphs, linking words, reasons and examples. */
const GOOD = `우리 학교의 급식 시간은 즐겁다. 먼저 급식실에 가면 맛있는 냄새가 난다. 친구들과 함께 줄을 서서 차례를 기다린다.

오늘은 비빔밥과 미역국이 나왔다. 나는 평소에 나물을 싫어했지만, 비빔밥에 들어간 나물은 고소해서 맛있게 먹었다. 왜냐하면 고추장과 참기름이 나물의 쓴맛을 덮어 주었기 때문이다. 예를 들어 시금치도 따로 먹을 때보다 훨씬 부드러웠다.

마지막으로 급식을 남기지 않는 것이 중요하다고 생각한다. 음식을 만든 분들의 노력을 생각하면 음식을 소중히 여겨야 한다. 앞으로도 골고루 먹는 습관을 길러야겠다.`;

/** One run-on paragraph without full stops, repeated words, chat marks and misspellings. */
const WEAK =
  '나는 어제 공원에 갔다 공원에 갔는데 공원에 사람이 많았다 그래서 나는 공원에서 놀았다 공원에서 놀다가 친구를 만났는데 친구가 공원에서 자전거를 타고 있어서 나도 같이 자전거를 타고 공원을 돌았는데 너무 재미있었고 또 타고 싶었다 ㅋㅋ 다음에 또 공원에 갈거다 떡복이도 먹었다';

const setup = (env: Record<string, string>) => buildToolTestContext<Item>(BASE, env);
type Context = Awaited<ReturnType<typeof setup>>;

function multipart(inputDto: unknown, files: { bytes: Uint8Array | Buffer; name: string }[] = []) {
  const form = new FormData();
  form.append('inputDto', JSON.stringify(inputDto));
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

describe('feedback measurements (unit)', () => {
  it('finds sentences without full stops, paragraphs and repeated words', () => {
    const weak = measureText(WEAK);
    expect(weak.paragraphs).toBe(1);
    expect(weak.sentences).toHaveLength(5);
    expect(weak.unterminated).toBe(weak.sentences.length);
    expect(weak.repeatedWords[0]).toEqual({ word: '공원', count: 8 });
    expect(weak.informalMarks).toEqual(['ㅋㅋ']);
    const good = measureText(GOOD);
    expect(good.paragraphs).toBe(3);
    expect(good.sentences).toHaveLength(10);
    expect(good.unterminated).toBe(0);
    expect(good.variety).toBeGreaterThan(weak.variety);
    expect(good.structureMarks).toEqual(expect.arrayContaining(['먼저', '마지막으로']));
  });

  it('counts only dictionary findings with a believable fix as misspellings', () => {
    const { misspellings, unknown } = probableMisspellings([
      { original: '떡복이도', suggestion: '떡볶이도' },
      { original: '할수', suggestion: '하수' },
      { original: '가고싶다', suggestion: '가고 싶다' },
      { original: '급식실에', suggestion: '급식일세' },
    ]);
    expect(misspellings).toEqual([
      { original: '떡복이도', suggestion: '떡볶이도' },
      { original: '할수', suggestion: '할 수' },
      { original: '가고싶다', suggestion: '가고 싶다' },
    ]);
    expect(unknown).toEqual(['급식실에']);
  });

  it('scores a developed essay above a run-on one, deterministically, only in the chosen areas', () => {
    const draft = (text: string, areas: Area[] = ALL_AREAS) =>
      draftFeedbackOffline({ title: '글', text, areas, spelling: [] });
    const good = draft(GOOD);
    const weak = draft(WEAK);
    expect(good.totalScore).toBeGreaterThan(weak.totalScore + 15);
    for (const area of ['grammar', 'vocabulary', 'expression', 'composition', 'ideas'] as const)
      expect(good.scores[area]).toBeGreaterThan(weak.scores[area] ?? 100);
    expect(draft(GOOD)).toEqual(good);
    const some = draft(WEAK, ['vocabulary', 'composition']);
    expect(some.areas.map((a) => a.area)).toEqual(['vocabulary', 'composition']);
    expect(some.scores).toMatchObject({ grammar: null, expression: null, sentence: null, ideas: null });
    expect(some.totalScore).toBe(
      Math.round(((some.scores.vocabulary ?? 0) + (some.scores.composition ?? 0)) / 2),
    );
    expect(some.areas[0]?.improvements.join(' ')).toContain("'공원'을 8번");
  });
});

describe('feedback without a model', () => {
  let ctx: Context;
  beforeAll(async () => {
    ctx = await setup({});
  });
  afterAll(() => ctx.t.close());

  const messages = async (body: unknown) => {
    const response = await ctx.request('teacher', 'POST', BASE, body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { code: string; details?: { path: string; message: string }[] };
    expect(json.code).toBe('E_VALIDATION');
    return json.details?.map((d) => d.message) ?? [];
  };

  it('refuses the form with the messages of document-tools.md §5', async () => {
    expect(await messages({ title: '', targetContent: '글' })).toContain('자료명을 입력해주세요.');
    expect(await messages({ targetContent: '글' })).toContain('자료명을 입력해주세요.');
    expect(await messages({ title: '제목', items: [], targetContent: '글' })).toContain(
      '피드백 영역을 하나 이상 선택해주세요.',
    );
    expect(await messages({ title: '제목', useManualType: true, targetContent: '   ' })).toContain(
      '피드백할 글을 입력해주세요.',
    );
    // An area that is not one of the six is refused, not ignored.
    expect(await messages({ title: '제목', items: ['spelling'], targetContent: '글' })).toHaveLength(1);
    expect(await messages(multipart({ title: '제목', useManualType: false }))).toContain(
      '파일을 첨부해주세요.',
    );
    const text = { bytes: Buffer.from('그냥 글자입니다.'), name: 'essay.txt' };
    expect(await messages(multipart({ title: '제목', useManualType: false }, [text]))).toContain(
      '지원하지 않는 파일 형식입니다.',
    );
    // A GIF is a picture, but not one the feedback form takes (png, jpg, jpeg only).
    const gif = { bytes: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 0)]), name: 'essay.gif' };
    expect(await messages(multipart({ title: '제목', useManualType: false }, [gif]))).toContain(
      '지원하지 않는 파일 형식입니다.',
    );
    const exe = { bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 1)]), name: 'essay.pdf' };
    expect(await messages(multipart({ title: '제목', useManualType: false }, [exe]))).toContain(
      '지원하지 않는 파일 형식입니다.',
    );
    const blank = { bytes: await writeDocx(doc([paragraph('')])), name: 'blank.docx' };
    expect(await messages(multipart({ title: '제목', useManualType: false }, [blank]))).toContain(
      '파일에서 글을 읽지 못했습니다.',
    );
  });

  it('scores a typed text by rules measured on it, only in the chosen areas, and says no model wrote it', async () => {
    const item = await ctx.createAndWait({
      title: '공원 일기',
      items: ['grammar', 'sentence', 'grammar'],
      targetContent: WEAK,
      query: '칭찬을 많이 해 주세요.',
      accessLevel: 'PRIVATE',
    });
    expect(item.status).toBe(3);
    const result = item.result as Result;
    expect(result.engine).toBe('offline');
    expect(result.title).toBe('공원 일기');
    expect(result.areas.map((a) => a.area)).toEqual(['grammar', 'sentence']);
    expect(result.scores).toMatchObject({
      vocabulary: null,
      expression: null,
      composition: null,
      ideas: null,
    });
    expect(result.totalScore).toBe(
      Math.round(((result.scores.grammar ?? 0) + (result.scores.sentence ?? 0)) / 2),
    );
    // The Korean dictionary found the misspelling; the example is the pupil's word and its fix.
    expect(result.areas[0]?.examples).toEqual(
      expect.arrayContaining([{ original: '떡복이도', suggestion: '떡볶이도' }]),
    );
    expect(result.areas[0]?.improvements.join(' ')).toContain('문장 부호 없이 끝난 문장');
    expect(result.teacherFeedback).toBe('');
    expect(result.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
    expect(result.overall).toContain('문장');
  });

  it('reads the student text from DOCX and HWPX files and scores the better essay higher', async () => {
    const paragraphs = GOOD.split('\n\n').map((text) => paragraph(text));
    const docx = await writeDocx(doc([heading(1, '급식 시간'), ...paragraphs]));
    const fromDocx = await ctx.createAndWait(
      multipart({ title: '급식 글', useManualType: false }, [{ bytes: docx, name: '급식.docx' }]),
    );
    expect(fromDocx.status).toBe(3);
    expect(fromDocx.result?.engine).toBe('offline');
    // The counts can only come from the file's own text.
    expect(fromDocx.result?.overall).toContain('문장');
    expect(fromDocx.result?.areas.find((a) => a.area === 'composition')?.strengths.join(' ')).toContain(
      '먼저',
    );
    const hwpx = await writeHwpx(doc([paragraph(WEAK)]));
    const fromHwpx = await ctx.createAndWait(
      multipart({ title: '공원 글', useManualType: false }, [{ bytes: hwpx, name: '공원.hwpx' }]),
    );
    expect(fromHwpx.result?.areas.find((a) => a.area === 'vocabulary')?.improvements.join(' ')).toContain(
      "'공원'을",
    );
    expect(fromDocx.result?.totalScore).toBeGreaterThan((fromHwpx.result?.totalScore ?? 100) + 15);
  });

  it.skipIf(!findTessdata(['kor', 'eng']))('reads a photographed essay (PNG) by OCR', async () => {
    const png = renderTextPng(['나는 어제 떡복이를 먹었다.', '친구와 함께 먹어서 정말 맛있었다.'], 32);
    const item = await ctx.createAndWait(
      multipart({ title: '사진 글', useManualType: false, items: ['grammar', 'ideas'] }, [
        { bytes: png, name: '숙제.png' },
      ]),
    );
    expect(item.status).toBe(3);
    expect(item.result?.areas.map((a) => a.area)).toEqual(['grammar', 'ideas']);
    expect(item.result?.overall).toMatch(/[1-9]개 문장/);
    expect(item.result?.areas[0]?.examples?.map((e) => e.suggestion).join(' ')).toContain('떡볶이');
  });

  it("saves the teacher's feedback and the creator's edits, and nobody else's", async () => {
    const item = await ctx.createAndWait({ title: '저장', targetContent: GOOD, accessLevel: 'SCHOOL' });
    const saved = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, {
      teacherFeedback: '문단을 잘 나누었어요. 다음에는 결론을 더 길게 써 봅시다.',
    });
    expect(saved.status).toBe(200);
    const afterFeedback = (await saved.json()) as Item;
    expect(afterFeedback.result).toEqual({
      ...item.result,
      teacherFeedback: '문단을 잘 나누었어요. 다음에는 결론을 더 길게 써 봅시다.',
    });
    const edited = { ...afterFeedback.result, totalScore: 77, overall: '선생님이 고친 종합 의견' };
    const again = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, {
      title: '고친 제목',
      result: edited,
    });
    expect(again.status).toBe(200);
    const read = (await (await ctx.request('teacher', 'GET', `${BASE}/library/${item.id}`)).json()) as Item;
    expect(read.title).toBe('고친 제목');
    expect(read.result).toMatchObject({ totalScore: 77, overall: '선생님이 고친 종합 의견' });
    expect(read.result?.teacherFeedback).toContain('문단을 잘 나누었어요');
    const badScore = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, {
      result: { ...edited, totalScore: 120 },
    });
    expect(badScore.status).toBe(400);
    expect(
      (await ctx.request('sameSchoolTeacher', 'PUT', `${BASE}/${item.id}`, { teacherFeedback: '남의 것' }))
        .status,
    ).toBe(403);
    const unchanged = (await (await ctx.request('teacher', 'GET', `${BASE}/${item.id}`)).json()) as Item;
    expect(unchanged.result?.teacherFeedback).toContain('문단을 잘 나누었어요');
  });

  it('keeps a pupil’s writing private and uneditable by others unless the teacher opens it', async () => {
    const item = await ctx.createAndWait({ title: '기본 공개 범위', targetContent: GOOD });
    expect(item).toMatchObject({ visibility: 'PRIVATE', editable: false });
  });

  it('copies a visible, editable item into the caller’s own private materials', async () => {
    const item = await ctx.createAndWait({
      title: '나눔',
      targetContent: GOOD,
      accessLevel: 'SCHOOL',
      editable: true,
    });
    const copied = await ctx.request('sameSchoolTeacher', 'POST', `${BASE}/copy`, { id: item.id });
    expect(copied.status).toBe(201);
    const { id } = (await copied.json()) as { id: number };
    expect(id).not.toBe(item.id);
    const copy = (await (await ctx.request('sameSchoolTeacher', 'GET', `${BASE}/${id}`)).json()) as Item;
    expect(copy).toMatchObject({ title: '나눔', visibility: 'PRIVATE', editable: true, status: 3 });
    expect(copy.creatorId).not.toBe(item.creatorId);
    expect(copy.result).toEqual(item.result);
    expect(copy.abilities).toMatchObject({ edit: true, delete: true });
    // The copy is the colleague's own: their list has it, the original author cannot see it.
    const theirs = (await (await ctx.request('sameSchoolTeacher', 'GET', `${BASE}/list`)).json()) as Item[];
    expect(theirs.map((i) => i.id)).toContain(id);
    expect((await ctx.request('teacher', 'GET', `${BASE}/${id}`)).status).toBe(404);
    expect(
      (await ctx.request('sameSchoolTeacher', 'PUT', `${BASE}/${id}`, { teacherFeedback: '내 의견' })).status,
    ).toBe(200);

    const locked = await ctx.createAndWait({
      title: '복사 금지',
      targetContent: GOOD,
      accessLevel: 'SCHOOL',
      editable: false,
    });
    expect((await ctx.request('sameSchoolTeacher', 'POST', `${BASE}/copy`, { id: locked.id })).status).toBe(
      403,
    );
    expect((await ctx.request('teacher', 'POST', `${BASE}/copy`, { id: locked.id })).status).toBe(201);
    expect((await ctx.request('teacher', 'POST', `${BASE}/copy`, { id: 99_999_999 })).status).toBe(404);
    expect((await ctx.request('teacher', 'POST', `${BASE}/copy`, { id: 'x' })).status).toBe(400);
  });

  describe('authorization across personas', () => {
    let schoolItem: Item;
    let privateItem: Item;
    beforeAll(async () => {
      schoolItem = await ctx.createAndWait({
        title: '학교 공개',
        targetContent: GOOD,
        accessLevel: 'SCHOOL',
        editable: true,
      });
      privateItem = await ctx.createAndWait({ title: '비공개', targetContent: GOOD, accessLevel: 'PRIVATE' });
    });

    const personas: AnyPersona[] = [
      'teacher',
      'sameSchoolTeacher',
      'otherSchoolTeacher',
      'student',
      'admin',
      'anonymous',
    ];
    type Expected = Partial<Record<AnyPersona, number>>;
    const statuses = async (
      method: string,
      path: (id: number) => string,
      id: number,
      body?: () => unknown,
    ) => {
      const out: Partial<Expected> = {};
      for (const persona of personas) {
        const response = await ctx.request(persona, method, path(id), body?.());
        out[persona] = response.status;
        // A re-created item is generated again; wait so later calls see it complete.
        if (response.status === 200 && path(id).endsWith('re-create')) await ctx.waitDone(id);
      }
      return out;
    };

    it('lists only the caller’s own items; students and anonymous callers are refused', async () => {
      const list = async (persona: AnyPersona) => ctx.request(persona, 'GET', `${BASE}/list`);
      const mine = (await (await list('teacher')).json()) as Item[];
      expect(mine.map((i) => i.id)).toEqual(expect.arrayContaining([schoolItem.id, privateItem.id]));
      for (const persona of ['sameSchoolTeacher', 'otherSchoolTeacher', 'admin'] as const) {
        const theirs = (await (await list(persona)).json()) as Item[];
        expect(theirs.map((i) => i.id)).not.toContain(schoolItem.id);
      }
      expect((await list('student')).status).toBe(403);
      expect((await list('anonymous')).status).toBe(401);
    });

    it('GET {id} and library/{id}: SCHOOL seen at the school, PRIVATE by its creator only', async () => {
      for (const path of [(id: number) => `${BASE}/${id}`, (id: number) => `${BASE}/library/${id}`]) {
        expect(await statuses('GET', path, schoolItem.id)).toEqual({
          teacher: 200,
          sameSchoolTeacher: 200,
          otherSchoolTeacher: 404,
          student: 403,
          admin: 200,
          anonymous: 401,
        });
        expect(await statuses('GET', path, privateItem.id)).toEqual({
          teacher: 200,
          sameSchoolTeacher: 404,
          otherSchoolTeacher: 404,
          student: 403,
          admin: 404,
          anonymous: 401,
        });
      }
      const seen = (await (
        await ctx.request('sameSchoolTeacher', 'GET', `${BASE}/${schoolItem.id}`)
      ).json()) as Item;
      expect(seen.abilities).toEqual({
        view: true,
        edit: false,
        copy: true,
        changeSettings: false,
        delete: false,
      });
    });

    it('PUT {id} and re-create: the creator only (visible → 403, invisible → 404)', async () => {
      const body = () => ({ teacherFeedback: '잘했어요.' });
      const onlyCreator = (visibleTo: AnyPersona[]): Expected => ({
        teacher: 200,
        sameSchoolTeacher: visibleTo.includes('sameSchoolTeacher') ? 403 : 404,
        otherSchoolTeacher: 404,
        student: 403,
        admin: visibleTo.includes('admin') ? 403 : 404,
        anonymous: 401,
      });
      expect(await statuses('PUT', (id) => `${BASE}/${id}`, schoolItem.id, body)).toEqual(
        onlyCreator(['sameSchoolTeacher', 'admin']),
      );
      expect(await statuses('PUT', (id) => `${BASE}/${id}`, privateItem.id, body)).toEqual(onlyCreator([]));
      expect(await statuses('POST', (id) => `${BASE}/${id}/re-create`, schoolItem.id)).toEqual(
        onlyCreator(['sameSchoolTeacher', 'admin']),
      );
      expect(await statuses('POST', (id) => `${BASE}/${id}/re-create`, privateItem.id)).toEqual(
        onlyCreator([]),
      );
      // Re-created by rules, the same text gives the same scores; the teacher's words start again.
      const redone = (await (await ctx.request('teacher', 'GET', `${BASE}/${schoolItem.id}`)).json()) as Item;
      expect(redone.status).toBe(3);
      expect(redone.result?.totalScore).toBe(schoolItem.result?.totalScore);
      expect(redone.result?.teacherFeedback).toBe('');
    });

    it('POST copy: whoever sees an editable item gets their own copy', async () => {
      const body = (id: number) => () => ({ id });
      const copyStatuses = async (id: number) => statuses('POST', () => `${BASE}/copy`, id, body(id));
      expect(await copyStatuses(schoolItem.id)).toEqual({
        teacher: 201,
        sameSchoolTeacher: 201,
        otherSchoolTeacher: 404,
        student: 403,
        admin: 201,
        anonymous: 401,
      });
      expect(await copyStatuses(privateItem.id)).toEqual({
        teacher: 201,
        sameSchoolTeacher: 404,
        otherSchoolTeacher: 404,
        student: 403,
        admin: 404,
        anonymous: 401,
      });
    });

    it('DELETE {id}: the creator, or an administrator who can see it', async () => {
      const others: AnyPersona[] = ['sameSchoolTeacher', 'otherSchoolTeacher', 'student', 'anonymous'];
      const statusOf = async (persona: AnyPersona, id: number) =>
        (await ctx.request(persona, 'DELETE', `${BASE}/${id}`)).status;
      expect(await Promise.all(others.map((p) => statusOf(p, schoolItem.id)))).toEqual([403, 404, 403, 401]);
      expect(await Promise.all(others.map((p) => statusOf(p, privateItem.id)))).toEqual([404, 404, 403, 401]);
      expect(await statusOf('admin', privateItem.id)).toBe(404);
      expect(await statusOf('teacher', privateItem.id)).toBe(200);
      expect((await ctx.request('teacher', 'GET', `${BASE}/${privateItem.id}`)).status).toBe(404);
      expect(await statusOf('admin', schoolItem.id)).toBe(200);
      expect((await ctx.request('teacher', 'GET', `${BASE}/${schoolItem.id}`)).status).toBe(404);
    });
  });
});

describe('feedback with a model', () => {
  let fake: FakeLlm;
  let ctx: Context;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  const area = (name: Area, score: number) => ({
    area: name,
    score,
    strengths: [`${name} 잘한 점`],
    improvements: [`${name} 고칠 점`],
    examples: [{ original: '떡복이도', suggestion: '떡볶이도' }],
  });

  it("sends the text, the chosen areas and the tool's prompt, and stores the structured result", async () => {
    fake.enqueue({
      content: JSON.stringify({
        // Out of order, one area not chosen, a score out of range and one with decimals.
        areas: [area('ideas', 87.6), area('grammar', 120), area('vocabulary', 50)],
        overall: '생각을 솔직하게 잘 썼어요. 문장 끝에 마침표를 찍어 봅시다.',
      }),
    });
    const item = await ctx.createAndWait({
      title: '공원 일기',
      items: ['grammar', 'ideas'],
      targetContent: WEAK,
      grade: '초4',
      query: '칭찬을 먼저 해 주세요.',
    });
    expect(item.status).toBe(3);
    expect(item.result).toMatchObject({
      title: '공원 일기',
      engine: 'model',
      notice: null,
      teacherFeedback: '',
      overall: '생각을 솔직하게 잘 썼어요. 문장 끝에 마침표를 찍어 봅시다.',
      scores: {
        grammar: 100,
        ideas: 88,
        vocabulary: null,
        expression: null,
        sentence: null,
        composition: null,
      },
      totalScore: 94,
    });
    expect(item.result?.areas.map((a) => a.area)).toEqual(['grammar', 'ideas']);
    expect(item.result?.areas[0]?.examples).toEqual([{ original: '떡복이도', suggestion: '떡볶이도' }]);
    const sent = fake.requests.at(-1)?.body as {
      messages: { role: string; content: string }[];
      response_format?: { type: string };
    };
    expect(sent.response_format?.type).toBe('json_schema');
    expect(sent.messages[0]?.content).toContain('[글쓰기 피드백]');
    const prompt = sent.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('공원에서 놀다가 친구를 만났는데');
    expect(prompt).toContain('문법(grammar), 내용·아이디어(ideas)');
    expect(prompt).not.toContain('어휘(vocabulary)');
    expect(prompt).toContain('학생 학년: 초4');
    expect(prompt).toContain('칭찬을 먼저 해 주세요.');
  });

  it('records an error on the item when the model leaves out a chosen area', async () => {
    fake.enqueue({ content: JSON.stringify({ areas: [area('grammar', 70)], overall: '좋아요.' }) });
    const item = await ctx.createAndWait({
      title: '빠짐',
      items: ['grammar', 'sentence'],
      targetContent: GOOD,
    });
    expect(item.status).not.toBe(3);
    expect(item.error).toBe('E_MODEL_UNAVAILABLE');
    expect(item.result).toBeNull();
  });
});
