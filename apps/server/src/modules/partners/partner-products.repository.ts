import type { Kysely } from 'kysely';
import type { Database, PartnerProductRow, PartnerProductTable } from '../../db/schema.ts';

export type PartnerProductChanges = Partial<
  Pick<PartnerProductTable, 'name' | 'redirectUris' | 'allowedRoles' | 'jwks' | 'enabled'>
>;

/** Which unique column a new product collided with. */
export type UniqueClash = 'clientId' | 'productKey' | null;

/** Partner products, and the assertion ids each has used. */
export function createPartnerProductsRepository(db: Kysely<Database>) {
  return {
    list(): Promise<PartnerProductRow[]> {
      return db.selectFrom('partnerProduct').selectAll().orderBy('id').execute();
    },

    find(id: number): Promise<PartnerProductRow | undefined> {
      return db.selectFrom('partnerProduct').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByKey(productKey: string): Promise<PartnerProductRow | undefined> {
      return db
        .selectFrom('partnerProduct')
        .selectAll()
        .where('productKey', '=', productKey)
        .executeTakeFirst();
    },

    /** The column already holding one of these values (checked first for a clear answer; the unique index decides a race). */
    async clash(clientId: string, productKey: string): Promise<UniqueClash> {
      const row = await db
        .selectFrom('partnerProduct')
        .select(['clientId', 'productKey'])
        .where((eb) => eb.or([eb('clientId', '=', clientId), eb('productKey', '=', productKey)]))
        .executeTakeFirst();
      if (!row) return null;
      return row.clientId === clientId ? 'clientId' : 'productKey';
    },

    async insert(row: Omit<PartnerProductTable, 'id'>): Promise<number> {
      const created = await db
        .insertInto('partnerProduct')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    },

    async update(id: number, changes: PartnerProductChanges, updatedAt: string): Promise<boolean> {
      const result = await db
        .updateTable('partnerProduct')
        .set({ ...changes, updatedAt })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Records an assertion id as used; false when it was already used (a replay). The primary key
     * decides, so two instances receiving the same assertion at once let only one through.
     */
    async useAssertion(clientId: string, jti: string, expiresAt: number): Promise<boolean> {
      const inserted = await db
        .insertInto('partnerAssertion')
        .values({ clientId, jti, expiresAt })
        .onConflict((oc) => oc.columns(['clientId', 'jti']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type PartnerProductsRepository = ReturnType<typeof createPartnerProductsRepository>;

/** Used assertion ids past their expiry: an assertion that old is refused as expired anyway. */
export async function purgeUsedAssertions(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('partnerAssertion').where('expiresAt', '<=', Date.now()).execute();
}
