import { APICallError, type LanguageModelV4Prompt } from '@ai-sdk/provider';
import { MAX_CHAT_INPUT_LENGTH } from '@ssaem/contracts';
import {
  generateImage,
  generateText,
  type ModelMessage,
  Output,
  stepCountIs,
  streamText,
  type ToolSet,
  experimental_transcribe as transcribe,
} from 'ai';
import type { z } from 'zod';
import type { TokenReservation, TokenTracker } from '../../modules/licences/licences.service.ts';
import { AppError } from '../errors/app-error.ts';
import type { ChatCompletionsStreamer, ModelStreamEvent } from './chat-completions-stream.ts';
import type { ModelChoice } from './models.ts';
import { createPseudonymizer, PLACEHOLDER_INSTRUCTION, type Pseudonymizer } from './pseudonymizer.ts';
import type { UsageLimits } from './usage-limits.ts';

export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
  /** Images for vision-capable models, as data URLs or URLs. */
  images?: { url: string; mediaType: string }[];
}

export type GatewayEvent =
  | { type: 'text'; delta: string }
  | { type: 'reasoning'; delta: string }
  | { type: 'tool-call'; id: string; name: string; args: string }
  | { type: 'tool-result'; id: string; name: string; output: string }
  | { type: 'finish'; inputTokens: number; outputTokens: number };

/** One chat call: who asks, what for, the prompt, and the admission ticket when already taken. */
export interface ChatCallInput {
  caller: AiCaller;
  purpose: string;
  system: string;
  turns: ChatTurn[];
  tools?: ToolSet;
  abortSignal?: AbortSignal | undefined;
  maxOutputTokens?: number;
  /** A ticket from admit(); without one, the call admits itself. */
  ticket?: AdmissionTicket;
}

export interface AiCaller {
  userId: number;
  /** Names that must not reach the model: the teacher's students, names typed into a form. */
  sensitiveNames?: string[];
}

/** A rough token estimate for reserving licence tokens before a call: Hangul ≈ 1 token a character. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length * 0.8) + 16;
}

export const DEFAULT_MAX_OUTPUT = 4000;

/** What a chat call may cost at most: its whole prompt plus the longest answer allowed. */
export function estimateChatTokens(
  system: string,
  turns: ChatTurn[],
  maxOutputTokens = DEFAULT_MAX_OUTPUT,
): number {
  return estimateTokens(system + turns.map((t) => t.text).join('\n')) + maxOutputTokens;
}

export interface AdmissionTicket {
  slot: () => void;
  reservation: TokenReservation;
  /** Gives everything back when the call never starts. */
  cancel(): Promise<void>;
}

function systemWithPrivacyNote(system: string, pseudonymizer: Pseudonymizer): string {
  return pseudonymizer.used ? `${system}\n\n${PLACEHOLDER_INSTRUCTION}` : system;
}

/** Turns (already masked) as AI SDK messages, for the streamText path. */
function toModelMessages(turns: ChatTurn[], vision: boolean): ModelMessage[] {
  return turns.map((turn): ModelMessage => {
    const text = turn.text;
    if (turn.role === 'assistant') return { role: 'assistant', content: text };
    if (!vision || !turn.images?.length) return { role: 'user', content: text };
    return {
      role: 'user',
      content: [
        { type: 'text', text },
        ...turn.images.map((image) => ({
          type: 'image' as const,
          image: image.url,
          mediaType: image.mediaType,
        })),
      ],
    };
  });
}

/** The provider-level prompt for the direct path: same content as toModelMessages. */
function toModelPrompt(system: string, turns: ChatTurn[], vision: boolean): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = [{ role: 'system', content: system }];
  for (const turn of turns) {
    if (turn.role === 'assistant') {
      prompt.push({ role: 'assistant', content: [{ type: 'text', text: turn.text }] });
      continue;
    }
    const images = vision ? (turn.images ?? []) : [];
    prompt.push({
      role: 'user',
      content: [
        { type: 'text', text: turn.text },
        ...images.map((image) => ({
          type: 'file' as const,
          mediaType: image.mediaType,
          data: { type: 'url' as const, url: new URL(image.url) },
        })),
      ],
    });
  }
  return prompt;
}

type SourceEvent = ModelStreamEvent;

/** The name the usage by model shows: the configured model, or the offline drafter. */
function modelNameOf(choice: ModelChoice): string {
  return choice.offline ? 'offline' : choice.modelId;
}

const RETRIES = 2;

/** Retries the opening of a stream when the provider says the failure is temporary. */
async function openWithRetry<T>(
  open: () => PromiseLike<T>,
  abortSignal: AbortSignal | undefined,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (attempt >= RETRIES || abortSignal?.aborted || !APICallError.isInstance(error) || !error.isRetryable)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/**
 * A model call that failed, as every caller shows it: E_MODEL_UNAVAILABLE, with what the model
 * server said kept as the cause for the log (it may name a key or a deployment). Our own refusals
 * (licence, limits) and a caller's stop pass as they are.
 */
function modelFailure(error: unknown, abortSignal?: AbortSignal): unknown {
  if (error instanceof AppError || abortSignal?.aborted) return error;
  return new AppError('E_MODEL_UNAVAILABLE', { cause: error });
}

/**
 * Text chat without tools reads the provider's stream directly: one model call needs none of
 * streamText's step orchestration, and skipping it cuts the per-token cost about four times.
 */
async function* streamDirect(
  choice: ModelChoice,
  input: { prompt: LanguageModelV4Prompt; maxOutputTokens: number; abortSignal: AbortSignal | undefined },
): AsyncGenerator<SourceEvent> {
  const { stream } = await openWithRetry(
    () =>
      choice.model.doStream({
        prompt: input.prompt,
        maxOutputTokens: input.maxOutputTokens,
        ...(input.abortSignal ? { abortSignal: input.abortSignal } : {}),
      }),
    input.abortSignal,
  );
  for await (const part of stream) {
    switch (part.type) {
      case 'text-delta':
        yield { type: 'text', delta: part.delta };
        break;
      case 'reasoning-delta':
        yield { type: 'reasoning', delta: part.delta };
        break;
      case 'text-end':
        yield { type: 'text-end' };
        break;
      case 'reasoning-end':
        yield { type: 'reasoning-end' };
        break;
      case 'error':
        throw new Error(errorText(part.error));
      case 'finish':
        yield {
          type: 'finish',
          reason: part.finishReason.unified,
          inputTokens: part.usage.inputTokens.total ?? 0,
          outputTokens: part.usage.outputTokens.total ?? 0,
        };
        break;
      default:
        break;
    }
  }
  if (input.abortSignal?.aborted) throw new Error('aborted');
}

/**
 * The same, for an OpenAI-compatible server: read off the socket without the SDK's web streams,
 * each event handed on in the tick its bytes arrived.
 */
async function pipeCompatible(
  streamer: ChatCompletionsStreamer,
  input: {
    system: string;
    turns: ChatTurn[];
    vision: boolean;
    maxOutputTokens: number;
    abortSignal: AbortSignal | undefined;
  },
  onPart: (part: SourceEvent) => void,
): Promise<void> {
  const response = await openWithRetry(() => streamer.open(input), input.abortSignal);
  await streamer.pipe(response, onPart);
  if (input.abortSignal?.aborted) throw new Error('aborted');
}

/** With tools, streamText runs the call–tool–call loop. */
async function* streamWithTools(
  choice: ModelChoice,
  input: {
    system: string;
    messages: ModelMessage[];
    tools: ToolSet;
    maxOutputTokens: number;
    abortSignal: AbortSignal | undefined;
  },
): AsyncGenerator<SourceEvent> {
  const result = streamText({
    model: choice.model,
    system: input.system,
    messages: input.messages,
    maxOutputTokens: input.maxOutputTokens,
    tools: input.tools,
    stopWhen: stepCountIs(4),
    ...(input.abortSignal ? { abortSignal: input.abortSignal } : {}),
  });
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta':
        yield { type: 'text', delta: part.text };
        break;
      case 'reasoning-delta':
        yield { type: 'reasoning', delta: part.text };
        break;
      case 'text-end':
        yield { type: 'text-end' };
        break;
      case 'reasoning-end':
        yield { type: 'reasoning-end' };
        break;
      case 'tool-call':
        yield {
          type: 'tool-call',
          id: part.toolCallId,
          name: part.toolName,
          args: JSON.stringify(part.input ?? {}),
        };
        break;
      case 'tool-result':
        yield {
          type: 'tool-result',
          id: part.toolCallId,
          name: part.toolName,
          output: typeof part.output === 'string' ? part.output : JSON.stringify(part.output),
        };
        break;
      case 'error':
        throw new Error(errorText(part.error));
      case 'finish':
        yield {
          type: 'finish',
          reason: part.finishReason,
          inputTokens: part.totalUsage.inputTokens ?? 0,
          outputTokens: part.totalUsage.outputTokens ?? 0,
        };
        break;
      default:
        break;
    }
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'message' in error)
    return String((error as { message: unknown }).message);
  return String(error);
}

/** Restores placeholders in every string of a structured result. */
function restoreDeep<T>(value: T, pseudonymizer: Pseudonymizer): T {
  if (typeof value === 'string') return pseudonymizer.restore(value) as T;
  if (Array.isArray(value)) return value.map((item) => restoreDeep(item, pseudonymizer)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restoreDeep(v, pseudonymizer)])) as T;
  }
  return value;
}

/**
 * Every AI call goes through here: limits, licence tokens reserved before and settled after,
 * pseudonymization out and back, one event shape for every provider including offline.
 */
/** What one picture costs against a licence. */
const IMAGE_TOKENS = 1000;

export function createAiGateway(deps: {
  choice: ModelChoice;
  /** The licence ledger for teachers; the prompt playground passes its own. */
  tracker: Pick<TokenTracker, 'reserve' | 'settle' | 'release'>;
  limits: UsageLimits;
}) {
  const { choice } = deps;

  return {
    info: {
      offline: choice.offline,
      provider: choice.provider,
      modelId: choice.modelId,
      vision: choice.vision,
    },

    /**
     * Takes a stream slot and reserves the licence tokens a call will need, before the caller
     * saves anything or opens a stream: a refusal is a plain coded error with nothing left behind.
     * The ticket is handed to streamChat, which settles or releases it.
     */
    async admit(userId: number, estimate: number, purpose: string): Promise<AdmissionTicket> {
      const slot = deps.limits.acquire(userId);
      try {
        const reservation = await deps.tracker.reserve(userId, estimate, purpose);
        let used = false;
        return {
          slot,
          reservation,
          async cancel() {
            if (used) return;
            used = true;
            await deps.tracker.release(reservation).catch(() => false);
            slot();
          },
        };
      } catch (error) {
        slot();
        throw error;
      }
    },

    /**
     * A chat call, its events handed to `onEvent` as they come (in the tick the model's bytes
     * arrived, on the direct path): what the chat's answers use, with no promise or generator step
     * per token. Resolves after the finish event, once the licence is settled; rejects on failure,
     * having given the reserved tokens back.
     */
    async pushChat(input: ChatCallInput, onEvent: (event: GatewayEvent) => void): Promise<void> {
      const last = input.turns.at(-1)?.text ?? '';
      if (last.length > MAX_CHAT_INPUT_LENGTH) throw new AppError('E_VALIDATION');
      const maxOutputTokens = input.maxOutputTokens ?? DEFAULT_MAX_OUTPUT;
      const ticket =
        input.ticket ??
        (await this.admit(
          input.caller.userId,
          estimateChatTokens(input.system, input.turns, maxOutputTokens),
          input.purpose,
        ));
      const releaseSlot = ticket.slot;
      let reservation: TokenReservation | undefined = ticket.reservation;
      const pseudonymizer = createPseudonymizer(input.caller.sensitiveNames ?? []);
      // Masking the turns first lets the system prompt mention placeholders only when some exist.
      const maskedTurns = input.turns.map((turn) => ({ ...turn, text: pseudonymizer.mask(turn.text) }));
      const system = systemWithPrivacyNote(pseudonymizer.mask(input.system), pseudonymizer);
      try {
        const text = pseudonymizer.createRestorer();
        const reasoning = pseudonymizer.createRestorer();
        let usage = { inputTokens: 0, outputTokens: 0 };
        const onPart = (part: SourceEvent) => {
          switch (part.type) {
            case 'text': {
              const delta = text.push(part.delta);
              if (delta) onEvent({ type: 'text', delta });
              break;
            }
            case 'reasoning': {
              const delta = reasoning.push(part.delta);
              if (delta) onEvent({ type: 'reasoning', delta });
              break;
            }
            case 'text-end': {
              const rest = text.flush();
              if (rest) onEvent({ type: 'text', delta: rest });
              break;
            }
            case 'reasoning-end': {
              const rest = reasoning.flush();
              if (rest) onEvent({ type: 'reasoning', delta: rest });
              break;
            }
            case 'tool-call':
              onEvent({
                type: 'tool-call',
                id: part.id,
                name: part.name,
                args: pseudonymizer.restore(part.args),
              });
              break;
            case 'tool-result':
              onEvent({
                type: 'tool-result',
                id: part.id,
                name: part.name,
                output: pseudonymizer.restore(part.output),
              });
              break;
            case 'finish':
              // A stream cut off without the model's own end is an error, not a short answer.
              if (part.reason === 'error' || part.reason === 'interrupted')
                throw new Error('The model stream ended unexpectedly');
              usage = { inputTokens: part.inputTokens, outputTokens: part.outputTokens };
              break;
          }
        };
        try {
          if (!input.tools && choice.streamer) {
            await pipeCompatible(
              choice.streamer,
              {
                system,
                turns: maskedTurns,
                vision: choice.vision,
                maxOutputTokens,
                abortSignal: input.abortSignal,
              },
              onPart,
            );
          } else {
            const source = input.tools
              ? streamWithTools(choice, {
                  system,
                  messages: toModelMessages(maskedTurns, choice.vision),
                  tools: input.tools,
                  maxOutputTokens,
                  abortSignal: input.abortSignal,
                })
              : streamDirect(choice, {
                  prompt: toModelPrompt(system, maskedTurns, choice.vision),
                  maxOutputTokens,
                  abortSignal: input.abortSignal,
                });
            for await (const part of source) onPart(part);
          }
        } catch (error) {
          throw modelFailure(error, input.abortSignal);
        }
        const tail = text.flush();
        if (tail) onEvent({ type: 'text', delta: tail });
        await deps.tracker.settle(reservation, usage.inputTokens + usage.outputTokens, modelNameOf(choice));
        reservation = undefined;
        onEvent({ type: 'finish', ...usage });
      } finally {
        // Aborted, failed or abandoned by the consumer: the reserved tokens go back.
        if (reservation) await deps.tracker.release(reservation).catch(() => false);
        releaseSlot();
      }
    },

    /**
     * The same call as an async iterable, for callers that pull (briefings, titles, the tools'
     * assistant). Leaving the loop early stops the call and gives its tokens back before the
     * loop's exit completes.
     */
    async *streamChat(input: ChatCallInput): AsyncGenerator<GatewayEvent> {
      const stop = new AbortController();
      const abortSignal = input.abortSignal ? AbortSignal.any([input.abortSignal, stop.signal]) : stop.signal;
      const queue: GatewayEvent[] = [];
      let wake: (() => void) | null = null;
      let finished = false;
      let failure: { error: unknown } | null = null;
      const call = this.pushChat({ ...input, abortSignal }, (event) => {
        queue.push(event);
        wake?.();
      }).then(
        () => {
          finished = true;
          wake?.();
        },
        (error: unknown) => {
          failure = { error };
          finished = true;
          wake?.();
        },
      );
      try {
        for (;;) {
          while (queue.length > 0) yield queue.shift() as GatewayEvent;
          if (finished) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
        }
        if (failure) throw (failure as { error: unknown }).error;
      } finally {
        if (!finished) {
          stop.abort();
          await call;
        }
      }
    },

    async generateObject<T extends z.ZodType>(input: {
      caller: AiCaller;
      purpose: string;
      system: string;
      prompt: string;
      schema: T;
      maxOutputTokens?: number;
      abortSignal?: AbortSignal;
    }): Promise<z.infer<T>> {
      const releaseSlot = deps.limits.acquire(input.caller.userId);
      const pseudonymizer = createPseudonymizer(input.caller.sensitiveNames ?? []);
      const prompt = pseudonymizer.mask(input.prompt);
      const system = systemWithPrivacyNote(pseudonymizer.mask(input.system), pseudonymizer);
      const maxOutputTokens = input.maxOutputTokens ?? 8000;
      let reservation: Awaited<ReturnType<TokenTracker['reserve']>> | undefined;
      try {
        reservation = await deps.tracker.reserve(
          input.caller.userId,
          estimateTokens(system + prompt) + maxOutputTokens,
          input.purpose,
        );
        const result = await generateText({
          model: choice.model,
          system,
          prompt,
          maxOutputTokens,
          output: Output.object({ schema: input.schema }),
          ...(input.abortSignal ? { abortSignal: input.abortSignal } : {}),
        }).catch((error: unknown) => {
          throw modelFailure(error, input.abortSignal);
        });
        await deps.tracker.settle(
          reservation,
          (result.totalUsage.inputTokens ?? 0) + (result.totalUsage.outputTokens ?? 0),
          modelNameOf(choice),
        );
        reservation = undefined;
        return restoreDeep(result.output as z.infer<T>, pseudonymizer);
      } finally {
        if (reservation) await deps.tracker.release(reservation).catch(() => false);
        releaseSlot();
      }
    },

    /** Whether pictures can be drawn here. */
    canGenerateImages: choice.image !== null,

    /**
     * One picture from a prompt (lesson illustrations), reserved against the licence like any call
     * (a flat 1,000 tokens a picture). The prompt passes the pseudonymizer first.
     */
    async generateImage(input: {
      caller: AiCaller;
      purpose: string;
      prompt: string;
      size?: `${number}x${number}`;
    }) {
      if (!choice.image) throw new AppError('E_VALIDATION');
      const releaseSlot = deps.limits.acquire(input.caller.userId);
      const prompt = createPseudonymizer(input.caller.sensitiveNames ?? []).mask(input.prompt);
      let reservation: Awaited<ReturnType<TokenTracker['reserve']>> | undefined;
      try {
        reservation = await deps.tracker.reserve(input.caller.userId, IMAGE_TOKENS, input.purpose);
        const result = await generateImage({
          model: choice.image,
          prompt,
          n: 1,
          size: input.size ?? '1024x1024',
        }).catch((error: unknown) => {
          throw modelFailure(error);
        });
        await deps.tracker.settle(reservation, IMAGE_TOKENS, choice.image?.modelId ?? null);
        reservation = undefined;
        return { bytes: result.image.uint8Array, mediaType: result.image.mediaType };
      } finally {
        if (reservation) await deps.tracker.release(reservation).catch(() => false);
        releaseSlot();
      }
    },

    /** Whether recordings can be turned into text here. */
    canTranscribe: choice.transcription !== null,

    /**
     * A recording to text through the provider's speech-to-text model, reserved against the
     * licence like any call (about one token per 100 ms of audio, settled by the transcript).
     */
    async transcribe(input: { caller: AiCaller; purpose: string; audio: Uint8Array; mediaType: string }) {
      if (!choice.transcription) throw new AppError('E_VALIDATION');
      const releaseSlot = deps.limits.acquire(input.caller.userId);
      let reservation: Awaited<ReturnType<TokenTracker['reserve']>> | undefined;
      try {
        // 128 kbit/s is 16 kB a second.
        const seconds = input.audio.byteLength / 16_000;
        reservation = await deps.tracker.reserve(
          input.caller.userId,
          Math.ceil(seconds * 10) + 500,
          input.purpose,
        );
        const result = await transcribe({ model: choice.transcription, audio: input.audio }).catch(
          (error: unknown) => {
            throw modelFailure(error);
          },
        );
        await deps.tracker.settle(
          reservation,
          estimateTokens(result.text) + Math.ceil(seconds),
          choice.transcription?.modelId ?? null,
        );
        reservation = undefined;
        return { text: result.text, segments: result.segments };
      } finally {
        if (reservation) await deps.tracker.release(reservation).catch(() => false);
        releaseSlot();
      }
    },

    /** A short completion (titles, briefings): same limits, licence and privacy rules. */
    async completeText(input: {
      caller: AiCaller;
      purpose: string;
      system: string;
      prompt: string;
      maxOutputTokens?: number;
    }) {
      let text = '';
      for await (const event of this.streamChat({
        caller: input.caller,
        purpose: input.purpose,
        system: input.system,
        turns: [{ role: 'user', text: input.prompt }],
        maxOutputTokens: input.maxOutputTokens ?? 200,
      })) {
        if (event.type === 'text') text += event.delta;
      }
      return text.trim();
    },
  };
}

export type AiGateway = ReturnType<typeof createAiGateway>;
