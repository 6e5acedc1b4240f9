import type { SearchResult } from '@ssaem/contracts';

/** What a search provider is asked for; edutech is answered from the catalogue, not here. */
export type ProviderKind = 'web' | 'image' | 'gif' | 'youtube';

/**
 * One search provider, enabled by configuration. Every adapter asks with its strictest safe
 * search (the users' pupils are children) and returns results with their source link.
 */
export interface SearchProvider {
  /** Shown with every result and in the answer ("SearXNG", "YouTube"). */
  readonly name: string;
  readonly kinds: ReadonlySet<ProviderKind>;
  search(kind: ProviderKind, query: string, limit: number, signal: AbortSignal): Promise<SearchResult[]>;
}

const TIMEOUT_MS = 8000;

async function getJson(
  url: URL,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...headers },
    signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
  });
  if (!response.ok) throw new Error(`search provider answered ${response.status}`);
  return response.json();
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const httpUrl = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * A SearXNG instance's JSON API (`format=json` must be enabled in its settings): general results
 * for web search, the images category for pictures, and the images category filtered to GIF
 * files for GIF search. `safesearch=2` is SearXNG's strict level.
 */
export function searxngProvider(baseUrl: string): SearchProvider {
  return {
    name: 'SearXNG',
    kinds: new Set(['web', 'image', 'gif']),
    async search(kind, query, limit, signal) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.searchParams.set('q', kind === 'gif' ? `${query} gif` : query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('safesearch', '2');
      url.searchParams.set('language', 'ko');
      url.searchParams.set('categories', kind === 'web' ? 'general' : 'images');
      const body = (await getJson(url, signal)) as { results?: Record<string, unknown>[] };
      const results: SearchResult[] = [];
      for (const row of body.results ?? []) {
        const link = httpUrl(row.url);
        if (!link) continue;
        const image = httpUrl(row.img_src) ?? httpUrl(row.thumbnail_src);
        if (kind !== 'web' && !image) continue;
        if (kind === 'gif' && !/\.gif($|\?)/i.test(image ?? '')) continue;
        results.push({
          title: text(row.title) || link,
          url: link,
          snippet: text(row.content).slice(0, 300),
          thumbnailUrl: kind === 'web' ? null : (httpUrl(row.thumbnail_src) ?? image),
          source: `SearXNG${text(row.engine) ? ` · ${text(row.engine)}` : ''}`,
        });
        if (results.length >= limit) break;
      }
      return results;
    },
  };
}

/** The YouTube Data API v3 `search.list`, videos only, `safeSearch=strict`, Korean region. */
export function youtubeProvider(apiKey: string, apiUrl: string): SearchProvider {
  return {
    name: 'YouTube',
    kinds: new Set(['youtube']),
    async search(_kind, query, limit, signal) {
      const url = new URL('youtube/v3/search', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`);
      url.searchParams.set('part', 'snippet');
      url.searchParams.set('type', 'video');
      url.searchParams.set('safeSearch', 'strict');
      url.searchParams.set('regionCode', 'KR');
      url.searchParams.set('relevanceLanguage', 'ko');
      url.searchParams.set('maxResults', String(limit));
      url.searchParams.set('q', query);
      url.searchParams.set('key', apiKey);
      const body = (await getJson(url, signal)) as {
        items?: {
          id?: { videoId?: unknown };
          snippet?: {
            title?: unknown;
            description?: unknown;
            channelTitle?: unknown;
            thumbnails?: { medium?: { url?: unknown }; default?: { url?: unknown } };
          };
        }[];
      };
      return (body.items ?? []).flatMap((item) => {
        const id = text(item.id?.videoId);
        if (!/^[A-Za-z0-9_-]{6,20}$/.test(id)) return [];
        return [
          {
            title: text(item.snippet?.title) || id,
            url: `https://www.youtube.com/watch?v=${id}`,
            snippet: text(item.snippet?.description).slice(0, 300),
            thumbnailUrl:
              httpUrl(item.snippet?.thumbnails?.medium?.url) ??
              httpUrl(item.snippet?.thumbnails?.default?.url),
            source: `YouTube${text(item.snippet?.channelTitle) ? ` · ${text(item.snippet?.channelTitle)}` : ''}`,
          },
        ];
      });
    },
  };
}

/** The providers the configuration enables, by the kind they answer. */
export function configuredProviders(config: {
  SEARXNG_URL?: string | undefined;
  YOUTUBE_API_KEY?: string | undefined;
  YOUTUBE_API_URL: string;
}): SearchProvider[] {
  const providers: SearchProvider[] = [];
  if (config.SEARXNG_URL) providers.push(searxngProvider(config.SEARXNG_URL));
  if (config.YOUTUBE_API_KEY) providers.push(youtubeProvider(config.YOUTUBE_API_KEY, config.YOUTUBE_API_URL));
  return providers;
}
