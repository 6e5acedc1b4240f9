/**
 * Background jobs (document generation and the like). Two adapters behind one interface: the
 * database queue of the embedded setup, and BullMQ on Redis when REDIS_URL is set. Both keep the
 * job's record in our database, so a duplicate submit with the same idempotency key makes one job
 * and a job interrupted by a restart runs again.
 */
export interface QueuedJob<T = unknown> {
  id: string;
  type: string;
  payload: T;
  attempt: number;
}

export type JobHandler<T = unknown> = (job: QueuedJob<T>) => Promise<void>;

export interface EnqueueOptions {
  /** The same key twice makes one job; the second call gets the first job's id. */
  idempotencyKey?: string;
  maxAttempts?: number;
}

export interface JobQueue {
  enqueue(
    type: string,
    payload: unknown,
    options?: EnqueueOptions,
  ): Promise<{ id: string; created: boolean }>;
  register<T>(type: string, handler: JobHandler<T>): void;
  /** Starts processing in this process (the API in the embedded setup, `npm run worker` when scaled out). */
  start(): Promise<void>;
  stop(): Promise<void>;
}
