import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface ProviderKeys {
  /** Private signing keys, newest first: the first signs, the others still verify. */
  signing: JWK[];
  /** Cookie secrets, newest first: the first signs, the others still verify. */
  cookies: string[];
}

/**
 * Loads the provider's keys from the database, creating them on first start. Keys are shared by
 * every instance and survive restarts, so tokens and login sessions stay valid. Rotation: insert a
 * new key (it becomes the newest and starts signing), then set `retired_at` on the old one after
 * the longest token lifetime has passed.
 */
export async function loadProviderKeys(db: Kysely<Database>): Promise<ProviderKeys> {
  await ensureKey(db, 'signing', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = randomUUID();
    return {
      kid,
      material: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }),
    };
  });
  await ensureKey(db, 'cookie', async () => ({
    kid: randomUUID(),
    material: randomBytes(32).toString('base64url'),
  }));
  const rows = await db
    .selectFrom('oidcKey')
    .select(['kind', 'material'])
    .where('retiredAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .execute();
  return {
    signing: rows.filter((r) => r.kind === 'signing').map((r) => JSON.parse(r.material) as JWK),
    cookies: rows.filter((r) => r.kind === 'cookie').map((r) => r.material),
  };
}

export async function ensureKey(
  db: Kysely<Database>,
  kind: 'signing' | 'cookie' | 'invite',
  create: () => Promise<{ kid: string; material: string }>,
): Promise<void> {
  const existing = await db
    .selectFrom('oidcKey')
    .select('kid')
    .where('kind', '=', kind)
    .where('retiredAt', 'is', null)
    .executeTakeFirst();
  if (existing) return;
  const key = await create();
  // Two instances starting together may both create one; both keys then stay valid.
  await db
    .insertInto('oidcKey')
    .values({ ...key, kind, createdAt: new Date().toISOString(), retiredAt: null })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}

/** The public half of a private JWK, for the API's own token verification. */
export function publicJwk(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = jwk;
  return rest;
}

/** A persisted random secret of a kind (created on first use), e.g. for signing invitation links. */
export async function loadSecret(db: Kysely<Database>, kind: 'invite'): Promise<Uint8Array> {
  await ensureKey(db, kind, async () => ({
    kid: randomUUID(),
    material: randomBytes(32).toString('base64url'),
  }));
  const row = await db
    .selectFrom('oidcKey')
    .select('material')
    .where('kind', '=', kind)
    .where('retiredAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  return Buffer.from(row.material, 'base64url');
}
