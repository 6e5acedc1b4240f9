import { toolStreamSchema, toolThreadCreateSchema, toolThreadSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { dataFrame, errorFrame, openEventStream } from '../../../platform/http/event-stream.ts';
import { TOOL_SCHEMA } from '../tool-item.routes.ts';
import type { AssistantService } from './assistant.service.ts';

/** document-tools.md §7: the per-tool assistant's thread and its answer stream (the web app calls the /api/v1 names). */
export function assistantRoutes(service: AssistantService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of ['/api/v1/assistant/threads', '/openai/generate/thread'])
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: "Open the teacher's assistant thread about a tool result (201 new, 200 resumed)",
            body: toolThreadCreateSchema,
            response: { 200: toolThreadSchema, 201: toolThreadSchema, ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const { thread, created } = await service.open(
            actorOf(request),
            request.body.toolType,
            request.body.libraryId,
          );
          return reply.status(created ? 201 : 200).send(thread);
        },
      );
    for (const url of ['/api/v1/assistant/threads/:id', '/openai/generate/thread/:id'])
      app.get(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: 'A thread with its messages (an answer still being written shows as streaming)',
            params: z.object({ id: z.uuid() }),
            response: { 200: toolThreadSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => service.get(actorOf(request), request.params.id),
      );
    for (const url of ['/api/v1/assistant/stream', '/openai/generate/stream'])
      app.post(
        url,
        {
          preHandler: teachersOnly,
          schema: {
            ...TOOL_SCHEMA,
            summary: 'Ask the assistant to change the result; the answer as server-sent events',
            body: toolStreamSchema,
            response: { 200: z.any().describe('text/event-stream'), ...ERROR_RESPONSES },
          },
        },
        async (request, reply) => {
          const answer = await service.prepare(actorOf(request), request.body);
          const stream = openEventStream(request, reply);
          // The answer is written to the end even when the page goes away: the thread keeps it.
          await answer({
            created: (ids) => stream.write(dataFrame({ type: 'created', ...ids })),
            text: (delta) => stream.write(dataFrame({ type: 'text', delta })),
            done: (message) => stream.write(dataFrame({ type: 'done', message })),
            failed: (message) => stream.write(errorFrame(message)),
          });
          stream.end();
        },
      );
  };
}
