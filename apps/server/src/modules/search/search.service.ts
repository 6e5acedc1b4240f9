import type { EdutechProductSummary, SearchKind, SearchResponse, SearchResult } from '@ssaem/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import type { ProviderKind, SearchProvider } from '../../platform/search/search-provider.ts';
import type { Actor } from '../../policies/actor.ts';
import type { RelatedMaterial } from '../library/library.service.ts';
import { topicTermsOf } from '../tools/topic-terms.ts';

const EDUTECH_SOURCE = '쌤 에듀테크 카탈로그';

const KIND_LABEL: Record<ProviderKind, string> = {
  web: '웹 검색',
  image: '이미지 검색',
  gif: 'GIF 검색',
  youtube: '유튜브 검색',
};

/** Lower-cased, spaces folded: one cache entry for "분수 놀이" and " 분수  놀이". */
const normalise = (query: string) => query.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The search tools. A configured provider answers its kinds (results cached for
 * SEARCH_CACHE_SECONDS, every result with its link and the provider named); without one, or when
 * it fails, the tools say so plainly and look in the product's own sources — the library the
 * teacher may read, the curriculum standards and the edutech catalogue — never inventing a link.
 */
export function createSearchService(deps: {
  db: Kysely<Database>;
  providers: SearchProvider[];
  /** The edutech feature's catalogue search (its ranking and who may see what). */
  edutech: { searchCatalogue(actor: Actor, query: string, size: number): Promise<EdutechProductSummary[]> };
  cacheSeconds: number;
  licences: { assertUsable(userId: number): Promise<void> };
  related: (actor: Actor, query: string, limit: number) => Promise<RelatedMaterial[]>;
  log: FastifyBaseLogger;
}) {
  const cache = new LRUCache<string, SearchResult[]>({
    max: 500,
    ttl: Math.max(1, deps.cacheSeconds) * 1000,
  });
  function termsOf(query: string): string[] {
    const terms = topicTermsOf(query);
    if (terms.length > 0) return terms;
    const words = query.split(/\s+/).filter((w) => w.length >= 2);
    return words.length ? words : [query];
  }

  async function searchEdutech(actor: Actor, query: string, limit: number): Promise<SearchResult[]> {
    const products = await deps.edutech.searchCatalogue(actor, query, limit);
    return products.map((product) => {
      const page = `/edutech/${product.id}`;
      const site = product.siteUrl && /^https?:\/\//.test(product.siteUrl) ? product.siteUrl : null;
      return {
        title: product.name,
        // The official site when there is one; the catalogue page always (never an invented link).
        url: site ?? page,
        snippet: [
          product.serviceStatus === 'ENDED' ? '서비스 종료' : '',
          product.description,
          product.targetText && `대상: ${product.targetText}`,
          product.pricePolicy && `가격: ${product.pricePolicy}`,
          `카탈로그: ${page}`,
        ]
          .filter(Boolean)
          .join(' · '),
        thumbnailUrl: product.logoUrl,
        source: EDUTECH_SOURCE,
      };
    });
  }

  async function searchStandards(query: string, limit: number): Promise<SearchResult[]> {
    const terms = termsOf(query).slice(0, 5);
    const rows = await deps.db
      .selectFrom('standard')
      .select(['curriculum', 'code', 'statement', 'subject', 'gradeBand'])
      .where((eb) => eb.or(terms.map((term) => eb('statement', 'like', `%${term.replace(/[%_]/g, '')}%`))))
      .orderBy('curriculum', 'desc')
      .orderBy('code')
      .limit(200)
      .execute();
    const scored = rows
      .map((row) => ({ row, score: terms.filter((term) => row.statement.includes(term)).length }))
      .sort((a, b) => b.score - a.score);
    return scored.slice(0, limit).map(({ row }) => ({
      title: `${row.code} ${row.subject} (${row.gradeBand})`,
      url: `/api/v1/standards?curriculum=${row.curriculum}&code=${encodeURIComponent(row.code)}`,
      snippet: row.statement,
      thumbnailUrl: null,
      source: `${row.curriculum} 개정 교육과정 성취기준`,
    }));
  }

  async function searchLibrary(actor: Actor, query: string, limit: number): Promise<SearchResult[]> {
    const found = await deps.related(actor, query, limit).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'library lookup for search failed');
      return [];
    });
    // Titles, schools and links only: no author names.
    return found.map((material) => ({
      title: material.title,
      url: material.url,
      snippet: material.school ? `${material.school}에서 공유한 자료` : '공유된 자료',
      thumbnailUrl: null,
      source: '쌤 자료실',
    }));
  }

  async function ownSources(actor: Actor, query: string, limit: number): Promise<SearchResult[]> {
    const [library, standards, edutech] = await Promise.all([
      searchLibrary(actor, query, limit),
      searchStandards(query, limit),
      searchEdutech(actor, query, limit).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'edutech lookup for search failed');
        return [];
      }),
    ]);
    // Interleaved, so each source is seen even when the limit is small.
    const merged: SearchResult[] = [];
    for (let i = 0; merged.length < limit && i < limit; i++) {
      for (const list of [library, standards, edutech]) {
        const next = list[i];
        if (next && merged.length < limit) merged.push(next);
      }
    }
    return merged;
  }

  async function fromProvider(
    provider: SearchProvider,
    kind: ProviderKind,
    query: string,
    limit: number,
  ): Promise<{ results: SearchResult[]; cached: boolean }> {
    const key = `${provider.name}:${kind}:${limit}:${normalise(query)}`;
    const hit = cache.get(key);
    if (hit) return { results: hit, cached: true };
    const results = await provider.search(kind, query, limit, AbortSignal.timeout(10_000));
    cache.set(key, results);
    return { results, cached: false };
  }

  return {
    /** Which kinds a provider answers here (for the web and for the README's table). */
    providers: deps.providers.map((p) => ({ name: p.name, kinds: [...p.kinds] })),

    async search(actor: Actor, kind: SearchKind, query: string, limit: number): Promise<SearchResponse> {
      await deps.licences.assertUsable(actor.userId);
      const base = { kind, query, safeSearch: true as const };
      if (kind === 'edutech') {
        const results = await searchEdutech(actor, query, limit);
        return {
          ...base,
          provider: null,
          results,
          cached: false,
          notice: results.length
            ? null
            : '에듀테크 목록에서 맞는 도구를 찾지 못했어요. 다른 낱말로 찾아 보세요.',
        };
      }
      const provider = deps.providers.find((p) => p.kinds.has(kind));
      if (provider) {
        try {
          const { results, cached } = await fromProvider(provider, kind, query, limit);
          return {
            ...base,
            provider: provider.name,
            results,
            cached,
            notice: results.length ? null : `${provider.name}에서 결과를 찾지 못했어요.`,
          };
        } catch (error) {
          deps.log.warn({ err: error, provider: provider.name, kind }, 'search provider failed');
          return {
            ...base,
            provider: null,
            results: await ownSources(actor, query, limit),
            cached: false,
            notice: `${provider.name}에 연결하지 못해 쌤 자료실, 성취기준, 에듀테크 목록에서 찾았어요.`,
          };
        }
      }
      return {
        ...base,
        provider: null,
        results: await ownSources(actor, query, limit),
        cached: false,
        notice: `${KIND_LABEL[kind]}이 설정되어 있지 않아 쌤 자료실, 성취기준, 에듀테크 목록에서 찾았어요.`,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
