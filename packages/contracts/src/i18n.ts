import type { Language } from './errors.ts';

export const DEFAULT_LANGUAGE: Language = 'ko';
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGES: readonly Language[] = ['ko', 'en'];

/**
 * Picks ko or en from an Accept-Language header, honouring q-values. Korean is the default when
 * the header is missing; any other language falls back to English (core.md §9).
 */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked[0];
  if (!first) return DEFAULT_LANGUAGE;
  if (first.tag === '*') return DEFAULT_LANGUAGE;
  return first.tag.startsWith('ko') ? 'ko' : FALLBACK_LANGUAGE;
}
