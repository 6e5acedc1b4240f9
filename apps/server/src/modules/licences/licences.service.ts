import type { UserLicense } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { newRowId } from '../../platform/ids/row-id.ts';
import type { Actor } from '../../policies/actor.ts';
import { canViewUser } from '../../policies/user.policy.ts';
import { isLicenceValid, pickCurrentLicence, presentLicenceInfo } from './licence-validity.ts';
import type { LicencesRepository } from './licences.repository.ts';

type UserLicenceRow = Awaited<ReturnType<LicencesRepository['listForUser']>>[number];

export function presentUserLicence(row: UserLicenceRow, now = new Date()): UserLicense {
  return { ...presentLicenceInfo(row, now), id: row.id, tokenReserved: Number(row.tokenReserved) };
}

export function createLicencesService(
  repository: LicencesRepository,
  findUser: (id: number) => Promise<{ id: number; schoolId: number | null } | undefined>,
) {
  async function currentLicence(userId: number, now = new Date()) {
    return pickCurrentLicence(await repository.listForUser(userId), now);
  }

  return {
    async licenceInfo(userId: number) {
      return presentLicenceInfo(await currentLicence(userId));
    },

    async myList(
      actor: Actor,
      query: { pageIndex: number; pageSize: number; status: 'ACTIVE' | 'SUSPENDED' | 'EXPIRED' },
    ) {
      const { rows, total } = await repository.pageForUser(
        actor.userId,
        query.status,
        query.pageIndex * query.pageSize,
        query.pageSize,
      );
      return {
        items: rows.map((row) => presentUserLicence(row)),
        total,
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
      };
    },

    async nearestEnd(actor: Actor): Promise<UserLicense | null> {
      const now = new Date();
      const valid = (await repository.listForUser(actor.userId)).filter((row) => isLicenceValid(row, now));
      return valid[0] ? presentUserLicence(valid[0], now) : null;
    },

    async registerKey(actor: Actor, licenseKey: string): Promise<UserLicense> {
      const key = await repository.findIssuedKey(licenseKey);
      // Unknown, already used and withdrawn keys look the same: keys are not to be probed.
      if (key?.status !== 'ISSUED' || key.useYn !== 'Y') throw new AppError('E_NOT_FOUND');
      const created = await repository.redeemKey({
        userId: actor.userId,
        keyId: key.id,
        tokenLimit: Number(key.tokenLimit),
        periodDays: key.periodDays,
        now: new Date(),
      });
      if (!created) throw new AppError('E_NOT_FOUND');
      const row = (await repository.listForUser(actor.userId)).find((r) => r.id === created.id);
      if (!row) throw new AppError('SERVER_ERROR');
      return presentUserLicence(row);
    },

    /** Every licence a user has held (self, or their school's administrator); another user's answers 404. */
    async history(actor: Actor, query: { userId: number; pageIndex: number; pageSize: number }) {
      const user = await findUser(query.userId);
      if (!user || !canViewUser(actor, user)) throw new AppError('E_NOT_FOUND');
      const { rows, total } = await repository.historyOf(
        query.userId,
        query.pageIndex * query.pageSize,
        query.pageSize,
      );
      return {
        items: rows.map((row) => presentUserLicence(row)),
        total,
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
      };
    },

    /** Licence check for a user (self, or an administrator); another user's answers 404. */
    async licenseCheck(actor: Actor, userId: number, licenseKey?: string) {
      const user = await findUser(userId);
      if (!user || !canViewUser(actor, user)) throw new AppError('E_NOT_FOUND');
      const rows = await repository.listForUser(userId);
      const row = licenseKey ? rows.find((r) => r.licenseKey === licenseKey) : pickCurrentLicence(rows);
      if (licenseKey && !row) throw new AppError('E_NOT_FOUND');
      const tokenLimit = Number(row?.tokenLimit ?? 0);
      const used = Number(row?.tokenUsed ?? 0);
      return {
        userId,
        licenseKey: row?.licenseKey ?? null,
        isValid: isLicenceValid(row),
        totalTokens: tokenLimit,
        usedTokens: used,
        remainingTokens: row ? (tokenLimit === 0 ? null : Math.max(0, tokenLimit - used)) : 0,
      };
    },
  };
}

export type LicencesService = ReturnType<typeof createLicencesService>;

export interface TokenReservation {
  id: string;
  userLicenseId: number;
}

/**
 * Token accounting for AI calls: reserve an estimate before the model is called, settle the real
 * usage after, release on failure. A licence never goes past its limit through reservations.
 */
export function createTokenTracker(repository: LicencesRepository) {
  return {
    /** Refuses early, before anything is saved, when the user holds no valid licence. */
    async assertUsable(userId: number): Promise<void> {
      const now = new Date();
      const rows = await repository.listForUser(userId);
      if (!rows.some((row) => isLicenceValid(row, now))) throw new AppError('E_LICENSE_001');
    },

    async reserve(userId: number, estimate: number, purpose: string): Promise<TokenReservation> {
      const now = new Date();
      const nowIso = now.toISOString();
      const amount = Math.max(1, Math.ceil(estimate));
      // Usually one statement finds the licence and reserves on it; a refusal (no valid licence,
      // no room, or room taken meanwhile) is decided below, licence by licence.
      const quick = { id: newRowId(), userId, amount, purpose, createdAt: nowIso };
      const reservedOn = await repository.reserveOnAny(quick);
      if (reservedOn !== null) return { id: quick.id, userLicenseId: reservedOn };
      const valid = (await repository.listForUser(userId)).filter((row) => isLicenceValid(row, now));
      if (valid.length === 0) throw new AppError('E_LICENSE_001');
      for (const licence of valid) {
        const id = newRowId();
        const row = { id, userLicenseId: licence.id, userId, amount, purpose, createdAt: nowIso };
        if (await repository.reserveOn(row)) return { id, userLicenseId: licence.id };
      }
      throw new AppError('E_LICENSE_002');
    },

    /** Settles the real usage; `model` names what answered, for the usage by model. */
    settle(reservation: TokenReservation, usedTokens: number, model: string | null = null): Promise<boolean> {
      return repository.closeReservation(
        reservation.id,
        Math.max(0, Math.round(usedTokens)),
        'SETTLED',
        model,
      );
    },

    release(reservation: TokenReservation): Promise<boolean> {
      return repository.closeReservation(reservation.id, 0, 'RELEASED');
    },

    /** Reservations left open by a crash are released at start-up. */
    async releaseStale(olderThanMs: number): Promise<number> {
      const stale = await repository.staleReservations(new Date(Date.now() - olderThanMs).toISOString());
      for (const row of stale) await repository.closeReservation(row.id, 0, 'RELEASED');
      return stale.length;
    },
  };
}

export type TokenTracker = ReturnType<typeof createTokenTracker>;
