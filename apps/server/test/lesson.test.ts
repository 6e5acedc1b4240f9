import { defaultSemester, type LessonResult } from '@ssaem/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { readFrames } from './sse-client.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  title: string;
  error: string | null;
  result: LessonResult | null;
}

/** The same code reads differently in 2015 and 2022 (DOMAIN.md); grounding must use the right one. */
async function seedStandards(t: TestApp) {
  const row = (curriculum: number, code: string, statement: string, area: string) => ({
    curriculum,
    code,
    schoolLevel: '초',
    gradeBand: '초3-4',
    subjectGroup: '수학',
    subject: '수학',
    area,
    statement,
    levels: null,
    needsReview: 0,
  });
  await t.database.db
    .insertInto('standard')
    .values([
      row(2022, '[4수01-10]', '양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.', '수와 연산'),
      row(2022, '[4수01-11]', '단위분수, 진분수, 가분수, 대분수를 알고, 그 관계를 이해한다.', '수와 연산'),
      row(2022, '[4수03-01]', '시각을 읽고 시간의 덧셈과 뺄셈을 할 수 있다.', '측정'),
      row(2015, '[4수01-10]', '2015 교육과정의 다른 문장: 분수를 이해하고 읽고 쓸 수 있다.', '수와 연산'),
    ])
    .execute();
}

const FORM = {
  title: '분수의 뜻 알아보기',
  gradeSeq: 13,
  subjectSeq: 13004,
  curriculum: 2022,
  query: '똑같이 나누기로 분수의 뜻 알기',
  provider: 'imagen',
  accessLevel: 'SCHOOL',
};

const setup = (env: Record<string, string>) => buildToolTestContext<Item>('/api/v1/lesson', env);

describe('lesson without a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let lesson: Item;

  /** Asks for one part to be made again, then waits on the teacher's event stream for the signal. */
  async function appendAndWait(id: number, part: { key: number; displayNo: number; additionalInfo: string }) {
    const append = await ctx.request('teacher', 'POST', `/api/v1/lesson/${id}/append`, part);
    expect(append.status).toBe(202);
    const frames = await readFrames(
      await ctx.request('teacher', 'GET', `/api/subscribe/${ctx.world.users.teacher?.id}/${id}`),
      () => false,
    );
    expect(JSON.stringify(frames)).toContain('success');
  }

  beforeAll(async () => {
    ctx = await setup({});
    await seedStandards(ctx.t);
    lesson = await ctx.createAndWait(FORM);
  });
  afterAll(() => ctx.t.close());

  it("refuses an incomplete form with the form's own messages", async () => {
    const messages = async (body: object) =>
      JSON.stringify(await (await ctx.request('teacher', 'POST', '/api/v1/lesson', body)).json());
    expect(await messages({ ...FORM, title: ' ' })).toContain('제목을 입력해주세요.');
    expect(await messages({ ...FORM, query: '' })).toContain('수업 목표를 입력해주세요.');
    expect(await messages({ ...FORM, gradeSeq: undefined })).toContain('학년을 선택해주세요.');
    expect(await messages({ ...FORM, subjectSeq: 21004 })).toContain('과목을 선택해주세요.');
    expect(await messages({ ...FORM, language: 'KLINGON' })).toContain('언어를 선택해주세요.');
    expect(await messages({ ...FORM, provider: 'dall-e-9' })).toContain('이미지 생성 방식을 선택해주세요.');
  });

  it('drafts the five parts of a period from the form, grounded in the 2022 standards', () => {
    const result = lesson.result!;
    expect(lesson.status).toBe(3);
    expect(result.engine).toBe('offline');
    expect(result.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
    expect(result.sections.map((s) => [s.displayNo, s.keyNum, s.title])).toEqual([
      [1, 1, '학습 목표와 성취기준'],
      [2, 2, '도입'],
      [3, 3, '전개'],
      [4, 4, '정리'],
      [5, 5, '평가'],
    ]);
    // The standards closest to the goal, with the reference wording of 2022 (not 2015's).
    expect(result.standards[0]).toEqual({
      code: '[4수01-10]',
      statement: '양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.',
    });
    expect(result.standards.map((s) => s.code)).not.toContain('[4수03-01]');
    expect(result.sections[0]?.items[1]?.content).toContain('[4수01-10] 양의 등분할을');
    // An elementary period is 40 minutes: the timed activities add up to it.
    const minutes = result.sections
      .flatMap((s) => s.items)
      .reduce((sum, item) => sum + (item.minutes ?? 0), 0);
    expect(minutes).toBe(40);
    expect(result.images).toMatchObject({ provider: 'imagen', generated: 0 });
    expect(result.images.notice).toContain('그림 없이');
    expect(result.subjectName).toBe('수학');
    expect(result.semester).toBe(defaultSemester());
  });

  it('uses semester 1 before August and 2 from August', () => {
    expect(defaultSemester(new Date(2026, 6, 31))).toBe(1);
    expect(defaultSemester(new Date(2026, 7, 1))).toBe(2);
  });

  it('re-makes one chosen part: delete the section, append, wait for the signal, reload', async () => {
    const development = lesson.result!.sections.find((s) => s.keyNum === 3)!;
    const afterDelete = await ctx.request(
      'teacher',
      'DELETE',
      `/api/v1/lesson/${lesson.id}/section/${development.id}`,
    );
    expect(((await afterDelete.json()) as Item).result?.sections).toHaveLength(4);
    await appendAndWait(lesson.id, { key: 3, displayNo: 3, additionalInfo: '모둠 활동을 놀이로' });
    const reloaded = (await (
      await ctx.request('teacher', 'GET', `/api/v1/lesson/${lesson.id}`)
    ).json()) as Item;
    const sections = reloaded.result!.sections;
    expect(sections.map((s) => s.keyNum)).toEqual([1, 2, 3, 4, 5]);
    const remade = sections[2]!;
    expect(remade.id).not.toBe(development.id);
    expect(remade.additionalInfo).toBe('모둠 활동을 놀이로');
    const ids = sections.flatMap((s) => [s.id, ...s.items.map((i) => i.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    lesson = reloaded;
  });

  it('marks the parts a teacher changed by hand; a part made again comes back unmarked', async () => {
    const development = lesson.result!.sections.find((s) => s.keyNum === 3)!;
    expect(lesson.result!.sections.every((s) => !s.edited)).toBe(true);
    const first = development.items[0]!;
    const edited = (await (
      await ctx.request('teacher', 'PUT', `/api/v1/lesson/${lesson.id}/section/item/${first.id}`, {
        content: '직접 고친 활동 설명',
      })
    ).json()) as Item;
    const marks = edited.result!.sections.map((s) => [s.keyNum, s.edited === true]);
    expect(marks).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, false],
      [5, false],
    ]);
    // Deleting another part moves the rest (new numbers) without marking them.
    const closing = edited.result!.sections.find((s) => s.keyNum === 5)!;
    const moved = (await (
      await ctx.request('teacher', 'DELETE', `/api/v1/lesson/${lesson.id}/section/${closing.id}`)
    ).json()) as Item;
    expect(moved.result!.sections.filter((s) => s.edited).map((s) => s.keyNum)).toEqual([3]);

    await ctx.request('teacher', 'DELETE', `/api/v1/lesson/${lesson.id}/section/${development.id}`);
    for (const [key, displayNo] of [
      [3, 3],
      [5, 5],
    ] as const) {
      await appendAndWait(lesson.id, { key, displayNo, additionalInfo: '' });
    }
    const reloaded = (await (
      await ctx.request('teacher', 'GET', `/api/v1/lesson/${lesson.id}`)
    ).json()) as Item;
    expect(reloaded.result!.sections.map((s) => s.keyNum)).toEqual([1, 2, 3, 4, 5]);
    expect(reloaded.result!.sections.some((s) => s.edited)).toBe(false);
    lesson = reloaded;
  });

  it('edits sections and items, saves the whole plan, and lists items and the latest lessons', async () => {
    const id = lesson.id;
    const added = (await (
      await ctx.request('teacher', 'POST', `/api/v1/lesson/${id}/section`, {
        title: '놀이 활동',
        keyNum: 3,
        displayNo: 4,
      })
    ).json()) as Item;
    const section = added.result!.sections.find((s) => s.title === '놀이 활동')!;
    expect(section.displayNo).toBe(4);
    const withItem = (await (
      await ctx.request('teacher', 'POST', `/api/v1/lesson/${id}/section/item`, {
        sectionId: section.id,
        type: 'ACTIVITY',
        title: '분수 빙고',
        content: '분수 카드로 빙고 놀이를 합니다.',
        minutes: 5,
      })
    ).json()) as Item;
    const item = withItem.result!.sections.find((s) => s.id === section.id)!.items[0]!;
    const updated = (await (
      await ctx.request('teacher', 'PUT', `/api/v1/lesson/${id}/section/item/${item.id}`, {
        content: '분수 카드 빙고',
      })
    ).json()) as Item;
    expect(updated.result!.sections.find((s) => s.id === section.id)!.items[0]!.content).toBe(
      '분수 카드 빙고',
    );

    const bulk = await ctx.request('teacher', 'PUT', `/api/v1/lesson/${id}/section/items`, {
      items: [{ id: item.id, title: '분수 카드 빙고 놀이' }],
    });
    expect(bulk.status).toBe(200);
    const listed = (await (
      await ctx.request('teacher', 'GET', `/api/v1/lesson/${id}/section/item`)
    ).json()) as {
      id: number;
      sectionId: number;
      title: string;
    }[];
    expect(listed.find((entry) => entry.id === item.id)).toMatchObject({
      sectionId: section.id,
      title: '분수 카드 빙고 놀이',
    });

    const saved = (await (
      await ctx.request('teacher', 'POST', '/api/v1/lesson/result', {
        id,
        title: '분수의 뜻 (수정)',
        sections: [
          {
            id: section.id,
            title: '분수 놀이',
            additionalInfo: '',
            items: [{ id: item.id, title: '빙고', content: '빙고 놀이', minutes: 7 }],
          },
        ],
      })
    ).json()) as Item;
    expect(saved.title).toBe('분수의 뜻 (수정)');
    expect(saved.result!.sections.find((s) => s.id === section.id)).toMatchObject({ title: '분수 놀이' });

    await ctx.request('teacher', 'DELETE', `/api/v1/lesson/${id}/section/item/${item.id}`);
    const gone = (await (
      await ctx.request('teacher', 'GET', `/api/v1/lesson/${id}/section/item`)
    ).json()) as { id: number }[];
    expect(gone.map((entry) => entry.id)).not.toContain(item.id);
    expect((await ctx.request('teacher', 'DELETE', `/api/v1/lesson/${id}/section/item/99999`)).status).toBe(
      404,
    );

    const latest = (await (await ctx.request('teacher', 'GET', '/api/v1/lesson/latest/1')).json()) as Item[];
    expect(latest.map((l) => l.id)).toEqual([id]);
  });

  it('removes every item of one type from a section, or from the whole lesson', async () => {
    const id = lesson.id;
    const items = async () =>
      (await (await ctx.request('teacher', 'GET', `/api/v1/lesson/${id}/section/item`)).json()) as {
        id: number;
        sectionId: number;
        type: string;
      }[];
    const [first, second] = [...new Set((await items()).map((entry) => entry.sectionId))];
    for (const sectionId of [first!, second!]) {
      await ctx.request('teacher', 'POST', `/api/v1/lesson/${id}/section/item`, {
        sectionId,
        type: 'QUESTION',
        title: '확인 질문',
        content: '4분의 1은 몇 조각일까요?',
        minutes: null,
      });
    }
    const questions = (list: Awaited<ReturnType<typeof items>>) => list.filter((e) => e.type === 'QUESTION');
    const before = questions(await items());
    expect(before.map((e) => e.sectionId)).toEqual(expect.arrayContaining([first, second]));

    const one = await ctx.request(
      'teacher',
      'DELETE',
      `/api/v1/lesson/${id}/typeContent?type=QUESTION&sectionId=${first}`,
    );
    expect(one.status).toBe(200);
    const left = questions(await items());
    expect(left.some((e) => e.sectionId === first)).toBe(false);
    expect(left.some((e) => e.sectionId === second)).toBe(true);

    expect(
      (await ctx.request('teacher', 'DELETE', `/api/v1/lesson/${id}/typeContent?type=QUESTION`)).status,
    ).toBe(200);
    expect(questions(await items())).toEqual([]);
    expect(
      (await ctx.request('teacher', 'DELETE', `/api/v1/lesson/${id}/typeContent?type=VIDEO`)).status,
    ).toBe(400);
    expect(
      (await ctx.request('sameSchoolTeacher', 'DELETE', `/api/v1/lesson/${id}/typeContent?type=TEXT`)).status,
    ).toBe(403);
    for (const [persona, status] of [
      ['otherSchoolTeacher', 404],
      ['student', 403],
      ['anonymous', 401],
    ] as const) {
      expect(
        (await ctx.request(persona, 'DELETE', `/api/v1/lesson/${id}/typeContent?type=TEXT`)).status,
      ).toBe(status);
    }
  });

  it('lets colleagues read a school lesson but only its teacher change it', async () => {
    const id = lesson.id;
    expect((await ctx.request('sameSchoolTeacher', 'GET', `/api/v1/lesson/${id}`)).status).toBe(200);
    expect(
      (await ctx.request('sameSchoolTeacher', 'PUT', `/api/v1/lesson/${id}`, { title: 'x' })).status,
    ).toBe(403);
    expect(
      (
        await ctx.request('sameSchoolTeacher', 'POST', `/api/v1/lesson/${id}/append`, {
          key: 2,
          displayNo: 2,
        })
      ).status,
    ).toBe(403);
    expect((await ctx.request('otherSchoolTeacher', 'GET', `/api/v1/lesson/${id}`)).status).toBe(404);
    expect((await ctx.request('otherSchoolTeacher', 'DELETE', `/api/v1/lesson/${id}/section/1`)).status).toBe(
      404,
    );
    expect((await ctx.request('student', 'GET', `/api/v1/lesson/${id}`)).status).toBe(403);
    expect((await ctx.request('anonymous', 'GET', `/api/v1/lesson/${id}`)).status).toBe(401);
    expect((await ctx.request('admin', 'GET', `/api/v1/lesson/library/${id}`)).status).toBe(200);
  });
});

describe('lesson with a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_IMAGE_MODEL: 'fake-image' });
    await seedStandards(ctx.t);
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  it('keeps only standards that exist, in the reference wording, whatever the model wrote', async () => {
    fake.enqueue({
      content: JSON.stringify({
        title: '분수',
        goal: '분수의 뜻을 안다',
        standardCodes: ['4수01-10', '[4수99-99]', '[4수03-01]'],
        sections: [
          {
            keyNum: 2,
            title: '도입',
            items: [{ type: 'QUESTION', title: '발문', content: '피자를 나누어 볼까요?', minutes: 5 }],
          },
          {
            keyNum: 1,
            title: '목표',
            items: [{ type: 'TEXT', title: '목표', content: '분수를 안다', minutes: null }],
          },
        ],
      }),
    });
    const item = await ctx.createAndWait({ ...FORM, language: 'ENGLISH' });
    expect(item.result?.engine).toBe('model');
    // [4수99-99] is not in the data; [4수03-01] exists, so it stays with the reference wording.
    expect(item.result?.standards).toEqual([
      { code: '[4수01-10]', statement: '양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.' },
      { code: '[4수03-01]', statement: '시각을 읽고 시간의 덧셈과 뺄셈을 할 수 있다.' },
    ]);
    expect(item.result?.sections.map((s) => s.keyNum)).toEqual([1, 2]);
    const prompt = JSON.stringify(fake.requests.at(-1)?.body);
    expect(prompt).toContain('[4수01-10]');
    expect(prompt).toContain('English');
    // The introduction got a picture from the image model, stored and served by its own address.
    const picture = item.result?.sections.flatMap((s) => s.items).find((entry) => entry.type === 'IMAGE');
    expect(picture?.imageUrl).toMatch(/^\/api\/v1\/lesson\/images\/[0-9a-f-]{36}\.png$/);
    expect(fake.imageRequests.at(-1)?.prompt).toContain('피자를 나누어 볼까요?');
    expect(item.result?.images).toMatchObject({ provider: 'imagen', generated: 1 });
    expect(item.result?.images.notice).toContain('Imagen이 연결되어 있지 않아');
    const served = await fetch(`${ctx.t.origin}${picture?.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await served.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await fetch(`${ctx.t.origin}/api/v1/lesson/images/../../secret.png`)).status).not.toBe(200);
  });
});
