import type { FastifyBaseLogger } from 'fastify';
import type { EnqueueOptions, JobHandler, JobQueue } from './job-queue.ts';
import type { JobRepository } from './job-repository.ts';
import { runClaimedJob } from './run-job.ts';

const POLL_MS = 1000;

/**
 * The embedded queue: jobs are rows in our database, run by this process up to `concurrency` at a
 * time. An enqueue wakes the loop at once; a slow poll picks up anything else (retries, jobs
 * left by a previous run, which start() puts back in the queue).
 */
export function createDatabaseJobQueue(deps: {
  repository: JobRepository;
  concurrency: number;
  log: FastifyBaseLogger;
}): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const running = new Set<Promise<void>>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let pumping = false;

  async function pump(): Promise<void> {
    if (!started || pumping) return;
    pumping = true;
    try {
      while (started && running.size < deps.concurrency) {
        const candidates = await deps.repository.nextQueued(deps.concurrency - running.size);
        if (candidates.length === 0) break;
        let claimedAny = false;
        for (const candidate of candidates) {
          const job = await deps.repository.claim(candidate.id);
          if (!job) continue;
          claimedAny = true;
          const task = runClaimedJob(deps.repository, handlers, deps.log, job).then((outcome) => {
            running.delete(task);
            if (outcome === 'retry') setTimeout(() => void pump(), 500 * job.attempts).unref();
            void pump();
          });
          running.add(task);
        }
        if (!claimedAny) break;
      }
    } catch (error) {
      deps.log.error({ err: error }, 'job queue poll failed');
    } finally {
      pumping = false;
    }
  }

  return {
    async enqueue(type: string, payload: unknown, options: EnqueueOptions = {}) {
      const result = await deps.repository.insert({
        type,
        payload,
        idempotencyKey: options.idempotencyKey,
        maxAttempts: options.maxAttempts ?? 3,
      });
      if (result.created) void pump();
      return result;
    },
    register<T>(type: string, handler: JobHandler<T>) {
      handlers.set(type, handler as JobHandler);
    },
    async start() {
      if (started) return;
      const resumed = await deps.repository.requeueRunning();
      if (resumed) deps.log.warn({ resumed }, 'jobs interrupted by the last shutdown are queued again');
      started = true;
      timer = setInterval(() => void pump(), POLL_MS);
      timer.unref();
      void pump();
    },
    async stop() {
      started = false;
      clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
