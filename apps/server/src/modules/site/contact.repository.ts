import type { Kysely } from 'kysely';
import type { ContactInquiryTable, Database } from '../../db/schema.ts';

export function createContactRepository(db: Kysely<Database>) {
  return {
    async insert(row: Omit<ContactInquiryTable, 'id'>): Promise<number> {
      const created = await db
        .insertInto('contactInquiry')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    },

    /** Where inquiries are mailed: the service's operators (enabled super administrators with an address). */
    async operatorAddresses(): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select(['email', 'roles'])
        .where('enabled', '=', 1)
        .where('email', 'is not', null)
        .where('roles', 'like', '%"ROLE_SUPER_ADMIN"%')
        .execute();
      return rows.map((row) => row.email).filter((email): email is string => Boolean(email));
    },

    async purgeBefore(createdAt: string): Promise<number> {
      const result = await db
        .deleteFrom('contactInquiry')
        .where('createdAt', '<', createdAt)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
