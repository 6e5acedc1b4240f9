import { z } from 'zod';
import {
  EDUTECH_CATEGORIES,
  EDUTECH_LEVELS,
  EDUTECH_LICENCE_TABS,
  EDUTECH_PAGE_SIZE,
  EDUTECH_PRICE_TYPES,
  EDUTECH_REVIEW_STATUSES,
  EDUTECH_SERVICE_STATUSES,
} from './edutech-options.ts';

export * from './edutech-options.ts';

/**
 * The edutech catalogue (core.md §1, §2 Edutech list, §7 user-license and recommendation): products
 * with their vendor, category and levels; the licences a teacher has in use; recommendations that
 * say why each product is there; and the vendors (ROLE_PROVIDER) who list products.
 */

export const edutechCategorySchema = z.enum(EDUTECH_CATEGORIES);
export type EdutechCategory = z.infer<typeof edutechCategorySchema>;

export const edutechLevelSchema = z.enum(EDUTECH_LEVELS);
export type EdutechLevel = z.infer<typeof edutechLevelSchema>;

export const edutechPriceTypeSchema = z.enum(EDUTECH_PRICE_TYPES);
export type EdutechPriceType = z.infer<typeof edutechPriceTypeSchema>;

export type EdutechReviewStatus = (typeof EDUTECH_REVIEW_STATUSES)[number];
export type EdutechServiceStatus = (typeof EDUTECH_SERVICE_STATUSES)[number];

export const edutechBadgesSchema = z.object({
  bestSeller: z.boolean(),
  steadySeller: z.boolean(),
});

export const edutechProductSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    vendor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    category: edutechCategorySchema,
    /** The dataset's own 대/중/소분류, kept as it was. */
    originalCategory: z.object({
      major: z.string().nullable(),
      middle: z.string().nullable(),
      minor: z.string().nullable(),
    }),
    levels: z.array(edutechLevelSchema),
    targetText: z.string().nullable(),
    pricePolicy: z.string(),
    priceType: edutechPriceTypeSchema,
    description: z.string(),
    siteUrl: z.string().nullable(),
    serviceStatus: z.enum(EDUTECH_SERVICE_STATUSES),
    logoUrl: z.string().nullable(),
    likeCount: z.number().int(),
    inUseCount: z.number().int(),
    badges: edutechBadgesSchema,
    /** The viewer's own like and licence in use. */
    liked: z.boolean(),
    inUse: z.boolean(),
  })
  .meta({ id: 'EdutechProduct' });
export type EdutechProductSummary = z.infer<typeof edutechProductSummarySchema>;

export const edutechProductDetailSchema = edutechProductSummarySchema
  .extend({
    screenshotUrl: z.string().nullable(),
    reviewStatus: z.enum(EDUTECH_REVIEW_STATUSES),
    reviewNote: z.string().nullable(),
    createdAt: z.string(),
    approvedAt: z.string().nullable(),
    /** What the viewer may do with it (the policy's answer, so the screen never re-implements it). */
    abilities: z.object({ like: z.boolean(), register: z.boolean(), edit: z.boolean() }),
  })
  .meta({ id: 'EdutechProductDetail' });
export type EdutechProductDetail = z.infer<typeof edutechProductDetailSchema>;

export const edutechListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  category: z.union([z.literal('ALL'), edutechCategorySchema]).default('ALL'),
  level: z.enum(['ELEMENTARY', 'MIDDLE', 'HIGH']).optional(),
  priceType: edutechPriceTypeSchema.optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(60).default(EDUTECH_PAGE_SIZE),
});
export type EdutechListQuery = z.infer<typeof edutechListQuerySchema>;

export const edutechProductPageSchema = z.object({
  items: z.array(edutechProductSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type EdutechProductPage = z.infer<typeof edutechProductPageSchema>;

export const edutechIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

// ---- licences in use -------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const EDUTECH_LICENCE_MESSAGES = {
  date: '날짜를 YYYY-MM-DD 형식으로 입력해 주세요.',
  period: '종료일은 시작일보다 빠를 수 없습니다.',
  name: '에듀테크 이름을 입력해 주세요.',
  site: '올바른 웹사이트 주소(https://…)를 입력해 주세요.',
  target: '카탈로그의 에듀테크를 고르거나 이름을 입력해 주세요.',
} as const;
const dateSchema = z.string().regex(DATE, { message: EDUTECH_LICENCE_MESSAGES.date });
const siteSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/i, { message: EDUTECH_LICENCE_MESSAGES.site });

export const edutechLicenceInputSchema = z
  .object({
    /** A catalogue product ("linked"), or none for a product registered by hand. */
    productId: z.number().int().positive().optional(),
    name: z.string().trim().min(1, { message: EDUTECH_LICENCE_MESSAGES.name }).max(100).optional(),
    siteUrl: siteSchema.optional(),
    startOn: dateSchema,
    /** Null or absent: unlimited. */
    endOn: dateSchema.nullable().optional(),
  })
  .refine((input) => input.productId !== undefined || input.name !== undefined, {
    message: EDUTECH_LICENCE_MESSAGES.target,
    path: ['name'],
  })
  .refine((input) => !input.endOn || input.endOn >= input.startOn, {
    message: EDUTECH_LICENCE_MESSAGES.period,
    path: ['endOn'],
  });
export type EdutechLicenceInput = z.infer<typeof edutechLicenceInputSchema>;

export const edutechLicenceUpdateSchema = z.object({
  name: z.string().trim().min(1, { message: EDUTECH_LICENCE_MESSAGES.name }).max(100).optional(),
  siteUrl: siteSchema.nullable().optional(),
  startOn: dateSchema.optional(),
  endOn: dateSchema.nullable().optional(),
});
export type EdutechLicenceUpdate = z.infer<typeof edutechLicenceUpdateSchema>;

export const edutechLicenceListQuerySchema = z.object({
  tab: z.enum(EDUTECH_LICENCE_TABS).default('IN_USE'),
});

export const edutechLicenceSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int().nullable(),
    name: z.string(),
    siteUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
    category: edutechCategorySchema.nullable(),
    startOn: z.string(),
    endOn: z.string().nullable(),
    /** Linked to a catalogue product (not registered by hand). */
    linked: z.boolean(),
    /** Days until the end date (0 on the last day, negative once expired); null when unlimited. */
    daysLeft: z.number().int().nullable(),
    state: z.enum(['IN_USE', 'EXPIRED']),
    badges: edutechBadgesSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'EdutechLicence' });
export type EdutechLicence = z.infer<typeof edutechLicenceSchema>;

export const edutechLicenceListSchema = z.object({
  items: z.array(edutechLicenceSchema),
  counts: z.object({ inUse: z.number().int(), usedBefore: z.number().int() }),
});
export type EdutechLicenceList = z.infer<typeof edutechLicenceListSchema>;

export const edutechCheckValidityQuerySchema = z.object({ productId: z.coerce.number().int().positive() });
export const edutechValiditySchema = z.object({
  productId: z.number().int(),
  valid: z.boolean(),
  licenceId: z.number().int().nullable(),
  endOn: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
});

/** A product colleagues at the teacher's school have in use that the teacher has not registered. */
export const edutechUnlinkedSchema = z.object({
  product: edutechProductSummarySchema,
  colleagues: z.number().int(),
});
export type EdutechUnlinked = z.infer<typeof edutechUnlinkedSchema>;

// ---- recommendations -------------------------------------------------------------------------

/**
 * Why an item is in a list; the screen words it from `kind` and `values`, the chat in Korean.
 * - FIT: matches the teacher's level (`level`), grade (`grade`) and subject category (`category`);
 * - SIMILAR: `count` teachers of the same grade (`grade`) have it in use;
 * - NEW: listed on `date`;
 * - ORDERS: `count` teachers have registered it; OFFICE: `count` teachers of `office`;
 * - LIKES: `count` likes.
 */
export const RECOMMENDATION_KINDS = ['FIT', 'SIMILAR', 'NEW', 'ORDERS', 'OFFICE', 'LIKES'] as const;
export const recommendationReasonSchema = z.object({
  kind: z.enum(RECOMMENDATION_KINDS),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The reason as one Korean sentence (what the chat and a model-written reason use). */
  text: z.string(),
});
export type RecommendationReason = z.infer<typeof recommendationReasonSchema>;

export const recommendedProductSchema = z
  .object({
    rank: z.number().int(),
    product: edutechProductSummarySchema,
    reason: recommendationReasonSchema,
  })
  .meta({ id: 'RecommendedProduct' });
export type RecommendedProduct = z.infer<typeof recommendedProductSchema>;

export const recommendationQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(50).default(10),
});

export const recommendationStripSchema = z.object({
  /** Who the lists were made for: the teacher's level, grade and subjects as the rules read them. */
  profile: z.object({
    level: z.enum(['ELEMENTARY', 'MIDDLE', 'HIGH']).nullable(),
    grade: z.number().int().nullable(),
    subjects: z.array(z.string()),
    categories: z.array(edutechCategorySchema),
  }),
  aiRecommended: z.array(recommendedProductSchema),
  similarTeachers: z.array(recommendedProductSchema),
  newGoods: z.array(recommendedProductSchema),
  /** 'MODEL' when a connected model wrote the reasons, 'RULES' otherwise. */
  reasonSource: z.enum(['MODEL', 'RULES']),
});
export type RecommendationStrip = z.infer<typeof recommendationStripSchema>;

// ---- vendors ---------------------------------------------------------------------------------

export const EDUTECH_VENDOR_MESSAGES = {
  name: '업체 이름을 입력해 주세요.',
  description: '업체 소개를 입력해 주세요.',
  email: '올바른 이메일 주소를 입력해 주세요.',
  productName: '제품 이름을 입력해 주세요.',
  levels: '대상 학교급을 하나 이상 골라 주세요.',
  price: '가격 정책을 입력해 주세요.',
} as const;

export const edutechVendorInputSchema = z.object({
  name: z.string().trim().min(2, { message: EDUTECH_VENDOR_MESSAGES.name }).max(80),
  homepage: siteSchema.nullable().optional(),
  description: z.string().trim().min(1, { message: EDUTECH_VENDOR_MESSAGES.description }).max(2000),
  contactEmail: z.email({ message: EDUTECH_VENDOR_MESSAGES.email }).max(200).nullable().optional(),
});
export type EdutechVendorInput = z.infer<typeof edutechVendorInputSchema>;

export const edutechVendorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    homepage: z.string().nullable(),
    description: z.string(),
    contactEmail: z.string().nullable(),
    createdAt: z.string(),
    products: z.array(edutechProductSummarySchema),
  })
  .meta({ id: 'EdutechVendor' });
export type EdutechVendor = z.infer<typeof edutechVendorSchema>;

export const edutechVendorProductInputSchema = z.object({
  name: z.string().trim().min(1, { message: EDUTECH_VENDOR_MESSAGES.productName }).max(100),
  category: edutechCategorySchema,
  levels: z.array(edutechLevelSchema).min(1, { message: EDUTECH_VENDOR_MESSAGES.levels }).max(7),
  pricePolicy: z.string().trim().min(1, { message: EDUTECH_VENDOR_MESSAGES.price }).max(200),
  priceType: edutechPriceTypeSchema,
  description: z.string().trim().min(1).max(2000),
  siteUrl: siteSchema,
});
export type EdutechVendorProductInput = z.infer<typeof edutechVendorProductInputSchema>;

export const edutechVendorProductUpdateSchema = edutechVendorProductInputSchema
  .partial()
  .extend({ serviceStatus: z.enum(EDUTECH_SERVICE_STATUSES).optional() });
export type EdutechVendorProductUpdate = z.infer<typeof edutechVendorProductUpdateSchema>;

export const EDUTECH_IMAGE_KINDS = ['logo', 'screenshot'] as const;
export const edutechImageParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  kind: z.enum(EDUTECH_IMAGE_KINDS),
});
export const MAX_EDUTECH_IMAGE_BYTES = 2 * 1024 * 1024;

export const edutechReviewDecisionSchema = z.object({
  decision: z.enum(['APPROVE', 'REJECT']),
  note: z.string().trim().max(500).optional(),
});
export type EdutechReviewDecision = z.infer<typeof edutechReviewDecisionSchema>;
