import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { createMemoryEventBus, type EventBus } from '../src/platform/events/event-bus.ts';
import { createRedisEventBus } from '../src/platform/events/redis-event-bus.ts';
import { createDatabaseJobQueue } from '../src/platform/jobs/database-job-queue.ts';
import type { JobQueue } from '../src/platform/jobs/job-queue.ts';
import { createJobRepository } from '../src/platform/jobs/job-repository.ts';
import { createRedisJobQueue } from '../src/platform/jobs/redis-job-queue.ts';
import { createTestDatabase } from './test-database.ts';

// The Redis adapters run when a Redis is named (CI uses the machine's at 127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL;
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const adapters: [string, (concurrency: number) => JobQueue][] = [
  [
    'database queue',
    (concurrency) =>
      createDatabaseJobQueue({ repository: createJobRepository(database.db), concurrency, log }),
  ],
];
if (redisUrl) {
  adapters.push([
    'BullMQ on Redis',
    (concurrency) =>
      createRedisJobQueue({
        redisUrl,
        repository: createJobRepository(database.db),
        concurrency,
        runWorker: true,
        log,
        prefix: `test-${randomUUID().slice(0, 8)}`,
      }),
  ]);
}

describe.each(adapters)('%s', (_name, makeQueue) => {
  it('runs a job once, and a duplicate submit with the same key makes no second job', async () => {
    const queue = makeQueue(2);
    const seen: unknown[] = [];
    queue.register<{ n: number }>('count', async (job) => {
      seen.push(job.payload.n);
    });
    await queue.start();
    try {
      const key = randomUUID();
      const first = await queue.enqueue('count', { n: 1 }, { idempotencyKey: key });
      const second = await queue.enqueue('count', { n: 1 }, { idempotencyKey: key });
      expect(second).toEqual({ id: first.id, created: false });
      await until(
        async () => (await createJobRepository(database.db).find(first.id))?.status === 'completed',
      );
      await sleep(200);
      expect(seen).toEqual([1]);
    } finally {
      await queue.stop();
    }
  });

  it('retries a failing job up to its attempts, then records the failure', async () => {
    const queue = makeQueue(1);
    let calls = 0;
    queue.register('flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    await queue.start();
    try {
      const { id } = await queue.enqueue('flaky', {}, { maxAttempts: 2 });
      await until(async () => (await createJobRepository(database.db).find(id))?.status === 'failed');
      const row = await createJobRepository(database.db).find(id);
      expect(row).toMatchObject({ attempts: 2, error: 'boom 2' });
      expect(calls).toBe(2);
    } finally {
      await queue.stop();
    }
  });

  it('never runs more jobs at once than its concurrency', async () => {
    const queue = makeQueue(2);
    let active = 0;
    let peak = 0;
    queue.register('slow', async () => {
      active += 1;
      peak = Math.max(peak, active);
      await sleep(60);
      active -= 1;
    });
    await queue.start();
    try {
      const ids = await Promise.all(Array.from({ length: 6 }, () => queue.enqueue('slow', {})));
      await until(async () => {
        const rows = await Promise.all(ids.map(({ id }) => createJobRepository(database.db).find(id)));
        return rows.every((row) => row?.status === 'completed');
      });
      expect(peak).toBe(2);
    } finally {
      await queue.stop();
    }
  });

  it('runs again a job a stopped process left running', async () => {
    const repository = createJobRepository(database.db);
    const { id } = await repository.insert({ type: 'resume', payload: { x: 1 }, maxAttempts: 3 });
    await repository.claim(id); // a process took it, then died
    const queue = makeQueue(1);
    const seen: string[] = [];
    queue.register('resume', async (job) => {
      seen.push(job.id);
    });
    await queue.start();
    try {
      await until(async () => (await repository.find(id))?.status === 'completed');
      expect(seen).toEqual([id]);
    } finally {
      await queue.stop();
    }
  });
});

const buses: [string, () => EventBus][] = [['memory bus', () => createMemoryEventBus()]];
if (redisUrl)
  buses.push(['Redis bus', () => createRedisEventBus(redisUrl, `test-${randomUUID().slice(0, 8)}:`)]);

describe.each(buses)('%s', (name, makeBus) => {
  it('delivers to subscribers until they unsubscribe', async () => {
    const bus = makeBus();
    // Scaled out, the publisher is another process: a second bus stands for it.
    const publisher =
      name === 'Redis bus' && redisUrl
        ? createRedisEventBus(redisUrl, (bus as unknown as { prefix?: string }).prefix)
        : bus;
    const received: unknown[] = [];
    const unsubscribe = await bus.subscribe('library:1', (message) => received.push(message));
    await bus.publish('library:1', { status: 'success' });
    await bus.publish('library:2', { status: 'other' });
    await until(() => received.length === 1);
    await unsubscribe();
    await bus.publish('library:1', { status: 'late' });
    await sleep(100);
    expect(received).toEqual([{ status: 'success' }]);
    if (publisher !== bus) await publisher.close();
    await bus.close();
  });
});
