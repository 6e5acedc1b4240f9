import { z } from 'zod';

/**
 * The AI host's search tools (document-tools.md §7): web, image, GIF, YouTube and edutech search
 * behind one provider interface. Every result names its source and links to it; with no provider
 * configured the tools say so and search the library, the curriculum standards and the edutech
 * catalogue instead.
 */
export const SEARCH_KINDS = ['web', 'image', 'gif', 'youtube', 'edutech'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchRequestSchema = z.object({
  query: z.string().trim().min(1, { message: '검색어를 입력해주세요.' }).max(200),
  limit: z.number().int().min(1).max(20).default(8),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const searchResultSchema = z.object({
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** Who found it: the provider, or the product's own library, standards or edutech catalogue. */
  source: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z
  .object({
    kind: z.enum(SEARCH_KINDS),
    query: z.string(),
    /** The provider's name, or null when nothing outside the product was asked. */
    provider: z.string().nullable(),
    safeSearch: z.literal(true),
    results: z.array(searchResultSchema),
    cached: z.boolean(),
    notice: z.string().nullable(),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
