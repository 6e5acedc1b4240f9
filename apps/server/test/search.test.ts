import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { askChat } from './chat-ask.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { type FakeSearch, startFakeSearch } from './fake-search-server.ts';
import { textOfDeltas } from './sse-client.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

interface Answer {
  kind: string;
  provider: string | null;
  safeSearch: boolean;
  cached: boolean;
  notice: string | null;
  results: { title: string; url: string; snippet: string; thumbnailUrl: string | null; source: string }[];
}

describe('search tools with providers configured', () => {
  let ctx: ToolTestContext<unknown>;
  let fake: FakeSearch;
  const search = async (path: string, query: string) => {
    const response = await ctx.request('teacher', 'POST', `/openai/${path}`, { query });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  beforeAll(async () => {
    fake = await startFakeSearch();
    ctx = await buildToolTestContext('/api/v1/library', {
      SEARXNG_URL: fake.url,
      YOUTUBE_API_KEY: 'test-key',
      YOUTUBE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  it('searches the web with strict safe search, names the provider and links every result', async () => {
    const answer = await search('web_search', '광합성');
    expect(answer).toMatchObject({
      kind: 'web',
      provider: 'SearXNG',
      safeSearch: true,
      cached: false,
      notice: null,
    });
    expect(answer.results).toEqual([
      {
        title: '광합성 - 위키백과',
        url: 'https://ko.wikipedia.org/wiki/%EA%B4%91%ED%95%A9%EC%84%B1',
        snippet: '식물이 빛 에너지를 이용해 양분을 만드는 과정',
        thumbnailUrl: null,
        source: 'SearXNG · wikipedia',
      },
    ]);
    const asked = fake.requests.at(-1);
    expect(asked?.searchParams.get('safesearch')).toBe('2');
    expect(asked?.searchParams.get('q')).toBe('광합성');
  });

  it('caches an answer: the same question again does not reach the provider', async () => {
    const before = fake.requests.length;
    const answer = await search('web_search', '  광합성 ');
    expect(answer.cached).toBe(true);
    expect(fake.requests.length).toBe(before);
  });

  it('finds pictures and GIFs (only .gif files), never a result without a web link', async () => {
    const images = await search('image_search', '나비');
    expect(images.results.map((r) => r.url)).toEqual([
      'https://example.org/pictures/1',
      'https://example.org/pictures/2',
    ]);
    expect(images.results[0]?.thumbnailUrl).toBe('https://example.org/pictures/1-small.png');
    const gifs = await search('gif_image_search', '나비');
    expect(gifs.results.map((r) => r.url)).toEqual(['https://example.org/pictures/2']);
    expect(fake.requests.at(-1)?.searchParams.get('categories')).toBe('images');
  });

  it('finds YouTube videos with safeSearch=strict, dropping ids that are not video ids', async () => {
    const answer = await search('youtube_search', '자석 실험');
    expect(answer.provider).toBe('YouTube');
    expect(answer.results).toEqual([
      {
        title: '자석 실험 실험 영상',
        url: 'https://www.youtube.com/watch?v=abcDEF12345',
        snippet: '초등 과학 실험',
        thumbnailUrl: 'https://i.ytimg.com/vi/abcDEF12345/mqdefault.jpg',
        source: 'YouTube · 과학쌤',
      },
    ]);
    const asked = fake.requests.at(-1);
    expect(asked?.pathname).toBe('/youtube/v3/search');
    expect(asked?.searchParams.get('safeSearch')).toBe('strict');
    expect(asked?.searchParams.get('key')).toBe('test-key');
  });

  it('says so when the provider is down and searches its own sources instead', async () => {
    fake.failWith = 503;
    try {
      const answer = await search('web_search', '분수 놀이 수업');
      expect(answer.provider).toBeNull();
      expect(answer.notice).toBe('SearXNG에 연결하지 못해 쌤 자료실, 성취기준, 에듀테크 목록에서 찾았어요.');
      for (const result of answer.results) expect(result.url).not.toContain('example.org');
    } finally {
      fake.failWith = null;
    }
  });

  it('refuses students, teachers without a licence, and an empty query', async () => {
    expect((await ctx.request('student', 'POST', '/openai/web_search', { query: '광합성' })).status).toBe(
      403,
    );
    const unlicensed = await ctx.request('unlicensed', 'POST', '/openai/web_search', { query: '광합성' });
    expect(((await unlicensed.json()) as { code: string }).code).toBe('E_LICENSE_001');
    const empty = await ctx.request('teacher', 'POST', '/openai/web_search', { query: ' ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('검색어를 입력해주세요.');
  });
});

describe('search tools with no provider', () => {
  let ctx: ToolTestContext<unknown>;
  beforeAll(async () => {
    ctx = await buildToolTestContext('/api/v1/library', {});
    await seedReferenceData(ctx.t.database.db, loadConfig({}).REFERENCE_DATA_DIR);
  }, 120_000);
  afterAll(() => ctx.t.close());

  it('says plainly that web search is not set up and answers from the standards and the edutech catalogue', async () => {
    const response = await ctx.request('teacher', 'POST', '/openai/web_search', { query: '자석 수학' });
    const answer = (await response.json()) as Answer;
    expect(answer.provider).toBeNull();
    expect(answer.notice).toBe(
      '웹 검색이 설정되어 있지 않아 쌤 자료실, 성취기준, 에듀테크 목록에서 찾았어요.',
    );
    const sources = new Set(answer.results.map((r) => r.source));
    expect(sources.has('2022 개정 교육과정 성취기준')).toBe(true);
    expect(sources.has('쌤 에듀테크 카탈로그')).toBe(true);
    // No invented link: standards link to the product's own standards, edutech to the catalogue's sites or pages.
    for (const result of answer.results)
      expect(result.url).toMatch(/^(\/api\/v1\/standards\?|\/v2\/library\/|\/edutech\/\d+$|https?:\/\/)/);
    const standard = answer.results.find((r) => r.source.includes('성취기준'));
    const lookup = await ctx.request('teacher', 'GET', standard?.url ?? '');
    expect(lookup.status).toBe(200);
    expect(JSON.stringify(await lookup.json())).toContain(standard?.snippet ?? '?');
    const video = (await (
      await ctx.request('teacher', 'POST', '/openai/youtube_search', { query: '자석' })
    ).json()) as Answer;
    expect(video.notice).toBe(
      '유튜브 검색이 설정되어 있지 않아 쌤 자료실, 성취기준, 에듀테크 목록에서 찾았어요.',
    );
  });

  it('searches the edutech catalogue with its official sites', async () => {
    const answer = (await (
      await ctx.request('teacher', 'POST', '/openai/edutech_search', { query: '수학' })
    ).json()) as Answer;
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.map((r) => r.title)).toContain('똑똑! 수학탐험대');
    expect(answer.results.find((r) => r.title === '똑똑! 수학탐험대')?.url).toBe(
      'https://www.toctocmath.kr/',
    );
  });

  it('finds in chat what the EduTech catalogue finds for the same term, in the same order, approved only', async () => {
    const stamp = new Date().toISOString();
    // A vendor's product waiting for approval: neither search may show it.
    await ctx.t.database.db
      .insertInto('edutechProduct')
      .values({
        sourceKey: null,
        vendorId: null,
        name: '수학 승인대기 도구',
        searchText: ' 수학 승인대기 도구',
        category: 'MATH',
        levels: 'ELEMENTARY',
        forElementary: 1,
        forMiddle: 0,
        forHigh: 0,
        targetText: null,
        pricePolicy: '무료',
        priceType: 'FREE',
        description: '승인 전',
        siteUrl: 'https://pending.example.com/',
        serviceStatus: 'ACTIVE',
        reviewStatus: 'PENDING',
        reviewNote: null,
        logoKey: null,
        screenshotKey: null,
        createdBy: null,
        createdAt: stamp,
        updatedAt: stamp,
        approvedAt: null,
        categoryMajor: null,
        categoryMiddle: null,
        categoryMinor: null,
      })
      .execute();
    for (const term of ['수학', '수', 'AI', '클래스']) {
      const page = (await (
        await ctx.request(
          'teacher',
          'GET',
          `/api/v1/edutech/goods?keyword=${encodeURIComponent(term)}&size=20`,
        )
      ).json()) as { items: { name: string }[] };
      const chat = (await (
        await ctx.request('teacher', 'POST', '/openai/edutech_search', { query: term, limit: 20 })
      ).json()) as Answer;
      expect(page.items.length, term).toBeGreaterThan(0);
      expect(
        chat.results.map((r) => r.title),
        term,
      ).toEqual(page.items.map((item) => item.name));
    }
    const math = (await (
      await ctx.request('teacher', 'POST', '/openai/edutech_search', { query: '수학', limit: 20 })
    ).json()) as Answer;
    expect(math.results.map((r) => r.title)).not.toContain('수학 승인대기 도구');
  });
});

describe('search in chat', () => {
  let t: TestApp;
  let world: DemoWorld;
  let fake: FakeLlm;
  let provider: FakeSearch;
  beforeAll(async () => {
    fake = await startFakeLlm();
    provider = await startFakeSearch();
    t = await buildTestApp({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', SEARXNG_URL: provider.url });
    world = await buildDemoWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await provider.close();
  });

  it('gives a connected model the web search tool, whose results carry links, the provider and a note to cite them', async () => {
    fake.enqueue(
      { toolCall: { name: 'web_search', args: { query: '광합성' } } },
      {
        text: ['광합성은 위키백과(https://ko.wikipedia.org/wiki/%EA%B4%91%ED%95%A9%EC%84%B1)를 참고하세요.'],
      },
    );
    const frames = await askChat(t, world, '광합성 설명을 웹에서 검색해 줘');
    expect(JSON.stringify(frames)).toContain('web_search');
    expect(textOfDeltas(frames)).toContain('위키백과');
    const offered = fake.requests.at(-2)?.body as { tools?: { function: { name: string } }[] } | undefined;
    expect(offered?.tools?.map((tool) => tool.function.name)).toContain('web_search');
    expect(offered?.tools?.map((tool) => tool.function.name)).not.toContain('youtube_search');
    const last = fake.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] } | undefined;
    const result = JSON.stringify(last?.messages.find((m) => m.role === 'tool')?.content);
    expect(result).toContain('https://ko.wikipedia.org/wiki/');
    expect(result).toContain('SearXNG');
    expect(result).toContain('출처');
  });
});
