import type {
  EdutechProductPage,
  EdutechProductSummary,
  RecommendedProduct,
  RecommendationStrip as Strip,
} from '@ssaem/contracts/edutech';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import edutechKo from '../../locales/ko/edutech.json';
import { productCardLook } from './card-look';
import { CatalogueResults } from './components/edutech-page';
import { ProductCard } from './components/product-card';
import { RecommendationStrip } from './components/recommendation-strip';
import {
  cardNode,
  FirstPaintTemplates,
  paintCatalogue,
  resultsNode,
  stripNode,
  textReader,
} from './first-paint';
import { TEMPLATE_ATTRIBUTE, TEXTS_ID } from './first-paint-markers';
import { FIRST_PAINT_SLOT } from './first-paint-slots';
import { renderFirstPaintTemplates, renderFragment } from './first-paint-templates';
import { edutechKeys, FIRST_CATALOGUE_SEARCH } from './requests';

function product(overrides: Partial<EdutechProductSummary> = {}): EdutechProductSummary {
  return {
    id: 7,
    name: '똑똑! 수학탐험대',
    vendor: { id: 1, name: '한국과학창의재단' },
    category: 'MATH',
    originalCategory: { major: '교과', middle: '수학', minor: null },
    levels: ['ELEMENTARY', 'MIDDLE'],
    targetText: null,
    pricePolicy: '무료',
    priceType: 'FREE',
    description: '초등 수학 개념을 <탐험> 놀이로 "익히는" 도구 & 게임',
    siteUrl: 'https://example.kr',
    serviceStatus: 'ACTIVE',
    logoUrl: null,
    likeCount: 3,
    inUseCount: 5,
    badges: { bestSeller: false, steadySeller: false },
    liked: false,
    inUse: false,
    ...overrides,
  };
}

/** Every way a card can differ: logo or letter, free or priced, each state badge, no vendor. */
const CARDS: EdutechProductSummary[] = [
  product(),
  product({
    id: 8,
    logoUrl: '/api/v1/edutech/images/8/logo?v=2',
    priceType: 'PAID',
    pricePolicy: '학교 단위 유료',
  }),
  product({ id: 9, inUse: true, serviceStatus: 'ENDED', vendor: null, category: 'ENGLISH' }),
  product({ id: 10, badges: { bestSeller: true, steadySeller: true }, levels: [], likeCount: 0 }),
  product({ id: 11, name: '(주) 클래스팅', inUse: true, badges: { bestSeller: true, steadySeller: false } }),
];

function recommended(item: EdutechProductSummary, kind: 'FIT' | 'NEW', text: string): RecommendedProduct {
  return { rank: 1, product: item, reason: { kind, values: { date: '2026-11-30' }, text } };
}

/** The page's templates, as the build writes them into the prerendered page. */
function templatesInPage(): FirstPaintTemplates {
  document.body.innerHTML = Object.entries(renderFirstPaintTemplates())
    .map(([name, html]) => `<template ${TEMPLATE_ATTRIBUTE}="${name}">${html}</template>`)
    .join('');
  return new FirstPaintTemplates(document);
}

/** Markup compared as the browser holds it; the generated class names of responsive grids differ by render. */
function normalised(html: string): string {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder.innerHTML.replace(/__m__-[\w-]+/g, '__m__');
}

function filled(fragment: DocumentFragment): string {
  const holder = document.createElement('div');
  holder.append(fragment);
  return normalised(holder.innerHTML);
}

function withAnswers(element: ReactElement, answers: Array<[readonly unknown[], unknown]>): ReactElement {
  const client = new QueryClient();
  for (const [key, data] of answers) client.setQueryData(key, data);
  return <QueryClientProvider client={client}>{element}</QueryClientProvider>;
}

const t = textReader(edutechKo);

beforeAll(async () => {
  await loadPageTexts(['edutech'], 'ko');
});

describe('the catalogue’s first paint', () => {
  it('draws each card exactly as the app’s card component does', () => {
    const templates = templatesInPage();
    for (const item of CARDS) {
      const app = normalised(renderFragment(<ProductCard product={item} />, 'app-'));
      expect(filled(cardNode(templates, productCardLook(item, t)))).toBe(app);
    }
  });

  it('puts a product’s words in as text, never as markup', () => {
    const templates = templatesInPage();
    const card = cardNode(templates, productCardLook(product({ name: '<img src=x onerror=alert(1)>' }), t));
    const holder = document.createElement('div');
    holder.append(card);
    expect(holder.querySelector('img')).toBeNull();
    expect(holder.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(holder.innerHTML).not.toContain('~~');
  });

  it('draws the results — cards and pager, or the no-results text — as the app does', () => {
    const templates = templatesInPage();
    const pages: EdutechProductPage[] = [
      { items: CARDS, total: 87, page: 0, size: 24 } as EdutechProductPage,
      { items: CARDS.slice(0, 2), total: 2, page: 0, size: 24 } as EdutechProductPage,
      { items: [], total: 0, page: 0, size: 24 } as EdutechProductPage,
    ];
    for (const page of pages) {
      const app = renderFragment(
        withAnswers(<CatalogueResults search={FIRST_CATALOGUE_SEARCH} onPage={() => undefined} />, [
          [edutechKeys.goods(FIRST_CATALOGUE_SEARCH), page],
        ]),
        'app-',
      );
      expect(filled(resultsNode(templates, page, t))).toBe(normalised(app));
    }
  });

  it('draws the recommendation lists, full or empty, as the app does', () => {
    const templates = templatesInPage();
    const around: Pick<Strip, 'profile' | 'reasonSource'> = {
      profile: { level: 'ELEMENTARY', grade: 3, subjects: ['수학'], categories: ['MATH'] },
      reasonSource: 'RULES',
    };
    const strips: Strip[] = [
      {
        ...around,
        aiRecommended: [
          recommended(
            CARDS[0] as EdutechProductSummary,
            'FIT',
            '초등 3학년 수학 수업에 맞는 무료 도구입니다.',
          ),
          recommended(
            CARDS[1] as EdutechProductSummary,
            'FIT',
            '모든 학년 수업에 두루 쓰이는 유료 도구입니다.',
          ),
        ],
        similarTeachers: [],
        newGoods: [
          recommended(CARDS[2] as EdutechProductSummary, 'NEW', '2026-11-30에 카탈로그에 새로 올라왔습니다.'),
        ],
      },
      { ...around, aiRecommended: [], similarTeachers: [], newGoods: [] },
    ];
    for (const strip of strips) {
      const app = renderFragment(withAnswers(<RecommendationStrip />, [[edutechKeys.strip, strip]]), 'app-');
      expect(filled(stripNode(templates, strip, t))).toBe(normalised(app));
    }
  });

  it('reads the page texts as i18next does: values, and a count’s plural form', () => {
    const read = textReader({
      total: '총 {{total}}개',
      likes: '{{count}} like',
      likes_other: '{{count}} likes',
    });
    expect(read('total', { total: 87 })).toBe('총 87개');
    expect(read('likes', { count: 2 })).toBe('2 likes');
    expect(read('missing.key')).toBe('missing.key');
  });

  it('asks for the teacher’s answers, fills the page’s slots and hands the answers over', async () => {
    templatesInPage();
    document.body.insertAdjacentHTML(
      'afterbegin',
      `<div aria-busy="true" data-first-paint="${FIRST_PAINT_SLOT.strip}"></div>` +
        `<div aria-busy="true" data-first-paint="${FIRST_PAINT_SLOT.results}"></div>` +
        `<script type="application/json" id="${TEXTS_ID}">${JSON.stringify(edutechKo)}</script>`,
    );
    const page = { items: CARDS.slice(0, 1), total: 1, page: 0, size: 24 };
    const strip = { aiRecommended: [], similarTeachers: [], newGoods: [] };
    const asked: Array<{ url: string; authorization: string | null }> = [];
    const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      asked.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
      return new Response(JSON.stringify(url.includes('recommendation') ? strip : page), { status: 200 });
    };
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchStub as typeof fetch;
    try {
      const answers: unknown[] = [];
      await paintCatalogue(document, 'token-1', (handed) => answers.push(...handed));
      expect(asked.map((request) => request.authorization)).toEqual(['Bearer token-1', 'Bearer token-1']);
      expect(asked.map((request) => new URL(request.url).pathname).sort()).toEqual([
        '/api/v1/edutech/goods',
        '/api/v1/recommendation/goods/list',
      ]);
      expect(answers).toEqual(
        expect.arrayContaining([
          { key: edutechKeys.strip, data: strip },
          { key: edutechKeys.goods(FIRST_CATALOGUE_SEARCH), data: page },
        ]),
      );
      expect(answers).toHaveLength(2);
      expect(document.querySelector('[data-first-paint]')).toBeNull();
      expect(document.querySelectorAll('article')).toHaveLength(1);
      expect(document.body.textContent).toContain('총 1개');
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  /** The page's two skeletons and texts, with `answer` giving each request's response. */
  async function paintWith(answer: (url: string) => Response) {
    templatesInPage();
    document.body.insertAdjacentHTML(
      'afterbegin',
      `<div data-first-paint="${FIRST_PAINT_SLOT.strip}"></div><div data-first-paint="${FIRST_PAINT_SLOT.results}"></div>` +
        `<script type="application/json" id="${TEXTS_ID}">${JSON.stringify(edutechKo)}</script>`,
    );
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => answer(String(input))) as typeof fetch;
    const handed: Array<{ key: readonly unknown[] }> = [];
    try {
      return {
        done: await paintCatalogue(document, 'token-1', (answers) => handed.push(...answers)).then(
          () => 'painted',
          (error: Error) => error.message,
        ),
        handed,
      };
    } finally {
      globalThis.fetch = realFetch;
    }
  }

  it('leaves the page alone and fails when the catalogue is refused', async () => {
    const { done, handed } = await paintWith(() => new Response('{}', { status: 401 }));
    expect(done).toMatch(/401/);
    expect(handed).toEqual([]);
    expect(document.querySelectorAll('[data-first-paint]')).toHaveLength(2);
  });

  it('paints the catalogue when the recommendations cannot be had, leaving their skeleton to the app', async () => {
    const page = { items: CARDS.slice(0, 2), total: 2, page: 0, size: 24 };
    const { done, handed } = await paintWith((url) =>
      url.includes('recommendation')
        ? new Response('{}', { status: 503 })
        : new Response(JSON.stringify(page), { status: 200 }),
    );
    expect(done).toBe('painted');
    expect(handed.map((answer) => answer.key)).toEqual([edutechKeys.goods(FIRST_CATALOGUE_SEARCH)]);
    expect(document.querySelectorAll('article')).toHaveLength(2);
    expect(
      [...document.querySelectorAll('[data-first-paint]')].map((slot) =>
        slot.getAttribute('data-first-paint'),
      ),
    ).toEqual([FIRST_PAINT_SLOT.strip]);
  });

  it('keeps a product’s words that look like a template’s slot as words', () => {
    const templates = templatesInPage();
    const look = productCardLook(product({ name: '~~badges~~', inUse: true, description: '~~badges~~' }), t);
    const holder = document.createElement('div');
    holder.append(cardNode(templates, look));
    expect(holder.querySelector('a')?.textContent).toBe('~~badges~~');
    expect(holder.textContent).toContain('사용 중');
    expect(filled(cardNode(templates, look))).toBe(
      normalised(
        renderFragment(
          <ProductCard product={product({ name: '~~badges~~', inUse: true, description: '~~badges~~' })} />,
          'app-',
        ),
      ),
    );
    const strip = stripNode(
      templates,
      {
        profile: { level: null, grade: null, subjects: [], categories: [] },
        reasonSource: 'RULES',
        aiRecommended: [recommended(product({ name: '~~similar~~' }), 'FIT', '~~fresh~~')],
        similarTeachers: [],
        newGoods: [],
      },
      t,
    );
    const lists = document.createElement('div');
    lists.append(strip);
    expect(lists.querySelectorAll('ol')).toHaveLength(1);
    expect(lists.querySelector('ol a')?.textContent).toBe('~~similar~~');
    expect(lists.textContent).toContain('같은 학년 선생님이 등록한 도구가 아직 없습니다.');
  });
});
