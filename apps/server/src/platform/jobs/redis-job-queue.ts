import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { EnqueueOptions, JobHandler, JobQueue } from './job-queue.ts';
import type { JobRepository } from './job-repository.ts';
import { runClaimedJob } from './run-job.ts';

const QUEUE_NAME = 'ssaem-jobs';

/**
 * The scaled-out queue: BullMQ on Redis dispatches job ids to workers in any process; the job's
 * record and idempotency stay in our database. start() re-adds unfinished jobs (BullMQ drops a
 * duplicate id), so nothing is lost if Redis was emptied.
 */
export function createRedisJobQueue(deps: {
  redisUrl: string;
  repository: JobRepository;
  concurrency: number;
  runWorker: boolean;
  log: FastifyBaseLogger;
  /** Isolates tests sharing one Redis. */
  prefix?: string;
}): JobQueue {
  const handlers = new Map<string, JobHandler>();
  // BullMQ needs blocking commands that never time out on its connections.
  const connection = new Redis(deps.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  const prefix = deps.prefix ?? 'ssaem';
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;

  return {
    async enqueue(type: string, payload: unknown, options: EnqueueOptions = {}) {
      const result = await deps.repository.insert({
        type,
        payload,
        idempotencyKey: options.idempotencyKey,
        maxAttempts: options.maxAttempts ?? 3,
      });
      if (result.created)
        await queue.add(
          type,
          { jobId: result.id },
          { jobId: result.id, removeOnComplete: 1000, removeOnFail: 5000 },
        );
      return result;
    },
    register<T>(type: string, handler: JobHandler<T>) {
      handlers.set(type, handler as JobHandler);
    },
    async start() {
      for (const job of await deps.repository.unfinished()) {
        await queue.add(
          job.type,
          { jobId: job.id },
          { jobId: job.id, removeOnComplete: 1000, removeOnFail: 5000 },
        );
      }
      if (!deps.runWorker) return;
      workerConnection = new Redis(deps.redisUrl, { maxRetriesPerRequest: null });
      worker = new Worker(
        QUEUE_NAME,
        async (bullJob) => {
          const id = (bullJob.data as { jobId: string }).jobId;
          // A job whose process died mid-run is back in the queue as "running": take it over.
          let claimed = await deps.repository.claim(id);
          if (!claimed) {
            const row = await deps.repository.find(id);
            if (row?.status !== 'running') return;
            await deps.repository.finish(id, 'queued', row.error);
            claimed = await deps.repository.claim(id);
            if (!claimed) return;
          }
          const outcome = await runClaimedJob(deps.repository, handlers, deps.log, claimed);
          if (outcome === 'retry') {
            await queue.add(
              claimed.type,
              { jobId: id },
              { jobId: `${id}-retry-${claimed.attempts}`, delay: 500 * claimed.attempts },
            );
          }
        },
        { connection: workerConnection, prefix, concurrency: deps.concurrency },
      );
      worker.on('error', (error) => deps.log.error({ err: error }, 'job worker error'));
    },
    async stop() {
      await worker?.close();
      await queue.close();
      workerConnection?.disconnect();
      connection.disconnect();
    },
  };
}
