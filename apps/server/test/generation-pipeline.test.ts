import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';
import { readFrames } from './sse-client.ts';

// In-process queue and bus always; BullMQ and Redis pub/sub too when a Redis is named (CI).
const shapes: [string, Record<string, string>][] = [['in-process', {}]];
if (process.env.TEST_REDIS_URL) {
  shapes.push([
    'Redis',
    { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `test-${Date.now().toString(36)}` },
  ]);
}

describe.each(shapes)('document generation pipeline (%s)', (_shape, env) => {
  let t: TestApp & { origin: string };
  let world: DemoWorld;
  let release: () => void = () => undefined;
  let gate = Promise.resolve();

  beforeAll(async () => {
    t = await buildListeningApp(env);
    world = await buildDemoWorld(t);
    // A document tool of the tests' own: the real pipeline (item, job, worker, signal) runs around it.
    t.app.generation.register('TEST_DOCUMENT', async ({ input }) => {
      await gate;
      const { text } = input as { text: string };
      if (text === 'fail') throw new Error('모델이 응답하지 않았습니다.');
      return { content: { type: 'doc', text: text.toUpperCase() }, title: `${text} 문서` };
    });
  });
  afterAll(() => t.close());

  async function submit(text: string, key?: string) {
    const teacher = world.users.teacher;
    if (!teacher) throw new Error('missing');
    return t.app.generation.submit(
      {
        userId: teacher.id,
        subject: teacher.subject ?? '',
        username: 'teacher',
        name: '김하늘',
        roles: ['ROLE_TEACHER'],
        primaryRole: 'ROLE_TEACHER',
        schoolId: teacher.schoolId,
        sid: null,
      },
      {
        libraryType: 'TEST_DOCUMENT',
        materialType: 'document',
        title: text,
        input: { text },
        visibility: 'PUBLIC',
        editable: true,
        ...(key ? { idempotencyKey: key } : {}),
      },
    );
  }

  async function subscribe(
    id: number,
    persona: 'teacher' | 'otherSchoolTeacher' = 'teacher',
    timeout?: number,
    userId = world.users.teacher?.id,
  ) {
    return fetch(`${t.origin}/api/subscribe/${userId}/${id}${timeout ? `?timeout=${timeout}` : ''}`, {
      headers: await world.headersFor(persona),
    });
  }

  const item = (id: number) =>
    t.database.db.selectFrom('libraryItem').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('submit, signal, subscribe', () => {
    it('stores the item waiting, runs the job, and signals success to a waiting subscriber', async () => {
      gate = new Promise((resolve) => {
        release = resolve;
      });
      const { id } = await submit('hello');
      expect((await item(id)).status).toBeLessThanOrEqual(2);
      const response = await subscribe(id);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      release();
      const frames = await readFrames(response, () => false);
      expect(frames.at(-1)?.json).toEqual({ result: 'success', id });
      const done = await item(id);
      expect(done).toMatchObject({ status: 3, title: 'hello 문서' });
      expect(JSON.parse(done.content ?? '{}')).toEqual({ type: 'doc', text: 'HELLO' });
    });

    it('gives a subscriber that arrives after completion the signal at once', async () => {
      const { id } = await submit('late');
      for (let i = 0; i < 100 && (await item(id)).status !== 3; i++)
        await new Promise((r) => setTimeout(r, 20));
      const started = Date.now();
      const frames = await readFrames(await subscribe(id), () => false);
      expect(frames.at(-1)?.json).toEqual({ result: 'success', id });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('records a failure on the item and sends its catalogue code, not the exception’s own words', async () => {
      const { id } = await submit('fail');
      const frames = await readFrames(await subscribe(id), () => false);
      expect(frames.at(-1)?.json).toEqual({ result: 'error', id, message: 'COMMON' });
      expect(await item(id)).toMatchObject({ status: 1, error: 'COMMON' });
    });

    it('ends a wait that outlasts its timeout with a task-timeout error', async () => {
      gate = new Promise((resolve) => {
        release = resolve;
      });
      const { id } = await submit('slow');
      const frames = await readFrames(await subscribe(id, 'teacher', 1000), () => false);
      expect(frames.at(-1)?.event).toBe('error');
      expect(JSON.parse(frames.at(-1)?.data ?? '{}')).toEqual({ error: 'Task timeout' });
      release();
    });

    it('makes one document for a duplicate submit with the same idempotency key', async () => {
      const [a, b] = await Promise.all([submit('same', 'key-1'), submit('same', 'key-1')]);
      expect(a.id).toBe(b.id);
      // By key, not title: a fast worker may already have renamed the finished document.
      const rows = await t.database.db
        .selectFrom('libraryItem')
        .select('id')
        .where('idempotencyKey', 'like', '%:key-1')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it("answers 404 to a subscription to someone else's item, and 401 without a token", async () => {
      const { id } = await submit('mine');
      expect((await subscribe(id, 'otherSchoolTeacher', undefined, world.users.teacher2?.id)).status).toBe(
        404,
      );
      expect((await subscribe(id, 'otherSchoolTeacher')).status).toBe(404);
      expect((await fetch(`${t.origin}/api/subscribe/${world.users.teacher?.id}/${id}`)).status).toBe(401);
      expect((await subscribe(999_999)).status).toBe(404);
    });
  });
});
