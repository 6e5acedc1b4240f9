import { randomUUID } from 'node:crypto';
import {
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { createUsersRepository, parseRoles } from '../../modules/users/users.repository.ts';
import { type Actor, isRole, primaryRoleOf } from '../../policies/actor.ts';
import { AppError } from '../errors/app-error.ts';
import { isSessionDenied } from './session-denylist.ts';

export interface AccessTokenClaims extends JWTPayload {
  sid?: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  school_code?: string;
  realm_access?: { roles?: string[] };
  resource_access?: Record<string, { roles?: string[] }>;
}

export interface TokenVerifierOptions {
  db: Kysely<Database>;
  issuer: string;
  audience: string;
  clientId: string;
  /** The signing keys: our own for the embedded provider, the issuer's JWKS otherwise. */
  keys?: JWTVerifyGetKey;
}

/** Resolves the issuer's JWKS through its discovery document, once. */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    keys ??= fetch(`${issuer}/.well-known/openid-configuration`)
      .then((res) => res.json() as Promise<{ jwks_uri: string }>)
      .then((meta) => createRemoteJWKSet(new URL(meta.jwks_uri)))
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
    return (await keys)(header, token);
  };
}

/**
 * Verifies bearer access tokens (RS256, issuer, audience, expiry, not logged out) and maps them to
 * an Actor. A subject seen for the first time from an external provider is linked to the user of
 * the same username, or creates one (its school from a `school_code` claim).
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const keys = options.keys ?? discoveredKeys(options.issuer);
  const users = createUsersRepository(options.db);

  function rolesFrom(claims: AccessTokenClaims): string[] {
    const realm = claims.realm_access?.roles ?? [];
    const client = claims.resource_access?.[options.clientId]?.roles ?? [];
    return [...new Set([...realm, ...client])].filter(isRole);
  }

  async function userFor(claims: AccessTokenClaims, roles: string[]): Promise<UserRow | undefined> {
    const subject = claims.sub;
    if (!subject) return undefined;
    const known = await users.findBySubject(subject);
    if (known) return known;
    const username = claims.preferred_username?.toLowerCase();
    if (!username) return undefined;
    const byName = await users.findByUsername(username);
    if (byName && !byName.subject) {
      await users.linkSubject(byName.id, subject);
      return { ...byName, subject };
    }
    if (byName) return undefined;
    return provisionUser(options.db, { subject, username, claims, roles });
  }

  // A browser sends the same token with every call for its five minutes: the signature and the
  // user lookup are done once per token. The logout denylist is still checked on every request.
  const verified = new Map<string, { actor: Actor; expiresAt: number; issuedAt: number }>();
  const CACHE_LIMIT = 10_000;

  function remember(token: string, actor: Actor, exp: number | undefined, issuedAt: number) {
    if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { actor, issuedAt, expiresAt: Math.min((exp ?? 0) * 1000, Date.now() + 60_000) });
  }

  return {
    async verify(token: string): Promise<Actor> {
      const cached = verified.get(token);
      if (cached && cached.expiresAt > Date.now()) {
        // Checked on every request, on every instance: the account may have been disabled, all
        // its sessions revoked (not-before), or this one ended, since the token was read.
        if (!(await stillValid(options.db, cached.actor, cached.issuedAt)))
          throw new AppError('E_UNAUTHORIZED');
        return cached.actor;
      }
      if (cached) verified.delete(token);
      let claims: AccessTokenClaims;
      try {
        ({ payload: claims } = await jwtVerify<AccessTokenClaims>(token, keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ['RS256'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
          throw new AppError('E_UNAUTHORIZED');
        throw error;
      }
      if (claims.sid && (await isSessionDenied(options.db, claims.sid))) throw new AppError('E_UNAUTHORIZED');
      const tokenRoles = rolesFrom(claims);
      const user = await userFor(claims, tokenRoles);
      if (!user?.enabled) throw new AppError('E_UNAUTHORIZED');
      const issuedAt = claims.iat ?? 0;
      if (user.tokensNotBefore !== null && issuedAt < Number(user.tokensNotBefore))
        throw new AppError('E_UNAUTHORIZED');
      const roles = (tokenRoles.length ? tokenRoles : parseRoles(user)).filter(isRole);
      const actor: Actor = {
        userId: user.id,
        subject: claims.sub ?? '',
        username: user.username,
        name: user.name,
        roles,
        primaryRole: primaryRoleOf(roles),
        schoolId: user.schoolId,
        sid: claims.sid ?? null,
      };
      remember(token, actor, claims.exp, issuedAt);
      return actor;
    },
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

const accountState = preparedQuery(
  (db: Kysely<Database>, userId: number) =>
    db.selectFrom('users').select(['users.enabled', 'users.tokensNotBefore']).where('users.id', '=', userId),
  1,
);

const accountAndSessionState = preparedQuery(
  (db: Kysely<Database>, userId: number, sid: string, now: number) =>
    db
      .selectFrom('users')
      .select(['users.enabled', 'users.tokensNotBefore'])
      .select((eb) =>
        eb
          .selectFrom('revokedSession')
          .select('revokedSession.sid')
          .where('revokedSession.sid', '=', sid)
          .where('revokedSession.expiresAt', '>', now)
          .as('deniedSid'),
      )
      .where('users.id', '=', userId),
  3,
);

/**
 * One primary-key read, compiled once (it runs on every API request): the account is enabled, the
 * token is not older than its not-before, its session not ended.
 */
async function stillValid(db: Kysely<Database>, actor: Actor, issuedAt: number): Promise<boolean> {
  const sid = actor.sid;
  const { rows } =
    sid === null
      ? await accountState(db, actor.userId)
      : await accountAndSessionState(db, actor.userId, sid, Date.now());
  const row = rows[0] as { enabled: number; tokensNotBefore: number | null; deniedSid?: string | null };
  if (!row?.enabled) return false;
  if (row.tokensNotBefore !== null && issuedAt < Number(row.tokensNotBefore)) return false;
  return !row.deniedSid;
}

async function provisionUser(
  db: Kysely<Database>,
  input: { subject: string; username: string; claims: AccessTokenClaims; roles: string[] },
): Promise<UserRow> {
  const school = input.claims.school_code
    ? await db
        .selectFrom('school')
        .select('id')
        .where('schoolCode', '=', input.claims.school_code)
        .executeTakeFirst()
    : undefined;
  const now = new Date().toISOString();
  return db
    .insertInto('users')
    .values({
      username: input.username,
      subject: input.subject || randomUUID(),
      passwordHash: null,
      name: input.claims.name ?? input.username,
      nickName: null,
      email: input.claims.email ?? null,
      mobile: null,
      profile: null,
      code: null,
      schoolId: school?.id ?? null,
      roles: JSON.stringify(input.roles.length ? input.roles : ['ROLE_TEACHER']),
      assignedGrade: null,
      title: null,
      enabled: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
