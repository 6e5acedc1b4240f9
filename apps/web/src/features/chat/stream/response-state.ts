import type { ContentPart, Conversation, Message } from '@ssaem/contracts/chat';
import { failureOf, STREAM_ERROR_DEFAULT } from './answer-failure';

/**
 * The answer being streamed, built from the server's frames (core.md §4 chat stream). Pure: each
 * frame gives a new state; a part that did not change keeps its identity, so React skips it.
 */
export type StreamPhase = 'submitting' | 'streaming' | 'finished' | 'error' | 'cancelled';

export interface StreamStep {
  index: number;
  type: string;
}

export interface StreamState {
  phase: StreamPhase;
  streamId: string | null;
  conversationId: string | null;
  requestMessage: Message | null;
  responseMessageId: string | null;
  /** The response's parts; a step's `index` addresses its slot. Holes are parts not yet started. */
  content: (ContentPart | undefined)[];
  steps: Readonly<Record<string, StreamStep>>;
  error: string | null;
  /** The server's error code when the stream was refused before it started (E_LICENSE_001, …). */
  errorCode: string | null;
  model: string | null;
  conversation: Conversation | null;
  responseMessage: Message | null;
  /** Pictures being drawn for the answer: done of total; null when none are (or all are done). */
  imageProgress: { done: number; total: number } | null;
}

export function createStreamState(initial: Partial<StreamState> = {}): StreamState {
  return {
    phase: 'submitting',
    streamId: null,
    conversationId: null,
    requestMessage: null,
    responseMessageId: null,
    content: [],
    steps: {},
    error: null,
    errorCode: null,
    model: null,
    conversation: null,
    responseMessage: null,
    imageProgress: null,
    ...initial,
  };
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}

/** A stop asked for by the teacher outlasts the frames still in flight. */
function live(state: StreamState): StreamPhase {
  return state.phase === 'cancelled' ? 'cancelled' : 'streaming';
}

function withPart(content: StreamState['content'], index: number, part: ContentPart): StreamState['content'] {
  const next = content.slice();
  next[index] = part;
  return next;
}

/** Where a delta goes: its step's slot, or (after a resume snapshot, whose step ids are unknown) the last part of its kind. */
function slotFor(
  state: StreamState,
  stepId: unknown,
  kind: 'text' | 'think',
): [number, StreamState['steps']] {
  const known = typeof stepId === 'string' ? state.steps[stepId] : undefined;
  if (known) return [known.index, state.steps];
  const last = state.content.length - 1;
  const index = last >= 0 && state.content[last]?.type === kind ? last : state.content.length;
  const steps =
    typeof stepId === 'string'
      ? { ...state.steps, [stepId]: { index, type: 'message_creation' } }
      : state.steps;
  return [index, steps];
}

function deltaText(data: Json, kind: 'text' | 'think'): string {
  const delta = isObject(data.delta) ? data.delta : {};
  const parts = Array.isArray(delta.content) ? delta.content : [];
  let text = '';
  for (const part of parts) {
    if (isObject(part) && part.type === kind && typeof part[kind] === 'string') text += part[kind];
  }
  return text;
}

function applyDelta(state: StreamState, data: Json, kind: 'text' | 'think'): StreamState {
  const text = deltaText(data, kind);
  const [index, steps] = slotFor(state, data.id, kind);
  const current = state.content[index];
  const previous = current?.type === 'text' ? current.text : current?.type === 'think' ? current.think : '';
  const part: ContentPart =
    kind === 'text' ? { type: 'text', text: previous + text } : { type: 'think', think: previous + text };
  return { ...state, phase: live(state), steps, content: withPart(state.content, index, part) };
}

function applyRunStep(state: StreamState, data: Json): StreamState {
  if (typeof data.id !== 'string' || typeof data.index !== 'number') return state;
  const type = typeof data.type === 'string' ? data.type : 'message_creation';
  const steps = { ...state.steps, [data.id]: { index: data.index, type } };
  const responseMessageId = typeof data.runId === 'string' ? data.runId : state.responseMessageId;
  let content = state.content;
  if (type === 'image_url') {
    const details = isObject(data.stepDetails) ? data.stepDetails : {};
    const image = isObject(details.image_url) ? details.image_url : {};
    if (typeof image.url === 'string') {
      content = withPart(content, data.index, { type: 'image_url', image_url: { url: image.url } });
    }
  }
  if (type === 'tool_calls') {
    const details = isObject(data.stepDetails) ? data.stepDetails : {};
    const call =
      Array.isArray(details.tool_calls) && isObject(details.tool_calls[0]) ? details.tool_calls[0] : {};
    content = withPart(content, data.index, {
      type: 'tool_call',
      tool_call: {
        id: String(call.id ?? data.id),
        name: String(call.name ?? ''),
        args: String(call.args ?? ''),
        progress: 0.1,
      },
    });
  }
  return { ...state, phase: live(state), steps, responseMessageId, content };
}

function applyToolDelta(state: StreamState, data: Json): StreamState {
  const step = typeof data.id === 'string' ? state.steps[data.id] : undefined;
  const current = step ? state.content[step.index] : undefined;
  if (!step || current?.type !== 'tool_call') return state;
  const delta = isObject(data.delta) ? data.delta : {};
  const call = Array.isArray(delta.tool_calls) && isObject(delta.tool_calls[0]) ? delta.tool_calls[0] : {};
  if (typeof call.args !== 'string') return state;
  return {
    ...state,
    content: withPart(state.content, step.index, {
      type: 'tool_call',
      tool_call: { ...current.tool_call, args: call.args },
    }),
  };
}

function applyToolCompleted(state: StreamState, data: Json): StreamState {
  const result = isObject(data.result) ? data.result : {};
  if (typeof result.index !== 'number' || !isObject(result.tool_call)) return state;
  const call = result.tool_call as Extract<ContentPart, { type: 'tool_call' }>['tool_call'];
  return {
    ...state,
    content: withPart(state.content, result.index, {
      type: 'tool_call',
      tool_call: { ...call, progress: 1 },
    }),
  };
}

/** done/total of the pictures being drawn; equal numbers clear it (core.md §4). */
function applyImageProgress(state: StreamState, data: Json): StreamState {
  const { done, total } = data;
  if (typeof done !== 'number' || typeof total !== 'number') return state;
  return { ...state, imageProgress: done >= total ? null : { done, total } };
}

function applyAgentUpdate(state: StreamState, data: Json): StreamState {
  const update = isObject(data.agent_update) ? data.agent_update : {};
  if (typeof update.index !== 'number') return state;
  return {
    ...state,
    responseMessageId: typeof data.runId === 'string' ? data.runId : state.responseMessageId,
    content: withPart(state.content, update.index, {
      type: 'agent_update',
      agent_update: { agentId: String(update.agentId ?? ''), index: update.index },
    }),
  };
}

/** Applies one server-sent event: `event` is the SSE event name, `data` its parsed JSON. */
export function applyFrame(state: StreamState, event: string, data: unknown): StreamState {
  if (event === 'error') {
    const message = isObject(data) && typeof data.error === 'string' ? data.error : STREAM_ERROR_DEFAULT;
    return { ...state, phase: 'error', error: message };
  }
  if (!isObject(data)) return state;
  if (data.created === true && isObject(data.message)) {
    const message = data.message as Message;
    return {
      ...state,
      phase: live(state),
      requestMessage: message,
      conversationId: message.conversationId,
      streamId: typeof data.streamId === 'string' ? data.streamId : state.streamId,
    };
  }
  if (data.sync === true) {
    const response = isObject(data.responseMessage) ? data.responseMessage : {};
    return {
      ...state,
      phase: response.unfinished === false ? 'finished' : 'streaming',
      streamId: typeof data.streamId === 'string' ? data.streamId : state.streamId,
      conversationId: typeof data.conversationId === 'string' ? data.conversationId : state.conversationId,
      requestMessage: isObject(data.requestMessage) ? (data.requestMessage as Message) : state.requestMessage,
      responseMessageId:
        typeof response.messageId === 'string' ? response.messageId : state.responseMessageId,
      content: Array.isArray(response.content) ? (response.content as ContentPart[]).slice() : state.content,
      steps: {},
    };
  }
  if (data.final === true) {
    const response = isObject(data.responseMessage) ? (data.responseMessage as Message) : null;
    const conversation = isObject(data.conversation) ? (data.conversation as Conversation) : null;
    return {
      ...state,
      phase: state.phase === 'cancelled' ? 'cancelled' : 'finished',
      imageProgress: null,
      conversation,
      conversationId: conversation?.conversationId ?? response?.conversationId ?? state.conversationId,
      requestMessage: isObject(data.requestMessage) ? (data.requestMessage as Message) : state.requestMessage,
      responseMessage: response,
      responseMessageId: response?.messageId ?? state.responseMessageId,
      content: response?.content ?? state.content,
      model: response?.model ?? state.model,
      error: response?.error ? (failureOf(response) ?? state.error) : state.error,
    };
  }
  const payload = isObject(data.data) ? data.data : {};
  switch (data.event) {
    case 'on_run_step':
      return applyRunStep(state, payload);
    case 'on_message_delta':
      return applyDelta(state, payload, 'text');
    case 'on_reasoning_delta':
      return applyDelta(state, payload, 'think');
    case 'on_run_step_delta':
      return applyToolDelta(state, payload);
    case 'on_run_step_completed':
      return applyToolCompleted(state, payload);
    case 'on_agent_update':
      return applyAgentUpdate(state, payload);
    case 'on_image_progress':
      return applyImageProgress(state, payload);
    default:
      return state;
  }
}

/** The text parts joined, as the server stores a message's `text`. */
export function contentText(content: StreamState['content']): string {
  let text = '';
  for (const part of content) if (part?.type === 'text') text += part.text;
  return text;
}
