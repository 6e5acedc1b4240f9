import {
  agentChatRequestSchema,
  agentListQuerySchema,
  agentSchema,
  cancelStreamSchema,
  chatRequestSchema,
  conversationIdParamSchema,
  conversationPageQuerySchema,
  conversationPageSchema,
  conversationSchema,
  conversationSearchQuerySchema,
  conversationSearchSchema,
  conversationUpdateSchema,
  genTitleSchema,
  likeSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  pickLanguage,
  pinSchema,
  reorderPinnedSchema,
  titleSchema,
  userSettingsSchema,
  userSettingsUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../platform/auth/guards.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { dataFrame, errorFrame, openEventStream } from '../../platform/http/event-stream.ts';
import { GENERATED_IMAGE_FILE } from '../../platform/storage/generated-images.ts';
import { listAgents } from './agents.ts';
import type { BriefingService } from './briefing.service.ts';
import type { ChatService, StartChatInput } from './chat.service.ts';
import type { FrameSource } from './generation.ts';
import type { UserSettingsService } from './user-settings.service.ts';

const DONE_FRAME = 'data: [DONE]\n\n';
const streamIdParams = z.object({ streamId: z.string().min(1).max(100) });
const resumeQuery = z.object({ resume: z.enum(['true', 'false']).optional() });
const messageParams = z.object({ id: z.string().min(1).max(100), msgId: z.string().min(1).max(100) });
const legacyMessageParams = z.object({
  conversationId: z.string().min(1).max(100),
  messageId: z.string().min(1).max(100),
});
const legacyConversationParams = z.object({ conversationId: z.string().min(1).max(100) });
const legacyDeleteSchema = z.object({
  conversationId: z.string().min(1).max(100).optional(),
  arg: z.object({ conversationId: z.string().min(1).max(100) }).optional(),
});
const legacyPageQuery = z.object({ pageNumber: z.coerce.number().int().min(1).max(100000).default(1) });

/**
 * Streams a generation's frames to this connection: the first frame, then live frames until the
 * final one. Closing the connection only unsubscribes; the answer keeps being generated.
 */
function pipeGeneration(
  request: FastifyRequest,
  reply: FastifyReply,
  generation: FrameSource,
  first: string,
  options: { doneMarker: boolean },
) {
  const stream = openEventStream(request, reply);
  stream.write(first);
  const finish = () => {
    if (options.doneMarker) stream.write(DONE_FRAME);
    stream.end();
  };
  if (generation.done) {
    if (generation.finalFrame) stream.write(generation.finalFrame);
    finish();
    return;
  }
  const unsubscribe = generation.subscribe((frame) => {
    stream.write(frame);
    if (frame === generation.finalFrame) finish();
  });
  stream.onClose(unsubscribe);
}

const briefingSchema = z.object({
  briefing: z.string(),
  generatedAt: z.string(),
  facts: z.object({
    name: z.string(),
    recentTitles: z.array(z.string()),
    conversationCount: z.number().int(),
    licence: z
      .object({
        isValid: z.boolean(),
        tokenLimit: z.number(),
        tokenUsed: z.number(),
        expiresAt: z.string().nullable(),
      })
      .passthrough(),
  }),
});

export function chatRoutes(
  chat: ChatService,
  settings: UserSettingsService,
  briefing: BriefingService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['chat'];
    const secured = { tags, security: [{ bearerAuth: [] }] };

    async function startStream(
      request: FastifyRequest,
      reply: FastifyReply,
      input: Omit<StartChatInput, 'language'>,
      doneMarker: boolean,
    ) {
      const language = pickLanguage(request.headers['accept-language']);
      const { generation, begin } = await chat.start(actorOf(request), { ...input, language });
      pipeGeneration(
        request,
        reply,
        generation,
        dataFrame({ created: true, message: generation.requestMessage, streamId: generation.streamId }),
        {
          doneMarker,
        },
      );
      begin();
    }

    app.get(
      '/api/v1/chat/images/:file',
      {
        schema: {
          tags,
          summary: 'A picture drawn in chat (its file name is the capability)',
          params: z.object({ file: z.string().regex(GENERATED_IMAGE_FILE) }),
          response: { 200: z.unknown().describe('image'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { bytes, type } = await chat.image(request.params.file);
        return reply.type(type).header('cache-control', 'private, max-age=31536000, immutable').send(bytes);
      },
    );

    app.post(
      '/api/agents/chat/:endpoint',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: 'Send a message; the answer streams as server-sent events',
          params: z.object({ endpoint: z.string().max(50) }),
          body: chatRequestSchema,
          response: ERROR_RESPONSES,
        },
      },
      async (request, reply) => {
        const body = request.body;
        await startStream(
          request,
          reply,
          {
            text: body.text,
            conversationId: body.conversationId,
            parentMessageId: body.parentMessageId,
            messageId: body.messageId,
            endpoint: body.endpoint ?? request.params.endpoint,
            model: body.model,
            files: body.files,
            gadgetId: body.gadgetId,
            clientTimestamp: body.clientTimestamp,
            documentContext: body.documentContext,
          },
          false,
        );
      },
    );

    app.post(
      '/api/v1/agent/chat/stream',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: 'Send a message (newer payload); ends with [DONE]',
          body: agentChatRequestSchema,
          response: ERROR_RESPONSES,
        },
      },
      async (request, reply) => {
        const body = request.body;
        await startStream(
          request,
          reply,
          {
            text: body.text,
            conversationId: body.conversation_id,
            parentMessageId: body.parent_message_id,
            messageId: body.message_id,
            endpoint: body.endpoint,
            model: body.model,
            files: body.files,
            gadgetId: body.agent_id,
          },
          true,
        );
      },
    );

    app.get(
      '/api/v1/streaming/:streamId',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: 'Re-attach to a running answer',
          params: streamIdParams,
          querystring: resumeQuery,
          response: ERROR_RESPONSES,
        },
      },
      async (request, reply) => {
        const { first, source } = await chat.attach(actorOf(request), request.params.streamId);
        pipeGeneration(request, reply, source, first, { doneMarker: false });
      },
    );

    app.get(
      '/api/v1/streaming/conversation/:id',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: 'The running answer of a conversation',
          params: conversationIdParamSchema,
          response: {
            200: z.object({ streamId: z.string(), responseMessageId: z.string() }),
            ...ERROR_RESPONSES,
          },
        },
      },
      (request) => chat.activeForConversation(actorOf(request), request.params.id),
    );

    app.post(
      '/api/v1/streaming/cancel',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: 'Stop an answer',
          body: cancelStreamSchema,
          response: {
            200: z.object({ success: z.boolean(), streamId: z.string(), outcome: z.string().nullable() }),
            ...ERROR_RESPONSES,
          },
        },
      },
      (request) => chat.cancel(actorOf(request), request.body.stream_id),
    );

    // ----- conversations (chat service paths under /api/v1) -----
    app.get(
      '/api/v1/conversations/paged',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          querystring: conversationPageQuerySchema,
          response: { 200: conversationPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.listConversations(actorOf(request), request.query.pageNo, request.query.pageSize),
    );
    app.get(
      '/api/v1/conversations/search',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: "Searches the caller's own conversations by title and message text",
          querystring: conversationSearchQuerySchema,
          response: { 200: conversationSearchSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.searchConversations(actorOf(request), request.query.q, request.query.limit),
    );
    app.get(
      '/api/v1/conversations/pinned',
      {
        preHandler: teachersOnly,
        schema: { ...secured, response: { 200: z.array(conversationSchema), ...ERROR_RESPONSES } },
      },
      (request) => chat.pinned(actorOf(request)),
    );
    app.put(
      '/api/v1/conversations/reorder-pinned',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          body: reorderPinnedSchema,
          response: { 200: z.array(conversationSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => chat.reorderPinned(actorOf(request), request.body.conversationIds),
    );
    app.post(
      '/api/v1/conversations/update',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          body: conversationUpdateSchema,
          response: { 200: conversationSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.applyUpdate(actorOf(request), updateOf(request.body)),
    );
    app.put(
      '/api/v1/conversations/:id/pin',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          params: conversationIdParamSchema,
          body: pinSchema,
          response: { 200: conversationSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.setPinned(actorOf(request), request.params.id, request.body.isPinned),
    );
    app.delete(
      '/api/v1/conversations/:id',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          params: conversationIdParamSchema,
          response: { 200: z.object({ success: z.boolean() }), ...ERROR_RESPONSES },
        },
      },
      (request) => chat.remove(actorOf(request), request.params.id),
    );
    app.get(
      '/api/v1/conversations/:id/title',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          params: conversationIdParamSchema,
          response: { 200: titleSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.title(actorOf(request), request.params.id),
    );
    app.put(
      '/api/v1/conversations/:id/title',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          params: conversationIdParamSchema,
          body: titleSchema,
          response: { 200: conversationSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.rename(actorOf(request), request.params.id, request.body.title),
    );
    app.get(
      '/api/v1/conversations/:id/messages',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          params: conversationIdParamSchema,
          response: { 200: z.array(messageSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => chat.allMessages(actorOf(request), request.params.id),
    );
    app.get(
      '/api/v1/conversations/:id/messages/paged',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: 'Messages, 40 a page; page 0 is the newest',
          params: conversationIdParamSchema,
          querystring: messagePageQuerySchema,
          response: { 200: messagePageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) =>
        chat.messagesPage(actorOf(request), request.params.id, request.query.pageNo, request.query.pageSize),
    );
    app.put(
      '/api/v1/conversations/:id/messages/:msgId/like',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          params: messageParams,
          body: likeSchema,
          response: { 200: messageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.like(actorOf(request), request.params.id, request.params.msgId, request.body.isLiked),
    );

    // ----- the older LibreChat-style paths, served by the same handlers -----
    app.get(
      '/api/convos',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          querystring: legacyPageQuery,
          response: { 200: conversationPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.listConversations(actorOf(request), request.query.pageNumber - 1, 50),
    );
    app.get(
      '/api/messages/:conversationId',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          params: legacyConversationParams,
          response: { 200: z.array(messageSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => chat.allMessages(actorOf(request), request.params.conversationId),
    );
    app.put(
      '/api/messages/:conversationId/:messageId',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          params: legacyMessageParams,
          body: likeSchema,
          response: { 200: messageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) =>
        chat.like(
          actorOf(request),
          request.params.conversationId,
          request.params.messageId,
          request.body.isLiked,
        ),
    );
    app.post(
      '/api/convos/gen_title',
      {
        preHandler: teachersOnly,
        schema: { ...secured, body: genTitleSchema, response: { 200: titleSchema, ...ERROR_RESPONSES } },
      },
      (request) => chat.title(actorOf(request), request.body.conversationId),
    );
    app.post(
      '/api/convos/update',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          body: conversationUpdateSchema,
          response: { 200: conversationSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => chat.applyUpdate(actorOf(request), updateOf(request.body)),
    );
    app.delete(
      '/api/convos',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          body: legacyDeleteSchema,
          response: { 200: z.object({ success: z.boolean() }), ...ERROR_RESPONSES },
        },
      },
      (request) => {
        const id = request.body.arg?.conversationId ?? request.body.conversationId;
        if (!id) throw new AppError('E_VALIDATION');
        return chat.remove(actorOf(request), id);
      },
    );

    // ----- briefing -----
    app.get(
      '/api/v1/agent/briefing/chat',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: "A short briefing of the teacher's recent work and licence",
          response: { 200: briefingSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => briefing.briefing(actorOf(request), pickLanguage(request.headers['accept-language'])),
    );
    app.post(
      '/api/v1/agent/briefing/chat',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          summary: 'The briefing, streamed (written by the model when one is connected)',
          response: ERROR_RESPONSES,
        },
      },
      async (request, reply) => {
        const events = briefing.stream(actorOf(request), pickLanguage(request.headers['accept-language']));
        const stream = openEventStream(request, reply);
        let text = '';
        try {
          for await (const event of events) {
            if (stream.closed) break;
            if (event.type !== 'text') continue;
            text += event.delta;
            stream.write(
              dataFrame({
                event: 'on_message_delta',
                data: { id: 'briefing', delta: { content: [{ type: 'text', text: event.delta }] } },
              }),
            );
          }
          stream.write(dataFrame({ final: true, briefing: text }));
        } catch (error) {
          stream.write(errorFrame(error instanceof AppError ? error.code : 'Stream error occurred'));
        }
        stream.write(DONE_FRAME);
        stream.end();
      },
    );

    // ----- assistants and settings -----
    const listAgentsHandler = (request: FastifyRequest<{ Querystring: { type?: 'chat' | 'tool' } }>) =>
      listAgents(pickLanguage(request.headers['accept-language']), request.query.type);
    app.get(
      '/api/v1/agent/list',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          querystring: agentListQuerySchema,
          response: { 200: z.array(agentSchema), ...ERROR_RESPONSES },
        },
      },
      listAgentsHandler,
    );
    app.get(
      '/api/gadgets',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          querystring: agentListQuerySchema,
          response: { 200: z.array(agentSchema), ...ERROR_RESPONSES },
        },
      },
      listAgentsHandler,
    );
    app.get(
      '/api/v1/user-settings',
      {
        preHandler: teachersOnly,
        schema: { ...secured, response: { 200: userSettingsSchema, ...ERROR_RESPONSES } },
      },
      (request) => settings.get(actorOf(request).userId),
    );
    app.post(
      '/api/v1/user-settings',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          body: userSettingsUpdateSchema,
          response: { 200: userSettingsSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => settings.replace(actorOf(request).userId, request.body),
    );
    app.put(
      '/api/v1/user-settings',
      {
        preHandler: teachersOnly,
        schema: {
          ...secured,
          body: userSettingsUpdateSchema,
          response: { 200: userSettingsSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => settings.update(actorOf(request).userId, request.body),
    );
  };
}

function updateOf(body: z.infer<typeof conversationUpdateSchema>) {
  const source = body.arg ?? body;
  if (!source.conversationId) throw new AppError('E_VALIDATION');
  return { conversationId: source.conversationId, isPinned: source.isPinned, title: source.title };
}
