/**
 * Dates and numbers as the reader's language writes them, through formatters kept per language
 * and options. `toLocaleDateString`, `toLocaleString` and a `new Intl.*Format` per call each build a
 * formatter again (about 0.6 ms on a slow phone, for every date of a list or cell of a table), and
 * the first formatter of a page loads the language's locale data (about 60 ms at 4× CPU slowdown).
 */

/** One formatter per language (undefined is the browser's own) and options, built on first use. */
function kept<F>(
  formats: Map<string, F>,
  locale: string | undefined,
  options: object | undefined,
  build: () => F,
): F {
  const key = `${locale ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateFormat(
  locale: string | undefined,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return kept(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/**
 * The date (by default the day alone, as `toLocaleDateString` writes it) of an ISO string, a
 * timestamp or a Date; an unreadable value gives an empty string rather than "Invalid Date".
 */
export function formatDate(
  value: string | number | Date,
  locale: string | undefined,
  options?: Intl.DateTimeFormatOptions,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(locale, options).format(date);
}

/** The day and the time, short: a conversation's or a report's moment. */
export const DATE_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function formatNumber(value: number, locale?: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/**
 * Loads the language's locale data and builds the formatters the home after sign-in uses, while
 * the page has nothing else to do (waiting for the tokens): done during its first render instead,
 * it held the home's content back by the same time.
 */
export function warmFormats(locale: string): void {
  formatDate(0, locale);
  formatDate(0, locale, DATE_AND_TIME);
  formatNumber(0, locale);
}
