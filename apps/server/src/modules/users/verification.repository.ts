import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createVerificationRepository(db: Kysely<Database>) {
  return {
    async countSentSince(email: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('emailVerification')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .where('createdAt', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: { email: string; purpose: string; codeHash: string; expiresAt: number }) {
      await db
        .insertInto('emailVerification')
        .values({
          ...row,
          attempts: 0,
          verifiedAt: null,
          tokenHash: null,
          usedAt: null,
          createdAt: Date.now(),
        })
        .execute();
    },

    /** The newest code for the address and purpose that is still open. */
    latestOpen(email: string, purpose: string, now: number) {
      return db
        .selectFrom('emailVerification')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('verifiedAt', 'is', null)
        .where('expiresAt', '>', now)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    async recordAttempt(id: number): Promise<void> {
      await db
        .updateTable('emailVerification')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async markVerified(id: number, tokenHash: string): Promise<void> {
      await db
        .updateTable('emailVerification')
        .set({ verifiedAt: Date.now(), tokenHash })
        .where('id', '=', id)
        .execute();
    },

    /** Uses a verification token once; true when it was valid, unused and recent enough. */
    async consumeToken(
      email: string,
      purpose: string,
      tokenHash: string,
      verifiedAfter: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('emailVerification')
        .set({ usedAt: Date.now() })
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('verifiedAt', '>', verifiedAfter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
