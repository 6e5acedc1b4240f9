// The names of the catalogue's first-paint templates and the markers in them, shared by the build
// that renders them (first-paint-templates.tsx) and the script that fills them (first-paint.ts).

/** Where a product's own words go in a template: ASCII that survives links' and styles' encoding. */
export const marker = (key: string) => `~~${key}~~`;
/** Finds every marker in a text or attribute value. */
export const MARKER = /~~(\w+)~~/g;

export type LogoKind = 'image' | 'letter';
export type CardState = 'inUse' | 'ended' | 'bestSeller' | 'steadySeller';

export const TEMPLATE = {
  results: 'results',
  list: 'list',
  empty: 'empty',
  pager: 'pager',
  strip: 'strip',
  stripItems: 'strip-items',
  stripEmpty: 'strip-empty',
  card: (logo: LogoKind, free: boolean) => `card-${logo}-${free ? 'free' : 'priced'}`,
  stripItem: (logo: LogoKind) => `strip-item-${logo}`,
  badge: (state: CardState) => `badge-${state}`,
} as const;

/** The attribute that names a template in the page: <template data-first-paint-template="…">. */
export const TEMPLATE_ATTRIBUTE = 'data-first-paint-template';
/** The id of the page texts the fill needs (JSON). */
export const TEXTS_ID = 'first-paint-texts';
