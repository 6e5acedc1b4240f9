import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';

export function createUsersRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findBySubject(subject: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('subject', '=', subject).executeTakeFirst();
    },
    findByUsername(username: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    },
    findByEmail(email: string): Promise<UserRow[]> {
      return db.selectFrom('users').selectAll().where('email', '=', email).orderBy('id').execute();
    },
    createUser(user: NewUser): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },
    async updateProfile(
      id: number,
      changes: Partial<Pick<UserRow, 'name' | 'nickName' | 'mobile' | 'profile' | 'title' | 'assignedGrade'>>,
    ) {
      await db
        .updateTable('users')
        .set({ ...changes, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
    /**
     * A password reset: the new password, and everything signed in with the old one gone — access
     * tokens issued before this second refused, every session, grant and refresh token of the
     * account deleted (whoever knew the old password is signed out everywhere).
     */
    async resetPassword(id: number, subject: string | null, passwordHash: string): Promise<void> {
      // The current second, not the next: the owner signs in again at once, and a token issued in
      // this same second must not be refused (the deleted sessions and refresh tokens cover the rest).
      const notBefore = Math.floor(Date.now() / 1000);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ passwordHash, tokensNotBefore: notBefore, updatedAt: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        if (subject) await trx.deleteFrom('oidcPayload').where('accountId', '=', subject).execute();
      });
    },
    async linkSubject(id: number, subject: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ subject, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function parseRoles(row: Pick<UserRow, 'roles'>): string[] {
  try {
    const roles = JSON.parse(row.roles) as unknown;
    return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}
