import type { Kysely } from 'kysely';
import type { Database, LicenseKeyTable } from '../../db/schema.ts';

/** Licence keys by group: made in batches, listed, and handed out by e-mail. */
export function createLicenceKeysRepository(db: Kysely<Database>) {
  return {
    groups() {
      return (
        db
          .selectFrom('licenseKey')
          .innerJoin('license', 'license.id', 'licenseKey.licenseId')
          .select((eb) => [
            'licenseKey.groupName as name',
            'license.id as licenseId',
            'license.name as licenseName',
            eb.fn.countAll<number>().as('issued'),
            eb.fn
              .sum<number>(eb.case().when('licenseKey.status', '=', 'USED').then(1).else(0).end())
              .as('used'),
            eb.fn.count<number>('licenseKey.sentTo').as('sent'),
            eb.fn
              .sum<number>(eb.case().when('licenseKey.status', '=', 'REVOKED').then(1).else(0).end())
              .as('revoked'),
            eb.fn.min<string>('licenseKey.createdAt').as('createdAt'),
          ])
          .where('licenseKey.groupName', 'is not', null)
          // The free trial's own keys are an implementation of the trial, not a group anyone hands out.
          .where('licenseKey.groupName', '!=', 'TRIAL')
          .groupBy(['licenseKey.groupName', 'license.id', 'license.name'])
          .orderBy('createdAt', 'desc')
          .execute()
      );
    },

    async groupExists(name: string): Promise<boolean> {
      const row = await db
        .selectFrom('licenseKey')
        .select('id')
        .where('groupName', '=', name)
        .executeTakeFirst();
      return row !== undefined;
    },

    async planExists(id: number): Promise<boolean> {
      const row = await db.selectFrom('license').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts the keys that are not taken yet; returns how many went in. */
    async insertKeys(rows: Omit<LicenseKeyTable, 'id' | 'sentTo' | 'sentAt'>[]): Promise<number> {
      if (rows.length === 0) return 0;
      const result = await db
        .insertInto('licenseKey')
        .values(rows)
        .onConflict((oc) => oc.column('licenseKey').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    async page(
      filter: { groupName?: string; status?: LicenseKeyTable['status'] },
      offset: number,
      limit: number,
    ) {
      let query = db
        .selectFrom('licenseKey')
        .innerJoin('license', 'license.id', 'licenseKey.licenseId')
        .where('licenseKey.groupName', 'is not', null)
        .where('licenseKey.groupName', '!=', 'TRIAL');
      if (filter.groupName) query = query.where('licenseKey.groupName', '=', filter.groupName);
      if (filter.status) query = query.where('licenseKey.status', '=', filter.status);
      const [rows, total] = await Promise.all([
        query
          .leftJoin('userLicense', 'userLicense.licenseKeyId', 'licenseKey.id')
          .leftJoin('users', 'users.id', 'userLicense.userId')
          .select([
            'licenseKey.id',
            'licenseKey.licenseKey',
            'licenseKey.status',
            'licenseKey.groupName',
            'licenseKey.sentTo',
            'licenseKey.createdAt',
            'license.name as licenseName',
            'users.name as redeemedByName',
            'users.username as redeemedByUsername',
          ])
          .orderBy('licenseKey.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    findKey(licenseKey: string) {
      return db
        .selectFrom('licenseKey')
        .innerJoin('license', 'license.id', 'licenseKey.licenseId')
        .select([
          'licenseKey.id',
          'licenseKey.licenseKey',
          'licenseKey.status',
          'licenseKey.groupName',
          'licenseKey.sentTo',
          'licenseKey.createdAt',
          'license.name as licenseName',
        ])
        .where('licenseKey.licenseKey', '=', licenseKey)
        .executeTakeFirst();
    },

    /** Unredeemed keys of a group not mailed yet, oldest first. */
    unsentKeys(groupName: string, limit: number) {
      return db
        .selectFrom('licenseKey')
        .select(['id', 'licenseKey'])
        .where('groupName', '=', groupName)
        .where('status', '=', 'ISSUED')
        .where('sentTo', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Withdraws the group's keys nobody redeemed yet; redeemed ones keep their licences. */
    async revokeUnused(groupName: string): Promise<number> {
      const result = await db
        .updateTable('licenseKey')
        .set({ status: 'REVOKED' })
        .where('groupName', '=', groupName)
        .where('status', '=', 'ISSUED')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Marks a key as mailed; false when another request mailed it first. */
    async markSent(id: number, email: string, sentAt: string): Promise<boolean> {
      const result = await db
        .updateTable('licenseKey')
        .set({ sentTo: email, sentAt })
        .where('id', '=', id)
        .where('sentTo', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type LicenceKeysRepository = ReturnType<typeof createLicenceKeysRepository>;
