import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createLoginRepository(db: Kysely<Database>) {
  return {
    /** Failures since `since` (epoch ms) for the username and for the address, with the oldest of each. */
    async countFailures(username: string, ip: string, since: number) {
      const [byUser, byIp] = await Promise.all(
        (['username', 'ip'] as const).map((column) =>
          db
            .selectFrom('loginFailure')
            .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('createdAt').as('oldest')])
            .where(column, '=', column === 'username' ? username : ip)
            .where('createdAt', '>', since)
            .executeTakeFirstOrThrow(),
        ),
      );
      return {
        user: { count: Number(byUser?.count ?? 0), oldest: Number(byUser?.oldest ?? 0) },
        ip: { count: Number(byIp?.count ?? 0), oldest: Number(byIp?.oldest ?? 0) },
      };
    },

    async recordFailure(username: string, ip: string): Promise<void> {
      await db.insertInto('loginFailure').values({ username, ip, createdAt: Date.now() }).execute();
    },

    async clearFailures(username: string): Promise<void> {
      await db.deleteFrom('loginFailure').where('username', '=', username).execute();
    },

    async purgeFailures(before: number): Promise<void> {
      await db.deleteFrom('loginFailure').where('createdAt', '<=', before).execute();
    },
  };
}

export type LoginRepository = ReturnType<typeof createLoginRepository>;
