import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/schema.ts';
import { createMemoryEventBus, type EventBus } from '../events/event-bus.ts';
import { createDatabaseJobQueue } from './database-job-queue.ts';
import type { JobQueue } from './job-queue.ts';
import { createJobRepository } from './job-repository.ts';

export interface Background {
  jobs: JobQueue;
  events: EventBus;
  /** Starts processing jobs here when this process is a worker (always in the embedded setup). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The job queue and event bus for the configured shape: in-process, or Redis when REDIS_URL is set.
 * The Redis clients (BullMQ, ioredis: 2 MB of code) load only then; the embedded setup never
 * carries them.
 */
export async function createBackground(
  config: Config,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<Background> {
  const repository = createJobRepository(db);
  let events: EventBus;
  let jobs: JobQueue;
  if (config.REDIS_URL) {
    const [{ createRedisEventBus }, { createRedisJobQueue }] = await Promise.all([
      import('../events/redis-event-bus.ts'),
      import('./redis-job-queue.ts'),
    ]);
    events = createRedisEventBus(config.REDIS_URL, `${config.REDIS_KEY_PREFIX}:`);
    jobs = createRedisJobQueue({
      redisUrl: config.REDIS_URL,
      repository,
      concurrency: config.JOB_CONCURRENCY,
      runWorker: config.RUN_JOB_WORKER,
      log,
      prefix: config.REDIS_KEY_PREFIX,
    });
  } else {
    events = createMemoryEventBus();
    jobs = createDatabaseJobQueue({ repository, concurrency: config.JOB_CONCURRENCY, log });
  }
  return {
    jobs,
    events,
    async start() {
      // Without Redis this process is the only worker there is.
      if (config.RUN_JOB_WORKER || !config.REDIS_URL) await jobs.start();
    },
    async stop() {
      await jobs.stop();
      await events.close();
    },
  };
}
