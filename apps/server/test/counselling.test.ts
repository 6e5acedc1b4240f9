import { COUNSEL_SUBJECTS, PARENT_RELATIONS, SCENARIO_TOPICS } from '@ssaem/contracts';
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

const NOTICE = '이 기록은 학생 개인정보를 포함하므로 외부에 공유하지 마세요.';

const SLUGS = {
  COUNSEL_STUDENT: 'counsel-student',
  COUNSEL_PARENT: 'counsel-parent',
  COUNSEL_PARENT_SCRIPT: 'counsel-parent-script',
} as const;
type CounselType = keyof typeof SLUGS;

const studentForm = {
  type: 'COUNSEL_STUDENT',
  title: '1학기 학생 상담',
  studentName: '김민준',
  gender: 'MALE',
  counselSubject: 'STUDY,PEER_RELATIONS',
  topic: '민준이가 쉬는 시간에 친구와 자주 다투고, 수업 중 과제를 끝내지 못함.',
  teacherIntervention: '다툼 상황을 함께 되돌아보고 감정을 말로 표현하는 방법을 연습함.',
  futurePlan: '2주간 쉬는 시간 관찰\n과제 점검표 사용',
};

const parentForm = {
  type: 'COUNSEL_PARENT',
  title: '학부모 상담 기록',
  studentName: '이서연',
  gender: 'FEMALE',
  relation: 'MOTHER',
  counselSubject: ['SCHOOL_VIOLENCE', 'FAMILY'],
  topic: '서연이가 단체 대화방에서 소외감을 느낀다고 함.',
  parentOpinion: '아이가 학교 가기 싫다고 해서 걱정된다고 함.',
  teacherIntervention: '학급에서 관계를 살피고 관련 학생들과 면담하기로 함.',
};

const sheetForm = {
  type: 'COUNSEL_PARENT',
  sheet: true,
  studentName: '박지우',
  gender: 'FEMALE',
  relation: 'FATHER',
  topic: '수학 학습 태도',
  counselSummary: '수학 시간에 문제를 끝까지 풀지 않고 포기하는 일이 잦음.',
  parentOpinion: '집에서도 수학 숙제를 미룬다고 함.',
  teacherObservation: '쉬운 문제부터 성공 경험을 쌓으면 끝까지 푸는 모습을 보임.',
};

const scriptForm = {
  type: 'COUNSEL_PARENT_SCRIPT',
  title: '2학기 학부모 상담 시나리오',
  topic: 'STUDY_HABITS,PEER_RELATIONS',
  schoolLevel: 'ELEMENTARY',
  season: 30,
};

async function setup(env: Record<string, string>) {
  const ctx = await buildToolTestContext<Item>('/api/v1/document/studio/counsel-student', env);
  const post = (persona: AnyPersona, body: object) =>
    ctx.request(persona, 'POST', '/api/v1/document/studio', body);
  const get = (persona: AnyPersona, type: CounselType, id: number) =>
    ctx.request(persona, 'GET', `/api/v1/document/studio/${SLUGS[type]}/${id}`);
  const done = async (type: CounselType, id: number) => {
    await ctx.waitDone(id);
    return (await (await get('teacher', type, id)).json()) as Item;
  };
  const create = async (body: { type: CounselType } & Record<string, unknown>) => {
    const response = await post('teacher', body);
    expect(response.status, await response.clone().text()).toBe(201);
    return done(body.type, ((await response.json()) as { id: number }).id);
  };
  const textOf = async (id: number) => {
    const file = await ctx.request('teacher', 'GET', `/api/v1/document/library/${id}/export?format=hwpx`);
    expect(file.status).toBe(200);
    return (await readDocument(Buffer.from(await file.arrayBuffer()), 'counsel.hwpx')).text;
  };
  /** The field messages of a refused form (400). */
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

describe('counselling forms (document-tools.md §5)', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup({});
  });
  afterAll(() => s.ctx.t.close());

  it('lists the twelve subjects and five relations of §9', () => {
    expect(COUNSEL_SUBJECTS).toHaveLength(12);
    expect(PARENT_RELATIONS).toHaveLength(5);
    expect(SCENARIO_TOPICS.ELEMENTARY).toHaveLength(4);
    expect(SCENARIO_TOPICS.MIDDLE).toHaveLength(5);
    expect(SCENARIO_TOPICS.HIGH).toHaveLength(5);
  });

  it('student counselling: title, name, gender, a subject, situation, intervention and plan', async () => {
    expect(await s.messages({ type: 'COUNSEL_STUDENT' })).toEqual({
      title: '제목을 입력해주세요.',
      studentName: '학생 이름을 입력해주세요.',
      gender: '성별을 선택해주세요.',
      counselSubject: '상담 영역을 하나 이상 선택해주세요.',
      topic: '상담 내용(상황)을 입력해주세요.',
      teacherIntervention: '교사의 개입 내용을 입력해주세요.',
      futurePlan: '향후 계획을 입력해주세요.',
    });
    const blanks = await s.messages({
      ...studentForm,
      title: ' ',
      studentName: '  ',
      gender: 'BOY',
      counselSubject: '',
      topic: ' ',
      teacherIntervention: '',
      futurePlan: '\n',
    });
    expect(blanks).toEqual({
      title: '제목을 입력해주세요.',
      studentName: '학생 이름을 입력해주세요.',
      gender: '성별을 선택해주세요.',
      counselSubject: '상담 영역을 하나 이상 선택해주세요.',
      topic: '상담 내용(상황)을 입력해주세요.',
      teacherIntervention: '교사의 개입 내용을 입력해주세요.',
      futurePlan: '향후 계획을 입력해주세요.',
    });
    expect(await s.messages({ ...studentForm, counselSubject: ['STUDY', 'HOMEWORK'] })).toEqual({
      'counselSubject.1': '상담 영역을 목록에서 선택해주세요.',
    });
  });

  it('parent counselling: adds relation and parent opinion; the future plan is optional', async () => {
    expect(await s.messages({ type: 'COUNSEL_PARENT', title: '상담' })).toEqual({
      studentName: '학생 이름을 입력해주세요.',
      gender: '성별을 선택해주세요.',
      relation: '상담 대상(학생과의 관계)을 선택해주세요.',
      counselSubject: '상담 영역을 하나 이상 선택해주세요.',
      topic: '상담 내용(상황)을 입력해주세요.',
      parentOpinion: '학부모 의견을 입력해주세요.',
      teacherIntervention: '교사의 개입 내용을 입력해주세요.',
    });
    expect(await s.messages({ ...parentForm, relation: 'UNCLE' })).toEqual({
      relation: '상담 대상(학생과의 관계)을 선택해주세요.',
    });
    expect((await s.post('teacher', parentForm)).status).toBe(201);
  });

  it('the record sheet: name, gender, relationship, topic and the three summaries; title optional', async () => {
    expect(await s.messages({ type: 'COUNSEL_PARENT', sheet: true })).toEqual({
      studentName: '학생 이름을 입력해주세요.',
      gender: '성별을 선택해주세요.',
      relation: '상담 대상(학생과의 관계)을 선택해주세요.',
      topic: '상담 주제를 입력해주세요.',
      counselSummary: '상담 내용 요약을 입력해주세요.',
      parentOpinion: '학부모 의견을 입력해주세요.',
      teacherObservation: '교사 관찰 의견을 입력해주세요.',
    });
    // No AI request and no title: the sheet is made and titled for automatic generation.
    const item = await s.create(sheetForm as typeof sheetForm & { type: 'COUNSEL_PARENT' });
    expect(item.title).toBe('학부모 상담 기록지');
  });

  it('scenario: title, a duration of 10–60 minutes and at least one topic of the school level', async () => {
    expect(await s.messages({ type: 'COUNSEL_PARENT_SCRIPT' })).toEqual({
      title: '제목을 입력해주세요.',
      topic: '상담 주제를 하나 이상 선택해주세요.',
    });
    const duration = '상담 시간을 10분에서 60분 사이(10분 단위)로 선택해주세요.';
    expect(await s.messages({ ...scriptForm, season: 70 })).toEqual({ season: duration });
    expect(await s.messages({ ...scriptForm, season: 5 })).toEqual({ season: duration });
    expect(await s.messages({ ...scriptForm, season: 25 })).toEqual({ season: duration });
    expect(await s.messages({ ...scriptForm, season: 'soon' })).toEqual({ season: duration });
    expect(await s.messages({ ...scriptForm, topic: 'BEDTIME' })).toEqual({
      'topic.0': '상담 주제를 목록에서 선택해주세요.',
    });
    // A high-school topic is not offered to an elementary school, nor to "other" schools.
    expect(await s.messages({ ...scriptForm, topic: 'CAREER_PLAN' })).toEqual({
      topic: '학교급에 맞는 상담 주제를 선택해주세요.',
    });
    expect(await s.messages({ ...scriptForm, schoolLevel: '특수학교', topic: 'CAREER_INTEREST' })).toEqual({
      topic: '학교급에 맞는 상담 주제를 선택해주세요.',
    });
    expect(
      (await s.post('teacher', { ...scriptForm, schoolLevel: '고등학교', topic: 'CAREER_PLAN' })).status,
    ).toBe(201);
  });

  it('only teachers create counselling documents', async () => {
    expect((await s.post('student', studentForm)).status).toBe(403);
    expect((await s.post('anonymous', studentForm)).status).toBe(401);
    expect((await s.post('student', scriptForm)).status).toBe(403);
    expect((await s.post('anonymous', sheetForm)).status).toBe(401);
  });
});

describe('counselling documents without a model', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup({});
  });
  afterAll(() => s.ctx.t.close());

  it('a student counselling record is a table with the security notice', async () => {
    const item = await s.create(studentForm as typeof studentForm & { type: 'COUNSEL_STUDENT' });
    expect(item.result?.engine).toBe('offline');
    expect(item.result?.notice).toBe('AI 연결 없이 기본 초안을 만들었어요.');
    const text = await s.textOf(item.id);
    expectAll(text, [
      '1학기 학생 상담',
      NOTICE,
      '상담 일시',
      '상담 방법',
      '대상(학년/반/이름)',
      '김민준 (남)',
      '상담 영역',
      '학업, 교우관계',
      '상담 내용(상황)',
      '민준이가 쉬는 시간에 친구와 자주 다투고',
      '교사 개입',
      '감정을 말로 표현하는 방법을 연습함.',
      '향후 계획',
      '2주간 쉬는 시간 관찰',
      '과제 점검표 사용',
      '후속 조치',
      '서울가락초등학교',
    ]);
    // The notice comes before the record.
    expect(text.indexOf(NOTICE)).toBeLessThan(text.indexOf('상담 일시'));
  });

  it('is private by default: colleagues at the same school and elsewhere get 404', async () => {
    const item = await s.create(studentForm as typeof studentForm & { type: 'COUNSEL_STUDENT' });
    expect(item).toMatchObject({ visibility: 'PRIVATE', editable: false });
    for (const persona of ['sameSchoolTeacher', 'otherSchoolTeacher'] as const) {
      expect((await s.get(persona, 'COUNSEL_STUDENT', item.id)).status, persona).toBe(404);
      expect(
        (await s.ctx.request(persona, 'GET', `/api/v1/document/library/${item.id}/export?format=hwpx`))
          .status,
      ).toBe(404);
      expect(
        (
          await s.ctx.request(persona, 'PUT', `/api/v1/document/studio/counsel-student/${item.id}`, {
            ...studentForm,
            title: '바꾼 제목',
          })
        ).status,
      ).toBe(404);
    }
    // The teacher may open a record to the school on purpose.
    const shared = await s.create({
      ...(studentForm as typeof studentForm & { type: 'COUNSEL_STUDENT' }),
      accessLevel: 'SCHOOL',
    });
    expect(shared.visibility).toBe('SCHOOL');
    expect((await s.get('sameSchoolTeacher', 'COUNSEL_STUDENT', shared.id)).status).toBe(200);
    expect((await s.get('otherSchoolTeacher', 'COUNSEL_STUDENT', shared.id)).status).toBe(404);
    // …and still only its teacher re-makes it.
    expect(
      (
        await s.ctx.request(
          'sameSchoolTeacher',
          'PUT',
          `/api/v1/document/studio/counsel-student/${shared.id}`,
          {
            ...studentForm,
          },
        )
      ).status,
    ).toBe(403);
  });

  it('a parent counselling record adds the relation, the parent opinion and the procedure follow-ups', async () => {
    const item = await s.create(parentForm as typeof parentForm & { type: 'COUNSEL_PARENT' });
    expect(item).toMatchObject({ visibility: 'PRIVATE', editable: false });
    const text = await s.textOf(item.id);
    expectAll(text, [
      '학부모 상담 기록',
      NOTICE,
      '상담 일시',
      '이서연 (여)',
      '상담 대상',
      '보호자(어머니)',
      '학교폭력, 가정',
      '서연이가 단체 대화방에서 소외감을 느낀다고 함.',
      '학부모 의견',
      '아이가 학교 가기 싫다고 해서 걱정된다고 함.',
      '교사 의견 및 개입',
      '향후 계획',
      '학교폭력 전담기구',
    ]);
    expect((await s.get('sameSchoolTeacher', 'COUNSEL_PARENT', item.id)).status, 'private by default').toBe(
      404,
    );
  });

  it('the parent record sheet lays out the three summaries', async () => {
    const item = await s.create({
      ...(sheetForm as typeof sheetForm & { type: 'COUNSEL_PARENT' }),
      title: '박지우 학부모 상담 기록지',
    });
    expect(item).toMatchObject({ visibility: 'PRIVATE', editable: false });
    const text = await s.textOf(item.id);
    expectAll(text, [
      '박지우 학부모 상담 기록지',
      NOTICE,
      '학생 이름',
      '박지우',
      '성별',
      '관계',
      '아버지',
      '상담 주제',
      '수학 학습 태도',
      '상담 내용 요약',
      '수학 시간에 문제를 끝까지 풀지 않고 포기하는 일이 잦음.',
      '학부모 의견',
      '집에서도 수학 숙제를 미룬다고 함.',
      '교사 관찰 의견',
      '쉬운 문제부터 성공 경험을 쌓으면',
      '후속 조치',
    ]);
    // The sheet is not the record: no subject row.
    expect(text).not.toContain('상담 영역');
  });

  it('a scenario is a timed script: the duration split into 도입, 본론 by topic and 마무리', async () => {
    const item = await s.create(scriptForm as typeof scriptForm & { type: 'COUNSEL_PARENT_SCRIPT' });
    expect(item).toMatchObject({ visibility: 'PRIVATE', editable: false });
    const text = await s.textOf(item.id);
    expectAll(text, [
      '2학기 학부모 상담 시나리오',
      '초등학교',
      '30분',
      '학습 습관, 교우 관계',
      '상담 전 준비',
      '시간 배분',
      '1. 도입 (0~6분, 6분)',
      '2. 본론 (6~24분, 18분)',
      '2-1. 학습 습관 (6~15분, 9분)',
      '2-2. 교우 관계 (15~24분, 9분)',
      '3. 마무리 (24~30분, 6분)',
      '발화 예시',
      '안녕하세요, ○○ 보호자님.',
      '교육부 고시 제2023-28호',
    ]);
    expect(text.indexOf('1. 도입')).toBeLessThan(text.indexOf('2. 본론'));
    expect(text.indexOf('2. 본론')).toBeLessThan(text.indexOf('3. 마무리'));
  });

  it('a scenario defaults to 20 minutes and keeps its settings when re-made (settings hidden)', async () => {
    const { season: _season, ...withoutDuration } = scriptForm;
    const item = await s.create({
      ...(withoutDuration as typeof scriptForm & { type: 'COUNSEL_PARENT_SCRIPT' }),
      schoolLevel: '중학교',
      topic: ['CAREER_INTEREST'],
    });
    const text = await s.textOf(item.id);
    expectAll(text, [
      '중학교',
      '20분',
      '1. 도입 (0~4분, 4분)',
      '2-1. 진로 관심사 탐색 (4~16분, 12분)',
      '3. 마무리 (16~20분, 4분)',
    ]);
    // Re-create mode hides the settings: a changed form does not open the scenario.
    const again = await s.ctx.request(
      'teacher',
      'PUT',
      `/api/v1/document/studio/counsel-parent-script/${item.id}`,
      {
        ...scriptForm,
        title: '다시 만든 시나리오',
        season: 10,
        accessLevel: 'PUBLIC',
      },
    );
    expect(again.status).toBe(202);
    const remade = await s.done('COUNSEL_PARENT_SCRIPT', item.id);
    expect(remade.title).toBe('다시 만든 시나리오');
    expect(remade.visibility).toBe('PRIVATE');
    expect(await s.textOf(item.id)).toContain('3. 마무리 (8~10분, 2분)');
    expect((await s.get('otherSchoolTeacher', 'COUNSEL_PARENT_SCRIPT', item.id)).status).toBe(404);
  });
});

describe('counselling documents with a model', () => {
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

  it('never sends the student name to the model, and puts it back in the stored record', async () => {
    fake.enqueue({
      content: JSON.stringify({
        situation: '[학생1]은 쉬는 시간에 친구와 다투는 일이 잦음.',
        intervention: '[학생2]와 함께 다툼 상황을 되돌아봄.',
        futurePlan: ['2주간 쉬는 시간 관찰'],
        followUps: ['[학생1]의 보호자와 통화 예정'],
      }),
    });
    const item = await s.create(studentForm as typeof studentForm & { type: 'COUNSEL_STUDENT' });
    expect(item.result).toMatchObject({ engine: 'model', notice: null });
    const sent = lastRequest();
    expect(sent).not.toContain('김민준');
    expect(sent).not.toContain('민준');
    expect(sent).toContain('[학생1]');
    expect(sent).toContain('[학생 상담 기록]');
    expect(sent).toContain('학업, 교우관계');
    const text = await s.textOf(item.id);
    expectAll(text, [
      NOTICE,
      '김민준은 쉬는 시간에 친구와 다투는 일이 잦음.',
      '민준와 함께 다툼 상황을 되돌아봄.',
      '김민준의 보호자와 통화 예정',
      '김민준 (남)',
    ]);
    expect(text).not.toContain('[학생');
  });

  it('the parent record and the record sheet are pseudonymized the same way', async () => {
    fake.enqueue({
      content: JSON.stringify({
        summary: '[학생1]이 단체 대화방에서 소외감을 느낀다고 함.',
        parentOpinion: '보호자는 [학생1]의 등교 거부를 걱정함.',
        teacherView: '관련 학생 면담을 진행하기로 함.',
        followUps: ['학교폭력 전담기구 사안 확인'],
      }),
    });
    const record = await s.create(parentForm as typeof parentForm & { type: 'COUNSEL_PARENT' });
    let sent = lastRequest();
    expect(sent).not.toContain('이서연');
    expect(sent).not.toContain('서연');
    expect(sent).toContain('[학부모 상담 기록 / 상담 기록지]');
    expect(sent).toContain('상담 대상: 어머니');
    expectAll(await s.textOf(record.id), [
      '이서연이 단체 대화방에서 소외감을 느낀다고 함.',
      '보호자는 이서연의 등교 거부를 걱정함.',
      '학교폭력 전담기구 사안 확인',
    ]);

    fake.enqueue({
      content: JSON.stringify({
        summary: '[학생1]은 수학 문제를 끝까지 풀지 않는 일이 잦음.',
        parentOpinion: '가정에서도 숙제를 미룸.',
        teacherView: '쉬운 문제부터 성공 경험을 쌓도록 지도함.',
        followUps: ['주 1회 수학 과제 확인'],
      }),
    });
    const sheet = await s.create(sheetForm as typeof sheetForm & { type: 'COUNSEL_PARENT' });
    sent = lastRequest();
    expect(sent).not.toContain('박지우');
    expect(sent).not.toContain('지우');
    expect(sent).toContain('문서: 학부모 상담 기록지');
    const text = await s.textOf(sheet.id);
    expectAll(text, [
      '학부모 상담 기록지',
      '박지우은 수학 문제를 끝까지 풀지 않는 일이 잦음.',
      '주 1회 수학 과제 확인',
    ]);
  });

  it("the scenario keeps our timing around the model's lines", async () => {
    fake.enqueue({
      content: JSON.stringify({
        preparation: ['최근 관찰 기록 정리'],
        intro: [{ speaker: '교사', text: '와 주셔서 감사합니다. 오늘은 학습과 진로를 이야기하겠습니다.' }],
        topics: [
          {
            topic: '학업 태도 및 성취',
            lines: [
              { speaker: '교사', text: '수학 수행평가에서 끈기를 보였습니다.' },
              { speaker: '학부모', text: '(예상) 집에서는 잘 모르겠어요.' },
            ],
            tips: ['다른 학생과 비교하지 않기'],
          },
          {
            topic: '진로 관심사 탐색',
            lines: [{ speaker: '교사', text: '요즘 로봇 동아리에 관심이 많습니다.' }],
            tips: [],
          },
        ],
        closing: [{ speaker: '교사', text: '다음 달에 다시 이야기 나누겠습니다.' }],
        cautions: ['근무 시간 안에서 진행'],
      }),
    });
    const item = await s.create({
      ...(scriptForm as typeof scriptForm & { type: 'COUNSEL_PARENT_SCRIPT' }),
      schoolLevel: 'MIDDLE',
      topic: ['ACADEMIC_ATTITUDE', 'CAREER_INTEREST'],
      season: '40',
    });
    expect(item.result?.engine).toBe('model');
    const sent = lastRequest();
    expect(sent).toContain('상담 시간: 40분 (도입 8분, 본론 24분, 마무리 8분)');
    expect(sent).toContain('학업 태도 및 성취 12분');
    expect(sent).toContain('[학부모 상담 시나리오]');
    expectAll(await s.textOf(item.id), [
      '중학교',
      '1. 도입 (0~8분, 8분)',
      '와 주셔서 감사합니다.',
      '2-1. 학업 태도 및 성취 (8~20분, 12분)',
      '수학 수행평가에서 끈기를 보였습니다.',
      '※ 다른 학생과 비교하지 않기',
      '2-2. 진로 관심사 탐색 (20~32분, 12분)',
      '로봇 동아리',
      '3. 마무리 (32~40분, 8분)',
      '교육부 고시 제2023-28호',
    ]);
  });
});
