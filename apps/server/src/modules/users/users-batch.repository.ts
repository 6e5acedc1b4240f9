import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../../db/schema.ts';

/** The queries of batch account creation (kept apart from the account repository it extends). */
export function createUsersBatchRepository(db: Kysely<Database>) {
  return {
    async existingUsernames(usernames: string[]): Promise<Set<string>> {
      if (usernames.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('username')
        .where('username', 'in', usernames)
        .execute();
      return new Set(rows.map((row) => row.username));
    },

    /** All accounts or none. */
    async createUsers(users: NewUser[]): Promise<{ id: number; username: string }[]> {
      return db.transaction().execute(async (trx) => {
        const created: { id: number; username: string }[] = [];
        for (const user of users) {
          created.push(
            await trx
              .insertInto('users')
              .values(user)
              .returning(['id', 'username'])
              .executeTakeFirstOrThrow(),
          );
        }
        return created;
      });
    },

    async schoolExists(id: number): Promise<boolean> {
      return Boolean(await db.selectFrom('school').select('id').where('id', '=', id).executeTakeFirst());
    },
  };
}

export type UsersBatchRepository = ReturnType<typeof createUsersBatchRepository>;
