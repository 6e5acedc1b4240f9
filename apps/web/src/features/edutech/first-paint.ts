// The catalogue's first paint: on the prerendered /edutech page (build/prerender.ts), a teacher's
// catalogue and recommendations are asked for and drawn by the light script (src/public-entry.ts)
// before the app (200 kB of code) has arrived. It draws them from templates the build rendered with
// the app's own components (first-paint-templates.tsx), filling in each product's words as text,
// never as markup, and hands the answers to the app, which then draws the same page from them.
import type { EdutechProductPage, RecommendationStrip, RecommendedProduct } from '@ssaem/contracts/edutech';
import { EDUTECH_PAGE_SIZE } from '@ssaem/contracts/edutech-options';
import type { TFunction } from 'i18next';
import type { HandedOverAnswer } from '../../lib/first-paint-handover';
import {
  type EdutechText,
  type ProductCardLook,
  productCardLook,
  type StripItemLook,
  stripItemLook,
} from './card-look';
import { MARKER, TEMPLATE, TEMPLATE_ATTRIBUTE, TEXTS_ID } from './first-paint-markers';
import { FIRST_PAINT_SLOT } from './first-paint-slots';
import { reasonText } from './reason-text';
import {
  catalogueQuery,
  edutechKeys,
  FIRST_CATALOGUE_SEARCH,
  GOODS_PATH,
  STRIP_PATH,
  STRIP_SIZE,
} from './requests';

/** The language the page and its texts are written in (the prerender's). */
const PAGE_LANGUAGE = 'ko';

/** The page texts as i18next would give them for `texts` (one namespace): `{{name}}` values, `_other` plurals. */
export function textReader(texts: unknown): EdutechText {
  const lookup = (key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  return (key, values) => {
    const plural = values?.count !== undefined ? lookup(`${key}_other`) : undefined;
    const text = typeof plural === 'string' ? plural : lookup(key);
    if (typeof text !== 'string') return key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      values && name in values ? String(values[name]) : whole,
    );
  };
}

/** A template's copy, filled in, with the places it left for other parts (its slot markers). */
export interface Filled {
  fragment: DocumentFragment;
  /** Puts `content` where the template's slot `key` is. */
  place(key: string, content: Node[]): void;
}

/** The page's templates, read once. */
export class FirstPaintTemplates {
  private readonly byName = new Map<string, HTMLTemplateElement>();

  constructor(document: Document) {
    for (const template of document.querySelectorAll<HTMLTemplateElement>(
      `template[${TEMPLATE_ATTRIBUTE}]`,
    )) {
      this.byName.set(template.getAttribute(TEMPLATE_ATTRIBUTE) ?? '', template);
    }
  }

  /**
   * A copy of the template with its markers replaced by `values`, as text (nothing is parsed). Its
   * slots are found first, so a product's words that look like a marker are only ever words.
   */
  fill(name: string, values: Record<string, string> = {}): Filled {
    const template = this.byName.get(name);
    if (!template) throw new Error(`The page has no first-paint template ${name}`);
    const fragment = template.content.cloneNode(true) as DocumentFragment;
    const slots = slotsIn(fragment, values);
    replaceMarkers(fragment, values);
    return {
      fragment,
      place(key, content) {
        const slot = slots.get(key);
        if (!slot) throw new Error(`The first-paint template ${name} has no slot ${key}`);
        slot.replaceWith(...content);
        slots.delete(key);
      },
    };
  }
}

function walk(root: Node, what: number, visit: (node: Node) => void): void {
  const walker = root.ownerDocument?.createTreeWalker(root, what);
  for (let node = walker?.nextNode(); node; node = walker?.nextNode()) visit(node);
}

/** The template's text nodes that are a marker alone and get no value: the places for other parts. */
function slotsIn(root: Node, values: Record<string, string>): Map<string, Text> {
  const slots = new Map<string, Text>();
  walk(root, NodeFilter.SHOW_TEXT, (node) => {
    const key = /^~~(\w+)~~$/.exec((node as Text).data)?.[1];
    if (key && !(key in values)) slots.set(key, node as Text);
  });
  return slots;
}

const replaceIn = (text: string, values: Record<string, string>) =>
  text.replace(MARKER, (whole, key: string) => values[key] ?? whole);

/** Replaces the markers in every text and attribute under `root` (one pass: values are not read again). */
function replaceMarkers(root: Node, values: Record<string, string>): void {
  walk(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node as Text;
      if (text.data.includes('~~')) text.data = replaceIn(text.data, values);
      return;
    }
    for (const attribute of (node as Element).attributes) {
      if (attribute.value.includes('~~')) attribute.value = replaceIn(attribute.value, values);
    }
  });
}

const logoKind = (url: string | null) => (url ? 'image' : 'letter');

function logoValues(logo: ProductCardLook['logo']): Record<string, string> {
  return { logo: logo.url ?? '', letter: logo.letter, color: logo.color };
}

/** A catalogue card, as components/product-card.tsx draws it. */
export function cardNode(templates: FirstPaintTemplates, look: ProductCardLook): DocumentFragment {
  const card = templates.fill(TEMPLATE.card(logoKind(look.logo.url), look.free), {
    ...logoValues(look.logo),
    href: look.href.slice(1),
    name: look.name,
    vendor: look.vendor,
    category: look.category,
    price: look.price,
    description: look.description,
    levels: look.levels,
    likesLabel: look.likesLabel,
    likeCount: look.likeCount,
  });
  const states = (['inUse', 'ended', 'bestSeller', 'steadySeller'] as const).filter((state) => look[state]);
  card.place(
    'badges',
    states.map((state) => templates.fill(TEMPLATE.badge(state)).fragment),
  );
  return card.fragment;
}

/** One recommendation line, as components/recommendation-strip.tsx draws it. */
export function stripItemNode(templates: FirstPaintTemplates, look: StripItemLook): DocumentFragment {
  return templates.fill(TEMPLATE.stripItem(logoKind(look.logo.url)), {
    ...logoValues(look.logo),
    href: look.href.slice(1),
    name: look.name,
    reason: look.reason,
  }).fragment;
}

/** The count, the cards (or the no-results text) and the pager's place: edutech-page.tsx's Results. */
export function resultsNode(
  templates: FirstPaintTemplates,
  page: EdutechProductPage,
  t: EdutechText,
): DocumentFragment {
  const results = templates.fill(TEMPLATE.results, { total: t('catalogue.total', { total: page.total }) });
  const body: Node[] = [];
  if (page.items.length === 0) body.push(templates.fill(TEMPLATE.empty).fragment);
  else {
    const list = templates.fill(TEMPLATE.list);
    const items = page.items.map((product) => {
      const item = results.fragment.ownerDocument.createElement('li');
      item.append(cardNode(templates, productCardLook(product, t)));
      return item;
    });
    list.place('items', items);
    body.push(list.fragment);
  }
  if (Math.ceil(page.total / EDUTECH_PAGE_SIZE) > 1) body.push(templates.fill(TEMPLATE.pager).fragment);
  results.place('body', body);
  return results.fragment;
}

/** The three recommendation lists: components/recommendation-strip.tsx's RecommendationStrip. */
export function stripNode(
  templates: FirstPaintTemplates,
  strip: RecommendationStrip,
  t: EdutechText,
): DocumentFragment {
  const node = templates.fill(TEMPLATE.strip);
  const lists = [
    ['ai', strip.aiRecommended, 'strip.emptyAi'],
    ['similar', strip.similarTeachers, 'strip.emptySimilar'],
    ['fresh', strip.newGoods, 'strip.emptyNew'],
  ] as const;
  const reason = (item: RecommendedProduct) =>
    reasonText(item.reason, t as unknown as TFunction<'edutech'>, PAGE_LANGUAGE);
  for (const [key, items, empty] of lists) {
    if (items.length === 0) {
      node.place(key, [templates.fill(TEMPLATE.stripEmpty, { text: t(empty) }).fragment]);
      continue;
    }
    const list = templates.fill(TEMPLATE.stripItems);
    list.place(
      'items',
      items.map((item) => stripItemNode(templates, stripItemLook(item, reason(item)))),
    );
    node.place(key, [list.fragment]);
  }
  return node.fragment;
}

async function askJson<T>(path: string, query: Record<string, string | number | undefined>, token: string) {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const response = await fetch(url, {
    headers: {
      Accept: 'application/json',
      'Accept-Language': PAGE_LANGUAGE,
      Authorization: `Bearer ${token}`,
    },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Asks for the teacher's recommendations and the catalogue's first page and draws each in place of
 * its skeleton as it arrives, handing each answer to the app's cache (`handOver`). Recommendations
 * that cannot be had leave their skeleton to the app; the catalogue's failure rejects (the app then
 * draws the page itself), as does a page that is not the one the templates were written for.
 */
export async function paintCatalogue(
  document: Document,
  token: string,
  handOver: (answers: HandedOverAnswer[]) => void,
): Promise<void> {
  const stripSlot = document.querySelector(`[data-first-paint="${FIRST_PAINT_SLOT.strip}"]`);
  const resultsSlot = document.querySelector(`[data-first-paint="${FIRST_PAINT_SLOT.results}"]`);
  const textsElement = document.getElementById(TEXTS_ID);
  if (!stripSlot || !resultsSlot || !textsElement) throw new Error('This page has no catalogue to paint');
  const templates = new FirstPaintTemplates(document);
  const t = textReader(JSON.parse(textsElement.textContent ?? '{}'));
  /** Draws `node` in place of `slot`, unless the app has drawn the page itself meanwhile. */
  const paint = (slot: Element, node: () => DocumentFragment) => {
    if (slot.isConnected) slot.replaceWith(node());
  };
  const strip = askJson<RecommendationStrip>(STRIP_PATH, { size: STRIP_SIZE }, token).then(
    (answer) => {
      paint(stripSlot, () => stripNode(templates, answer, t));
      handOver([{ key: edutechKeys.strip, data: answer }]);
    },
    () => undefined,
  );
  const page = await askJson<EdutechProductPage>(
    GOODS_PATH,
    catalogueQuery(FIRST_CATALOGUE_SEARCH, EDUTECH_PAGE_SIZE),
    token,
  );
  paint(resultsSlot, () => resultsNode(templates, page, t));
  handOver([{ key: edutechKeys.goods(FIRST_CATALOGUE_SEARCH), data: page }]);
  await strip;
}
