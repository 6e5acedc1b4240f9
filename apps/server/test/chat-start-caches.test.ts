import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../src/platform/events/event-bus.ts';
import { createRedisEventBus } from '../src/platform/events/redis-event-bus.ts';
import { createSharedCache } from '../src/platform/events/shared-cache.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';

// What a chat message reads when it starts (account state, licence, roster names) is kept or
// compiled once; every change to one of them must reach the very next message.

let t: TestApp;
let world: DemoWorld;
let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
  t = await buildTestApp({ AI_BASE_URL: llm.url, AI_MODEL: 'fake-model' });
  world = await buildDemoWorld(t);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

async function ask(persona: 'teacher' | 'sameSchoolTeacher', text: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/agents/chat/openAI',
    headers: await world.headersFor(persona),
    payload: { text, parentMessageId: '00000000-0000-0000-0000-000000000000' },
  });
}

const api = async (persona: 'teacher' | 'admin', method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: await world.headersFor(persona), payload: payload as object });

describe('chat start: kept reads are dropped when they change', () => {
  it('a pupil added to the roster is kept from the model in the very next message', async () => {
    const question = (name: string) => `${name} 학생의 발표를 칭찬하는 말을 써 주세요`;
    expect((await ask('teacher', question('가나다'))).statusCode).toBe(200);
    // Read (and kept) before the pupil exists: the name went out as it was.
    expect(JSON.stringify(llm.requests.at(-1)?.body)).toContain('가나다');
    const classroom = await api('teacher', 'POST', '/api/v1/classroom', {
      schoolYear: 2026,
      grade: 5,
      classNumber: 7,
    });
    expect(classroom.statusCode).toBe(201);
    const added = await api('teacher', 'POST', `/api/v1/classroom/${classroom.json().id}/students`, {
      students: [{ number: 1, name: '가나다', gender: 'F' }],
    });
    expect(added.statusCode).toBeLessThan(300);
    expect((await ask('teacher', question('가나다'))).statusCode).toBe(200);
    expect(JSON.stringify(llm.requests.at(-1)?.body)).not.toContain('가나다');
  });

  it('a disabled teacher is refused on her next message, with the same token', async () => {
    expect((await ask('sameSchoolTeacher', '첫 질문')).statusCode).toBe(200);
    const user = world.users.teacher3;
    if (!user) throw new Error('no teacher3');
    const disabled = await api('admin', 'PUT', `/api/v1/users/${user.id}/enabled`, { enabled: false });
    expect(disabled.statusCode).toBe(200);
    expect((await ask('sameSchoolTeacher', '두 번째 질문')).statusCode).toBe(401);
    await api('admin', 'PUT', `/api/v1/users/${user.id}/enabled`, { enabled: true });
  });

  it('an exhausted licence refuses the next message at once, and leaves nothing saved', async () => {
    const teacher = world.users.teacher;
    if (!teacher) throw new Error('no teacher');
    expect((await ask('teacher', '한도 전 질문')).statusCode).toBe(200);
    const before = await t.database.db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', teacher.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('userLicense')
      .set({ tokenLimit: 100, tokenUsed: 100 })
      .where('userId', '=', teacher.id)
      .execute();
    const refused = await ask('teacher', '한도 후 질문');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json().code).toMatch(/^E_LICENSE_00[12]$/);
    const after = await t.database.db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('shared cache', () => {
  it('does not keep a value read while a change was being made', async () => {
    const cache = createSharedCache<number, string>({ bus: createMemoryEventBus(), channel: 'c' });
    await cache.ready;
    let release: () => void = () => {};
    const reading = cache.get(1, () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    await cache.invalidate(1);
    release();
    expect(await reading).toBe('old');
    expect(await cache.get(1, async () => 'new')).toBe('new');
  });

  describe.runIf(process.env.TEST_REDIS_URL)('over Redis', () => {
    it('a change on one instance drops the value on the other', async () => {
      const prefix = `test-cache-${Date.now().toString(36)}:`;
      const url = process.env.TEST_REDIS_URL ?? '';
      const [busA, busB] = [createRedisEventBus(url, prefix), createRedisEventBus(url, prefix)];
      const a = createSharedCache<number, string>({ bus: busA, channel: 'names' });
      const b = createSharedCache<number, string>({ bus: busB, channel: 'names' });
      await Promise.all([a.ready, b.ready]);
      expect(await b.get(7, async () => 'before')).toBe('before');
      expect(await b.get(7, async () => 'unread')).toBe('before');
      await a.invalidate(7);
      for (let i = 0; i < 50 && (await b.get(7, async () => 'after')) !== 'after'; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await b.get(7, async () => 'unread')).toBe('after');
      await busA.close();
      await busB.close();
    });
  });
});
