import {
  ACCESS_TOKEN_TYPE,
  type ErrorCode,
  JWT_TOKEN_TYPE,
  PARTNER_KEY_ALGORITHMS,
  TOKEN_EXCHANGE_GRANT,
  type TokenExchangeRequest,
  type TokenExchangeResponse,
} from '@ssaem/contracts';
import { createLocalJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { AccessTokenMinter } from '../../platform/auth/embedded-provider.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { parseRoles } from '../users/users.repository.ts';
import type { PartnerProductsRepository } from './partner-products.repository.ts';
import { jwksOf, loginPathOf, rolesOf } from './partner-products.service.ts';

/** The longest an assertion may live (exp − iat), and the clock difference forgiven either way. */
export const MAX_ASSERTION_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;

type OAuthError =
  | 'invalid_request'
  | 'unsupported_grant_type'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client';

/**
 * A refusal in RFC 6749 §5.2 shape: `error` and a plain English `error_description` for the
 * partner's developers, beside the catalogue code the rest of the API uses.
 */
export class TokenExchangeError extends Error {
  readonly error: OAuthError;
  readonly code: ErrorCode;
  readonly description: string;
  readonly status: 400 | 401 | 404;

  constructor(error: OAuthError, code: ErrorCode, description: string, status?: 404) {
    super(description);
    this.name = 'TokenExchangeError';
    this.error = error;
    this.code = code;
    this.description = description;
    this.status = status ?? (error === 'invalid_client' ? 401 : 400);
  }
}

/** 404: no product at this address, or it is switched off. */
export const unknownProduct = (productKey: string) =>
  new TokenExchangeError(
    'invalid_client',
    'E_NOT_FOUND',
    `No partner product is enabled at ${loginPathOf(productKey)}.`,
    404,
  );
export const invalidRequest = (description: string) =>
  new TokenExchangeError('invalid_request', 'E_EXCHANGE_REQUEST', description);
const invalidClient = (description: string) =>
  new TokenExchangeError('invalid_client', 'E_EXCHANGE_CLIENT', description);
const invalidGrant = (description: string) =>
  new TokenExchangeError('invalid_grant', 'E_EXCHANGE_GRANT', description);

/** The request's own members, before any key is touched. */
function checkRequest(body: TokenExchangeRequest): string {
  if (!body.grant_type) throw invalidRequest('grant_type is missing.');
  if (body.grant_type !== TOKEN_EXCHANGE_GRANT)
    throw new TokenExchangeError(
      'unsupported_grant_type',
      'E_EXCHANGE_REQUEST',
      `grant_type must be ${TOKEN_EXCHANGE_GRANT}.`,
    );
  if (!body.subject_token) throw invalidRequest('subject_token is missing.');
  if (body.subject_token_type !== JWT_TOKEN_TYPE)
    throw invalidRequest(`subject_token_type must be ${JWT_TOKEN_TYPE}.`);
  if (body.requested_token_type !== undefined && body.requested_token_type !== ACCESS_TOKEN_TYPE)
    throw invalidRequest(`requested_token_type, when sent, must be ${ACCESS_TOKEN_TYPE}.`);
  return body.subject_token;
}

/** jose's refusal, said for the partner's developers and sorted into RFC 6749's two cases. */
function assertionRefusal(error: unknown, clientId: string): TokenExchangeError {
  if (error instanceof joseErrors.JWTExpired) return invalidGrant('The assertion has expired (exp).');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return invalidClient(`The assertion's iss must be the client id ${clientId}.`);
    if (error.claim === 'aud') return invalidGrant("The assertion's aud does not name Ssaem.");
    if (error.claim === 'iat')
      return invalidGrant(
        `The assertion's iat is in the future or more than ${MAX_ASSERTION_SECONDS} seconds ago.`,
      );
    return invalidGrant(`The assertion's ${error.claim} claim is missing or not valid.`);
  }
  if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
    return invalidClient("The assertion's signature does not verify with a key registered for this product.");
  throw error;
}

function requireString(payload: JWTPayload, claim: 'sub' | 'jti'): string {
  const value = payload[claim];
  if (typeof value !== 'string' || value.length === 0 || value.length > 200)
    throw invalidGrant(`The assertion needs a ${claim} claim (a string of up to 200 characters).`);
  return value;
}

/**
 * `POST /api/auth/{product}-login`: a partner product exchanges its signed assertion about one of
 * its users for a Ssaem access token (RFC 8693 shaped; docs/partner-login.md).
 */
export function createPartnerLoginService(deps: {
  products: PartnerProductsRepository;
  users: Pick<UsersRepository, 'findByUsername'>;
  mintAccessToken: AccessTokenMinter;
  /** What an assertion's aud may name: Ssaem's issuer, its public address, or this endpoint. */
  audiences: (productKey: string) => string[];
}) {
  return {
    async exchange(productKey: string, body: TokenExchangeRequest): Promise<TokenExchangeResponse> {
      const product = await deps.products.findByKey(productKey);
      if (!product?.enabled) throw unknownProduct(productKey);
      const assertion = checkRequest(body);

      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(assertion, createLocalJWKSet(jwksOf(product)), {
          issuer: product.clientId,
          audience: deps.audiences(productKey),
          algorithms: [...PARTNER_KEY_ALGORITHMS],
          requiredClaims: ['exp', 'iat', 'jti', 'sub'],
          maxTokenAge: MAX_ASSERTION_SECONDS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        throw assertionRefusal(error, product.clientId);
      }
      const exp = payload.exp ?? 0;
      const iat = payload.iat ?? 0;
      if (exp - iat > MAX_ASSERTION_SECONDS)
        throw invalidGrant(`The assertion may live at most ${MAX_ASSERTION_SECONDS} seconds (exp − iat).`);
      const jti = requireString(payload, 'jti');
      const username = requireString(payload, 'sub').toLowerCase();

      // Single use, on every instance: the database's primary key lets one request through.
      const fresh = await deps.products.useAssertion(
        product.clientId,
        jti,
        (exp + CLOCK_TOLERANCE_SECONDS) * 1000,
      );
      if (!fresh) throw invalidGrant('This assertion (its jti) has been used already.');

      const user = await deps.users.findByUsername(username);
      if (!user?.enabled || !user.subject)
        throw invalidGrant('No enabled Ssaem account has the user name given in sub.');
      const allowed = rolesOf(product);
      const roles = parseRoles(user).filter((role) => (allowed as string[]).includes(role));
      if (roles.length === 0)
        throw new TokenExchangeError(
          'unauthorized_client',
          'E_EXCHANGE_ROLE',
          "This product may not sign in this account's role.",
        );

      const minted = await deps.mintAccessToken({
        subject: user.subject,
        roles,
        authorizedParty: product.clientId,
      });
      return {
        access_token: minted.accessToken,
        issued_token_type: ACCESS_TOKEN_TYPE,
        token_type: 'Bearer',
        expires_in: minted.expiresIn,
        scope: minted.scope,
      };
    },
  };
}

export type PartnerLoginService = ReturnType<typeof createPartnerLoginService>;
