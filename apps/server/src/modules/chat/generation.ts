import { randomUUID } from 'node:crypto';
import type { ContentPart, Message } from '@ssaem/contracts';
import type { GatewayEvent } from '../../platform/ai/gateway.ts';
import { dataFrame, errorFrame } from '../../platform/http/event-stream.ts';

type Listener = (frame: string) => void;

/** What a connection streams from: an answer running here, or one running on another instance. */
export interface FrameSource {
  readonly done: boolean;
  readonly finalFrame: string | null;
  subscribe(listener: Listener): () => void;
}

interface Step {
  id: string;
  index: number;
  kind: 'text' | 'think' | 'tool';
}

export type GenerationOutcome = 'complete' | 'cancelled' | 'error';

/**
 * One answer being generated. It lives on the server, independent of any HTTP connection:
 * connections subscribe to its frames and may come and go. The content array is built exactly as
 * the client builds it from the events, so a late subscriber gets a faithful snapshot.
 */
export class Generation implements FrameSource {
  readonly streamId: string;
  readonly abort = new AbortController();
  readonly content: ContentPart[] = [];
  outcome: GenerationOutcome | null = null;
  errorMessage: string | null = null;
  finalFrame: string | null = null;
  /** Set when the stream ends; holds every frame a late subscriber still needs. */
  private readonly listeners = new Set<Listener>();
  private readonly tools = new Map<string, Step>();
  private current: Step | null = null;
  private readonly doneWaiters: (() => void)[] = [];
  cancelRequested = false;
  /** Set when the server shuts down mid-answer: saved as interrupted, not as cancelled. */
  shuttingDown = false;

  readonly userId: number;
  readonly conversationId: string;
  readonly requestMessage: Message;
  readonly responseMessageId: string;
  readonly agentId: string;
  readonly startedAt = Date.now();

  constructor(input: {
    userId: number;
    conversationId: string;
    requestMessage: Message;
    responseMessageId: string;
    agentId: string;
    /** Stored on the answer's row before the generation starts. */
    streamId?: string;
  }) {
    this.streamId = input.streamId ?? randomUUID();
    this.userId = input.userId;
    this.conversationId = input.conversationId;
    this.requestMessage = input.requestMessage;
    this.responseMessageId = input.responseMessageId;
    this.agentId = input.agentId;
  }

  get done(): boolean {
    return this.outcome !== null;
  }

  /** Asks the running answer to stop (once); it saves what it has and sends its final frame. */
  requestCancel(): void {
    if (this.done || this.cancelRequested) return;
    this.cancelRequested = true;
    this.abort.abort();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(payload: unknown): void {
    if (this.listeners.size === 0) return;
    this.emitFrame(dataFrame(payload));
  }

  private emitFrame(frame: string): void {
    for (const listener of this.listeners) listener(frame);
  }

  /**
   * When the content first changed after its last save (`performance.now()`), 0 while nothing is
   * unsaved: the snapshot writer saves an answer once its oldest unsaved text nears a second old.
   */
  unsavedSince = 0;

  private changed(): void {
    if (this.unsavedSince === 0) this.unsavedSince = performance.now();
  }

  /** The text of every text part, as stored in the message's `text`. */
  text(): string {
    let text = '';
    for (const part of this.content) if (part.type === 'text') text += part.text;
    return text;
  }

  agentUpdate(): void {
    const index = this.content.length;
    this.content.push({ type: 'agent_update', agent_update: { agentId: this.agentId, index } });
    this.emit({
      event: 'on_agent_update',
      data: {
        runId: this.responseMessageId,
        agent_update: { index, runId: this.responseMessageId, agentId: this.agentId },
      },
    });
  }

  private openStep(kind: 'text' | 'think'): Step {
    if (this.current?.kind === kind) return this.current;
    const step: Step = { id: `step_${randomUUID()}`, index: this.content.length, kind };
    this.content.push(kind === 'text' ? { type: 'text', text: '' } : { type: 'think', think: '' });
    this.current = step;
    this.emit({
      event: 'on_run_step',
      data: {
        id: step.id,
        runId: this.responseMessageId,
        index: step.index,
        type: 'message_creation',
        stepDetails: { type: 'message_creation', message_creation: { message_id: this.responseMessageId } },
      },
    });
    return step;
  }

  apply(event: GatewayEvent): void {
    switch (event.type) {
      case 'text': {
        const step = this.openStep('text');
        const part = this.content[step.index] as { type: 'text'; text: string };
        part.text += event.delta;
        this.changed();
        // The hottest path of the product: one frame per token, so it is built without a generic stringify.
        if (this.listeners.size > 0) {
          this.emitFrame(
            `data: {"event":"on_message_delta","data":{"id":"${step.id}","delta":{"content":[{"type":"text","text":${JSON.stringify(event.delta)}}]}}}\n\n`,
          );
        }
        return;
      }
      case 'reasoning': {
        const step = this.openStep('think');
        const part = this.content[step.index] as { type: 'think'; think: string };
        part.think += event.delta;
        this.changed();
        this.emit({
          event: 'on_reasoning_delta',
          data: { id: step.id, delta: { content: [{ type: 'think', think: event.delta }] } },
        });
        return;
      }
      case 'tool-call': {
        const step: Step = { id: `step_${randomUUID()}`, index: this.content.length, kind: 'tool' };
        this.tools.set(event.id, step);
        this.current = step;
        this.changed();
        this.content.push({
          type: 'tool_call',
          tool_call: { id: event.id, name: event.name, args: event.args, progress: 0.1 },
        });
        this.emit({
          event: 'on_run_step',
          data: {
            id: step.id,
            runId: this.responseMessageId,
            index: step.index,
            type: 'tool_calls',
            stepDetails: {
              type: 'tool_calls',
              tool_calls: [{ id: event.id, name: event.name, args: event.args, type: 'tool_call' }],
            },
          },
        });
        this.emit({
          event: 'on_run_step_delta',
          data: { id: step.id, delta: { type: 'tool_calls', tool_calls: [{ args: event.args }] } },
        });
        return;
      }
      case 'tool-result': {
        const step = this.tools.get(event.id);
        if (!step) return;
        const part = this.content[step.index] as Extract<ContentPart, { type: 'tool_call' }>;
        part.tool_call = { ...part.tool_call, output: event.output, progress: 1 };
        this.changed();
        this.emit({
          event: 'on_run_step_completed',
          data: { result: { id: step.id, index: step.index, type: 'tool_call', tool_call: part.tool_call } },
        });
        return;
      }
      case 'finish':
        return;
    }
  }

  /**
   * Pictures being drawn for the answer: `done` of `total` finished (core.md §4 image-generation
   * progress; equal numbers end it).
   */
  imageProgress(done: number, total: number): void {
    this.emit({ event: 'on_image_progress', data: { runId: this.responseMessageId, done, total } });
  }

  /** A drawn picture joins the answer as an image part, announced like any new step. */
  addImage(url: string): void {
    const index = this.content.length;
    this.content.push({ type: 'image_url', image_url: { url } });
    this.current = null;
    this.changed();
    this.emit({
      event: 'on_run_step',
      data: {
        id: `step_${randomUUID()}`,
        runId: this.responseMessageId,
        index,
        type: 'image_url',
        stepDetails: { type: 'image_url', image_url: { url } },
      },
    });
  }

  appendStoppedNote(note: string): void {
    const step = this.openStep('text');
    const part = this.content[step.index] as { type: 'text'; text: string };
    part.text += note;
    this.emit({
      event: 'on_message_delta',
      data: { id: step.id, delta: { content: [{ type: 'text', text: note }] } },
    });
  }

  /** Ends the stream with the final frame (or an error frame) and wakes whoever waits. */
  finish(outcome: GenerationOutcome, final: { payload?: unknown; error?: string }): void {
    this.outcome = outcome;
    this.finalFrame = final.error !== undefined ? errorFrame(final.error) : dataFrame(final.payload);
    this.errorMessage = final.error ?? null;
    for (const listener of this.listeners) listener(this.finalFrame);
    this.listeners.clear();
    for (const waiter of this.doneWaiters.splice(0)) waiter();
  }

  whenDone(): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise((resolve) => this.doneWaiters.push(resolve));
  }
}

const KEEP_FINISHED_MS = 60_000;

/** The generations this process runs, by stream id and by conversation. */
export class GenerationRegistry {
  private readonly byStream = new Map<string, Generation>();
  private readonly byConversation = new Map<string, string>();

  add(generation: Generation): void {
    this.byStream.set(generation.streamId, generation);
    this.byConversation.set(generation.conversationId, generation.streamId);
    void generation.whenDone().then(() => {
      // Kept a minute after the end, so a client reconnecting late still gets the final frame.
      setTimeout(() => this.remove(generation), KEEP_FINISHED_MS).unref();
    });
  }

  private remove(generation: Generation): void {
    this.byStream.delete(generation.streamId);
    if (this.byConversation.get(generation.conversationId) === generation.streamId) {
      this.byConversation.delete(generation.conversationId);
    }
  }

  get(streamId: string): Generation | undefined {
    return this.byStream.get(streamId);
  }

  forConversation(conversationId: string): Generation | undefined {
    const streamId = this.byConversation.get(conversationId);
    return streamId ? this.byStream.get(streamId) : undefined;
  }

  active(): Generation[] {
    return [...this.byStream.values()].filter((g) => !g.done);
  }
}
