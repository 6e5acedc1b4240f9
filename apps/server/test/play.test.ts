import { PLAY_SITUATIONS } from '@ssaem/contracts';
import { readDocument } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyPersona } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  title: string;
  visibility: string;
  result: { kind: 'document'; title: string; engine: string; notice: string | null } | null;
}

const SLUGS = {
  GROUP_PLAY_PLAN: 'group-play-plan',
  GROUP_PLAY_LESSON_PLAN: 'group-play-lesson-plan',
} as const;
type PlayType = keyof typeof SLUGS;

const planForm = {
  type: 'GROUP_PLAY_PLAN' as const,
  title: '3~4학년 협동놀이 운영 계획',
  grade: '3-4',
  season: 'SEMESTER_1',
  topic: 'NEW_CLASS,RAINY_DAY,OUTDOOR',
};

const lessonForm = {
  type: 'GROUP_PLAY_LESSON_PLAN' as const,
  title: '인간 매듭 풀기 놀이 수업',
  grade: '5-6',
  topic: '인간 매듭 풀기',
};

async function setup(env: Record<string, string>) {
  const ctx = await buildToolTestContext<Item>('/api/v1/document/studio/group-play-plan', env);
  const post = (persona: AnyPersona, body: object) =>
    ctx.request(persona, 'POST', '/api/v1/document/studio', body);
  const get = (persona: AnyPersona, type: PlayType, id: number) =>
    ctx.request(persona, 'GET', `/api/v1/document/studio/${SLUGS[type]}/${id}`);
  const done = async (type: PlayType, id: number) => {
    await ctx.waitDone(id);
    return (await (await get('teacher', type, id)).json()) as Item;
  };
  const create = async (body: { type: PlayType } & Record<string, unknown>) => {
    const response = await post('teacher', body);
    expect(response.status, await response.clone().text()).toBe(201);
    return done(body.type, ((await response.json()) as { id: number }).id);
  };
  const textOf = async (id: number) => {
    const file = await ctx.request('teacher', 'GET', `/api/v1/document/library/${id}/export?format=hwpx`);
    expect(file.status).toBe(200);
    return (await readDocument(Buffer.from(await file.arrayBuffer()), 'play.hwpx')).text;
  };
  const messages = async (body: object) => {
    const response = await post('teacher', body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { details?: { path: string; message: string }[] };
    return Object.fromEntries((error.details ?? []).map((detail) => [detail.path, detail.message]));
  };
  return { ctx, post, get, done, create, textOf, messages };
}

function expectAll(text: string, parts: string[]) {
  for (const part of parts) expect(text, part).toContain(part);
}

describe('cooperative-play forms (document-tools.md §5)', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup({});
  });
  afterAll(() => s.ctx.t.close());

  it('offers ten situations', () => {
    expect(PLAY_SITUATIONS).toHaveLength(10);
  });

  it('a plan needs a title, a grade band, a period and at least one situation', async () => {
    expect(await s.messages({ type: 'GROUP_PLAY_PLAN' })).toEqual({
      title: '제목을 입력해주세요.',
      grade: '학년군을 선택해주세요.',
      season: '운영 시기를 선택해주세요.',
      topic: '놀이 상황을 하나 이상 선택해주세요.',
    });
    expect(
      await s.messages({ ...planForm, title: ' ', grade: '7-8', season: 'ANYTIME', topic: ' , ' }),
    ).toEqual({
      title: '제목을 입력해주세요.',
      grade: '학년군을 선택해주세요.',
      season: '운영 시기를 선택해주세요.',
      topic: '놀이 상황을 하나 이상 선택해주세요.',
    });
    expect(await s.messages({ ...planForm, topic: [] })).toEqual({
      topic: '놀이 상황을 하나 이상 선택해주세요.',
    });
    expect(await s.messages({ ...planForm, topic: ['OUTDOOR', 'PICNIC'] })).toEqual({
      'topic.1': '놀이 상황을 목록에서 선택해주세요.',
    });
  });

  it('a play lesson plan needs a title, a grade band and the play name', async () => {
    expect(await s.messages({ type: 'GROUP_PLAY_LESSON_PLAN' })).toEqual({
      title: '제목을 입력해주세요.',
      grade: '학년군을 선택해주세요.',
      topic: '놀이 이름을 입력해주세요.',
    });
    expect(await s.messages({ ...lessonForm, topic: '  ' })).toEqual({ topic: '놀이 이름을 입력해주세요.' });
  });

  it('only teachers create play documents', async () => {
    expect((await s.post('student', planForm)).status).toBe(403);
    expect((await s.post('anonymous', planForm)).status).toBe(401);
    expect((await s.post('student', lessonForm)).status).toBe(403);
    expect((await s.post('anonymous', lessonForm)).status).toBe(401);
  });
});

describe('cooperative-play documents without a model', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup({});
  });
  afterAll(() => s.ctx.t.close());

  it('a plan is a table by period and situation with play, goal, materials, method and safety', async () => {
    const item = await s.create(planForm);
    expect(item.result?.engine).toBe('offline');
    expect(item.result?.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
    expect(item.visibility).toBe('PUBLIC');
    const text = await s.textOf(item.id);
    expectAll(text, [
      '3~4학년 협동놀이 운영 계획',
      '서울가락초등학교',
      '3~4학년군',
      '1학기',
      '1. 목적',
      '2. 운영 방침',
      '모둠별로 역할(진행, 기록, 응원)을 나누어 맡고',
      '3. 놀이 운영 계획',
      '시기',
      '놀이 상황',
      '놀이명',
      '목표',
      '준비물',
      '활동 방법',
      '안전 유의점',
      '새 학기 친해지기',
      '이름 빙고',
      '비 오는 날 교실 놀이',
      '협동 풍선 띄우기',
      '운동장·바깥 놀이',
      '긴 줄 함께 넘기',
      '4. 평가 및 기대 효과',
    ]);
    // The first semester's months shared out in order: 3월, 4~5월, 6~7월.
    expect(text.indexOf('3월')).toBeLessThan(text.indexOf('이름 빙고'));
    expect(text.indexOf('4~5월')).toBeLessThan(text.indexOf('협동 풍선 띄우기'));
    expect(text.indexOf('6~7월')).toBeLessThan(text.indexOf('긴 줄 함께 넘기'));
  });

  it('"anytime" is sent as NO_DATE and every situation has a row', async () => {
    const item = await s.create({
      ...planForm,
      grade: '1-2',
      season: 'NO_DATE',
      topic: [...PLAY_SITUATIONS],
    });
    const text = await s.textOf(item.id);
    expectAll(text, [
      '수시',
      '1~2학년군',
      '규칙은 한두 가지로 단순하게',
      '인간 매듭 풀기',
      '거울 놀이',
      '낱말 릴레이',
    ]);
  });

  it('a play lesson plan has goals, preparation, 도입/전개/정리 and evaluation', async () => {
    const item = await s.create(lessonForm);
    expect(item.visibility).toBe('PUBLIC');
    const text = await s.textOf(item.id);
    expectAll(text, [
      '인간 매듭 풀기 놀이 수업',
      '5~6학년군',
      '놀이명',
      '40분',
      '1. 놀이 목표',
      '서로 의견을 나누고 협력하여 문제를 해결한다.',
      '2. 준비',
      '3. 교수·학습 과정',
      '단계',
      '교수·학습 활동',
      '자료(▶) 및 유의점(※)',
      '도입',
      '전개',
      '정리',
      '손을 놓지 않고',
      '4. 안전 지도',
      '손목이 꺾이지 않게',
      '5. 평가',
      '평가 관점',
      '평가 방법',
    ]);
    expect(text.indexOf('도입')).toBeLessThan(text.indexOf('전개'));
    expect(text.indexOf('전개')).toBeLessThan(text.indexOf('정리'));
  });

  it('a play the catalogue does not know still gets a whole lesson plan', async () => {
    const item = await s.create({ ...lessonForm, title: '무궁화 꽃 놀이', topic: '무궁화 꽃이 피었습니다' });
    expectAll(await s.textOf(item.id), [
      '무궁화 꽃이 피었습니다 놀이의 규칙을 알고 친구와 협력하여 즐겁게 참여할 수 있다.',
      '도입',
      '전개',
      '정리',
      '평가',
    ]);
  });

  it('a PUBLIC plan is seen by colleagues but re-made by its teacher only', async () => {
    const item = await s.create(planForm);
    const changed = { ...planForm, title: '2학기 협동놀이 계획', season: 'SEMESTER_2' };
    for (const persona of ['sameSchoolTeacher', 'otherSchoolTeacher'] as const) {
      expect((await s.get(persona, 'GROUP_PLAY_PLAN', item.id)).status, persona).toBe(200);
      expect(
        (await s.ctx.request(persona, 'PUT', `/api/v1/document/studio/group-play-plan/${item.id}`, changed))
          .status,
        persona,
      ).toBe(403);
      expect(
        (await s.ctx.request(persona, 'POST', `/api/v1/document/studio/group-play-plan/${item.id}/re-create`))
          .status,
        persona,
      ).toBe(403);
    }
    expect(
      (await s.ctx.request('student', 'PUT', `/api/v1/document/studio/group-play-plan/${item.id}`, changed))
        .status,
    ).toBe(403);
    expect(
      (await s.ctx.request('anonymous', 'PUT', `/api/v1/document/studio/group-play-plan/${item.id}`, changed))
        .status,
    ).toBe(401);
    const again = await s.ctx.request(
      'teacher',
      'PUT',
      `/api/v1/document/studio/group-play-plan/${item.id}`,
      changed,
    );
    expect(again.status).toBe(202);
    const remade = await s.done('GROUP_PLAY_PLAN', item.id);
    expect(remade.title).toBe('2학기 협동놀이 계획');
    expectAll(await s.textOf(item.id), ['2학기', '9월']);
  });
});

describe('cooperative-play documents with a model', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
    s = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await s.ctx.t.close();
    await fake.close();
  });

  const lastRequest = () => JSON.stringify(fake.requests.at(-1)?.body);

  it("lays the model's plays out in the plan table", async () => {
    fake.enqueue({
      content: JSON.stringify({
        purpose: '협동놀이로 서로 돕는 학급을 만든다.',
        policies: ['모두가 참여하는 규칙으로 운영'],
        plays: [
          {
            period: '수시',
            situation: '갈등 해결·화해',
            name: '마음 풍선 나누기',
            goal: '친구의 마음을 헤아린다.',
            materials: '풍선, 매직',
            method: '풍선에 속상했던 마음을 적고 함께 터뜨린다.',
            safety: '풍선 조각 정리',
          },
        ],
        evaluation: ['관찰 평가'],
      }),
    });
    const item = await s.create({ ...planForm, season: 'NO_DATE', topic: 'CONFLICT' });
    expect(item.result).toMatchObject({ engine: 'model', notice: null });
    const sent = lastRequest();
    expect(sent).toContain('[협동놀이 운영 계획]');
    expect(sent).toContain('운영 시기: 수시');
    expect(sent).toContain('놀이 상황(시기 배정): 갈등 해결·화해(수시)');
    expectAll(await s.textOf(item.id), [
      '협동놀이로 서로 돕는 학급을 만든다.',
      '마음 풍선 나누기',
      '풍선에 속상했던 마음을 적고 함께 터뜨린다.',
      '안전 유의점',
      '풍선 조각 정리',
    ]);
  });

  it("keeps 도입/전개/정리 around the model's lesson", async () => {
    const stage = (minutes: number, activity: string) => ({
      minutes,
      activities: [activity],
      notes: ['※ 안전'],
    });
    fake.enqueue({
      content: JSON.stringify({
        goals: ['친구와 협력하여 풍선을 띄울 수 있다.'],
        materials: ['풍선'],
        intro: stage(5, '풍선 놀이 약속 정하기'),
        development: stage(30, '모둠별 풍선 띄우기 기록 도전'),
        wrapUp: stage(5, '느낀 점 나누기'),
        safety: ['책상 밀어 두기'],
        evaluation: [{ criterion: '협력하여 참여하는가?', method: '관찰' }],
      }),
    });
    const item = await s.create({
      ...lessonForm,
      title: '풍선 놀이 수업',
      topic: '협동 풍선 띄우기',
      grade: '1-2',
    });
    expect(item.result?.engine).toBe('model');
    const sent = lastRequest();
    expect(sent).toContain('[놀이 수업 지도안]');
    expect(sent).toContain('놀이 이름: 협동 풍선 띄우기');
    const text = await s.textOf(item.id);
    expectAll(text, [
      '친구와 협력하여 풍선을 띄울 수 있다.',
      '도입',
      '풍선 놀이 약속 정하기',
      '전개',
      '30분',
      '모둠별 풍선 띄우기 기록 도전',
      '정리',
      '느낀 점 나누기',
      '협력하여 참여하는가?',
    ]);
  });
});
