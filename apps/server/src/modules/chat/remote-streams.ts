import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { FrameSource, Generation, GenerationOutcome, GenerationRegistry } from './generation.ts';

/**
 * Answers running on another instance (scaled out behind a load balancer without sticky routing):
 * a client that re-attaches or stops an answer may reach any instance. That instance asks on the
 * event bus; the one running the answer sends a snapshot, then forwards the answer's frames until
 * its final frame. Frames are forwarded only for answers someone attached to from elsewhere.
 */
const ATTACH = 'chat-attach';
const CANCEL = 'chat-cancel';
const framesOf = (streamId: string) => `chat-frames:${streamId}`;
const cancelledOf = (streamId: string) => `chat-cancelled:${streamId}`;

interface AttachRequest {
  streamId: string;
  attachId: string;
}

interface FrameMessage {
  /** The snapshot for the attach request with this id. */
  attachId?: string;
  sync?: string;
  frame?: string;
  final?: boolean;
}

/** An answer running elsewhere, fed by the bus: the frames after its snapshot, then its final frame. */
export class RemoteStream implements FrameSource {
  done = false;
  finalFrame: string | null = null;
  private readonly listeners = new Set<(frame: string) => void>();
  /** Frames that came before anyone listened (between the snapshot and the connection's subscribe). */
  private readonly waiting: string[] = [];
  private snapshot: string | null = null;
  private onSnapshot: ((frame: string) => void) | null = null;
  /** Called once the final frame has passed. */
  onEnd: () => void = () => {};

  private readonly attachId: string;

  constructor(attachId: string) {
    this.attachId = attachId;
  }

  receive(message: FrameMessage): void {
    if (message.sync !== undefined) {
      if (message.attachId !== this.attachId || this.snapshot !== null) return;
      this.snapshot = message.sync;
      this.onSnapshot?.(message.sync);
      return;
    }
    // Frames from before our snapshot are already in it.
    if (this.snapshot === null || this.done || typeof message.frame !== 'string') return;
    if (message.final) {
      this.done = true;
      this.finalFrame = message.frame;
    }
    if (this.listeners.size === 0) this.waiting.push(message.frame);
    for (const listener of this.listeners) listener(message.frame);
    if (this.done) {
      this.listeners.clear();
      this.onEnd();
    }
  }

  /** The snapshot frame, or null when no instance answered in time. */
  snapshotWithin(ms: number): Promise<string | null> {
    if (this.snapshot !== null) return Promise.resolve(this.snapshot);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), ms);
      this.onSnapshot = (frame) => {
        clearTimeout(timer);
        resolve(frame);
      };
    });
  }

  subscribe(listener: (frame: string) => void): () => void {
    for (const frame of this.waiting.splice(0)) listener(frame);
    if (!this.done) this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Serves the answers this instance runs to clients attached through other instances. */
export async function serveRemoteClients(deps: {
  bus: EventBus;
  registry: GenerationRegistry;
  snapshotOf: (generation: Generation) => string;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const { bus, registry } = deps;
  const forwarding = new WeakSet<Generation>();
  const publish = (channel: string, message: unknown) =>
    bus.publish(channel, message).catch((error: unknown) => {
      deps.log.warn({ err: error, channel }, 'forwarding a chat frame failed');
    });

  const forward = (generation: Generation) => {
    if (forwarding.has(generation) || generation.done) return;
    forwarding.add(generation);
    generation.subscribe((frame) => {
      void publish(framesOf(generation.streamId), { frame, final: frame === generation.finalFrame });
    });
  };

  const stopAttach = await bus.subscribe(ATTACH, (message) => {
    const { streamId, attachId } = message as AttachRequest;
    const generation = registry.get(streamId);
    if (!generation) return;
    // Forwarding starts before the snapshot is taken, in the same turn: no frame falls between.
    forward(generation);
    void publish(framesOf(streamId), { attachId, sync: deps.snapshotOf(generation) });
    if (generation.done && generation.finalFrame) {
      void publish(framesOf(streamId), { frame: generation.finalFrame, final: true });
    }
  });
  const stopCancel = await bus.subscribe(CANCEL, (message) => {
    const { streamId } = message as { streamId: string };
    const generation = registry.get(streamId);
    if (!generation) return;
    generation.requestCancel();
    void generation.whenDone().then(() => publish(cancelledOf(streamId), { outcome: generation.outcome }));
  });
  return async () => {
    await stopAttach();
    await stopCancel();
  };
}

/** Attaches to an answer another instance runs; null when none answers within `waitMs`. */
export async function attachRemote(
  bus: EventBus,
  streamId: string,
  waitMs: number,
): Promise<{ snapshot: string; stream: RemoteStream } | null> {
  const attachId = randomUUID();
  const stream = new RemoteStream(attachId);
  const stop = await bus.subscribe(framesOf(streamId), (message) => stream.receive(message as FrameMessage));
  stream.onEnd = () => void stop();
  await bus.publish(ATTACH, { streamId, attachId } satisfies AttachRequest);
  const snapshot = await stream.snapshotWithin(waitMs);
  if (snapshot === null) {
    await stop();
    return null;
  }
  return { snapshot, stream };
}

/** Asks the instance running an answer to stop it; its outcome, or null when none answered. */
export async function cancelRemote(
  bus: EventBus,
  streamId: string,
  waitMs: number,
): Promise<GenerationOutcome | null> {
  let settle: (outcome: GenerationOutcome | null) => void = () => {};
  const answered = new Promise<GenerationOutcome | null>((resolve) => {
    settle = resolve;
  });
  const stop = await bus.subscribe(cancelledOf(streamId), (message) =>
    settle((message as { outcome: GenerationOutcome | null }).outcome),
  );
  const timer = setTimeout(() => settle(null), waitMs);
  try {
    await bus.publish(CANCEL, { streamId });
    return await answered;
  } finally {
    clearTimeout(timer);
    await stop();
  }
}
