// What a product card and a recommendation line show, worked out from the API's data and the page
// texts without React: the app's components draw it (components/product-card.tsx,
// components/recommendation-strip.tsx) and so does the catalogue's first paint before the app has
// arrived (first-paint.ts), from templates the build renders with those same components.
import type { EdutechCategory, EdutechProductSummary, RecommendedProduct } from '@ssaem/contracts/edutech';

/** A page text by key with its values: i18next's `t` for the edutech texts, or first-paint.ts's reader. */
export type EdutechText = (key: string, values?: Record<string, string | number>) => string;

const CATEGORY_COLOR: Record<EdutechCategory, string> = {
  KOREAN_READING: 'grape',
  ENGLISH: 'indigo',
  MATH: 'blue',
  SOCIAL_SCIENCE: 'teal',
  ARTS_PE: 'pink',
  INFO_CODING: 'cyan',
  CREATIVE_FUSION: 'orange',
  METAVERSE: 'violet',
  CAREER: 'lime',
  CLASSWORK: 'green',
};

/** Every colour a letter tile can take. */
export const LOGO_COLORS: readonly string[] = [...new Set([...Object.values(CATEGORY_COLOR), 'gray'])];

/** A stored logo, or the product's first letter on its category's colour. */
export interface ProductLogoLook {
  url: string | null;
  letter: string;
  /** A Mantine colour name. */
  color: string;
}

export function productLogoLook(
  name: string,
  logoUrl: string | null,
  category: EdutechCategory | null,
): ProductLogoLook {
  return {
    url: logoUrl,
    letter: [...name.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '?',
    color: category ? CATEGORY_COLOR[category] : 'gray',
  };
}

/** Everything a catalogue card shows; the badges' own words are the card's (components/product-card.tsx). */
export interface ProductCardLook {
  href: string;
  name: string;
  vendor: string;
  logo: ProductLogoLook;
  category: string;
  price: string;
  free: boolean;
  inUse: boolean;
  ended: boolean;
  bestSeller: boolean;
  steadySeller: boolean;
  description: string;
  levels: string;
  likesLabel: string;
  likeCount: string;
}

export function productCardLook(product: EdutechProductSummary, t: EdutechText): ProductCardLook {
  return {
    href: `/edutech/${product.id}`,
    name: product.name,
    vendor: product.vendor?.name ?? t('card.noVendor'),
    logo: productLogoLook(product.name, product.logoUrl, product.category),
    category: t(`categories.${product.category}`),
    price: product.pricePolicy,
    free: product.priceType === 'FREE',
    inUse: product.inUse,
    ended: product.serviceStatus === 'ENDED',
    bestSeller: product.badges.bestSeller,
    steadySeller: product.badges.steadySeller,
    description: product.description,
    levels: product.levels.map((level) => t(`levels.${level}`)).join(' · '),
    likesLabel: t('card.likes', { count: product.likeCount }),
    likeCount: String(product.likeCount),
  };
}

/** One line of a recommendation list: the product and why it is there. */
export interface StripItemLook {
  href: string;
  name: string;
  logo: ProductLogoLook;
  reason: string;
}

export function stripItemLook(item: RecommendedProduct, reason: string): StripItemLook {
  return {
    href: `/edutech/${item.product.id}`,
    name: item.product.name,
    logo: productLogoLook(item.product.name, item.product.logoUrl, item.product.category),
    reason,
  };
}
