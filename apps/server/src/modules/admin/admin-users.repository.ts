import type { AdminUserQuery } from '@ssaem/contracts';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';

/** `%text%` for LIKE with the wildcards in the text taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const roleLike = (role: string) => `%"${role}"%`;

export interface UserListFilter extends Omit<AdminUserQuery, 'schoolId'> {
  schoolId?: number | undefined;
  /** A school administrator does not see administrators, the super administrator or providers. */
  staffHidden: boolean;
}

export function createAdminUsersRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // PostgreSQL: only the accounts holding every gram of the term (the gram index of migration
  // 0050), before LIKE confirms which field holds it in order.
  const searchText = sql`lower(${sql.ref('users.name')} || ' ' || ${sql.ref('users.username')} || ' ' || coalesce(${sql.ref('users.email')}, ''))`;
  const holdsGrams = (term: string) =>
    sql<boolean>`edutech_search_grams(${searchText}) @> edutech_search_grams(${term})`;

  function filtered(filter: UserListFilter) {
    return db
      .selectFrom('users')
      .leftJoin('school', 'school.id', 'users.schoolId')
      .$if(filter.schoolId !== undefined, (qb) => qb.where('users.schoolId', '=', filter.schoolId ?? 0))
      .$if(Boolean(filter.role), (qb) => qb.where('users.roles', 'like', roleLike(filter.role ?? '')))
      .$if(filter.status !== undefined, (qb) =>
        qb.where('users.enabled', '=', filter.status === 'enabled' ? 1 : 0),
      )
      .$if(filter.staffHidden, (qb) =>
        qb
          .where('users.roles', 'not like', roleLike('ROLE_ADMIN'))
          .where('users.roles', 'not like', roleLike('ROLE_SUPER_ADMIN'))
          .where('users.roles', 'not like', roleLike('ROLE_PROVIDER')),
      )
      .$if(Boolean(filter.q), (qb) => {
        const pattern = contains((filter.q ?? '').toLowerCase());
        const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        return qb
          .$if(postgres, (inner) => inner.where(holdsGrams((filter.q ?? '').toLowerCase())))
          .where((eb) => eb.or([like('users.name'), like('users.username'), like('users.email')]));
      });
  }

  /**
   * Every account, as the super administrator's first look lists them: the total is the trigger-kept
   * count (migration 0056), not a count of every row on each page.
   */
  const unfiltered = (filter: UserListFilter) =>
    filter.schoolId === undefined &&
    !filter.role &&
    filter.status === undefined &&
    !filter.staffHidden &&
    !filter.q;

  const SORT_COLUMNS = {
    createdAt: 'users.createdAt',
    name: 'users.name',
    username: 'users.username',
    school: 'school.name',
  } as const;

  return {
    async page(filter: UserListFilter) {
      const [rows, total] = await Promise.all([
        filtered(filter)
          .selectAll('users')
          .select('school.name as schoolName')
          .orderBy(SORT_COLUMNS[filter.sort], filter.order)
          .orderBy('users.id', filter.order)
          .offset(filter.pageIndex * filter.pageSize)
          .limit(filter.pageSize)
          .execute(),
        unfiltered(filter)
          ? db.selectFrom('userCount').select('n').where('id', '=', 1).executeTakeFirstOrThrow()
          : filtered(filter)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    findWithSchool(id: number) {
      return db
        .selectFrom('users')
        .leftJoin('school', 'school.id', 'users.schoolId')
        .selectAll('users')
        .select('school.name as schoolName')
        .where('users.id', '=', id)
        .executeTakeFirst();
    },

    findByUsername(username: string) {
      return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    },

    schoolExists(id: number) {
      return db.selectFrom('school').select('id').where('id', '=', id).executeTakeFirst();
    },

    create(user: NewUser): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

    async update(
      id: number,
      changes: Partial<
        Pick<UserRow, 'name' | 'email' | 'mobile' | 'title' | 'schoolId' | 'roles' | 'enabled'>
      >,
    ) {
      await db
        .updateTable('users')
        .set({ ...changes, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async enabledSuperAdmins(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('roles', 'like', roleLike('ROLE_SUPER_ADMIN'))
        .where('enabled', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The identity provider's live login sessions of one account. */
    sessionsOf(subject: string) {
      return db
        .selectFrom('oidcPayload')
        .select(['id', 'payload', 'expiresAt'])
        .where('accountId', '=', subject)
        .where('model', '=', 'Session')
        .where((eb) =>
          eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', Math.floor(Date.now() / 1000))]),
        )
        .execute();
    },

    /** Ends one login session: the session and every grant, token and code issued under it. */
    async deleteSession(sessionRowId: string, grantIds: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('oidcPayload')
          .where('model', '=', 'Session')
          .where('id', '=', sessionRowId)
          .execute();
        if (grantIds.length) {
          await trx.deleteFrom('oidcPayload').where('grantId', 'in', grantIds).execute();
          await trx
            .deleteFrom('oidcPayload')
            .where('model', '=', 'Grant')
            .where('id', 'in', grantIds)
            .execute();
        }
      });
    },

    /** Every token older than now refused, and every session, grant and refresh token of the account gone. */
    async revokeAll(userId: number, subject: string | null, notBefore: number) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ tokensNotBefore: notBefore }).where('id', '=', userId).execute();
        if (subject) await trx.deleteFrom('oidcPayload').where('accountId', '=', subject).execute();
      });
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
