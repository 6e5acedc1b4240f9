import { z } from 'zod';

/**
 * Partner products: other services (e.g. a class platform) registered as clients that may sign
 * their users in to Ssaem by exchanging their own signed assertion for a Ssaem access token
 * (`POST /api/auth/{productKey}-login`, shaped like RFC 8693 token exchange; docs/partner-login.md).
 */

/** The roles a partner product may sign in. A super administrator never signs in through a partner. */
export const PARTNER_ROLES = ['ROLE_TEACHER', 'ROLE_STUDENT', 'ROLE_ADMIN', 'ROLE_PROVIDER'] as const;
export const partnerRoleSchema = z.enum(PARTNER_ROLES);
export type PartnerRole = z.infer<typeof partnerRoleSchema>;

/** The signature algorithms a partner's key may use (asymmetric only: Ssaem keeps no partner secret). */
export const PARTNER_KEY_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'] as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or http for a developer's own machine; no fragment (RFC 6749 §3.1.2). */
export function isAcceptableRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

/** A public key as a JWK: no private members, an asymmetric key type. */
const publicJwkSchema = z
  .object({
    kty: z.enum(['RSA', 'EC', 'OKP'], {
      message: '공개 키 종류(kty)는 RSA, EC, OKP 가운데 하나여야 합니다.',
    }),
    kid: z.string().min(1).max(200).optional(),
    alg: z.enum(PARTNER_KEY_ALGORITHMS).optional(),
    use: z.literal('sig').optional(),
  })
  .catchall(z.unknown())
  .refine((jwk) => !['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].some((member) => member in jwk), {
    message: '비공개 키가 들어 있습니다. 공개 키만 등록해 주세요.',
  });

/** The partner's verification keys as a JWK Set; more than one while a key is being rotated. */
export const partnerJwksSchema = z.object({
  keys: z
    .array(publicJwkSchema)
    .min(1, { message: '공개 키를 하나 이상 등록해 주세요.' })
    .max(5, { message: '공개 키는 다섯 개까지 등록할 수 있습니다.' }),
});
export type PartnerJwks = z.infer<typeof partnerJwksSchema>;

export const partnerProductSchema = z
  .object({
    id: z.number().int(),
    productKey: z.string(),
    name: z.string(),
    clientId: z.string(),
    redirectUris: z.array(z.string()),
    allowedRoles: z.array(partnerRoleSchema),
    jwks: partnerJwksSchema,
    enabled: z.boolean(),
    /** Where the product exchanges its assertions, e.g. /api/auth/classting-login. */
    loginPath: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PartnerProduct' });
export type PartnerProduct = z.infer<typeof partnerProductSchema>;

const editableFields = {
  name: z
    .string()
    .trim()
    .min(1, { message: '제품 이름을 입력해 주세요.' })
    .max(80, { message: '제품 이름은 80자까지 쓸 수 있습니다.' }),
  redirectUris: z
    .array(
      z.string().trim().max(500).refine(isAcceptableRedirectUri, {
        message: '리디렉션 주소는 https 주소여야 합니다. (http는 localhost만)',
      }),
    )
    .max(10, { message: '리디렉션 주소는 열 개까지 등록할 수 있습니다.' }),
  allowedRoles: z
    .array(partnerRoleSchema)
    .min(1, { message: '로그인할 수 있는 역할을 하나 이상 골라 주세요.' })
    .refine((roles) => new Set(roles).size === roles.length, { message: '같은 역할이 두 번 들어 있습니다.' }),
  jwks: partnerJwksSchema,
};

export const partnerProductCreateSchema = z.object({
  productKey: z
    .string()
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, {
      message:
        '제품 키는 영문 소문자, 숫자, 하이픈(-)으로 40자까지 쓰고, 하이픈으로 시작하거나 끝날 수 없습니다.',
    }),
  clientId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{3,100}$/, {
      message: '클라이언트 ID는 영문, 숫자와 . _ : - 로 3자에서 100자까지 쓸 수 있습니다.',
    }),
  ...editableFields,
  enabled: z.boolean().default(true),
});
export type PartnerProductCreate = z.infer<typeof partnerProductCreateSchema>;

/**
 * A change sends only the fields it changes. The product key and the client id may be sent back
 * as they are; a different value is refused with E_IMMUTABLE_VALUE_001.
 */
export const partnerProductUpdateSchema = z
  .object({
    productKey: z.string().trim().max(100).optional(),
    clientId: z.string().trim().max(200).optional(),
    name: editableFields.name.optional(),
    redirectUris: editableFields.redirectUris.optional(),
    allowedRoles: editableFields.allowedRoles.optional(),
    jwks: editableFields.jwks.optional(),
  })
  .strict();
export type PartnerProductUpdate = z.infer<typeof partnerProductUpdateSchema>;

export const partnerProductParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const partnerProductEnabledSchema = z.object({ enabled: z.boolean() });
export const partnerProductListSchema = z.object({ items: z.array(partnerProductSchema) });

// ---- the exchange (RFC 8693) ------------------------------------------------------------------

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const JWT_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:jwt';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export const partnerLoginParamsSchema = z.object({
  product: z.string().regex(/^[a-z0-9-]{1,40}$/),
});

/** The request as sent (form-encoded or JSON); its values are checked by the service, to answer in RFC 6749 §5.2 shape. */
export const tokenExchangeRequestSchema = z
  .object({
    grant_type: z.string().max(200).optional(),
    subject_token: z.string().max(8192).optional(),
    subject_token_type: z.string().max(200).optional(),
    requested_token_type: z.string().max(200).optional(),
  })
  .catchall(z.unknown());
export type TokenExchangeRequest = z.infer<typeof tokenExchangeRequestSchema>;

export const tokenExchangeResponseSchema = z.object({
  access_token: z.string(),
  issued_token_type: z.literal(ACCESS_TOKEN_TYPE),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TokenExchangeResponse = z.infer<typeof tokenExchangeResponseSchema>;

/** RFC 6749 §5.2 error members, beside the catalogue's `code` and `message`. */
export const tokenExchangeErrorSchema = z.object({
  error: z.enum([
    'invalid_request',
    'unsupported_grant_type',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
  ]),
  error_description: z.string(),
  code: z.string(),
  message: z.string(),
});
