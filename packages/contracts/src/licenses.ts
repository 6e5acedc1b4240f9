import { z } from 'zod';
import { patchOf } from './patch.ts';
import { licenseInfoSchema } from './users.ts';

export const userLicenseSchema = licenseInfoSchema
  .extend({ id: z.number().int(), tokenReserved: z.number().int() })
  .meta({ id: 'UserLicense' });
export type UserLicense = z.infer<typeof userLicenseSchema>;

export const userLicenseListQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).max(10000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(['ACTIVE', 'SUSPENDED', 'EXPIRED']).default('ACTIVE'),
});
export const userLicensePageSchema = z.object({
  items: z.array(userLicenseSchema),
  total: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});

/** A user's licences of every status, newest first (their own, or an administrator's view). */
export const userLicenseHistoryQuerySchema = z.object({
  userId: z.coerce.number().int().positive(),
  pageIndex: z.coerce.number().int().min(0).max(10000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const registerLicenseKeySchema = z.object({
  licenseKey: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/, {
      message: '라이선스 키 형식이 올바르지 않습니다. (XXXX-XXXX-XXXX-XXXX)',
    }),
});

export const licenseCheckParamsSchema = z.object({ userId: z.coerce.number().int().positive() });
export const licenseCheckKeyParamsSchema = licenseCheckParamsSchema.extend({
  licenseKey: z.string().trim().toUpperCase().max(30),
});
export const licenseCheckSchema = z.object({
  userId: z.number().int(),
  licenseKey: z.string().nullable(),
  isValid: z.boolean(),
  totalTokens: z.number().int(),
  usedTokens: z.number().int(),
  remainingTokens: z.number().int().nullable(),
});

/** A licence plan (core.md §7 `license`): what a key grants. The super administrator's alone. */
export const licensePlanSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    /** 0: unlimited. */
    tokenLimit: z.number().int(),
    periodDays: z.number().int(),
    useYn: z.enum(['Y', 'N']),
    /** The plan a teacher may start once, from the licence page, as the free trial. */
    trial: z.boolean(),
    keysIssued: z.number().int(),
    keysUsed: z.number().int(),
    activeUsers: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'LicensePlan' });
export type LicensePlan = z.infer<typeof licensePlanSchema>;

export const licensePlanCreateSchema = z.object({
  name: z.string().trim().min(1, { message: '요금제 이름을 입력해 주세요.' }).max(60),
  description: z.string().trim().max(500).nullable().default(null),
  tokenLimit: z.number().int().min(0).max(1_000_000_000_000).default(0),
  periodDays: z
    .number()
    .int()
    .min(1, { message: '기간은 1일 이상이어야 합니다.' })
    .max(3650, { message: '기간은 10년(3,650일)까지 정할 수 있습니다.' }),
  trial: z.boolean().default(false),
});
export type LicensePlanCreate = z.infer<typeof licensePlanCreateSchema>;
export const licensePlanUpdateSchema = patchOf(licensePlanCreateSchema);
export type LicensePlanUpdate = z.infer<typeof licensePlanUpdateSchema>;
export const licensePlanParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const licensePlanUseSchema = z.object({ useYn: z.enum(['Y', 'N']) });
export const licensePlanListSchema = z.object({ items: z.array(licensePlanSchema) });

/**
 * What the licence page offers a signed-in user: the trial plan, and whether they may start it.
 * NO_PLAN: no plan is marked as the trial (or it is switched off); USED: this account started it
 * before; NOT_ELIGIBLE: only teachers hold licences.
 */
export const trialOfferSchema = z
  .object({
    status: z.enum(['AVAILABLE', 'USED', 'NO_PLAN', 'NOT_ELIGIBLE']),
    plan: z
      .object({ name: z.string(), periodDays: z.number().int(), tokenLimit: z.number().int() })
      .nullable(),
  })
  .meta({ id: 'TrialOffer' });
export type TrialOffer = z.infer<typeof trialOfferSchema>;

/** A group of licence keys made together (core.md §7 `license-key` groups). */
export const licenseKeyGroupSchema = z
  .object({
    name: z.string(),
    licenseId: z.number().int(),
    licenseName: z.string(),
    issued: z.number().int(),
    used: z.number().int(),
    sent: z.number().int(),
    revoked: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'LicenseKeyGroup' });
export type LicenseKeyGroup = z.infer<typeof licenseKeyGroupSchema>;

const groupName = z
  .string()
  .trim()
  .min(1, { message: '묶음 이름을 입력해 주세요.' })
  .max(60)
  .regex(/^[^/\\]+$/, { message: '묶음 이름에 / 와 \\ 는 쓸 수 없습니다.' });

export const licenseKeyBatchSchema = z.object({
  licenseId: z.number().int().positive(),
  groupName,
  count: z
    .number()
    .int()
    .min(1, { message: '키는 1개 이상 만들어야 합니다.' })
    .max(1000, { message: '한 번에 1,000개까지 만들 수 있습니다.' }),
});
export type LicenseKeyBatch = z.infer<typeof licenseKeyBatchSchema>;
export const licenseKeyCreateSchema = z.object({
  licenseId: z.number().int().positive(),
  groupName: groupName.optional(),
});

export const licenseKeyGroupParamsSchema = z.object({ name: groupName });
export const licenseKeySendSchema = z.object({
  emails: z
    .array(z.email({ message: '이메일 주소 형식이 올바르지 않습니다.' }).max(254))
    .min(1, { message: '받는 사람을 한 명 이상 입력해 주세요.' })
    .max(200, { message: '한 번에 200명까지 보낼 수 있습니다.' }),
});
export const licenseKeySendResultSchema = z.object({ sent: z.number().int(), remaining: z.number().int() });

export const licenseKeySchema = z
  .object({
    id: z.number().int(),
    licenseKey: z.string(),
    status: z.enum(['ISSUED', 'USED', 'REVOKED']),
    groupName: z.string().nullable(),
    licenseName: z.string(),
    sentTo: z.string().nullable(),
    redeemedBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'LicenseKey' });
export type LicenseKeyRow = z.infer<typeof licenseKeySchema>;
export const licenseKeyQuerySchema = z.object({
  groupName: z.string().trim().max(60).optional(),
  status: z.enum(['ISSUED', 'USED', 'REVOKED']).optional(),
  pageIndex: z.coerce.number().int().min(0).max(10000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const licenseKeyPageSchema = z.object({
  items: z.array(licenseKeySchema),
  total: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});

export const licenseKeyRevokeResultSchema = z.object({ revoked: z.number().int() });
