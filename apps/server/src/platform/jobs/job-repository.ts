import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, JobTable } from '../../db/schema.ts';

export function createJobRepository(db: Kysely<Database>) {
  return {
    /** Records a job; with an idempotency key already used, returns the existing job instead. */
    async insert(input: {
      type: string;
      payload: unknown;
      idempotencyKey?: string | undefined;
      maxAttempts: number;
    }) {
      if (input.idempotencyKey) {
        const existing = await db
          .selectFrom('job')
          .select('id')
          .where('idempotencyKey', '=', input.idempotencyKey)
          .executeTakeFirst();
        if (existing) return { id: existing.id, created: false };
      }
      const now = new Date().toISOString();
      const row: JobTable = {
        id: randomUUID(),
        type: input.type,
        payload: JSON.stringify(input.payload ?? null),
        status: 'queued',
        attempts: 0,
        maxAttempts: input.maxAttempts,
        idempotencyKey: input.idempotencyKey ?? null,
        error: null,
        createdAt: now,
        updatedAt: now,
      };
      try {
        await db.insertInto('job').values(row).execute();
        return { id: row.id, created: true };
      } catch (error) {
        // Two submits racing with one key: the unique index lets one through.
        if (input.idempotencyKey) {
          const existing = await db
            .selectFrom('job')
            .select('id')
            .where('idempotencyKey', '=', input.idempotencyKey)
            .executeTakeFirst();
          if (existing) return { id: existing.id, created: false };
        }
        throw error;
      }
    },

    find(id: string) {
      return db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Claims a queued job for this process; false when another process got it first. */
    async claim(id: string): Promise<JobTable | undefined> {
      const result = await db
        .updateTable('job')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          updatedAt: new Date().toISOString(),
        }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
    },

    nextQueued(limit: number) {
      return db
        .selectFrom('job')
        .select('id')
        .where('status', '=', 'queued')
        .orderBy('createdAt')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async finish(id: string, status: 'completed' | 'failed' | 'queued', error: string | null) {
      await db
        .updateTable('job')
        .set({ status, error, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /** Jobs left running by a process that stopped go back to the queue. */
    async requeueRunning(): Promise<number> {
      const result = await db
        .updateTable('job')
        .set({ status: 'queued', updatedAt: new Date().toISOString() })
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    unfinished() {
      return db
        .selectFrom('job')
        .select(['id', 'type'])
        .where('status', 'in', ['queued', 'running'])
        .orderBy('createdAt')
        .execute();
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
