import type {
  LicensePlan,
  LicensePlanCreate,
  LicensePlanUpdate,
  TrialOffer,
  UserLicense,
} from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Actor } from '../../policies/actor.ts';
import { canManageGlobalSettings, canStartTrial } from '../../policies/index.ts';
import type { AuditContext, AuditService } from '../admin/audit.service.ts';
import type { LicencePlansRepository } from './licence-plans.repository.ts';
import type { LicencesRepository } from './licences.repository.ts';
import { presentUserLicence } from './licences.service.ts';

type PlanRow = NonNullable<Awaited<ReturnType<LicencePlansRepository['find']>>>;

function present(row: PlanRow): LicensePlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tokenLimit: Number(row.tokenLimit),
    periodDays: row.periodDays,
    useYn: row.useYn,
    trial: row.trialYn === 'Y',
    keysIssued: Number(row.keysIssued ?? 0),
    keysUsed: Number(row.keysUsed ?? 0),
    activeUsers: Number(row.activeUsers ?? 0),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The fields an audit entry compares. */
function auditView(plan: LicensePlan) {
  const { name, description, tokenLimit, periodDays, useYn, trial } = plan;
  return { name, description, tokenLimit, periodDays, useYn, trial };
}

/**
 * Licence plans (core.md §7 `license`), the super administrator's, audited; and the free trial a
 * teacher starts once from the licence page.
 */
export function createLicencePlansService(deps: {
  plans: LicencePlansRepository;
  licences: LicencesRepository;
  audit: AuditService;
}) {
  const { plans, audit } = deps;

  function assertManager(actor: Actor) {
    if (!canManageGlobalSettings(actor)) throw new AppError('E_FORBIDDEN');
  }

  async function fresh(id: number): Promise<LicensePlan> {
    const row = await plans.find(id, new Date().toISOString());
    if (!row) throw new AppError('E_NOT_FOUND');
    return present(row);
  }

  async function change(context: AuditContext, id: number, apply: () => Promise<boolean>, action: string) {
    const before = await fresh(id);
    if (!(await apply())) throw new AppError('E_NOT_FOUND');
    const after = await fresh(id);
    await audit.recordChanges(
      context,
      { action, targetType: 'license', targetId: id, targetLabel: after.name },
      auditView(before),
      auditView(after),
    );
    return after;
  }

  return {
    async list(actor: Actor): Promise<{ items: LicensePlan[] }> {
      assertManager(actor);
      return { items: (await plans.list(new Date().toISOString())).map(present) };
    },

    async create(context: AuditContext, input: LicensePlanCreate): Promise<LicensePlan> {
      assertManager(context.actor);
      const now = new Date().toISOString();
      const { trial, ...fields } = input;
      const id = await plans.insert({ ...fields, useYn: 'Y', createdAt: now, updatedAt: now }, trial);
      const plan = await fresh(id);
      await audit.record(context, {
        action: 'license.create',
        targetType: 'license',
        targetId: id,
        targetLabel: plan.name,
        after: auditView(plan),
      });
      return plan;
    },

    async update(context: AuditContext, id: number, input: LicensePlanUpdate): Promise<LicensePlan> {
      assertManager(context.actor);
      const { trial, ...fields } = input;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      return change(
        context,
        id,
        () => plans.update(id, changes, trial, new Date().toISOString()),
        'license.update',
      );
    },

    async setUse(context: AuditContext, id: number, useYn: 'Y' | 'N'): Promise<LicensePlan> {
      assertManager(context.actor);
      return change(
        context,
        id,
        () => plans.update(id, { useYn }, undefined, new Date().toISOString()),
        useYn === 'Y' ? 'license.enable' : 'license.disable',
      );
    },

    async trialOffer(actor: Actor): Promise<TrialOffer> {
      const plan = await plans.findTrialPlan();
      const offered = plan
        ? { name: plan.name, periodDays: plan.periodDays, tokenLimit: Number(plan.tokenLimit) }
        : null;
      if (!canStartTrial(actor)) return { status: 'NOT_ELIGIBLE', plan: offered };
      if (await plans.hasClaimedTrial(actor.userId)) return { status: 'USED', plan: offered };
      return { status: offered ? 'AVAILABLE' : 'NO_PLAN', plan: offered };
    },

    async startTrial(actor: Actor): Promise<UserLicense> {
      if (!canStartTrial(actor)) throw new AppError('E_FORBIDDEN');
      const plan = await plans.findTrialPlan();
      if (!plan) throw new AppError('E_NOT_FOUND');
      const now = new Date();
      const created = await plans.claimTrial({
        userId: actor.userId,
        licenseId: plan.id,
        tokenLimit: Number(plan.tokenLimit),
        periodDays: plan.periodDays,
        now,
      });
      if (!created) throw new AppError('E_TRIAL_USED');
      const row = (await deps.licences.listForUser(actor.userId)).find((r) => r.id === created.id);
      if (!row) throw new AppError('SERVER_ERROR');
      return presentUserLicence(row, now);
    },
  };
}

export type LicencePlansService = ReturnType<typeof createLicencePlansService>;
