import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedToolCatalogue } from '../src/db/seed/tools.seed.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';

let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

const PERSONAS: AnyPersona[] = [
  'anonymous',
  'student',
  'teacher',
  'otherSchoolTeacher',
  'admin',
  'superAdmin',
];

const call = async (
  persona: AnyPersona,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  language = 'ko',
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(await world.headersFor(persona)), 'accept-language': language },
    ...(payload ? { payload } : {}),
  });

const newTool = (codeName: string) => ({
  codeName,
  colour: '#112233',
  icon: 'star',
  labelKo: '새 도구',
  labelEn: 'New tool',
  route: 'new-tool',
});

describe('tool catalogue', () => {
  it('is seeded with every document tool, the lesson tool on prompt 8, in Korean and English', async () => {
    const list = (await call('teacher', 'GET', '/api/v1/tool/list')).json();
    expect(list.map((tool: { codeName: string }) => tool.codeName)).toEqual(
      expect.arrayContaining([
        'EVALUATION_PLAN',
        'LESSON',
        'SUMMARY',
        'FEEDBACK',
        'TEXT_CORRECTION',
        'PARENT_LETTER',
        'MEETING_MINUTES',
        'COUNSEL_PARENT_SCRIPT',
      ]),
    );
    const lesson = (await call('teacher', 'GET', '/api/v1/tool/list?codeName=LESSON')).json();
    expect(lesson).toHaveLength(1);
    expect(lesson[0]).toMatchObject({
      libraryType: 'LESSON',
      promptSeq: 8,
      label: '수업 만들기',
      kind: 'button',
    });
    const english = (
      await call('teacher', 'GET', '/api/v1/tool/list?codeName=LESSON', undefined, 'en')
    ).json();
    expect(english[0].label).toBe('Lesson');
    await seedToolCatalogue(t.database.db);
    expect((await call('teacher', 'GET', '/api/v1/tool/list')).json()).toHaveLength(list.length);
  });

  it('lets only the super administrator change it: a school administrator cannot change every school', async () => {
    const expected: Partial<Record<AnyPersona, number>> = {
      anonymous: 401,
      student: 403,
      teacher: 403,
      otherSchoolTeacher: 403,
      admin: 403,
      superAdmin: 201,
    };
    for (const persona of PERSONAS) {
      const res = await call(persona, 'POST', '/api/v1/tool', newTool(`NEW_${persona.toUpperCase()}`));
      expect(res.statusCode, persona).toBe(expected[persona]);
    }
    const reads: Partial<Record<AnyPersona, number>> = {
      anonymous: 401,
      student: 200,
      teacher: 200,
      otherSchoolTeacher: 200,
      admin: 200,
      superAdmin: 200,
    };
    for (const persona of PERSONAS) {
      expect((await call(persona, 'GET', '/api/v1/tool/list')).statusCode, persona).toBe(reads[persona]);
      const prompts = await call(persona, 'GET', '/api/v1/ai/prompt');
      expect(prompts.statusCode, persona).toBe(
        persona === 'superAdmin' ? 200 : persona === 'anonymous' ? 401 : 403,
      );
    }
  });

  it('refuses bad input, duplicate code names and renaming a code', async () => {
    expect(
      (await call('superAdmin', 'POST', '/api/v1/tool', { ...newTool('BAD_COLOUR'), colour: 'red' })).json()
        .details[0].message,
    ).toBe('색상은 #RRGGBB 형식입니다.');
    expect((await call('superAdmin', 'POST', '/api/v1/tool', newTool('LESSON'))).json().code).toBe(
      'E_TOOL_CODE_TAKEN',
    );
    const lesson = (await call('superAdmin', 'GET', '/api/v1/tool/list?codeName=LESSON')).json()[0];
    expect(
      (await call('superAdmin', 'PUT', `/api/v1/tool/${lesson.id}`, { codeName: 'LESSON_TWO' })).json().code,
    ).toBe('E_TOOL_CODE_IMMUTABLE');
    expect(
      (await call('superAdmin', 'PUT', `/api/v1/tool/${lesson.id}`, { promptSeq: 9999 })).statusCode,
    ).toBe(404);
  });

  it('cascades the display order and moves tools between parents', async () => {
    const before = (await call('superAdmin', 'GET', '/api/v1/tool/list'))
      .json()
      .filter((tool: { parentId: number | null }) => tool.parentId === null);
    const last = before.at(-1);
    const reordered = (await call('superAdmin', 'PUT', `/api/v1/tool/${last.id}/order`, { sort: 1 })).json();
    expect(reordered[0].id).toBe(last.id);
    expect(reordered.map((tool: { sort: number }) => tool.sort)).toEqual(
      reordered.map((_: unknown, i: number) => i + 1),
    );
    expect(reordered[1].id).toBe(before[0].id);
    const group = (
      await call('superAdmin', 'POST', '/api/v1/tool', { ...newTool('COUNSEL_GROUP'), kind: 'link' })
    ).json();
    const moved = (
      await call('superAdmin', 'PUT', `/api/v1/tool/${last.id}/parent`, { parentId: group.id })
    ).json();
    expect(moved).toMatchObject({ parentId: group.id, sort: 1 });
    const hidden = (await call('superAdmin', 'PUT', `/api/v1/tool/${group.id}`, { useYn: 'N' })).json();
    expect(hidden.useYn).toBe('N');
    expect((await call('teacher', 'GET', `/api/v1/tool/${group.id}`)).statusCode).toBe(404);
    expect(
      (await call('teacher', 'GET', '/api/v1/tool/list'))
        .json()
        .some((tool: { id: number }) => tool.id === group.id),
    ).toBe(false);
  });

  it('moves a group with its children, moves a child between groups, and keeps groups one level deep', async () => {
    type Row = { id: number; parentId: number | null; codeName: string; sort: number };
    const list = async (persona: AnyPersona = 'superAdmin'): Promise<Row[]> =>
      (await call(persona, 'GET', '/api/v1/tool/list')).json();
    const create = async (codeName: string, parentId: number | null = null): Promise<Row> =>
      (await call('superAdmin', 'POST', '/api/v1/tool', { ...newTool(codeName), parentId })).json();
    const groupA = await create('CASCADE_GROUP_A');
    const groupB = await create('CASCADE_GROUP_B');
    const childA1 = await create('CASCADE_CHILD_A1', groupA.id);
    const childA2 = await create('CASCADE_CHILD_A2', groupA.id);
    const childB1 = await create('CASCADE_CHILD_B1', groupB.id);
    expect([childA1.sort, childA2.sort, childB1.sort]).toEqual([1, 2, 1]);

    // Group B to the top: its child comes with it, right after it, for the teacher too.
    await call('superAdmin', 'PUT', `/api/v1/tool/${groupB.id}/order`, { sort: 1 });
    for (const persona of ['superAdmin', 'teacher'] as const) {
      const codes = (await list(persona)).map((tool) => tool.codeName);
      expect(codes.slice(0, 2), persona).toEqual(['CASCADE_GROUP_B', 'CASCADE_CHILD_B1']);
      expect(codes.indexOf('CASCADE_CHILD_A1'), persona).toBe(codes.indexOf('CASCADE_GROUP_A') + 1);
      expect(codes.indexOf('CASCADE_CHILD_A2'), persona).toBe(codes.indexOf('CASCADE_GROUP_A') + 2);
    }

    // A2 to the top of group B: B renumbered around it, A's gap closed.
    const moved = await call('superAdmin', 'PUT', `/api/v1/tool/${childA2.id}/parent`, {
      parentId: groupB.id,
      sort: 1,
    });
    expect(moved.json()).toMatchObject({ parentId: groupB.id, sort: 1 });
    const after = await list();
    const sortOf = (id: number) => after.find((tool) => tool.id === id)?.sort;
    expect([sortOf(childA2.id), sortOf(childB1.id), sortOf(childA1.id)]).toEqual([1, 2, 1]);

    // One level deep: no tool under a child, no group under another group, not under itself.
    for (const [id, parentId] of [
      [childA1.id, childB1.id],
      [groupA.id, groupB.id],
      [groupA.id, groupA.id],
    ] as const) {
      const refused = await call('superAdmin', 'PUT', `/api/v1/tool/${id}/parent`, { parentId });
      expect(refused.json().code).toBe('E_TOOL_NESTING');
    }
    expect(
      (
        await call('superAdmin', 'POST', '/api/v1/tool', { ...newTool('CASCADE_DEEP'), parentId: childB1.id })
      ).json().code,
    ).toBe('E_TOOL_NESTING');

    // The reorder is audited as the group's order before → after.
    const log = (
      await call('superAdmin', 'GET', `/api/v1/admin/audit-log?targetType=tool&targetId=${groupB.id}`)
    ).json();
    const entry = log.items.find((item: { action: string }) => item.action === 'tool.order');
    expect(entry.before.order.indexOf('CASCADE_GROUP_B')).toBeGreaterThan(0);
    expect(entry.after.order[0]).toBe('CASCADE_GROUP_B');
  });

  it('shows each tool to the roles it is meant for, and hides a hidden group with its children', async () => {
    const group = (
      await call('superAdmin', 'POST', '/api/v1/tool', {
        ...newTool('TEACHERS_ONLY'),
        visibleRoles: ['ROLE_TEACHER', 'ROLE_ADMIN'],
      })
    ).json();
    expect(group.visibleRoles).toEqual(['ROLE_ADMIN', 'ROLE_TEACHER']);
    const child = (
      await call('superAdmin', 'POST', '/api/v1/tool', {
        ...newTool('TEACHERS_ONLY_CHILD'),
        parentId: group.id,
      })
    ).json();
    const sees = async (persona: AnyPersona, id: number) =>
      (await call(persona, 'GET', '/api/v1/tool/list')).json().some((tool: { id: number }) => tool.id === id);
    expect(await sees('teacher', group.id)).toBe(true);
    expect(await sees('teacher', child.id)).toBe(true);
    // A student sees neither the group nor, through it, its child; reading one answers 404.
    expect(await sees('student', group.id)).toBe(false);
    expect(await sees('student', child.id)).toBe(false);
    expect((await call('student', 'GET', `/api/v1/tool/${child.id}`)).statusCode).toBe(404);
    // The teacher's list carries neither the other language nor the roles; the editor's does.
    const teacherView = (await call('teacher', 'GET', `/api/v1/tool/${group.id}`)).json();
    expect(teacherView.labelEn).toBeUndefined();
    expect(teacherView.visibleRoles).toBeUndefined();

    await call('superAdmin', 'PUT', `/api/v1/tool/${group.id}`, { useYn: 'N' });
    expect(await sees('teacher', child.id)).toBe(false);
    expect((await call('teacher', 'GET', `/api/v1/tool/${child.id}`)).statusCode).toBe(404);

    const invalid = await call('superAdmin', 'PUT', `/api/v1/tool/${group.id}`, {
      visibleRoles: [],
      route: 'https://elsewhere.example',
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['body.route', 'body.visibleRoles']);

    // The edit is audited in both languages, whatever the editor's own language.
    await call('superAdmin', 'PUT', `/api/v1/tool/${group.id}`, { labelEn: 'Teachers only' });
    const log = (
      await call('superAdmin', 'GET', `/api/v1/admin/audit-log?targetType=tool&targetId=${group.id}`)
    ).json();
    expect(log.items[0]).toMatchObject({
      action: 'tool.update',
      before: { labelEn: 'New tool' },
      after: { labelEn: 'Teachers only' },
    });
  });

  it('refuses every change to the global catalogue to school administrators and teachers', async () => {
    const expected: Partial<Record<AnyPersona, number>> = {
      anonymous: 401,
      student: 403,
      teacher: 403,
      otherSchoolTeacher: 403,
      admin: 403,
      otherSchoolAdmin: 403,
    };
    const before = (await call('superAdmin', 'GET', '/api/v1/tool/list')).json();
    for (const [persona, status] of Object.entries(expected) as [AnyPersona, number][]) {
      for (const [method, url, body] of [
        ['PUT', '/api/v1/tool/1', { labelKo: '바꿈' }],
        ['PUT', '/api/v1/tool/1/order', { sort: 3 }],
        ['PUT', '/api/v1/tool/1/parent', { parentId: 2 }],
      ] as const) {
        expect((await call(persona, method, url, body)).statusCode, `${persona} ${url}`).toBe(status);
      }
    }
    expect((await call('superAdmin', 'GET', '/api/v1/tool/list')).json()).toEqual(before);
  });

  it('keeps each tool prompt editable by the super administrator, and by no school administrator', async () => {
    for (const persona of ['admin', 'otherSchoolAdmin', 'teacher'] as const) {
      const refused = await call(persona, 'PUT', '/api/v1/ai/prompt/8', {
        systemPrompt: '학교 관리자가 모든 학교의 프롬프트를 바꿉니다.',
      });
      expect(refused.statusCode, persona).toBe(403);
      const toolRefused = await call(persona, 'PUT', '/api/v1/tool/1', { useYn: 'N' });
      expect(toolRefused.statusCode, persona).toBe(403);
    }
    const prompts = (await call('superAdmin', 'GET', '/api/v1/ai/prompt?useYn=Y')).json();
    const lessonPrompt = prompts.find((p: { seq: number }) => p.seq === 8);
    expect(lessonPrompt).toMatchObject({ toolCode: 'LESSON' });
    expect(lessonPrompt.systemPrompt).toContain('도입–전개–정리');
    const updated = await call('superAdmin', 'PUT', '/api/v1/ai/prompt/8', {
      systemPrompt: `${lessonPrompt.systemPrompt}\n- 학생 참여를 더 강조합니다.`,
    });
    expect(updated.json().systemPrompt).toContain('학생 참여를 더 강조합니다.');
    expect(
      (await call('superAdmin', 'PUT', '/api/v1/ai/prompt/8', { systemPrompt: '짧음' })).statusCode,
    ).toBe(400);
    const created = await call('superAdmin', 'POST', '/api/v1/ai/prompt', {
      name: '시험 프롬프트',
      systemPrompt: '시험용 시스템 프롬프트입니다. 스무 글자를 넘깁니다.',
    });
    expect(created.statusCode).toBe(201);
    expect((await call('superAdmin', 'GET', '/api/v1/ai/prompt/99999')).statusCode).toBe(404);
  });
});
