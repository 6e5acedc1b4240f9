// The catalogue's and the recommendation strip's requests and query keys: the app's queries (api.ts)
// and the catalogue's first paint (first-paint.ts), which asks before the app is there and hands
// the answers over to the app's query cache, must ask the same and file it under the same keys.
export const GOODS_PATH = '/api/v1/edutech/goods';
export const STRIP_PATH = '/api/v1/recommendation/goods/list';
/** Products per recommendation list. */
export const STRIP_SIZE = 4;

export interface CatalogueSearch {
  keyword: string;
  category: string;
  page: number;
}

/** The catalogue as a teacher first opens it: every category, no search, the first page. */
export const FIRST_CATALOGUE_SEARCH: CatalogueSearch = { keyword: '', category: 'ALL', page: 0 };

export function catalogueQuery(search: CatalogueSearch, size: number) {
  return { keyword: search.keyword || undefined, category: search.category, page: search.page, size };
}

export const edutechKeys = {
  all: ['edutech'] as const,
  goods: (search: CatalogueSearch) => ['edutech', 'goods', search] as const,
  product: (id: number) => ['edutech', 'product', id] as const,
  licences: (tab: string) => ['edutech', 'licences', tab] as const,
  unlinked: ['edutech', 'unlinked'] as const,
  strip: ['edutech', 'strip'] as const,
  vendor: ['edutech', 'vendor'] as const,
  review: ['edutech', 'review'] as const,
};
