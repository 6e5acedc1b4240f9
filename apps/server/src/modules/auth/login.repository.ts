import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createLoginRepository(db: Kysely<Database>) {
  return {
    /** Failures since `since` (epoch ms) for the username and for the address, with the oldest of each. */
    /** Recent failures for the username from this address, for the username from anywhere, and from the address. */
    async countFailures(username: string, ip: string, since: number) {
      const count = (filter: { username?: string; ip?: string }) => {
        let query = db
          .selectFrom('loginFailure')
          .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('createdAt').as('oldest')])
          .where('createdAt', '>', since);
        if (filter.username !== undefined) query = query.where('username', '=', filter.username);
        if (filter.ip !== undefined) query = query.where('ip', '=', filter.ip);
        return query.executeTakeFirstOrThrow();
      };
      const [pair, user, address] = await Promise.all([
        count({ username, ip }),
        count({ username }),
        count({ ip }),
      ]);
      const shape = (row: { count: unknown; oldest: unknown }) => ({
        count: Number(row.count ?? 0),
        oldest: Number(row.oldest ?? 0),
      });
      return { pair: shape(pair), user: shape(user), ip: shape(address) };
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
