import { z } from 'zod';
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
