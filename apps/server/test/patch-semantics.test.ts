import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';

/** Updates patch (see the API description): what a body leaves out survives; null clears. */
let t: TestApp;
let world: DemoWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

async function call(
  persona: 'teacher' | 'superAdmin',
  method: 'GET' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({ method, url, payload: payload as object, headers: await world.headersFor(persona) });
}

describe('PUT patches', () => {
  it('keeps the profile fields a teacher did not send, and clears the one sent as null', async () => {
    const full = { name: '김하늘', nickName: '하늘쌤', title: '3학년 부장', profile: '과학을 좋아합니다.' };
    expect((await call('teacher', 'PUT', '/api/v1/users/info', full)).statusCode).toBe(200);
    expect((await call('teacher', 'PUT', '/api/v1/users/info', { nickName: '하늘' })).statusCode).toBe(200);
    expect((await call('teacher', 'PUT', '/api/v1/users/info', { profile: null })).statusCode).toBe(200);
    const info = (await call('teacher', 'GET', '/api/v1/users/info')).json() as Record<string, unknown>;
    const user = (info.userInfo ?? info) as Record<string, unknown>;
    expect(user).toMatchObject({ name: '김하늘', nickName: '하늘', title: '3학년 부장' });
    expect(user.profile ?? null).toBeNull();
  });

  it("keeps a tool's fields that an edit of its label did not send", async () => {
    const list = (await call('superAdmin', 'GET', '/api/v1/tool/list')).json() as unknown;
    const tools = (Array.isArray(list) ? list : ((list as { items?: unknown[] }).items ?? [])) as {
      id: number;
    }[];
    const id = tools[0]?.id;
    expect(id).toBeDefined();
    const before = (await call('superAdmin', 'GET', `/api/v1/tool/${id}`)).json() as Record<string, unknown>;
    const edited = await call('superAdmin', 'PUT', `/api/v1/tool/${id}`, { labelKo: '새 이름' });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await call('superAdmin', 'GET', `/api/v1/tool/${id}`)).json() as Record<string, unknown>;
    // `label` is the name in the reader's language: the Korean one just edited (the super
    // administrator also reads `labelKo` itself).
    const { label: _label, labelKo: _labelKo, updatedAt: _updated, ...kept } = before;
    expect(after).toMatchObject({ ...kept, label: '새 이름', labelKo: '새 이름' });
  });

  it("keeps a teacher's chat settings that a change of one did not send", async () => {
    const all = {
      fontSize: 'large',
      sendWithEnter: false,
      showReasoning: false,
      language: 'en',
      streamRate: 3,
    };
    expect((await call('teacher', 'PUT', '/api/v1/user-settings', all)).statusCode).toBe(200);
    const changed = await call('teacher', 'PUT', '/api/v1/user-settings', { fontSize: 'small' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ ...all, fontSize: 'small' });
  });
});
