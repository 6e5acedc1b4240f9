import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { UserRow } from '../src/db/schema.ts';
import { parseRoles } from '../src/modules/users/users.repository.ts';
import { keycloakClaims } from '../src/platform/auth/embedded-provider.ts';
import { loadProviderKeys } from '../src/platform/auth/oidc-keys.ts';
import type { TestApp } from './build-test-app.ts';

/**
 * An access token exactly as the embedded provider issues it, signed with the provider's own
 * persisted key, so route tests can act as any user without the browser round trip (the full
 * round trip has its own tests in oidc-flow.test.ts).
 */
export async function accessTokenFor(
  t: Pick<TestApp, 'database' | 'config'>,
  user: UserRow,
  options: { sid?: string; expiresIn?: number } = {},
) {
  const keys = await loadProviderKeys(t.database.db);
  const jwk = keys.signing[0];
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    ...keycloakClaims({ ...user, roles: parseRoles(user) }, t.config.OIDC_CLIENT_ID),
    sid: options.sid ?? randomUUID(),
    client_id: t.config.OIDC_CLIENT_ID,
    scope: 'openid profile email',
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? '', typ: 'at+jwt' })
    .setIssuer(t.config.ISSUER)
    .setAudience(t.config.OIDC_AUDIENCE)
    .setSubject(user.subject ?? '')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 300))
    .setJti(randomUUID())
    .sign(key);
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * The seeded demo teacher with an unlimited licence, and an access token for them: for the benches
 * and the crash test, which drive a running server and measure it rather than the licence.
 */
export async function unlimitedDemoTeacherToken(
  app: { database: DatabaseHandle; config: TestApp['config'] },
  expiresIn: number,
): Promise<string> {
  const teacher = await app.database.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', 'teacher')
    .executeTakeFirstOrThrow();
  await app.database.db
    .updateTable('userLicense')
    .set({ tokenLimit: 0 })
    .where('userId', '=', teacher.id)
    .execute();
  return accessTokenFor(app, teacher, { expiresIn });
}
