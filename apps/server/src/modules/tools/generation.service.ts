import type { FastifyBaseLogger } from 'fastify';
import { AppError, failureCause, failureCode } from '../../platform/errors/app-error.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Actor } from '../../policies/actor.ts';
import type { LibraryItemRow, LibraryRepository } from '../library/library.repository.ts';

export const GENERATE_JOB = 'generate-document';

/** The completion signal of a library item (what /api/subscribe delivers). */
export type CompletionSignal =
  | { result: 'success'; id: number }
  | { result: 'error'; id: number; message: string };

export function completionChannel(itemId: number): string {
  return `library:${itemId}:done`;
}

/** Turns a submitted form into the document's content; one per document tool. */
export type DocumentGenerator = (context: {
  item: LibraryItemRow;
  input: unknown;
  attempt: number;
}) => Promise<{
  content: unknown;
  title?: string;
}>;

export interface SubmitInput {
  libraryType: string;
  materialType: 'document' | 'summary' | 'lesson' | 'feedback';
  title: string;
  input: unknown;
  visibility: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
  gradeSeq?: number | null;
  subjectSeq?: number | null;
  promptSeq?: number | null;
  idempotencyKey?: string | undefined;
}

/**
 * Document generation as a job (DESIGN.md §8): submitting stores a library item with status 1
 * and enqueues a job; the worker sets 2, runs the tool's generator, stores the content, sets 3
 * (or records the error) and then publishes the completion signal.
 */
export function createGenerationService(deps: {
  library: LibraryRepository;
  /** Every AI tool needs a valid licence, offline drafts included: the same rule as chat. */
  licences: { assertUsable(userId: number): Promise<void> };
  jobs: JobQueue;
  events: EventBus;
  log: FastifyBaseLogger;
}) {
  const generators = new Map<string, DocumentGenerator>();

  async function signalFor(item: LibraryItemRow): Promise<CompletionSignal | null> {
    if (item.status === 3) return { result: 'success', id: item.id };
    if (item.error) return { result: 'error', id: item.id, message: item.error };
    return null;
  }

  deps.jobs.register<{ itemId: number }>(GENERATE_JOB, async (job) => {
    const item = await deps.library.find(job.payload.itemId);
    if (!item || item.status === 3) return;
    const generate = generators.get(item.libraryType);
    try {
      if (!generate) throw new Error(`no generator for ${item.libraryType}`);
      await deps.library.setStatus(item.id, 2, { error: null });
      const output = await generate({ item, input: JSON.parse(item.input), attempt: job.attempt });
      await deps.library.setStatus(item.id, 3, {
        content: JSON.stringify(output.content),
        completedAt: new Date().toISOString(),
        ...(output.title ? { title: output.title } : {}),
      });
      await deps.events.publish(completionChannel(item.id), {
        result: 'success',
        id: item.id,
      } satisfies CompletionSignal);
    } catch (error) {
      // A generation that fails is recorded on the item, not retried: the teacher decides to try again.
      const message = failureCode(error);
      deps.log.warn(
        { err: failureCause(error), code: message, itemId: item.id },
        'document generation failed',
      );
      await deps.library.setStatus(item.id, 1, { error: message });
      await deps.events.publish(completionChannel(item.id), {
        result: 'error',
        id: item.id,
        message,
      } satisfies CompletionSignal);
    }
  });

  return {
    register(libraryType: string, generator: DocumentGenerator) {
      generators.set(libraryType, generator);
    },

    /** Stores the item and enqueues its generation; answers at once with the id. */
    async submit(actor: Actor, input: SubmitInput): Promise<{ id: number; created: boolean }> {
      await deps.licences.assertUsable(actor.userId);
      const key = input.idempotencyKey ? `${actor.userId}:${input.idempotencyKey}` : undefined;
      if (key) {
        const existing = await deps.library.findByIdempotencyKey(key);
        if (existing) return { id: existing.id, created: false };
      }
      const now = new Date().toISOString();
      let id: number;
      try {
        id = await deps.library.insert({
          creatorId: actor.userId,
          schoolId: actor.schoolId,
          libraryType: input.libraryType,
          materialType: input.materialType,
          title: input.title,
          status: 1,
          error: null,
          visibility: input.visibility,
          editable: input.editable ? 1 : 0,
          gradeSeq: input.gradeSeq ?? null,
          subjectSeq: input.subjectSeq ?? null,
          promptSeq: input.promptSeq ?? null,
          input: JSON.stringify(input.input ?? {}),
          content: null,
          idempotencyKey: key ?? null,
          createdAt: now,
          updatedAt: now,
          completedAt: null,
        });
      } catch (error) {
        // The same key submitted twice at once: the unique index keeps one item.
        const existing = key ? await deps.library.findByIdempotencyKey(key) : undefined;
        if (existing) return { id: existing.id, created: false };
        throw error;
      }
      await deps.jobs.enqueue(
        GENERATE_JOB,
        { itemId: id },
        { idempotencyKey: `generate:${id}`, maxAttempts: 1 },
      );
      return { id, created: true };
    },

    /** Refuses (E_LICENSE_001) a user without a valid licence, before a tool starts work of its own. */
    assertLicensed(actor: Actor): Promise<void> {
      return deps.licences.assertUsable(actor.userId);
    },

    /** Generates an existing item again (recreate): back to waiting, content cleared, a new job. */
    async regenerate(actor: Actor, itemId: number): Promise<void> {
      await deps.licences.assertUsable(actor.userId);
      await deps.library.setStatus(itemId, 1, { error: null, content: null, completedAt: null });
      await deps.jobs.enqueue(
        GENERATE_JOB,
        { itemId },
        { idempotencyKey: `generate:${itemId}:${Date.now()}`, maxAttempts: 1 },
      );
    },

    /** The item a user may follow: their own; anything else is not found. */
    async ownItem(actor: Actor, userId: number, itemId: number): Promise<LibraryItemRow> {
      if (userId !== actor.userId) throw new AppError('E_NOT_FOUND');
      const item = await deps.library.find(itemId);
      if (!item || item.creatorId !== actor.userId) throw new AppError('E_NOT_FOUND');
      return item;
    },

    signalFor,

    /**
     * Waits for an item's completion signal. A subscriber that arrives after completion gets it
     * at once; the check after subscribing closes the gap between reading and listening.
     */
    async waitForSignal(
      itemId: number,
      timeoutMs: number,
      signal: AbortSignal,
    ): Promise<CompletionSignal | 'timeout' | 'closed'> {
      let resolve: (value: CompletionSignal | 'timeout' | 'closed') => void = () => undefined;
      const result = new Promise<CompletionSignal | 'timeout' | 'closed'>((r) => {
        resolve = r;
      });
      const unsubscribe = await deps.events.subscribe(completionChannel(itemId), (message) =>
        resolve(message as CompletionSignal),
      );
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      const onAbort = () => resolve('closed');
      signal.addEventListener('abort', onAbort);
      try {
        const item = await deps.library.find(itemId);
        const ready = item ? await signalFor(item) : null;
        if (ready) resolve(ready);
        return await result;
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        await unsubscribe();
      }
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
