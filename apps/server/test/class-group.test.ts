import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Member {
  name: string;
  gender: 'M' | 'F' | null;
  level: string | null;
}
interface Item {
  id: number;
  status: number;
  title: string;
  visibility: string;
  result: {
    groups: { name: string; members: Member[]; explanation: string }[];
    violations: string[];
    summary: string;
    seed: number;
  } | null;
  input: {
    title: string;
    request: string;
    constraints: { groupSize: number };
    students: Member[];
    seed: number;
  };
  abilities: { edit: boolean };
}

const BASE = '/api/v1/class-group';
const setup = (env: Record<string, string>) => buildToolTestContext<Item>(BASE, env);

const ROSTER: Member[] = [
  ['민준', 'M', '상'],
  ['서연', 'F', '중'],
  ['도윤', 'M', '하'],
  ['하은', 'F', '상'],
  ['시우', 'M', '중'],
  ['지유', 'F', '하'],
  ['주원', 'M', '상'],
  ['서윤', 'F', '중'],
  ['하준', 'M', '하'],
  ['지우', 'F', '상'],
  ['예준', 'M', '중'],
  ['채원', 'F', '하'],
].map(([name, gender, level]) => ({ name, gender, level }) as Member);

const form = (overrides: Record<string, unknown> = {}) => ({
  title: '3학년 2반 과학 모둠',
  students: ROSTER,
  constraints: {
    groupSize: 4,
    mixGender: true,
    spreadLevel: true,
    apart: [['민준', '도윤']],
    together: [['서연', '지우']],
  },
  request: '네 명씩, 민준과 도윤은 떨어뜨리고 서연과 지우는 같은 모둠으로',
  seed: 42,
  ...overrides,
});

describe('모둠 편성 without a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
  });
  afterAll(() => ctx.t.close());

  it('forms groups through the pipeline, keeps the constraints, explains each group, and is private by default', async () => {
    const item = await ctx.createAndWait(form());
    expect(item.status).toBe(3);
    expect(item.visibility).toBe('PRIVATE');
    const groups = item.result?.groups ?? [];
    expect(groups.map((g) => g.members.length)).toEqual([4, 4, 4]);
    expect(groups.flatMap((g) => g.members.map((m) => m.name)).sort()).toEqual(
      ROSTER.map((s) => s.name).sort(),
    );
    const groupOf = (name: string) => groups.findIndex((g) => g.members.some((m) => m.name === name));
    expect(groupOf('서연')).toBe(groupOf('지우'));
    expect(groupOf('민준')).not.toBe(groupOf('도윤'));
    for (const group of groups) {
      expect(group.members.some((m) => m.gender === 'M')).toBe(true);
      expect(group.members.some((m) => m.gender === 'F')).toBe(true);
      expect(group.explanation).toMatch(/남학생 \d명과 여학생 \d명이 함께해요\./);
    }
    expect(groups[groupOf('서연')]?.explanation).toContain('서연과 지우를 함께 두었어요.');
    expect(item.result?.violations).toEqual([]);
    expect(item.result?.summary).toBe(
      '학생 12명을 3모둠(4명 모둠 3개)으로 나누었어요. 남녀를 고르게 섞고 수준을 모둠마다 고르게 나누고 함께 둘 1쌍을 묶고 떨어뜨릴 1쌍을 나누었어요.',
    );
    // The same form and seed: the same groups.
    const again = await ctx.createAndWait(form());
    expect(again.result?.groups).toEqual(item.result?.groups);
  });

  it('keeps the whole form with the item and reopens it for recreate; a changed form is solved anew', async () => {
    const item = await ctx.createAndWait(form());
    expect(item.input).toMatchObject({
      title: '3학년 2반 과학 모둠',
      request: '네 명씩, 민준과 도윤은 떨어뜨리고 서연과 지우는 같은 모둠으로',
      constraints: { groupSize: 4 },
      seed: 42,
    });
    expect(item.input.students).toHaveLength(12);
    // Without a changed form: the next seed.
    expect((await ctx.request('teacher', 'POST', `${BASE}/${item.id}/re-create`)).status).toBe(200);
    const reseeded = await ctx.waitDone(item.id);
    expect(reseeded.input.seed).toBe(43);
    expect(reseeded.result?.seed).toBe(43);
    // With a changed form: three to a group.
    const changed = await ctx.request('teacher', 'POST', `${BASE}/${item.id}/re-create`, {
      input: { ...item.input, title: '세 명씩', constraints: { ...item.input.constraints, groupSize: 3 } },
    });
    expect(changed.status).toBe(200);
    const regrouped = await ctx.waitDone(item.id);
    expect(regrouped.title).toBe('세 명씩');
    expect(regrouped.result?.groups.map((g) => g.members.length)).toEqual([3, 3, 3, 3]);
    const invalid = await ctx.request('teacher', 'POST', `${BASE}/${item.id}/re-create`, {
      input: { ...item.input, title: '' },
    });
    expect(invalid.status).toBe(400);
  });

  it('saves groups rearranged by drag and drop, re-explained; refuses a pupil lost or placed twice', async () => {
    const item = await ctx.createAndWait(form({ constraints: { groupSize: 4, mixGender: true } }));
    const groups = (item.result?.groups ?? []).map((g) => ({ name: g.name, members: [...g.members] }));
    const moved = groups[0]?.members.pop();
    if (!moved) throw new Error('no member');
    groups[1]?.members.push(moved);
    groups[2] = { name: '과학 탐구 모둠', members: groups[2]?.members ?? [] };
    const saved = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, { groups });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as Item;
    expect(body.result?.groups.map((g) => g.members.length)).toEqual([3, 5, 4]);
    expect(body.result?.groups[2]?.name).toBe('과학 탐구 모둠');
    expect(body.result?.summary).toContain('5명 모둠 1개, 4명 모둠 1개, 3명 모둠 1개');
    const lost = groups.map((g, i) => (i === 0 ? { ...g, members: g.members.slice(1) } : g));
    expect((await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, { groups: lost })).status).toBe(400);
    const twice = groups.map((g, i) => (i === 0 ? { ...g, members: [...g.members, moved] } : g));
    const refused = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, { groups: twice });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('명단에 있는 학생을 한 번씩만 배치해주세요.');
  });

  it('exports the groups as an HWPX table with the names in it', async () => {
    const item = await ctx.createAndWait(form());
    const response = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('.hwpx');
    const zip = await JSZip.loadAsync(new Uint8Array(await response.arrayBuffer()));
    const section = await zip.file('Contents/section0.xml')?.async('string');
    expect(section).toContain('1모둠');
    expect(section).toContain('민준');
    expect(section).toContain('서연과 지우를 함께 두었어요.');
    const pdf = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export?format=pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
  });

  it('forms groups from a class of My Class, its roster read under the class policy', async () => {
    const headers = { ...(await ctx.world.headersFor('teacher')), 'content-type': 'application/json' };
    const classroom = (await (
      await fetch(`${ctx.t.origin}/api/v1/classroom`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ schoolYear: 2026, grade: 3, classNumber: 7 }),
      })
    ).json()) as { id: number };
    const students = ['가온', '나래', '다솜', '라온', '마루', '바다'].map((name, i) => ({
      number: i + 1,
      name,
      gender: i % 2 ? 'F' : 'M',
    }));
    const added = await fetch(`${ctx.t.origin}/api/v1/classroom/${classroom.id}/students`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ students }),
    });
    expect(added.status).toBeLessThan(300);
    const item = await ctx.createAndWait({
      title: '7반 모둠',
      classroomId: classroom.id,
      students: [{ name: '가온', level: '상' }],
      constraints: { groupSize: 3 },
    });
    expect(item.result?.groups.flatMap((g) => g.members.map((m) => m.name)).sort()).toEqual(
      students.map((s) => s.name).sort(),
    );
    expect(item.result?.groups.flatMap((g) => g.members).find((m) => m.name === '가온')?.level).toBe('상');
    // Another school's teacher may not use the class.
    const refused = await ctx.request('otherSchoolTeacher', 'POST', BASE, {
      title: '남의 반',
      classroomId: classroom.id,
    });
    expect(refused.status).toBe(404);
  });

  it('refuses the form with Korean messages, students, and teachers without a licence', async () => {
    const details = async (body: unknown) =>
      JSON.stringify(await (await ctx.request('teacher', 'POST', BASE, body)).json());
    expect(await details(form({ title: '' }))).toContain('제목을 입력해주세요.');
    expect(await details(form({ students: [ROSTER[0]] }))).toContain('학생을 두 명 이상 입력해주세요.');
    expect(await details(form({ students: [ROSTER[0], ROSTER[0]] }))).toContain(
      '이름이 같은 학생이 있습니다.',
    );
    expect((await ctx.request('student', 'POST', BASE, form())).status).toBe(403);
    const unlicensed = await ctx.request('unlicensed', 'POST', BASE, form());
    expect(unlicensed.status).toBe(403);
    expect(((await unlicensed.json()) as { code: string }).code).toBe('E_LICENSE_001');
    expect(
      (await ctx.request('unlicensed', 'POST', `${BASE}/generate/ClassGroup`, { text: '4명씩' })).status,
    ).toBe(403);
  });

  it('reads the teacher sentence into constraints by rules, saying so', async () => {
    const response = await ctx.request('teacher', 'POST', `${BASE}/generate/ClassGroup`, {
      text: '다섯 명씩 남녀 섞어서, 민준과 도윤은 떨어뜨려 주세요',
      names: ROSTER.map((s) => s.name),
    });
    expect(response.status).toBe(200);
    const parsed = (await response.json()) as {
      constraints: Record<string, unknown>;
      engine: string;
      understood: string[];
    };
    expect(parsed.engine).toBe('rules');
    expect(parsed.constraints).toMatchObject({ groupSize: 5, mixGender: true, apart: [['민준', '도윤']] });
    expect(parsed.understood).toContain('민준과 도윤은 다른 모둠에 둡니다.');
  });
});

describe('모둠 편성 with a model', () => {
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

  it('lets the model read the sentence with placeholders for names, and keeps only pairs from the list', async () => {
    fake.enqueue({
      content: JSON.stringify({
        groupSize: 3,
        mixGender: true,
        spreadLevel: null,
        apart: [
          ['[학생1]', '[학생2]'],
          ['[학생1]', '누군가'],
        ],
        together: [],
        understood: ['[학생1]과 [학생2]는 다른 모둠에 둡니다.'],
      }),
    });
    const response = await ctx.request('teacher', 'POST', `${BASE}/generate/ClassGroup`, {
      text: '세 명씩, 민준이랑 서연이는 꼭 떨어뜨려 주세요',
      names: ROSTER.map((s) => s.name),
    });
    expect(response.status).toBe(200);
    const parsed = (await response.json()) as {
      constraints: { groupSize: number; apart: string[][] };
      engine: string;
      understood: string[];
    };
    expect(parsed.engine).toBe('model');
    expect(parsed.constraints.groupSize).toBe(3);
    expect(parsed.constraints.apart).toEqual([['민준', '서연']]);
    expect(parsed.understood[0]).toContain('민준');
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    for (const student of ROSTER) expect(sent).not.toContain(student.name);
  });

  it('never sends the roster to the model when forming groups', async () => {
    const before = fake.requests.length;
    const item = await ctx.createAndWait(form());
    expect(item.result?.groups).toHaveLength(3);
    expect(fake.requests.length).toBe(before);
  });
});
