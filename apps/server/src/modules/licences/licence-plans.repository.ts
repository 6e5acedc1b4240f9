import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, LicenseTable } from '../../db/schema.ts';
import { insertUserLicence } from './licences.repository.ts';

class TrialAlreadyClaimed extends Error {}

type PlanChanges = Partial<
  Pick<LicenseTable, 'name' | 'description' | 'tokenLimit' | 'periodDays' | 'useYn'>
>;

/** Licence plans with their keys and holders counted, and the free trial's claims. */
export function createLicencePlansRepository(db: Kysely<Database>) {
  const plans = (nowIso: string) =>
    db.selectFrom('license').select((eb) => [
      'license.id',
      'license.name',
      'license.description',
      'license.tokenLimit',
      'license.periodDays',
      'license.useYn',
      'license.trialYn',
      'license.createdAt',
      'license.updatedAt',
      eb
        .selectFrom('licenseKey')
        .select((k) => k.fn.countAll<number>().as('n'))
        .whereRef('licenseKey.licenseId', '=', 'license.id')
        .as('keysIssued'),
      eb
        .selectFrom('licenseKey')
        .select((k) => k.fn.countAll<number>().as('n'))
        .whereRef('licenseKey.licenseId', '=', 'license.id')
        .where('licenseKey.status', '=', 'USED')
        .as('keysUsed'),
      eb
        .selectFrom('userLicense')
        .innerJoin('licenseKey', 'licenseKey.id', 'userLicense.licenseKeyId')
        .select((k) => k.fn.count<number>('userLicense.userId').distinct().as('n'))
        .whereRef('licenseKey.licenseId', '=', 'license.id')
        .where('userLicense.status', '=', 'ACTIVE')
        .where('userLicense.expiresAt', '>=', nowIso)
        .as('activeUsers'),
    ]);

  return {
    list(nowIso: string) {
      return plans(nowIso).orderBy('license.id').execute();
    },

    find(id: number, nowIso: string) {
      return plans(nowIso).where('license.id', '=', id).executeTakeFirst();
    },

    async insert(row: Omit<LicenseTable, 'id' | 'trialYn'>, trial: boolean): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if (trial)
          await trx.updateTable('license').set({ trialYn: 'N' }).where('trialYn', '=', 'Y').execute();
        const created = await trx
          .insertInto('license')
          .values({ ...row, trialYn: trial ? 'Y' : 'N' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return created.id;
      });
    },

    /** Applies the changes; `trial: true` moves the trial mark here from any other plan. */
    update(id: number, changes: PlanChanges, trial: boolean | undefined, nowIso: string) {
      return db.transaction().execute(async (trx) => {
        if (trial === true) {
          await trx
            .updateTable('license')
            .set({ trialYn: 'N' })
            .where('trialYn', '=', 'Y')
            .where('id', '!=', id)
            .execute();
        }
        const trialChange = trial === undefined ? {} : { trialYn: trial ? ('Y' as const) : ('N' as const) };
        const result = await trx
          .updateTable('license')
          .set({ ...changes, ...trialChange, updatedAt: nowIso })
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      });
    },

    /** The plan marked as the trial, if it is in use. */
    findTrialPlan() {
      return db
        .selectFrom('license')
        .select(['id', 'name', 'tokenLimit', 'periodDays'])
        .where('trialYn', '=', 'Y')
        .where('useYn', '=', 'Y')
        .executeTakeFirst();
    },

    async hasClaimedTrial(userId: number): Promise<boolean> {
      const claim = await db
        .selectFrom('licenseTrialClaim')
        .select('userId')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return claim !== undefined;
    },

    /**
     * Starts the trial: a key of its own (already used, and shaped unlike a sellable key so it can
     * never be redeemed), the user's licence and the claim, in one transaction. Undefined when the
     * account claimed it before; the claim's primary key decides a race between two tabs.
     */
    async claimTrial(input: {
      userId: number;
      licenseId: number;
      tokenLimit: number;
      periodDays: number;
      now: Date;
    }): Promise<{ id: number } | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const start = input.now.toISOString();
          const key = await trx
            .insertInto('licenseKey')
            .values({
              licenseId: input.licenseId,
              licenseKey: `TRIAL-${input.userId}-${randomBytes(6).toString('hex').toUpperCase()}`,
              groupName: 'TRIAL',
              status: 'USED',
              createdAt: start,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const licence = await insertUserLicence(trx, { ...input, keyId: key.id });
          const claimed = await trx
            .insertInto('licenseTrialClaim')
            .values({ userId: input.userId, userLicenseId: licence.id, claimedAt: start })
            .onConflict((oc) => oc.column('userId').doNothing())
            .executeTakeFirst();
          // Claimed before (or by the other tab a moment ago): undo the key and the licence.
          if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new TrialAlreadyClaimed();
          return licence;
        });
      } catch (error) {
        if (error instanceof TrialAlreadyClaimed) return undefined;
        throw error;
      }
    },
  };
}

export type LicencePlansRepository = ReturnType<typeof createLicencePlansRepository>;
