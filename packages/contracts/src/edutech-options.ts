/**
 * The edutech catalogue's option lists and limits, without zod: the catalogue screen imports only
 * these, so it does not load the schema library (edutech.ts re-exports them with the schemas).
 */

/** The screen's categories (core.md §2), after "all". */
export const EDUTECH_CATEGORIES = [
  'KOREAN_READING',
  'ENGLISH',
  'MATH',
  'SOCIAL_SCIENCE',
  'ARTS_PE',
  'INFO_CODING',
  'CREATIVE_FUSION',
  'METAVERSE',
  'CAREER',
  'CLASSWORK',
] as const;

export const EDUTECH_LEVELS = [
  'KINDERGARTEN',
  'ELEMENTARY',
  'MIDDLE',
  'HIGH',
  'UNIVERSITY',
  'GENERAL',
  'TEACHER',
] as const;

/** Free, free with paid extras, paid, or something else (hardware, B2B, not applicable). */
export const EDUTECH_PRICE_TYPES = ['FREE', 'PARTLY_PAID', 'PAID', 'OTHER'] as const;
export const EDUTECH_REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export const EDUTECH_SERVICE_STATUSES = ['ACTIVE', 'ENDED'] as const;
export const EDUTECH_LICENCE_TABS = ['IN_USE', 'USED_BEFORE'] as const;
export const EDUTECH_PAGE_SIZE = 24;

/**
 * Seller badges, from the licences teachers have registered (the rule the product states):
 * - best seller: one of the 10 products most teachers have in use today, with at least 3 of them;
 * - steady seller: at least 3 teachers have had it in use for a year or more without a break.
 */
export const BEST_SELLER_TOP = 10;
export const SELLER_MIN_TEACHERS = 3;
export const STEADY_SELLER_DAYS = 365;
/** The D-day badge turns urgent from this many days before the end. */
export const EDUTECH_DDAY_URGENT_DAYS = 7;
