import {
  type ContentPart,
  DEFAULT_ENDPOINT,
  DEFAULT_TITLE,
  type DocumentContext,
  type ErrorCode,
  type Language,
  MAX_PINNED_CONVERSATIONS,
  type Message,
  NO_PARENT_ID,
} from '@ssaem/contracts';
import { type ToolSet, tool } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  type AdmissionTicket,
  type AiGateway,
  type ChatTurn,
  estimateChatTokens,
} from '../../platform/ai/gateway.ts';
import { AppError, failureCause, failureCode } from '../../platform/errors/app-error.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { dataFrame, errorFrame } from '../../platform/http/event-stream.ts';
import { newRowId } from '../../platform/ids/row-id.ts';
import type { GeneratedImages } from '../../platform/storage/generated-images.ts';
import type { Actor } from '../../policies/actor.ts';
import { ASKS_FOR_EDUTECH } from '../edutech/edutech-rules.ts';
import type { FilesService } from '../files/files.service.ts';
import type { RelatedMaterial } from '../library/library.service.ts';
import { keywordTerms } from '../library/search-grams.ts';
import { DEFAULT_AGENT_ID, findAgent } from './agents.ts';
import { presentConversation, presentConversationHit, presentMessage } from './chat.presenter.ts';
import type { ChatRepository, ConversationRow, MessageRow } from './chat.repository.ts';
import { documentContextBlock } from './document-assistant.ts';
import {
  type FrameSource,
  Generation,
  type GenerationOutcome,
  type GenerationRegistry,
} from './generation.ts';
import { type EdutechLine, edutechContextBlock, libraryContextBlock } from './offline-answer.ts';
import { attachRemote, cancelRemote, serveRemoteClients } from './remote-streams.ts';

/**
 * A streaming answer is saved before its oldest unsaved text is a second old (DESIGN.md §7): the
 * writer looks every 200 ms and saves the answers whose oldest unsaved change is 700 ms old, so
 * one is saved within 900 ms (a tenth of a second left for a late timer) and a streaming answer
 * about every 0.8 s, not at every look: each save rewrites the whole answer so far.
 */
const SAVE_TICK_MS = 200;
const SAVE_AGE_MS = 700;
/** How long an instance waits for the one running an answer to answer on the bus. */
const REMOTE_ATTACH_WAIT_MS = 2000;
const REMOTE_CANCEL_WAIT_MS = 15_000;
const OUTCOME_OF_STATUS: Partial<Record<MessageRow['status'], GenerationOutcome>> = {
  complete: 'complete',
  cancelled: 'cancelled',
  error: 'error',
  interrupted: 'error',
};
/** Every 10 s running answers' rows are touched, so a quiet one is not taken for dead. */
const HEARTBEAT_TICKS = 10_000 / SAVE_TICK_MS;
/** Scaled out: a streaming answer untouched this long belongs to an instance that is gone. */
export const ORPHANED_STREAM_MS = 60_000;
/** Answers saved per transaction; a few milliseconds of writing at most between two yields. */
const SAVE_BATCH = 25;
const HISTORY_LIMIT = 40;
const SENDER = 'Ssaem';
const STOPPED_NOTE: Record<Language, string> = {
  ko: '\n\n_사용자가 응답을 중지했습니다._',
  en: '\n\n_Stopped by the user._',
};

export interface StartChatInput {
  text: string;
  conversationId?: string | null | undefined;
  parentMessageId: string;
  messageId?: string | undefined;
  endpoint?: string | undefined;
  model?: string | undefined;
  files?: unknown[] | undefined;
  gadgetId?: string | null | undefined;
  clientTimestamp?: string | undefined;
  /** The HWP editor's document: read into the system prompt, never stored. */
  documentContext?: DocumentContext | undefined;
  language: Language;
}

function isNewConversationId(id: string | null | undefined): boolean {
  return !id || id === 'new' || id === 'PENDING';
}

/**
 * Saves the progress of every running answer before its unsaved text is a second old (above), in
 * transactions of a few dozen, so a thousand streams cost a few dozen commits a second, not
 * thousands.
 */
function createSnapshotWriter(
  repository: ChatRepository,
  registry: GenerationRegistry,
  log: FastifyBaseLogger,
) {
  let flushing: Promise<void> | null = null;
  let ticks = 0;
  const flush = async () => {
    ticks += 1;
    if (ticks % HEARTBEAT_TICKS === 0) {
      const running = registry.active().map((generation) => generation.responseMessageId);
      for (let start = 0; start < running.length; start += 500)
        await repository.touchStreaming(running.slice(start, start + 500));
    }
    const due = performance.now() - SAVE_AGE_MS;
    const unsaved = registry
      .active()
      .filter((generation) => generation.unsavedSince !== 0 && generation.unsavedSince <= due);
    for (let start = 0; start < unsaved.length; start += SAVE_BATCH) {
      // Tokens of every stream wait while a batch is written: give them the event loop in between.
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const batch = unsaved.slice(start, start + SAVE_BATCH).filter((generation) => !generation.done);
      for (const generation of batch) generation.unsavedSince = 0;
      await repository.saveSnapshots(
        batch.map((g) => ({ id: g.responseMessageId, text: g.text(), content: JSON.stringify(g.content) })),
      );
    }
  };
  const timer = setInterval(() => {
    if (flushing) return;
    flushing = flush()
      .catch((error: unknown) => log.error({ err: error }, 'saving streaming answers failed'))
      .finally(() => {
        flushing = null;
      });
  }, SAVE_TICK_MS);
  timer.unref();
  return {
    /** Resolves once a save in progress has finished, so a final save is never overtaken. */
    idle: async () => {
      await flushing;
    },
    stop: () => clearInterval(timer),
  };
}

/** Requests for pictures (the drawing tool is offered for these when an image model is set). */
const ASKS_FOR_PICTURES = /그림|그려|이미지|사진|삽화|일러스트|image|picture|illustration|draw/i;
/** Pictures one answer may draw. */
const MAX_CHAT_IMAGES = 4;

/** Questions that ask for materials (the library search tool is offered for these). */
const ASKS_FOR_MATERIALS =
  /자료|찾아|추천|참고|예시|샘플|지도안|평가\s*계획|가정\s*통신|활동지|library|material|resource/i;

/** Questions that ask to look something up outside the product (the search tools are offered for these). */
const ASKS_FOR_SEARCH = /검색|찾아|영상|동영상|유튜브|youtube|웹|인터넷|사이트|search|video/i;

export function createChatService(deps: {
  files: FilesService;
  repository: ChatRepository;
  gateway: AiGateway;
  registry: GenerationRegistry;
  log: FastifyBaseLogger;
  /** Student names of the teacher, never to reach a model (from class data when it exists). */
  studentNamesOf: (userId: number) => Promise<string[]>;
  /** Shared library materials for a question (the library feature). */
  materials?: { related(actor: Actor, text: string): Promise<RelatedMaterial[]> };
  /** Edutech catalogue products for a question (the edutech feature); never invented ones. */
  edutech?: { forQuestion(actor: Actor, question: string): Promise<EdutechLine[]> };
  /** Where pictures drawn in chat are kept (served at /api/v1/chat/images/{file}). */
  images?: GeneratedImages;
  /** The search tools (web, YouTube), offered to a connected model when a provider is configured. */
  search?: {
    providers: { name: string; kinds: string[] }[];
    search(
      actor: Actor,
      kind: 'web' | 'youtube',
      query: string,
      limit: number,
    ): Promise<{
      provider: string | null;
      results: { title: string; url: string; snippet: string; source: string }[];
    }>;
  };
  /**
   * The event bus, and whether other instances share it (Redis): then a client may re-attach to
   * or stop an answer through any instance.
   */
  events?: { bus: EventBus; shared: boolean };
}) {
  const { repository, registry } = deps;
  const snapshots = createSnapshotWriter(repository, registry, deps.log);

  /** A conversation the actor owns; anything else reads as not found. */
  async function ownConversation(actor: Actor, id: string): Promise<ConversationRow> {
    const conversation = await repository.findConversation(id);
    if (!conversation || conversation.userId !== actor.userId) throw new AppError('E_NOT_FOUND');
    return conversation;
  }

  async function history(parentMessageId: string, text: string): Promise<ChatTurn[]> {
    const branch =
      parentMessageId === NO_PARENT_ID ? [] : await repository.branch(parentMessageId, HISTORY_LIMIT);
    const turns: ChatTurn[] = branch
      .filter((m) => m.text.trim() && m.status !== 'error')
      .map((m) => ({ role: m.isCreatedByUser ? 'user' : 'assistant', text: m.text }));
    turns.push({ role: 'user', text });
    return turns;
  }

  /** Puts the message's attachments into the last turn: images for vision, documents as text. */
  async function attachFiles(actor: Actor, turns: ChatTurn[], files: unknown[]) {
    const ids = files
      .map((file) => (file && typeof file === 'object' ? (file as { file_id?: unknown }).file_id : undefined))
      .filter((id): id is string => typeof id === 'string');
    if (ids.length === 0) return;
    const { images, documents } = await deps.files.forChat(actor, ids);
    const last = turns.at(-1);
    if (!last) return;
    if (images.length) last.images = images;
    if (documents.length) {
      const attached = documents.map((d) => `[첨부 파일: ${d.name}]\n${d.text}`).join('\n\n');
      last.text = `${last.text}\n\n${attached}`;
    }
  }

  /** What the answer's row holds once it is complete. */
  function completedAnswer(generation: Generation) {
    return {
      text: generation.text(),
      content: JSON.stringify(generation.content),
      status: 'complete' as const,
      unfinished: 0,
      updatedAt: new Date().toISOString(),
    } satisfies Partial<MessageRow>;
  }

  async function saveSnapshot(
    generation: Generation,
    status: MessageRow['status'],
    extra: Partial<MessageRow> = {},
  ) {
    await repository.updateMessage(generation.responseMessageId, {
      text: generation.text(),
      content: JSON.stringify(generation.content),
      status,
      unfinished: status === 'complete' ? 0 : 1,
      updatedAt: new Date().toISOString(),
      ...extra,
    });
  }

  async function finalPayloadOf(conversationId: string, requestMessage: Message | null, responseId: string) {
    const [conversation, response] = await Promise.all([
      repository.findConversation(conversationId),
      repository.findMessage(responseId),
    ]);
    return {
      final: true,
      conversation: conversation ? presentConversation(conversation) : null,
      requestMessage,
      responseMessage: response ? presentMessage(response) : null,
    };
  }

  const finalPayload = (generation: Generation) =>
    finalPayloadOf(generation.conversationId, generation.requestMessage, generation.responseMessageId);

  /** The re-attach snapshot: the answer so far; live frames follow. */
  function syncPayloadOf(
    streamId: string,
    answer: { id: string; conversationId: string; text: string; content: ContentPart[]; unfinished: boolean },
    requestMessage: Message | null,
  ) {
    return {
      sync: true,
      streamId,
      conversationId: answer.conversationId,
      requestMessage,
      responseMessage: {
        messageId: answer.id,
        parentMessageId: requestMessage?.messageId ?? NO_PARENT_ID,
        conversationId: answer.conversationId,
        sender: SENDER,
        isCreatedByUser: false,
        text: answer.text,
        content: answer.content,
        unfinished: answer.unfinished,
      },
    };
  }

  const syncPayload = (generation: Generation) =>
    syncPayloadOf(
      generation.streamId,
      {
        id: generation.responseMessageId,
        conversationId: generation.conversationId,
        text: generation.text(),
        content: generation.content,
        unfinished: !generation.done,
      },
      generation.requestMessage,
    );

  /** An answer no instance runs any more: its stored state, then its final (or error) frame. */
  async function storedStream(answer: MessageRow): Promise<{ first: string; source: FrameSource }> {
    const question = await repository.findMessage(answer.parentMessageId);
    const requestMessage = question ? presentMessage(question) : null;
    const content = presentMessage(answer).content;
    const first = dataFrame(
      syncPayloadOf(
        answer.streamId ?? '',
        {
          id: answer.id,
          conversationId: answer.conversationId,
          text: answer.text,
          content,
          unfinished: answer.unfinished === 1,
        },
        requestMessage,
      ),
    );
    const failure = content.findLast((part) => part.type === 'error');
    const finalFrame =
      answer.status === 'error'
        ? errorFrame(failure?.type === 'error' ? failure.error : 'Stream error occurred')
        : dataFrame(await finalPayloadOf(answer.conversationId, requestMessage, answer.id));
    return { first, source: { done: true, finalFrame, subscribe: () => () => {} } };
  }

  /** The actor's answer when this instance runs it; someone else's reads as not found. */
  function runningHere(actor: Actor, streamId: string): Generation | undefined {
    const generation = registry.get(streamId);
    if (generation && generation.userId !== actor.userId) throw new AppError('E_NOT_FOUND');
    return generation;
  }

  /** An answer of the actor's, wherever it runs; anyone else's reads as not found. */
  async function ownAnswer(actor: Actor, streamId: string): Promise<MessageRow> {
    const answer = await repository.findByStream(streamId);
    if (!answer || answer.userId !== actor.userId || answer.isCreatedByUser === 1)
      throw new AppError('E_NOT_FOUND');
    return answer;
  }

  const remoteClients =
    deps.events?.shared === true
      ? serveRemoteClients({
          bus: deps.events.bus,
          registry,
          snapshotOf: (generation) => dataFrame(syncPayload(generation)),
          log: deps.log,
        }).catch((error: unknown) => {
          deps.log.error({ err: error }, 'serving chat streams to other instances failed');
          return async () => {};
        })
      : null;

  async function titleFor(actor: Actor, text: string): Promise<string> {
    const fallback = text.replace(/\s+/g, ' ').trim().slice(0, 30) || DEFAULT_TITLE;
    if (deps.gateway.info.offline) return fallback;
    try {
      const title = await deps.gateway.completeText({
        caller: { userId: actor.userId, sensitiveNames: await deps.studentNamesOf(actor.userId) },
        purpose: 'title',
        system:
          '대화의 주제를 나타내는 짧은 제목을 만듭니다. 질문과 같은 언어로, 20자 이내, 따옴표와 마침표 없이 제목만 답합니다.',
        prompt: text.slice(0, 2000),
        maxOutputTokens: 40,
      });
      return title.replace(/^["'「]|["'」.]$/g, '').slice(0, 60) || fallback;
    } catch (error) {
      deps.log.warn({ err: error }, 'title generation failed');
      return fallback;
    }
  }

  /**
   * The library in chat: a connected model gets a search tool it calls when a teacher asks for
   * materials; the offline assistant looks the question up itself and lists what it found.
   */
  async function withLibrary(
    actor: Actor,
    system: string,
    question: string,
  ): Promise<{ system: string; tools?: ToolSet }> {
    const materials = deps.materials;
    if (!materials) return { system };
    if (deps.gateway.info.offline) {
      const found = await materials.related(actor, question).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'library lookup for chat failed');
        return [];
      });
      return { system: found.length ? `${system}\n\n${libraryContextBlock(found)}` : system };
    }
    // Tools move a call off the direct streaming path (several times the CPU per token), so the
    // tool is offered only when the teacher asks for materials.
    if (!ASKS_FOR_MATERIALS.test(question)) return { system };
    return {
      system,
      tools: {
        search_library: tool({
          description:
            '자료실(선생님들이 공유한 수업 자료, 평가계획, 가정통신문 등)에서 자료를 찾습니다. 교사가 자료를 찾거나 참고 자료를 원할 때 씁니다.',
          inputSchema: z.object({
            query: z.string().min(1).max(100).describe('찾을 낱말 (예: 분수, 평가계획)'),
          }),
          // Titles, kinds, schools and links only: no author names leave the server.
          execute: async ({ query }) => ({
            materials: (await materials.related(actor, query)).map(
              ({ author: _author, ...material }) => material,
            ),
          }),
        }),
      },
    };
  }

  /**
   * Edutech in chat: a connected model gets a catalogue search it calls when a teacher asks for a
   * tool; the offline assistant looks the question up itself and lists the catalogue's matches.
   */
  async function withEdutech(
    actor: Actor,
    system: string,
    question: string,
  ): Promise<{ system: string; tools?: ToolSet }> {
    const edutech = deps.edutech;
    if (!edutech || !ASKS_FOR_EDUTECH.test(question)) return { system };
    if (deps.gateway.info.offline) {
      const found = await edutech.forQuestion(actor, question).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'edutech lookup for chat failed');
        return [];
      });
      return { system: found.length ? `${system}\n\n${edutechContextBlock(found)}` : system };
    }
    return {
      system: `${system}\n\n에듀테크(수업 도구)를 추천할 때는 search_edutech로 찾은 카탈로그 제품만, 그 링크와 함께 안내합니다. 찾지 못하면 없다고 답하고 제품을 지어내지 않습니다.`,
      tools: {
        search_edutech: tool({
          description:
            '에듀테크 카탈로그(수업에 쓰는 앱·플랫폼)에서 과목, 학교급, 무료 여부로 제품을 찾습니다. 교사가 수업 도구를 찾을 때 씁니다.',
          inputSchema: z.object({
            question: z
              .string()
              .min(1)
              .max(200)
              .describe('찾는 조건을 담은 한 문장 (예: 초등 3학년 수학 무료 도구)'),
          }),
          execute: async ({ question: asked }) => ({ products: await edutech.forQuestion(actor, asked) }),
        }),
      },
    };
  }

  /**
   * Pictures in chat: with an image model, a connected model gets a drawing tool when the teacher
   * asks for a picture. Each picture joins the answer as it is done, with done/total progress.
   */
  function picturesTool(actor: Actor, generation: Generation, question: string, sensitiveNames: string[]) {
    const images = deps.images;
    if (!images || !deps.gateway.canGenerateImages || !ASKS_FOR_PICTURES.test(question)) return undefined;
    return {
      generate_images: tool({
        description:
          '수업 자료에 쓸 그림을 그립니다. 교사가 그림, 삽화, 이미지를 요청할 때만 씁니다. 그린 그림은 답변에 바로 표시되므로 답변 글에 그림 주소를 쓰지 않습니다.',
        inputSchema: z.object({
          prompt: z.string().min(1).max(1000).describe('그릴 장면을 자세히 (그림 안에 글자 없이)'),
          count: z.number().int().min(1).max(MAX_CHAT_IMAGES).describe('그릴 장수 (1~4)'),
        }),
        execute: async ({ prompt, count }) => {
          let drawn = 0;
          generation.imageProgress(0, count);
          for (let done = 1; done <= count && !generation.abort.signal.aborted; done += 1) {
            try {
              const picture = await deps.gateway.generateImage({
                caller: { userId: actor.userId, sensitiveNames },
                purpose: 'chat-image',
                prompt,
              });
              generation.addImage(`/api/v1/chat/images/${await images.save(picture)}`);
              drawn += 1;
            } catch (error) {
              deps.log.warn({ err: error, streamId: generation.streamId }, 'drawing a chat picture failed');
            }
            generation.imageProgress(done, count);
          }
          return { drawn, failed: count - drawn, note: '그린 그림은 답변에 이미 표시되었습니다.' };
        },
      }),
    };
  }

  /**
   * Web and video search in chat: a connected model gets the search tools of the configured
   * providers when the teacher asks to look something up; results carry their links and the
   * provider, and the model is told to cite them.
   */
  function searchTools(actor: Actor, question: string): ToolSet | undefined {
    const search = deps.search;
    if (!search || deps.gateway.info.offline || !ASKS_FOR_SEARCH.test(question)) return undefined;
    const kinds = new Set(search.providers.flatMap((p) => p.kinds));
    const tools: ToolSet = {};
    const make = (kind: 'web' | 'youtube', description: string) =>
      tool({
        description,
        inputSchema: z.object({ query: z.string().min(1).max(100).describe('검색어') }),
        execute: async ({ query }) => {
          const answer = await search.search(actor, kind, query, 5);
          return {
            provider: answer.provider,
            results: answer.results.map(({ title, url, snippet, source }) => ({
              title,
              url,
              snippet,
              source,
            })),
            note: '답변에 쓴 결과는 제목과 링크, 출처를 그대로 밝힙니다. 결과에 없는 링크는 쓰지 않습니다.',
          };
        },
      });
    if (kinds.has('web'))
      tools.web_search = make(
        'web',
        '웹에서 수업에 쓸 정보를 찾습니다(세이프서치). 교사가 검색이나 최신 정보를 원할 때 씁니다.',
      );
    if (kinds.has('youtube'))
      tools.youtube_search = make(
        'youtube',
        '유튜브에서 수업에 쓸 영상을 찾습니다(세이프서치). 교사가 영상을 원할 때 씁니다.',
      );
    return Object.keys(tools).length ? tools : undefined;
  }

  /** What the chat offers a question: the library, the catalogue, pictures and search. */
  async function withContext(
    actor: Actor,
    generation: Generation,
    systemPrompt: string,
    question: string,
    sensitiveNames: string[],
  ): Promise<{ system: string; tools: ToolSet | undefined }> {
    const library = await withLibrary(actor, systemPrompt, question);
    const edutech = await withEdutech(actor, library.system, question);
    const pictures = picturesTool(actor, generation, question, sensitiveNames);
    const searching = searchTools(actor, question);
    const tools =
      library.tools || edutech.tools || pictures || searching
        ? { ...library.tools, ...edutech.tools, ...pictures, ...searching }
        : undefined;
    return { system: edutech.system, tools };
  }

  /** Runs the model and turns its events into frames; detached from any HTTP connection. */
  async function run(
    generation: Generation,
    actor: Actor,
    turns: ChatTurn[],
    ticket: AdmissionTicket,
    language: Language,
    answer: MessageRow,
    documentContext?: DocumentContext,
  ) {
    const agent = findAgent(generation.agentId);
    try {
      generation.agentUpdate();
      const question = turns.at(-1)?.text ?? '';
      const sensitiveNames = await deps.studentNamesOf(actor.userId);
      const { system, tools } = documentContext
        ? // The editor's assistant works on the document alone: no library, catalogue or search.
          { system: `${agent.systemPrompt}\n${documentContextBlock(documentContext)}`, tools: undefined }
        : await withContext(actor, generation, agent.systemPrompt, question, sensitiveNames);
      // Each event becomes a frame in the tick the model's bytes arrived; a stop aborts the call.
      await deps.gateway.pushChat(
        {
          caller: { userId: actor.userId, sensitiveNames },
          purpose: 'chat',
          system,
          ...(tools ? { tools } : {}),
          turns,
          abortSignal: generation.abort.signal,
          ticket,
        },
        (event) => {
          if (!generation.cancelRequested && !generation.shuttingDown) generation.apply(event);
        },
      );
      // An aborted model stream may end quietly instead of throwing: treat it as the cancel it is.
      if (generation.cancelRequested || generation.shuttingDown) throw new Error('stopped');
      await snapshots.idle();
      const completed = completedAnswer(generation);
      await repository.completeAnswer(answer.id, completed, generation.conversationId, completed.updatedAt);
      // The answer's row is what was just written; only the conversation is read back (its title
      // may have been set meanwhile).
      const conversation = await repository.findConversation(generation.conversationId);
      generation.finish('complete', {
        payload: {
          final: true,
          conversation: conversation ? presentConversation(conversation) : null,
          requestMessage: generation.requestMessage,
          // The content as it is, not parsed back from the JSON just written.
          responseMessage: {
            ...presentMessage({ ...answer, ...completed, content: '[]' }),
            content: generation.content,
          },
        },
      });
    } catch (error) {
      await snapshots.idle();
      if (generation.shuttingDown) {
        await saveSnapshot(generation, 'interrupted');
        generation.finish('error', { error: 'E_SERVER_RESTARTING' satisfies ErrorCode });
        return;
      }
      if (generation.cancelRequested) {
        generation.appendStoppedNote(STOPPED_NOTE[language]);
        await saveSnapshot(generation, 'cancelled');
        generation.finish('cancelled', { payload: await finalPayload(generation) });
        return;
      }
      // The teacher reads a catalogue code's message; what went wrong inside is for the log.
      const message = failureCode(error);
      deps.log.warn(
        { err: failureCause(error), code: message, streamId: generation.streamId },
        'chat generation failed',
      );
      const content: ContentPart[] = [...generation.content, { type: 'error', error: message }];
      await repository
        .updateMessage(generation.responseMessageId, {
          text: generation.text(),
          content: JSON.stringify(content),
          status: 'error',
          error: 1,
          unfinished: 1,
          updatedAt: new Date().toISOString(),
        })
        .catch((saveError: unknown) => deps.log.error({ err: saveError }, 'saving a failed answer failed'));
      generation.finish('error', { error: message });
    }
  }

  return {
    /**
     * Saves the user's message and an empty answer, then starts generating. Licence and limits are
     * checked first, so a refusal leaves nothing behind.
     */
    async start(actor: Actor, input: StartChatInput): Promise<{ generation: Generation; begin: () => void }> {
      const isNew = isNewConversationId(input.conversationId);
      const convId = isNew ? newRowId() : (input.conversationId as string);
      if (!isNew) await ownConversation(actor, convId);
      if (input.parentMessageId !== NO_PARENT_ID) {
        const parent = await repository.findMessage(input.parentMessageId);
        if (!parent || parent.conversationId !== convId) throw new AppError('E_NOT_FOUND');
      }
      const gadgetId = input.gadgetId ?? DEFAULT_AGENT_ID;
      const turns = await history(input.parentMessageId, input.text);
      await attachFiles(actor, turns, input.files ?? []);
      // Limits and licence tokens are settled before anything is saved: a refusal leaves nothing.
      const systemPrompt = findAgent(gadgetId).systemPrompt;
      const ticket = await deps.gateway.admit(
        actor.userId,
        estimateChatTokens(
          input.documentContext
            ? `${systemPrompt}\n${documentContextBlock(input.documentContext)}`
            : systemPrompt,
          turns,
        ),
        'chat',
      );
      try {
        const now = new Date().toISOString();
        const conversation: ConversationRow | null = isNew
          ? {
              id: convId,
              userId: actor.userId,
              title: DEFAULT_TITLE,
              endpoint: input.endpoint ?? DEFAULT_ENDPOINT,
              model: deps.gateway.info.modelId,
              gadgetId,
              isPinned: 0,
              pinOrder: null,
              createdAt: now,
              updatedAt: now,
            }
          : null;
        const requestId =
          input.messageId && !(await repository.findMessage(input.messageId)) ? input.messageId : newRowId();
        const base = {
          conversationId: convId,
          userId: actor.userId,
          endpoint: input.endpoint ?? DEFAULT_ENDPOINT,
          gadgetId,
          isLiked: null,
          tokenCount: null,
          error: 0,
          createdAt: now,
          updatedAt: now,
        };
        const request: Omit<MessageRow, 'seq'> = {
          ...base,
          id: requestId,
          parentMessageId: input.parentMessageId,
          sender: 'User',
          isCreatedByUser: 1,
          text: input.text,
          content: JSON.stringify([{ type: 'text', text: input.text }]),
          status: 'complete',
          unfinished: 0,
          model: input.model ?? null,
          files: JSON.stringify(input.files ?? []),
          clientTimestamp: input.clientTimestamp ?? null,
        };
        const streamId = newRowId();
        const response: Omit<MessageRow, 'seq'> = {
          ...base,
          id: newRowId(),
          streamId,
          parentMessageId: requestId,
          sender: SENDER,
          isCreatedByUser: 0,
          text: '',
          content: '[]',
          status: 'streaming',
          unfinished: 1,
          model: deps.gateway.info.modelId,
          files: '[]',
          clientTimestamp: null,
        };
        // The user's message is stored before the model is called.
        const seq = await repository.insertTurn(conversation, request, response);
        const generation = new Generation({
          userId: actor.userId,
          conversationId: convId,
          requestMessage: presentMessage({ ...request, seq }),
          responseMessageId: response.id,
          agentId: gadgetId,
          streamId,
        });
        registry.add(generation);
        // The caller subscribes first, then begins, so no frame is emitted before anyone listens.
        const answer = { ...response, seq: seq + 1 };
        const begin = () =>
          void run(generation, actor, turns, ticket, input.language, answer, input.documentContext);
        return { generation, begin };
      } catch (error) {
        await ticket.cancel();
        throw error;
      }
    },

    /** A picture drawn in chat, by its unguessable file name. */
    async image(file: string) {
      if (!deps.images) throw new AppError('E_NOT_FOUND');
      return deps.images.read(file);
    },

    /**
     * Re-attaching to an answer of the actor's: its snapshot, then live frames. An answer another
     * instance runs is reached through the event bus; a finished one comes from the database.
     */
    async attach(actor: Actor, streamId: string): Promise<{ first: string; source: FrameSource }> {
      const local = runningHere(actor, streamId);
      if (local) return { first: dataFrame(syncPayload(local)), source: local };
      const answer = await ownAnswer(actor, streamId);
      if (answer.status === 'streaming' && deps.events?.shared) {
        const remote = await attachRemote(deps.events.bus, streamId, REMOTE_ATTACH_WAIT_MS);
        if (remote) return { first: remote.snapshot, source: remote.stream };
      }
      return storedStream(answer);
    },

    async activeForConversation(actor: Actor, conversationId: string) {
      await ownConversation(actor, conversationId);
      const generation = registry.forConversation(conversationId);
      if (generation && !generation.done) {
        return { streamId: generation.streamId, responseMessageId: generation.responseMessageId };
      }
      // Scaled out, the answer may be running on another instance.
      const answer = deps.events?.shared ? await repository.streamingAnswerOf(conversationId) : undefined;
      if (!answer?.streamId) throw new AppError('E_NOT_FOUND');
      return { streamId: answer.streamId, responseMessageId: answer.id };
    },

    /**
     * Stops a generation once. The partial answer is saved, marked unfinished with a note that
     * the user stopped it, and the final frame is sent, before the cancel is acknowledged.
     */
    async cancel(actor: Actor, streamId: string) {
      const local = runningHere(actor, streamId);
      if (local) {
        local.requestCancel();
        await local.whenDone();
        return { success: true, streamId, outcome: local.outcome };
      }
      const answer = await ownAnswer(actor, streamId);
      if (answer.status === 'streaming' && deps.events?.shared) {
        const outcome = await cancelRemote(deps.events.bus, streamId, REMOTE_CANCEL_WAIT_MS);
        return { success: outcome !== null, streamId, outcome };
      }
      return { success: true, streamId, outcome: OUTCOME_OF_STATUS[answer.status] ?? null };
    },

    /**
     * Scaled out, instances start and stop while others stream: answers whose instance is gone
     * (no heartbeat for a minute) are marked unfinished. Alone, every streaming row is such.
     */
    markOrphanedAnswers(): Promise<number> {
      return repository.markInterrupted(
        deps.events?.shared ? new Date(Date.now() - ORPHANED_STREAM_MS).toISOString() : undefined,
      );
    },

    /** On shutdown: running answers are saved as they are and marked unfinished. */
    async shutdown(): Promise<void> {
      snapshots.stop();
      // The bus may already be closed by now; nothing is left to unsubscribe from then.
      await (await remoteClients)?.().catch(() => undefined);
      const running = registry.active();
      for (const generation of running) {
        generation.shuttingDown = true;
        generation.abort.abort();
      }
      await Promise.all(running.map((generation) => generation.whenDone()));
    },

    // ----- conversations -----

    async listConversations(actor: Actor, pageNo: number, pageSize: number) {
      const { rows, total } = await repository.pageConversations(actor.userId, pageNo * pageSize, pageSize);
      return {
        conversations: rows.map(presentConversation),
        pageNo,
        pageSize,
        totalCount: total,
        hasMore: (pageNo + 1) * pageSize < total,
      };
    },

    /** The actor's own conversations holding every word of the query, in the title or a message. */
    async searchConversations(actor: Actor, query: string, limit: number) {
      const terms = keywordTerms(query);
      const rows = await repository.searchConversations(actor.userId, terms, limit);
      return { conversations: rows.map((row) => presentConversationHit(row, terms)) };
    },

    async pinned(actor: Actor) {
      return (await repository.pinnedConversations(actor.userId)).map(presentConversation);
    },

    async setPinned(actor: Actor, id: string, isPinned: boolean) {
      const conversation = await ownConversation(actor, id);
      if (isPinned && conversation.isPinned !== 1) {
        if (!(await repository.pinIfRoom(actor.userId, id, MAX_PINNED_CONVERSATIONS)))
          throw new AppError('E_ALREADY_FULL');
      } else if (!isPinned) {
        await repository.updateConversation(id, { isPinned: 0, pinOrder: null });
      }
      return presentConversation(await ownConversation(actor, id));
    },

    async reorderPinned(actor: Actor, ids: string[]) {
      for (const id of ids) await ownConversation(actor, id);
      await repository.reorderPinned(actor.userId, ids);
      return this.pinned(actor);
    },

    async rename(actor: Actor, id: string, title: string) {
      await ownConversation(actor, id);
      await repository.updateConversation(id, { title });
      return presentConversation(await ownConversation(actor, id));
    },

    /**
     * The conversation's title. A new conversation is named when the client asks for it after the
     * first answer (core.md §4), so the stream itself never waits on a second model call.
     */
    async title(actor: Actor, id: string) {
      const conversation = await ownConversation(actor, id);
      if (conversation.title !== DEFAULT_TITLE) return { title: conversation.title };
      const generation = registry.forConversation(id);
      if (generation && !generation.done) {
        await Promise.race([generation.whenDone(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      const first = await repository.firstUserMessage(id);
      if (!first) return { title: conversation.title };
      const title = await titleFor(actor, first.text);
      await repository.updateConversation(id, { title });
      return { title };
    },

    async remove(actor: Actor, id: string) {
      await ownConversation(actor, id);
      const generation = registry.forConversation(id);
      if (generation && !generation.done) {
        generation.cancelRequested = true;
        generation.abort.abort();
        await generation.whenDone();
      }
      await repository.deleteConversation(id);
      return { success: true };
    },

    async removeAll(actor: Actor) {
      await repository.deleteAllConversations(actor.userId);
      return { success: true };
    },

    async applyUpdate(
      actor: Actor,
      update: { conversationId: string; isPinned?: boolean | undefined; title?: string | undefined },
    ) {
      if (update.isPinned !== undefined) await this.setPinned(actor, update.conversationId, update.isPinned);
      if (update.title !== undefined) await this.rename(actor, update.conversationId, update.title);
      return presentConversation(await ownConversation(actor, update.conversationId));
    },

    // ----- messages -----

    async messagesPage(actor: Actor, conversationId: string, pageNo: number, pageSize: number) {
      await ownConversation(actor, conversationId);
      const { rows, total } = await repository.pageMessages(conversationId, pageNo, pageSize);
      const siblings = await repository.siblingCounts(
        conversationId,
        rows.map((r) => r.parentMessageId),
      );
      return {
        messages: rows.map((row) => presentMessage(row, siblings.get(row.parentMessageId) ?? 1)),
        pageNo,
        pageSize,
        totalCount: total,
        hasMore: (pageNo + 1) * pageSize < total,
      };
    },

    async allMessages(actor: Actor, conversationId: string): Promise<Message[]> {
      await ownConversation(actor, conversationId);
      const rows = await repository.allMessages(conversationId);
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.parentMessageId, (counts.get(row.parentMessageId) ?? 0) + 1);
      return rows.map((row) => presentMessage(row, counts.get(row.parentMessageId) ?? 1));
    },

    async like(actor: Actor, conversationId: string, messageId: string, isLiked: boolean | null) {
      await ownConversation(actor, conversationId);
      const message = await repository.findMessage(messageId);
      if (!message || message.conversationId !== conversationId) throw new AppError('E_NOT_FOUND');
      await repository.setLike(messageId, isLiked === null ? null : isLiked ? 1 : 0);
      return presentMessage({ ...message, isLiked: isLiked === null ? null : isLiked ? 1 : 0 });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
