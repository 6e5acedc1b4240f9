import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClassRecordsContext, type ClassRecordsContext } from './class-records-context.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';

interface RecordBody {
  id: number;
  content: string;
  bytes: number;
  area: string;
  subject: string;
  abilities: { view: boolean; edit: boolean; delete: boolean };
}

const NOTES = {
  keywords: '책임감, 배려',
  notes: '모둠 활동에서 친구들의 의견을 끝까지 들어준다. 청소 시간에 맡은 일을 스스로 한다.',
  activities: '학급 도서 도우미\n과학의 날 탐구 발표',
};

describe('student records (offline)', () => {
  let c: ClassRecordsContext;
  beforeAll(async () => {
    c = await buildClassRecordsContext();
  });
  afterAll(() => c.t.close());

  it('writes, reads, updates and deletes a record, private to its author and the school admin', async () => {
    const { classroom, students } = await c.classWithStudents(3);
    const student = students[0];
    const created = await c.request('teacher', 'POST', '/api/v1/student-records', {
      studentId: student?.id,
      area: 'BEHAVIOR',
      content: '배려심이 깊음.',
    });
    expect(created.status).toBe(201);
    const record = (await created.json()) as RecordBody;
    expect(record).toMatchObject({
      area: 'BEHAVIOR',
      subject: '',
      bytes: 3 * 6 + 2,
      abilities: { edit: true },
    });
    const again = await c.request('teacher', 'POST', '/api/v1/student-records', {
      studentId: student?.id,
      area: 'BEHAVIOR',
      content: 'x',
    });
    expect((await again.json()).details[0].message).toBe(
      '이 영역의 기록이 이미 있습니다. 기존 기록을 고쳐 주세요.',
    );
    const noSubject = await c.request('teacher', 'POST', '/api/v1/student-records', {
      studentId: student?.id,
      area: 'SUBJECT',
      content: 'x',
    });
    expect((await noSubject.json()).details[0].message).toBe('세부능력 및 특기사항은 과목을 선택해주세요.');

    const saved = await c.json<RecordBody>('teacher', 'PUT', `/api/v1/student-records/${record.id}`, {
      content: '배려심이 깊고 성실함.',
    });
    expect(saved.content).toBe('배려심이 깊고 성실함.');
    expect(
      (await c.json<RecordBody>('teacher', 'GET', `/api/v1/student-records/library/${record.id}`)).content,
    ).toBe(saved.content);

    const asAdmin = await c.json<RecordBody>('admin', 'GET', `/api/v1/student-records/${record.id}`);
    expect(asAdmin.abilities).toEqual({ view: true, edit: false, delete: true });
    expect(
      (await c.request('admin', 'PUT', `/api/v1/student-records/${record.id}`, { content: '고침' })).status,
    ).toBe(403);
    for (const persona of [
      'sameSchoolTeacher',
      'otherSchoolTeacher',
      'otherSchoolAdmin',
      'superAdmin',
    ] as const) {
      expect((await c.request(persona, 'GET', `/api/v1/student-records/${record.id}`)).status, persona).toBe(
        404,
      );
    }
    expect((await c.request('student', 'GET', `/api/v1/student-records/${record.id}`)).status).toBe(403);

    const workspace = await c.json<{ students: { id: number; records: RecordBody[] }[] }>(
      'teacher',
      'GET',
      `/api/v1/student-records?classroomId=${classroom.id}`,
    );
    expect(workspace.students).toHaveLength(3);
    expect(workspace.students[0]?.records.map((r) => r.id)).toEqual([record.id]);
    expect(await c.json('teacher', 'GET', `/api/v1/student-records?studentId=${student?.id}`)).toHaveLength(
      1,
    );

    expect((await c.request('teacher', 'DELETE', `/api/v1/student-records/${record.id}`)).status).toBe(200);
    expect((await c.request('teacher', 'GET', `/api/v1/student-records/${record.id}`)).status).toBe(404);
  });

  it('never puts records in the library or its search', async () => {
    const { students } = await c.classWithStudents(1);
    await c.json('teacher', 'POST', '/api/v1/student-records', {
      studentId: students[0]?.id,
      area: 'CAREER',
      content: '로봇공학자의 꿈을 키우며 코딩 동아리에서 자율주행 자동차를 만듦.',
    });
    const items = await c.db
      .selectFrom('libraryItem')
      .select('id')
      .where('input', 'like', '%자율주행%')
      .execute();
    expect(items).toEqual([]);
    const search = await c.json<{ items: unknown[] }>(
      'teacher',
      'GET',
      `/api/v1/library/search?keyword=${encodeURIComponent('자율주행')}`,
    );
    expect(search.items).toEqual([]);
  });

  it('lists the areas with their NEIS limits and the subjects of the class grade', async () => {
    const { classroom } = await c.classWithStudents(0);
    const items = await c.json<{ areas: { area: string; byteLimit: number }[]; subjects: string[] }>(
      'teacher',
      'GET',
      `/api/v1/student-records/items?classroomId=${classroom.id}`,
    );
    expect(items.areas.map((a) => [a.area, a.byteLimit])).toEqual([
      ['BEHAVIOR', 1500],
      ['SUBJECT', 1500],
      ['AUTONOMY', 1500],
      ['CLUB', 1500],
      ['CAREER', 2100],
    ]);
    expect(items.subjects).toEqual(expect.arrayContaining(['국어', '수학', '과학']));
  });

  it('checks a text without generating: bytes, banned items with reasons, endings, spelling', async () => {
    for (const url of ['/api/v1/student-records/check', '/generate/check-student-record']) {
      const result = await c.json<{
        bytes: number;
        overLimit: boolean;
        banned: { label: string; reason: string; text: string }[];
        endings: { ending: string; suggestion: string }[];
        spelling: { original: string; suggestion: string }[];
      }>('teacher', 'POST', url, {
        area: 'BEHAVIOR',
        text: '토익 900점을 받았다. 친구를 잘 도와줌. 준비가 다 됬음.',
      });
      expect(result.banned[0]).toMatchObject({ label: '공인어학시험', text: '토익' });
      expect(result.banned[0]?.reason).toContain('적을 수 없음');
      expect(result.endings).toEqual([expect.objectContaining({ ending: '받았다', suggestion: '받았음' })]);
      expect(result.spelling.map((s) => [s.original, s.suggestion])).toContainEqual(['됬', '됐']);
      expect(result.overLimit).toBe(false);
    }
  });

  it('drafts from the notes offline, says so in one sentence, and saves nothing until the teacher does', async () => {
    const { students } = await c.classWithStudents(2);
    const student = students[0];
    const existing = await c.json<RecordBody>('teacher', 'POST', '/api/v1/student-records', {
      studentId: student?.id,
      area: 'BEHAVIOR',
      content: '교사가 쓴 글.',
    });
    for (const url of ['/api/v1/student-records/drafts', '/generate/student-record']) {
      const draft = await c.json<{
        id: number;
        status: string;
        text: string;
        engine: string;
        notice: string;
        bytes: number;
        byteLimit: number;
      }>('teacher', 'POST', url, { studentId: student?.id, area: 'BEHAVIOR', ...NOTES });
      expect(draft).toMatchObject({ status: 'done', engine: 'offline', byteLimit: 1500 });
      expect(draft.notice).toBe('AI 연결 없이 입력하신 관찰 내용으로 기본 초안을 만들었어요.');
      expect(draft.text).toBe(
        '책임감, 배려가 돋보이는 학생임. 모둠 활동에서 친구들의 의견을 끝까지 들어줌. 청소 시간에 맡은 일을 스스로 함. 학급 도서 도우미 활동에 참여함. 과학의 날 탐구 발표 활동에 참여함.',
      );
      expect(draft.bytes).toBeLessThanOrEqual(1500);
      expect(
        (await c.json<RecordBody>('teacher', 'GET', `/api/v1/student-records/${existing.id}`)).content,
      ).toBe('교사가 쓴 글.');
      expect(
        (await c.request('sameSchoolTeacher', 'GET', `/api/v1/student-records/drafts/${draft.id}`)).status,
      ).toBe(404);
      const decided = await c.json<{ text: string }>(
        'teacher',
        'POST',
        `/api/v1/student-records/drafts/${draft.id}/${url.includes('generate') ? 'reject' : 'accept'}`,
      );
      expect(decided.text).toBe(draft.text);
      expect((await c.request('teacher', 'GET', `/api/v1/student-records/drafts/${draft.id}`)).status).toBe(
        404,
      );
    }
    expect(
      (await c.json<RecordBody>('teacher', 'GET', `/api/v1/student-records/${existing.id}`)).content,
    ).toBe('교사가 쓴 글.');
    const empty = await c.request('teacher', 'POST', '/api/v1/student-records/drafts', {
      studentId: student?.id,
      area: 'BEHAVIOR',
    });
    expect((await empty.json()).details[0].message).toBe(
      '관찰한 내용(키워드, 메모, 활동)을 하나 이상 입력해주세요.',
    );
    expect(
      (
        await c.request('sameSchoolTeacher', 'POST', '/api/v1/student-records/drafts', {
          studentId: student?.id,
          area: 'BEHAVIOR',
          ...NOTES,
        })
      ).status,
    ).toBe(404);
  });

  it('drafts only for a teacher with a valid licence, as every AI tool; writing the record needs none', async () => {
    const { students } = await c.classWithStudents(1, 'unlicensed');
    const student = students[0];
    const refused = await c.request('unlicensed', 'POST', '/api/v1/student-records/drafts', {
      studentId: student?.id,
      area: 'BEHAVIOR',
      ...NOTES,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('E_LICENSE_001');
    expect(
      await c.db
        .selectFrom('studentRecordDraft')
        .select('id')
        .where('studentId', '=', student?.id ?? 0)
        .execute(),
    ).toEqual([]);
    const written = await c.request('unlicensed', 'POST', '/api/v1/student-records', {
      studentId: student?.id,
      area: 'BEHAVIOR',
      content: '성실함.',
    });
    expect(written.status).toBe(201);
  });

  it('exports all data of one pupil and erases it, keeping the log entry with a masked name', async () => {
    const { classroom, students } = await c.classWithStudents(2);
    const student = students[1];
    await c.json('teacher', 'POST', '/api/v1/student-records', {
      studentId: student?.id,
      area: 'CLUB',
      content: '합창 동아리에서 화음을 맞춤.',
    });
    const exported = await c.request(
      'teacher',
      'GET',
      `/api/v1/classroom/${classroom.id}/students/${student?.id}/export`,
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    const data = await exported.json();
    expect(data.student).toMatchObject({ id: student?.id, name: student?.name });
    expect(data.records.map((r: RecordBody) => r.content)).toEqual(['합창 동아리에서 화음을 맞춤.']);
    expect(data.accessLog.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['student.add', 'record.create']),
    );
    expect(
      (
        await c.request(
          'sameSchoolTeacher',
          'DELETE',
          `/api/v1/classroom/${classroom.id}/students/${student?.id}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (await c.request('teacher', 'DELETE', `/api/v1/classroom/${classroom.id}/students/${student?.id}`))
        .status,
    ).toBe(200);
    expect(
      await c.db
        .selectFrom('studentRecord')
        .select('id')
        .where('studentId', '=', student?.id ?? 0)
        .execute(),
    ).toEqual([]);
    const log = await c.json<{ items: { action: string; studentLabel: string }[] }>(
      'admin',
      'GET',
      `/api/v1/classroom/access-log?studentId=${student?.id}&pageSize=100`,
    );
    expect(log.items[0]?.action).toBe('student.erase');
    const masked = `2번 ${[...(student?.name ?? '')][0]}○`;
    for (const item of log.items) expect(item.studentLabel.startsWith(masked)).toBe(true);
    expect(JSON.stringify(log)).not.toContain(student?.name);
  });

  it('logs every read, change and draft of a record', async () => {
    const { classroom, students } = await c.classWithStudents(1);
    const student = students[0];
    const record = await c.json<RecordBody>('teacher', 'POST', '/api/v1/student-records', {
      studentId: student?.id,
      area: 'AUTONOMY',
      content: '학급 회의를 이끎.',
    });
    await c.json('teacher', 'GET', `/api/v1/student-records?classroomId=${classroom.id}`);
    await c.json('teacher', 'PUT', `/api/v1/student-records/${record.id}`, {
      content: '학급 회의를 이끌며 의견을 모음.',
    });
    const draft = await c.json<{ id: number }>('teacher', 'POST', '/api/v1/student-records/drafts', {
      studentId: student?.id,
      area: 'AUTONOMY',
      ...NOTES,
    });
    await c.json('teacher', 'GET', `/api/v1/student-records/drafts/${draft.id}`);
    await c.json('teacher', 'POST', `/api/v1/student-records/drafts/${draft.id}/reject`);
    await c.json('admin', 'GET', `/api/v1/student-records/${record.id}`);
    await c.request('teacher', 'DELETE', `/api/v1/student-records/${record.id}`);
    const log = await c.json<{ items: { action: string; actorName: string; detail: string | null }[] }>(
      'admin',
      'GET',
      `/api/v1/classroom/access-log?studentId=${student?.id}&pageSize=100`,
    );
    expect(log.items.map((i) => i.action).reverse()).toEqual([
      'student.add',
      'record.create',
      'record.view',
      'record.update',
      'record.draft',
      'record.view',
      'record.draft.reject',
      'record.view',
      'record.delete',
    ]);
    expect(log.items.find((i) => i.action === 'record.view')?.actorName).toBe(c.users.admin?.name);
    expect(log.items.find((i) => i.action === 'record.update')?.detail).toBe('자율·자치활동');
    expect(log.items.map((i) => i.detail)).toContain('자율·자치활동 AI 초안');
  });
});

describe('student records with a model', () => {
  let c: ClassRecordsContext;
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
    c = await buildClassRecordsContext({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await c.t.close();
    await fake.close();
  });

  it('never sends a pupil’s or a classmate’s name to the model, restores them, and keeps the draft within the limit', async () => {
    const { students } = await c.classWithStudents(3);
    const [pupil, classmate] = students;
    const given = pupil?.name.slice(1) ?? '';
    fake.enqueue({
      content: JSON.stringify({
        text: `[학생1]은 [학생2]와 협력하여 발표를 준비함. ${'성실하게 참여함. '.repeat(200)}`,
      }),
    });
    const draft = await c.json<{
      status: string;
      text: string;
      engine: string;
      notice: string | null;
      bytes: number;
    }>('teacher', 'POST', '/generate/student-record', {
      studentId: pupil?.id,
      area: 'BEHAVIOR',
      keywords: '협력',
      notes: `${given}이가 ${classmate?.name}와 함께 발표를 준비함.`,
      activities: '',
    });
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).not.toContain(pupil?.name);
    expect(sent).not.toContain(given);
    expect(sent).not.toContain(classmate?.name);
    expect(sent).toContain('[학생1]');
    expect(sent).toContain('행동특성 및 종합의견');
    expect(draft).toMatchObject({ status: 'done', engine: 'model', notice: null });
    expect(draft.text.startsWith(`${given}은 ${classmate?.name}와 협력하여`)).toBe(true);
    expect(draft.bytes).toBeLessThanOrEqual(1500);
    expect(draft.text.endsWith('함.')).toBe(true);
  });

  it('masks roster names in chat too', async () => {
    const { students } = await c.classWithStudents(1);
    fake.enqueue({ text: ['알겠습니다.'] });
    const res = await c.request('teacher', 'POST', '/api/agents/chat/openAI', {
      text: `${students[0]?.name} 학생 칭찬 문구를 써 줘`,
      sender: 'User',
      isCreatedByUser: true,
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      messageId: crypto.randomUUID(),
      endpoint: 'openAI',
      model: 'fake-model',
    });
    await res.text();
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain('[학생1]');
    expect(sent).not.toContain(students[0]?.name);
  });
});
