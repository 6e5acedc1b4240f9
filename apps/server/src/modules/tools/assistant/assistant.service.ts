import { randomUUID } from 'node:crypto';
import type { ToolStreamInput, ToolThread, ToolThreadMessage } from '@ssaem/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AiGateway, ChatTurn } from '../../../platform/ai/gateway.ts';
import { AppError, failureCause, failureCode } from '../../../platform/errors/app-error.ts';
import type { Actor } from '../../../policies/actor.ts';
import { canOnMaterial } from '../../../policies/material.policy.ts';
import type { LibraryItemRow, LibraryRepository } from '../../library/library.repository.ts';
import { asMaterial } from '../tool-items.ts';
import type { AssistantRepository, ToolThreadMessageRow, ToolThreadRow } from './assistant.repository.ts';

/** What the assistant says when no model is configured: plainly, and it changes nothing. */
export const OFFLINE_ASSISTANT_ANSWER =
  'AI 모델이 연결되어 있지 않아 지금은 대화로 결과를 고칠 수 없으니, 결과 화면에서 직접 고쳐 주세요.';
/** The result as the model sees it; a longer one is cut. */
const MAX_CONTEXT = 12_000;
/** Earlier turns the model sees besides the result. */
const HISTORY_TURNS = 10;
const MAX_OUTPUT = 2000;

function present(row: ToolThreadMessageRow): ToolThreadMessage {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    imageUrl: row.imageUrl,
    status: row.status,
    createdAt: row.createdAt,
  };
}

/** Names a result holds that must not reach a model (모둠 편성's pupils). */
function namesIn(content: unknown): string[] {
  const groups = (content as { groups?: { members?: { name?: unknown }[] }[] } | null)?.groups;
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((g) =>
    (g.members ?? []).flatMap((m) => (typeof m.name === 'string' ? [m.name] : [])),
  );
}

export interface AnswerSink {
  created(ids: { threadId: string; userMessageId: string; answerId: string }): void;
  text(delta: string): void;
  done(message: ToolThreadMessage): void;
  failed(message: string): void;
}

/**
 * The per-tool assistant: a thread about one tool result, kept per teacher and item, in which
 * the model sees the result and answers requests to change it. The question and the answer are
 * stored as they happen, so a page that reloads, or a teacher who comes back, finds the thread
 * where it was; an answer keeps being written when the page goes away.
 */
export function createAssistantService(deps: {
  repository: AssistantRepository;
  library: LibraryRepository;
  gateway: AiGateway;
  licences: { assertUsable(userId: number): Promise<void> };
  /** The names on the teacher's class rosters: masked before anything reaches the model. */
  sensitiveNamesOf: (userId: number) => Promise<string[]>;
  log: FastifyBaseLogger;
}) {
  async function visibleItem(actor: Actor, id: number, toolType: string): Promise<LibraryItemRow> {
    const item = await deps.library.find(id);
    if (!item || item.libraryType !== toolType || !canOnMaterial(actor, 'view', asMaterial(item)))
      throw new AppError('E_NOT_FOUND');
    return item;
  }

  /** The actor's own thread; anyone else's is not found. */
  async function ownThread(actor: Actor, id: string): Promise<ToolThreadRow> {
    const thread = await deps.repository.find(id);
    if (!thread || thread.userId !== actor.userId) throw new AppError('E_NOT_FOUND');
    return thread;
  }

  async function presentThread(thread: ToolThreadRow): Promise<ToolThread> {
    return {
      id: thread.id,
      toolType: thread.toolType,
      libraryId: thread.libraryItemId,
      messages: (await deps.repository.messages(thread.id)).map(present),
      offline: deps.gateway.info.offline,
    };
  }

  async function systemFor(item: LibraryItemRow): Promise<string> {
    const label = (await deps.repository.toolLabel(item.libraryType)) ?? item.libraryType;
    const content = (item.content ?? '').slice(0, MAX_CONTEXT);
    return [
      `당신은 교사가 '${label}' 도구로 만든 결과물을 함께 다듬는 도우미입니다.`,
      '교사의 요청대로 고친 부분을 바로 쓸 수 있는 형태로 쓰고, 어디를 바꿨는지(예: 3번 문항, 2컷)를 먼저 밝힙니다.',
      '바꾸지 않은 부분은 되풀이하지 않고, 결과물에 없는 사실을 지어내지 않으며, 학생의 실명을 쓰지 않습니다.',
      '',
      `[결과물: ${item.title}]`,
      content,
    ].join('\n');
  }

  return {
    /** Opens the teacher's thread about an item: the one they had (resumed), or a new one. */
    async open(
      actor: Actor,
      toolType: string,
      libraryId: number,
    ): Promise<{ thread: ToolThread; created: boolean }> {
      await visibleItem(actor, libraryId, toolType);
      await deps.licences.assertUsable(actor.userId);
      const existing = await deps.repository.latestFor(actor.userId, libraryId);
      if (existing) return { thread: await presentThread(existing), created: false };
      const now = new Date().toISOString();
      const row: ToolThreadRow = {
        id: randomUUID(),
        userId: actor.userId,
        libraryItemId: libraryId,
        toolType,
        createdAt: now,
        updatedAt: now,
      };
      await deps.repository.insert(row);
      return { thread: await presentThread(row), created: true };
    },

    async get(actor: Actor, id: string): Promise<ToolThread> {
      const thread = await ownThread(actor, id);
      await visibleItem(actor, thread.libraryItemId, thread.toolType);
      return presentThread(thread);
    },

    /**
     * Checks everything a request needs before a stream opens (so a refusal is a plain coded
     * error), then answers through `sink`. The licence tokens are reserved here too.
     */
    async prepare(actor: Actor, input: ToolStreamInput) {
      const thread = await ownThread(actor, input.thread_id);
      if (thread.toolType !== input.toolType)
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'toolType', message: '이 대화의 도구와 다릅니다.' }],
        });
      const item = await visibleItem(actor, thread.libraryItemId, thread.toolType);
      await deps.licences.assertUsable(actor.userId);
      const offline = deps.gateway.info.offline;
      const system = offline ? '' : await systemFor(item);
      const history = offline ? [] : await deps.repository.messages(thread.id);
      const turns: ChatTurn[] = [
        ...history
          .filter((m) => m.status === 'complete' && m.text)
          .slice(-HISTORY_TURNS)
          .map((m) => ({ role: m.role, text: m.text })),
        {
          role: 'user',
          text: input.message,
          // Only a picture the model can fetch itself; the product's own pictures need a session.
          ...(input.image_url?.startsWith('http') && deps.gateway.info.vision
            ? { images: [{ url: input.image_url, mediaType: 'image/png' }] }
            : {}),
        },
      ];
      const ticket = offline
        ? null
        : await deps.gateway.admit(
            actor.userId,
            Math.ceil((system.length + turns.reduce((n, t) => n + t.text.length, 0)) / 2) + MAX_OUTPUT,
            'tool-assistant',
          );

      return async (sink: AnswerSink) => {
        const now = new Date().toISOString();
        const userMessageId = randomUUID();
        const answerId = randomUUID();
        const version = input.version === undefined ? null : String(input.version);
        await deps.repository
          .append(
            thread.id,
            [
              {
                id: userMessageId,
                role: 'user',
                text: input.message,
                imageUrl: input.image_url ?? null,
                version,
                status: 'complete',
                createdAt: now,
                updatedAt: now,
              },
              {
                id: answerId,
                role: 'assistant',
                text: offline ? OFFLINE_ASSISTANT_ANSWER : '',
                imageUrl: null,
                version,
                status: offline ? 'offline' : 'streaming',
                createdAt: now,
                updatedAt: now,
              },
            ],
            now,
          )
          .catch(async (error: unknown) => {
            await ticket?.cancel();
            throw error;
          });
        sink.created({ threadId: thread.id, userMessageId, answerId });
        const answer = (text: string, status: ToolThreadMessage['status']): ToolThreadMessage => ({
          id: answerId,
          role: 'assistant',
          text,
          imageUrl: null,
          status,
          createdAt: now,
        });
        if (!ticket) {
          sink.text(OFFLINE_ASSISTANT_ANSWER);
          sink.done(answer(OFFLINE_ASSISTANT_ANSWER, 'offline'));
          return;
        }
        let text = '';
        try {
          const sensitive = [
            ...(await deps.sensitiveNamesOf(actor.userId)),
            ...namesIn(JSON.parse(item.content ?? 'null')),
          ];
          for await (const event of deps.gateway.streamChat({
            caller: { userId: actor.userId, sensitiveNames: sensitive },
            purpose: 'tool-assistant',
            system,
            turns,
            maxOutputTokens: MAX_OUTPUT,
            ticket,
          })) {
            if (event.type !== 'text') continue;
            text += event.delta;
            sink.text(event.delta);
          }
          await deps.repository.finish(answerId, { text, status: 'complete' });
          sink.done(answer(text, 'complete'));
        } catch (error) {
          await deps.repository.finish(answerId, { text, status: 'error' });
          const code = failureCode(error);
          deps.log.warn({ err: failureCause(error), code, answerId }, 'tool assistant answer failed');
          sink.failed(code);
        }
      };
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
