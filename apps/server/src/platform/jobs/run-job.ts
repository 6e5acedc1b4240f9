import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler } from './job-queue.ts';
import type { JobRepository } from './job-repository.ts';

/** Runs one claimed job: completed, retried while attempts remain, or failed with its error. */
export async function runClaimedJob(
  repository: JobRepository,
  handlers: Map<string, JobHandler>,
  log: FastifyBaseLogger,
  job: { id: string; type: string; payload: string; attempts: number; maxAttempts: number },
): Promise<'completed' | 'failed' | 'retry'> {
  const handler = handlers.get(job.type);
  if (!handler) {
    await repository.finish(job.id, 'failed', `no handler for ${job.type}`);
    return 'failed';
  }
  try {
    await handler({ id: job.id, type: job.type, payload: JSON.parse(job.payload), attempt: job.attempts });
    await repository.finish(job.id, 'completed', null);
    return 'completed';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.warn({ err: error, jobId: job.id, type: job.type, attempt: job.attempts }, 'job failed');
    const retry = job.attempts < job.maxAttempts;
    await repository.finish(job.id, retry ? 'queued' : 'failed', message);
    return retry ? 'retry' : 'failed';
  }
}
