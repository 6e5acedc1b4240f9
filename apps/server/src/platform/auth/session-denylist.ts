import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Sessions ended by logout. Their access tokens stay cryptographically valid until they expire,
 * so the API refuses any token whose `sid` is listed here; a row lives as long as such a token can.
 */
export async function denySessions(db: Kysely<Database>, sids: string[], ttlSeconds: number): Promise<void> {
  if (sids.length === 0) return;
  const expiresAt = Date.now() + (ttlSeconds + 60) * 1000;
  for (const sid of sids) {
    await db
      .insertInto('revokedSession')
      .values({ sid, expiresAt })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ expiresAt }))
      .execute();
  }
}

export async function isSessionDenied(db: Kysely<Database>, sid: string): Promise<boolean> {
  const row = await db
    .selectFrom('revokedSession')
    .select('sid')
    .where('sid', '=', sid)
    .where('expiresAt', '>', Date.now())
    .executeTakeFirst();
  return Boolean(row);
}

export async function purgeDeniedSessions(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('revokedSession').where('expiresAt', '<=', Date.now()).execute();
}
