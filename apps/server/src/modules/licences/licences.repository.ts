import { type Kysely, sql } from 'kysely';
import type { Database, UserLicenseTable } from '../../db/schema.ts';

/** A user's licence from a key: its own period from `now` and its own token counters. */
export function insertUserLicence(
  executor: Kysely<Database>,
  input: { userId: number; keyId: number; tokenLimit: number; periodDays: number; now: Date },
) {
  const start = input.now.toISOString();
  const end = new Date(input.now.getTime() + input.periodDays * 86_400_000).toISOString();
  return executor
    .insertInto('userLicense')
    .values({
      userId: input.userId,
      licenseKeyId: input.keyId,
      startAt: start,
      expiresAt: end,
      tokenLimit: input.tokenLimit,
      tokenUsed: 0,
      tokenReserved: 0,
      status: 'ACTIVE',
      createdAt: start,
      updatedAt: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function createLicencesRepository(db: Kysely<Database>) {
  const userLicences = () =>
    db
      .selectFrom('userLicense')
      .innerJoin('licenseKey', 'licenseKey.id', 'userLicense.licenseKeyId')
      .innerJoin('license', 'license.id', 'licenseKey.licenseId')
      .select([
        'userLicense.id',
        'userLicense.userId',
        'userLicense.startAt',
        'userLicense.expiresAt',
        'userLicense.tokenLimit',
        'userLicense.tokenUsed',
        'userLicense.tokenReserved',
        'userLicense.status',
        'userLicense.createdAt',
        'licenseKey.licenseKey',
        'license.name as licenseName',
      ]);

  return {
    listForUser(userId: number) {
      return userLicences()
        .where('userLicense.userId', '=', userId)
        .orderBy('userLicense.expiresAt')
        .execute();
    },

    async pageForUser(userId: number, status: UserLicenseTable['status'], offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        userLicences()
          .where('userLicense.userId', '=', userId)
          .where('userLicense.status', '=', status)
          .orderBy('userLicense.expiresAt')
          .orderBy('userLicense.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('userLicense')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userId', '=', userId)
          .where('status', '=', status)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async historyOf(userId: number, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        userLicences()
          .where('userLicense.userId', '=', userId)
          .orderBy('userLicense.startAt', 'desc')
          .orderBy('userLicense.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('userLicense')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    findIssuedKey(licenseKey: string) {
      return db
        .selectFrom('licenseKey')
        .innerJoin('license', 'license.id', 'licenseKey.licenseId')
        .select([
          'licenseKey.id',
          'licenseKey.status',
          'license.tokenLimit',
          'license.periodDays',
          'license.useYn',
        ])
        .where('licenseKey.licenseKey', '=', licenseKey)
        .executeTakeFirst();
    },

    /** Redeems a key: marks it used and creates the user's licence, in one transaction. */
    redeemKey(input: { userId: number; keyId: number; tokenLimit: number; periodDays: number; now: Date }) {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('licenseKey')
          .set({ status: 'USED' })
          .where('id', '=', input.keyId)
          .where('status', '=', 'ISSUED')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return undefined;
        return insertUserLicence(trx, input);
      });
    },

    /**
     * Adds `amount` to the licence's reserved tokens only if it stays within its limit (one
     * conditional UPDATE, so concurrent reservations cannot push a licence past it) and records the
     * reservation in the same transaction, so a crash cannot leave tokens reserved with no record
     * to release them by. False when the licence has no room.
     */
    async reserveOn(row: {
      id: string;
      userLicenseId: number;
      userId: number;
      amount: number;
      purpose: string;
      createdAt: string;
    }): Promise<boolean> {
      const { userLicenseId, amount, createdAt: nowIso } = row;
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('userLicense')
          .set((eb) => ({ tokenReserved: eb('tokenReserved', '+', amount), updatedAt: nowIso }))
          .where('id', '=', userLicenseId)
          .where('status', '=', 'ACTIVE')
          .where('startAt', '<=', nowIso)
          .where('expiresAt', '>=', nowIso)
          .where((eb) =>
            eb.or([
              eb('tokenLimit', '=', 0),
              eb(
                sql<number>`${sql.ref('token_used')} + ${sql.ref('token_reserved')} + ${amount}`,
                '<=',
                eb.ref('tokenLimit'),
              ),
            ]),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('tokenReservation')
          .values({ ...row, used: null, status: 'RESERVED', settledAt: null })
          .execute();
        return true;
      });
    },

    /** Closes a reservation once: moves its amount out of `reserved` and `used` into `used`. */
    closeReservation(id: string, used: number, status: 'SETTLED' | 'RELEASED', model: string | null = null) {
      return db.transaction().execute(async (trx) => {
        const reservation = await trx
          .selectFrom('tokenReservation')
          .select(['userLicenseId', 'amount'])
          .where('id', '=', id)
          .where('status', '=', 'RESERVED')
          .executeTakeFirst();
        if (!reservation) return false;
        const closed = await trx
          .updateTable('tokenReservation')
          .set({ status, used, settledAt: new Date().toISOString(), model })
          .where('id', '=', id)
          .where('status', '=', 'RESERVED')
          .executeTakeFirst();
        if (Number(closed.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('userLicense')
          .set((eb) => ({
            tokenReserved: eb('tokenReserved', '-', reservation.amount),
            tokenUsed: eb('tokenUsed', '+', used),
            updatedAt: new Date().toISOString(),
          }))
          .where('id', '=', reservation.userLicenseId)
          .execute();
        return true;
      });
    },

    staleReservations(before: string) {
      return db
        .selectFrom('tokenReservation')
        .select('id')
        .where('status', '=', 'RESERVED')
        .where('createdAt', '<', before)
        .execute();
    },
  };
}

export type LicencesRepository = ReturnType<typeof createLicencesRepository>;
