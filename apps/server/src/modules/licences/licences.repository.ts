import { type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, UserLicenseTable } from '../../db/schema.ts';

/**
 * SQLite's planner reads a bound value when it is compared with a column that a partial index's
 * condition names (user_license_near_limit_idx: `status = 'ACTIVE' AND token_limit > 0`) or with
 * the column that drives a join, and then prepares the statement again every time a new value is
 * bound: a chat's reservation cost 40 µs instead of 4, every call. So the constants of these
 * conditions are written into the SQL, and the user id reaches the join through a cast (the
 * same index search, a value the planner does not read).
 */
const ACTIVE = sql.lit<'ACTIVE'>('ACTIVE');
const UNLIMITED = sql.lit(0);

/**
 * The reservation of a chat or tool call in one statement: `amount` tokens on the user's valid
 * licence with room that ends soonest. The conditions are repeated on the row updated, so a
 * reservation that took the room meanwhile (PostgreSQL re-checks only these) makes it miss.
 */
const reserveOnFirstWithRoom = preparedQuery(
  (db: Kysely<Database>, userId: number, amount: number, nowIso: string) =>
    db
      .updateTable('userLicense')
      .set((eb) => ({ tokenReserved: eb('tokenReserved', '+', amount), updatedAt: nowIso }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('userLicense as candidate')
          .innerJoin('licenseKey', 'licenseKey.id', 'candidate.licenseKeyId')
          .innerJoin('license', 'license.id', 'licenseKey.licenseId')
          .select('candidate.id')
          .where('candidate.userId', '=', sql<number>`cast(${userId} as integer)`)
          .where('licenseKey.licenseKey', '<>', '')
          .where('candidate.status', '=', ACTIVE)
          .where('candidate.startAt', '<=', nowIso)
          .where('candidate.expiresAt', '>=', nowIso)
          .where((inner) =>
            inner.or([
              inner('candidate.tokenLimit', '=', UNLIMITED),
              inner(
                sql<number>`${sql.ref('candidate.token_used')} + ${sql.ref('candidate.token_reserved')} + ${amount}`,
                '<=',
                inner.ref('candidate.tokenLimit'),
              ),
            ]),
          )
          .orderBy('candidate.expiresAt')
          .orderBy('candidate.id')
          .limit(1),
      )
      .where('status', '=', ACTIVE)
      .where('startAt', '<=', nowIso)
      .where('expiresAt', '>=', nowIso)
      .where((eb) =>
        eb.or([
          eb('tokenLimit', '=', UNLIMITED),
          eb(
            sql<number>`${sql.ref('token_used')} + ${sql.ref('token_reserved')} + ${amount}`,
            '<=',
            eb.ref('tokenLimit'),
          ),
        ]),
      )
      .returning('id'),
  3,
);

const recordReservation = preparedQuery(
  (
    db: Kysely<Database>,
    id: string,
    userLicenseId: number,
    userId: number,
    amount: number,
    purpose: string,
    createdAt: string,
  ) =>
    db.insertInto('tokenReservation').values({
      id,
      userLicenseId,
      userId,
      amount,
      purpose,
      createdAt,
      used: null,
      status: 'RESERVED',
      settledAt: null,
    }),
  6,
);

/** Closes a reservation still open, answering what it held; nothing when it was closed already. */
const closeOpenReservation = preparedQuery(
  (
    db: Kysely<Database>,
    id: string,
    status: 'SETTLED' | 'RELEASED',
    used: number,
    settledAt: string,
    model: string | null,
  ) =>
    db
      .updateTable('tokenReservation')
      .set({ status, used, settledAt, model })
      .where('id', '=', id)
      .where('status', '=', 'RESERVED')
      .returning(['userLicenseId', 'amount']),
  5,
);

const moveReservedToUsed = preparedQuery(
  (db: Kysely<Database>, userLicenseId: number, amount: number, used: number, updatedAt: string) =>
    db
      .updateTable('userLicense')
      .set((eb) => ({
        tokenReserved: eb('tokenReserved', '-', amount),
        tokenUsed: eb('tokenUsed', '+', used),
        updatedAt,
      }))
      .where('id', '=', userLicenseId),
  4,
);

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
          .where('status', '=', ACTIVE)
          .where('startAt', '<=', nowIso)
          .where('expiresAt', '>=', nowIso)
          .where((eb) =>
            eb.or([
              eb('tokenLimit', '=', UNLIMITED),
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

    /**
     * The common case in one statement and one insert: reserves on the valid licence with room
     * that ends soonest and records it. Null when none was found; the caller then looks closer.
     */
    reserveOnAny(row: {
      id: string;
      userId: number;
      amount: number;
      purpose: string;
      createdAt: string;
    }): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const { rows } = await reserveOnFirstWithRoom(trx, row.userId, row.amount, row.createdAt);
        const userLicenseId = rows[0]?.id;
        if (userLicenseId === undefined) return null;
        await recordReservation(
          trx,
          row.id,
          userLicenseId,
          row.userId,
          row.amount,
          row.purpose,
          row.createdAt,
        );
        return userLicenseId;
      });
    },

    /** Closes a reservation once: moves its amount out of `reserved` and `used` into `used`. */
    closeReservation(id: string, used: number, status: 'SETTLED' | 'RELEASED', model: string | null = null) {
      return db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const { rows } = await closeOpenReservation(trx, id, status, used, now, model);
        const reservation = rows[0];
        if (!reservation) return false;
        await moveReservedToUsed(trx, reservation.userLicenseId, reservation.amount, used, now);
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
