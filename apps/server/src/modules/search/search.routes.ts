import { type SearchKind, searchRequestSchema, searchResponseSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, teachersOnly } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { SearchService } from './search.service.ts';

/** The AI host's search calls (document-tools.md §7), by the kind each answers. */
export const SEARCH_ROUTES: { path: string; kind: SearchKind; summary: string }[] = [
  { path: '/openai/web_search', kind: 'web', summary: 'Web search (safe search on), with source links' },
  { path: '/openai/image_search', kind: 'image', summary: 'Image search (safe search on)' },
  { path: '/openai/gif_image_search', kind: 'gif', summary: 'GIF image search (safe search on)' },
  { path: '/openai/youtube_search', kind: 'youtube', summary: 'YouTube video search (safeSearch=strict)' },
  { path: '/openai/edutech_search', kind: 'edutech', summary: 'Search the edutech catalogue' },
];

export function searchRoutes(service: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const route of SEARCH_ROUTES) {
      app.post(
        route.path,
        {
          preHandler: teachersOnly,
          schema: {
            tags: ['search'],
            security: [{ bearerAuth: [] }],
            summary: route.summary,
            body: searchRequestSchema,
            response: { 200: searchResponseSchema, ...ERROR_RESPONSES },
          },
        },
        (request) => service.search(actorOf(request), route.kind, request.body.query, request.body.limit),
      );
    }
  };
}
